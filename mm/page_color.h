/* mm/page_color.h - page coloring: the placement policy hooked into the buddy core.
 *
 * Source: Jason Papadopoulos's page coloring patch for Linux 2.4.17
 * (linux-mm, January 2002; shared/seeds/000_*). A page's color is the part of
 * its physical address that selects a cache set group:
 *     color(pfn) = pfn mod colors,   colors = cache_size / (ways * PAGE_SIZE).
 * Two pages of different colors can never evict each other from a
 * physically indexed cache. While coloring is on, each free area keeps one
 * list per color (order k has max(1, colors >> k) lists: a block of 2^k
 * pages covers 2^k consecutive colors), each task allocates round-robin from
 * its target color, and a task's first target is random (Marsaglia MWC).
 *
 * The buddy core calls only the hooks below; swapping the policy means
 * replacing this file, not the core. */
#ifndef MM_PAGE_COLOR_H
#define MM_PAGE_COLOR_H

#include "mm/mmzone.h"

#define PAGE_COLOR_MAX (COLOR_BITMAP_MAX_BITS) /* 32768 colors (128 MiB 1-way) */

struct page_color_stats {
	u64 hits;	     /* allocations that got the task's target color */
	u64 misses;	     /* allocations that had to take another color */
	u64 probe_steps;     /* colors skipped past the target, summed over misses */
	u64 pages_allocated; /* pages handed out while coloring was on */
};

extern bool page_color_enabled; /* blocks are on the color lists */
extern u32 page_colors;		/* power of two, 1..PAGE_COLOR_MAX */
extern struct page_color_stats page_color_stats;

static inline u32 pfn_color(u32 pfn)
{
	return pfn & (page_colors - 1);
}

/* Colors for a cache of cache_size bytes and `ways` ways (ways 0 is taken
 * as 1): cache_size / (ways * PAGE_SIZE) rounded down to a power of two,
 * at least 1, at most PAGE_COLOR_MAX. Any sizes and ways are accepted, so
 * a 12 MiB 12-way cache (from CPUID) gives 256 colors. */
u32 page_color_count(u32 cache_size, u32 ways);

/* Attaches per-color lists and bitmaps to every populated zone for `colors`
 * colors (a power of two, 1..PAGE_COLOR_MAX), using alloc(bytes) for their
 * storage (memblock at boot, calloc on the host; it must return zeroed or
 * any memory, or NULL). Must run after free_area_init() and before any
 * block is freed. Returns 0, or -1 (bad colors, or alloc returned NULL:
 * coloring then stays unavailable and page_colors is 1). Resets the stats. */
int page_color_setup(u32 colors, void *(*alloc)(u32 bytes));

/* page_color_start()/page_color_stop() of the seed: move every free block
 * from the plain lists to the color lists (start) or back (stop), so that
 * coloring can be switched at run time. Idempotent. */
void page_color_start(void);
void page_color_stop(void);

/* --- hooks for the buddy core (zone lock held) --- */
/* Puts a free block on its color list: list color(pfn) >> order. Inline:
 * it runs on every free while coloring is on. */
static inline void __page_color_add_free(struct free_area *area, struct page *page, u32 pfn, u32 order)
{
	u32 idx = pfn_color(pfn) >> order;

	list_add(&page->lru, &area->color_list[idx]);
	color_bitmap_set(&area->nonempty, idx);
}

/* Takes a free block off its color list, keeping the non-empty bitmap right. */
static inline void __page_color_del_free(struct free_area *area, struct page *page, u32 pfn, u32 order)
{
	u32 idx = pfn_color(pfn) >> order;

	list_del(&page->lru);
	if (list_empty(&area->color_list[idx]))
		color_bitmap_clear(&area->nonempty, idx);
}
/* Allocates a block of `order` for the current task from zone: picks the
 * target color (or the nearest available one, walking colors upward), takes
 * the smallest block that contains it and splits toward it. Returns NULL
 * when the zone has no free block of order >= order. */
struct page *__page_color_rmqueue(struct zone *zone, u32 order);

#endif
