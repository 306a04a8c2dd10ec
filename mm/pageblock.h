/* SPDX-License-Identifier: MIT */
/* mm/pageblock.h - grouping pages by mobility: page block types, the
 * fallback table, stealing page blocks, the switch.
 *
 * Source: Mel Gorman, "Avoiding fragmentation through different
 * allocator" (linux-kernel, January 2005), as Linux has kept it since
 * (mm/page_alloc.c: fallbacks[], __rmqueue_fallback, steal_suitable_fallback).
 * The idea: long-lived pages that cannot be moved or reclaimed
 * (MIGRATE_UNMOVABLE), pages that can be reclaimed (MIGRATE_RECLAIMABLE)
 * and pages that can be moved (MIGRATE_MOVABLE: user pages) are placed in
 * different page blocks (pageblock_order, 4 MiB), so that a few unmovable
 * pages do not pin every large block; freeing or moving the movable pages
 * of a block then yields a whole 4 MiB block again.
 *
 *  - Every page block of a zone carries a type (zone->pageblock_flags, 2
 *    bits per block); at boot every block is MIGRATE_MOVABLE (as in Linux).
 *    A free block waits on the lists of its page block's type.
 *  - A request whose type's lists are empty falls back to the other types
 *    in the order of the fallback table, taking the largest free block
 *    there (Linux's rule: the largest block most likely lies in a block
 *    with little in use). When that free block is at least half a page
 *    block (order >= pageblock_order / 2), or the request is unmovable or
 *    reclaimable, the page block is considered for stealing: when its free
 *    pages plus its pages "alike" the request (movable pages for a movable
 *    request; every page that is not movable for an unmovable or
 *    reclaimable one, as Linux counts them) are at least half of the block (or the free block is the whole page block), the whole
 *    page block changes type and its free blocks move to the request's
 *    lists (a steal). Otherwise the request takes a block off the other
 *    type's lists (a fallback without steal; the block becomes mixed).
 *  - A zone smaller than a page block of every type (MIGRATE_TYPES *
 *    pageblock_nr_pages present pages) groups nothing (zone->mobility_small;
 *    the boot log says so): every block then waits on the MIGRATE_MOVABLE
 *    lists, as when grouping is off.
 *  - mobility_grouping=on|off (mm_config.mobility_grouping) sets the
 *    default; mobility_grouping_set() switches at run time.
 *
 * With a placement policy: the policy works within one type's lists
 * (mm/placement/ops.h); the fallback looks for the largest block with an
 * any-color pick (which updates no per-task state), and the request's own
 * pick then runs once, on the lists it ends up taking from. */
#ifndef MM_PAGEBLOCK_H
#define MM_PAGEBLOCK_H

#include "mm/mmzone.h"

/* The ballast that mm/shuffle.c holds stands for other users' memory,
 * which Linux allocates as user pages: MIGRATE_MOVABLE. Compaction may move
 * a ballast page (its owner, mm/shuffle.c, finds it by PG_ballast alone,
 * so moving the flag is the whole reverse-map update). */
#define BALLAST_MIGRATETYPE MIGRATE_MOVABLE

extern bool mobility_grouping_enabled; /* the switch (default: mm_config) */
extern const char *const migratetype_names[MIGRATE_TYPES];

/* Allocations that fell back and page blocks stolen, since boot (or the
 * last mobility_stats_reset). fallbacks[start][ft]: requests of type start
 * served from type ft's lists or by stealing one of its blocks. */
struct mobility_stats {
	u32 fallbacks[MIGRATE_TYPES][MIGRATE_TYPES];
	u32 steals;	 /* whole page blocks taken over */
	u32 steal_pages; /* free pages moved to the request's lists by steals */
	u32 no_steal;	 /* fallbacks that took a block without taking its page block */
};
extern struct mobility_stats mobility_stats;

/* Is grouping active in zone? (mobility_grouping_enabled and not
 * zone->mobility_small: zone->grouping, which mobility_grouping_set (and
 * so mobility_init) keeps equal to that; pageblock_zone_init leaves it off
 * until then; mm_check compares.) */
