/* SPDX-License-Identifier: MIT */
/* mm/free_lists.h - the buddy core's doors for free blocks that change
 * migrate type, for mm/pageblock.c (steals, grouping switched on or off).
 *
 * The counts of free blocks per type (free_area[].nr_free_mt) belong to the
 * buddy core: they change in mm/page_alloc.c and here only. Inline, so that
 * pageblock.c, which page_alloc.c calls (steals), does not call back into
 * page_alloc.c nor include its headers. */
#ifndef MM_FREE_LISTS_H
#define MM_FREE_LISTS_H

#include "mm/mmzone.h"
#include "mm/placement/registry.h"

/* Moves the free block (page, order) to the active policy's lists of
 * migrate type mt, keeping free_area[order].nr_free_mt right. Zone lock
 * held. */
static inline void __move_free_block(struct zone *zone, struct page *page, u32 order, u32 mt)
{
	struct free_area *area = &zone->free_area[order];

	__placement_del(zone, page, order);
	area->nr_free_mt[page_mt(page)]--;
	set_page_mt(page, mt);
	__placement_add(zone, page, page_to_pfn(page), order);
	area->nr_free_mt[mt]++;
}

/* Empties the active policy's lists of zone, counts every free block
 * (mem_map's PG_buddy heads) under the type its head records now (the
 * caller has just changed them: grouping switched on or off) and puts it
 * on that type's lists. Zone lock held. */
static inline void __relist_free_blocks(struct zone *zone)
{
	u32 pfn, o, mt, end = zone_end_pfn(zone);

	__placement_reset_zone(zone);
	for (o = 0; o < MAX_ORDER; o++)
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			zone->free_area[o].nr_free_mt[mt] = 0;
	for (pfn = zone->zone_start_pfn; pfn < end; pfn++) {
		struct page *p = pfn_to_page(pfn);
		if (p->flags & PG_buddy)
			zone->free_area[p->private].nr_free_mt[page_mt(p)]++;
	}
	__placement_readd_zone(zone);
}

#endif
