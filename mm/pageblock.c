/* SPDX-License-Identifier: MIT */
/* mm/pageblock.c - see pageblock.h. */
#include "mm/pageblock.h"
#include "kernel/printk.h"
#include "mm/free_lists.h"
#include "mm/zone_lock.h"

bool mobility_grouping_enabled;
struct mobility_stats mobility_stats;
const char *const migratetype_names[MIGRATE_TYPES] = { "Unmovable", "Movable", "Reclaimable" };

const u8 mobility_fallbacks[MIGRATE_TYPES][MIGRATE_TYPES - 1] = {
	[MIGRATE_UNMOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_MOVABLE },
	[MIGRATE_MOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_UNMOVABLE },
	[MIGRATE_RECLAIMABLE] = { MIGRATE_UNMOVABLE, MIGRATE_MOVABLE },
};

void pageblock_zone_init(struct zone *zone)
{
	u32 i;

	for (i = 0; i < PAGEBLOCK_MAP_WORDS; i++)
		zone->pageblock_flags[i] = 0x55555555u; /* MIGRATE_MOVABLE (1) in every 2-bit field */
	zone->mobility_small = zone->present_pages < MIGRATE_TYPES * pageblock_nr_pages;
	zone->grouping = false; /* until mobility_init or mobility_grouping_set: free_area_init reads no switch */
}

void mobility_init(bool on)
{
	struct zone *zone;

	mobility_stats = (struct mobility_stats){ 0 };
	for_each_populated_zone(zone)
		if (zone->mobility_small && on)
			printk(
			    "mobility: zone %s: %u pages, fewer than %u page blocks of %u: grouping off in this zone\n",
			    zone->name, zone->present_pages, MIGRATE_TYPES, pageblock_nr_pages);
	mobility_grouping_set(on);
}

/* Pages in the page block at base that are free or "alike" start_mt (Linux's
 * steal_suitable_fallback): for a movable request, movable pages (and
 * ballast); for an unmovable or reclaimable one, every page that is not
 * movable (unmovable, reclaimable, reserved: they share blocks). */
static u32 block_alike_pages(const struct zone *zone, u32 base, u32 start_mt)
{
	u32 pfn = base, end = base + pageblock_nr_pages, n = 0;

	if (end > zone_end_pfn(zone))
		end = zone_end_pfn(zone);
	if (pfn < zone->zone_start_pfn)
		pfn = zone->zone_start_pfn;
	while (pfn < end) {
		const struct page *p = pfn_to_page(pfn);
		u32 size = 1;

		if (p->flags & PG_buddy) {
			size = 1u << p->private;
			n += size;
		} else if (p->flags & PG_head) {
			size = 1u << p->private;
			if ((page_mt(p) == MIGRATE_MOVABLE) == (start_mt == MIGRATE_MOVABLE))
				n += size;
		} else if (p->flags & PG_ballast) {
			n += (BALLAST_MIGRATETYPE == MIGRATE_MOVABLE) == (start_mt == MIGRATE_MOVABLE);
		} else if (p->flags & PG_reserved) {
			n += start_mt != MIGRATE_MOVABLE;
		}
		pfn += size;
	}
	return n;
}

/* Moves every free block inside the page block at base to mt's lists. */
static u32 move_freepages_block(struct zone *zone, u32 base, u32 mt)
{
	u32 pfn = base, end = base + pageblock_nr_pages, moved = 0;

	if (end > zone_end_pfn(zone))
		end = zone_end_pfn(zone);
	if (pfn < zone->zone_start_pfn)
		pfn = zone->zone_start_pfn;
	while (pfn < end) {
		struct page *p = pfn_to_page(pfn);
		u32 size = 1;

		if (p->flags & PG_buddy) {
			u32 order = p->private, old = page_mt(p);
			size = 1u << order;
			if (old != mt) {
				__move_free_block(zone, p, order, mt);
				moved += size;
			}
		} else if (p->flags & PG_head) {
			size = 1u << p->private;
		}
		pfn += size;
	}
	return moved;
}

bool __steal_pageblock(struct zone *zone, struct page *page, u32 order, u32 start_mt)
{
	u32 pfn = page_to_pfn(page), base = pfn & ~(pageblock_nr_pages - 1);

	assert_zone_locked();
	if (order < pageblock_order && block_alike_pages(zone, base, start_mt) < pageblock_nr_pages / 2)
		return false;
	set_pageblock_migratetype(zone, base, start_mt);
	mobility_stats.steal_pages += move_freepages_block(zone, base, start_mt);
	mobility_stats.steals++;
	return true;
}

/* Is every page of the page block at base (inside the span) a free page? */
static bool block_wholly_free(const struct zone *zone, u32 base)
{
	const struct page *p = pfn_to_page(base);

	return base >= zone->zone_start_pfn && base + pageblock_nr_pages <= zone_end_pfn(zone) &&
	       (p->flags & PG_buddy) && p->private == pageblock_order;
}

void mobility_grouping_set(bool on)
{
	irqflags_t flags = zone_lock_irqsave();
	struct zone *zone;

	mobility_grouping_enabled = on;
	for_each_zone(zone)
		zone->grouping = on && !zone->mobility_small;
	for_each_populated_zone(zone) {
		u32 pfn, end = zone_end_pfn(zone);

		if (on)
			for (pfn = zone->zone_start_pfn & ~(pageblock_nr_pages - 1); pfn < end;
			     pfn += pageblock_nr_pages)
				if (block_wholly_free(zone, pfn))
					set_pageblock_migratetype(zone, pfn, MIGRATE_MOVABLE);
		for (pfn = zone->zone_start_pfn; pfn < end; pfn++)
			if (pfn_to_page(pfn)->flags & PG_buddy)
				set_page_mt(pfn_to_page(pfn), __free_list_type(zone, pfn));
		__relist_free_blocks(zone);
	}
	zone_unlock_irqrestore(flags);
}

void pageblock_census(const struct zone *zone, struct pageblock_census *c)
{
	u32 base, first, end = zone_end_pfn(zone);

	*c = (struct pageblock_census){ 0 };
	if (!zone_populated(zone))
		return;
	first = (zone->zone_start_pfn + pageblock_nr_pages - 1) & ~(pageblock_nr_pages - 1);
	for (base = first; base + pageblock_nr_pages <= end; base += pageblock_nr_pages) {
		u32 pfn = base, seen = 0, unmov = 0, free = 0;

		while (pfn < base + pageblock_nr_pages) {
			const struct page *p = pfn_to_page(pfn);
			u32 size = 1;

			if (p->flags & PG_buddy) {
				size = 1u << p->private;
				free += size;
			} else if (p->flags & PG_head) {
				size = 1u << p->private;
				seen |= 1u << page_mt(p);
				if (page_mt(p) == MIGRATE_UNMOVABLE)
					unmov += size;
			} else if (p->flags & PG_ballast) {
				seen |= 1u << BALLAST_MIGRATETYPE;
			} else if (p->flags & PG_reserved) {
				seen |= 1u << MIGRATE_UNMOVABLE;
				unmov++;
			}
			pfn += size;
		}
		c->nr_blocks++;
		c->blocks[get_pageblock_migratetype(zone, base)]++;
		if (seen & (seen - 1))
			c->mixed++;
		if (seen & (1u << MIGRATE_UNMOVABLE)) {
			c->with_unmovable++;
			c->unmovable_pages += unmov;
		} else {
			c->clean_free_pages += free;
		}
	}
}