static inline bool zone_grouping(const struct zone *zone)
{
	return zone->grouping;
}

/* The migrate type of the page block holding pfn (zone must span pfn). */
static inline u32 get_pageblock_migratetype(const struct zone *zone, u32 pfn)
{
	u32 b = pfn >> pageblock_order;
	return (zone->pageblock_flags[b / 16] >> ((b % 16) * PAGEBLOCK_BITS)) & 3u;
}
static inline void set_pageblock_migratetype(struct zone *zone, u32 pfn, u32 mt)
{
	u32 b = pfn >> pageblock_order, sh = (b % 16) * PAGEBLOCK_BITS;
	zone->pageblock_flags[b / 16] = (zone->pageblock_flags[b / 16] & ~(3u << sh)) | (mt << sh);
}

/* The lists a free block at pfn waits on: its page block's type, or
 * MIGRATE_MOVABLE (the one set of lists) where grouping is off. */
static inline u32 __free_list_type(const struct zone *zone, u32 pfn)
{
	return zone_grouping(zone) ? get_pageblock_migratetype(zone, pfn) : MIGRATE_MOVABLE;
}

/* For free_area_init: every page block of zone MIGRATE_MOVABLE, and the
 * too-small test (zone->mobility_small). No message (see mobility_init). */
void pageblock_zone_init(struct zone *zone);
/* After the zones are built: sets the switch to `on` and logs each
 * populated zone too small to group ("mobility: zone DMA: N pages, fewer
 * than 3 page blocks of 1024: grouping off in this zone"). */
void mobility_init(bool on);

/* The fallback table (Linux's fallbacks[]): the types a request of type mt
 * tries, in order, when its own lists are empty. */
extern const u8 mobility_fallbacks[MIGRATE_TYPES][MIGRATE_TYPES - 1];

/* May a request of type start_mt that found a free block of order `order`
 * on another type's lists consider taking its page block? (Linux's
 * can_steal_fallback.) */
static inline bool can_steal_fallback(u32 order, u32 start_mt)
{
	return order >= pageblock_order / 2 || start_mt == MIGRATE_UNMOVABLE || start_mt == MIGRATE_RECLAIMABLE;
}

/* Tries to take the page block holding the free block (page, order) for
 * type start_mt: when order >= pageblock_order, or the block's free pages
 * plus its pages alike start_mt (see above) are at least half the page
 * block, sets the block's type and moves every free block inside it to
 * start_mt's lists (keeping nr_free_mt right); counts the steal. Returns
 * true when it took the block. Zone lock held. */
bool __steal_pageblock(struct zone *zone, struct page *page, u32 order, u32 start_mt);

/* Switches grouping on or off at run time: every free block of every zone
 * moves to the lists of its new type (its page block's type when on, else
 * MIGRATE_MOVABLE); when switching on, page blocks that are wholly free
 * become MIGRATE_MOVABLE again (a fresh boot's state). Best called when a
 * workload's pages are freed. Idempotent. */
void mobility_grouping_set(bool on);

/* Per page block census of zone, from mem_map (allocated heads record their
 * type, free blocks theirs, ballast BALLAST_MIGRATETYPE, reserved pages
 * count as unmovable): blocks[mt] page blocks of each type; mixed: page
 * blocks holding allocated pages of more than one type; with_unmovable:
 * page blocks holding an unmovable (or reserved) page; unmovable_pages:
 * such pages. Only whole page blocks inside the span are counted. Zone
 * lock held by the caller or not needed (read-only snapshot). */
struct pageblock_census {
	u32 blocks[MIGRATE_TYPES];
	u32 nr_blocks;
	u32 mixed;
	u32 with_unmovable;
	u32 unmovable_pages;
	u32 clean_free_pages; /* free pages in blocks holding no unmovable page */
};
void pageblock_census(const struct zone *zone, struct pageblock_census *c);

#endif
