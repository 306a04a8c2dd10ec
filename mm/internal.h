/* SPDX-License-Identifier: MIT */
/* mm/internal.h - the zone lock and the buddy core's doors for the per-CPU
 * page lists, for the files of mm/. Functions named __name expect the
 * caller to hold the zone lock. */
#ifndef MM_INTERNAL_H
#define MM_INTERNAL_H

#include <asm/irqflags.h>

#include "kernel/list.h"
#include "kernel/spinlock.h"
#include "mm/page_alloc.h"
#include "mm/placement/registry.h"

/* The zone lock: one ticket spinlock for every zone of the node (defined
 * in mm/mmzone.c), taken with interrupts off on this CPU (the
 * architecture's <asm/irqflags.h>; no-ops in host builds). On one CPU it
 * is always free, and taking it is what it was before SMP: interrupts off.
 * mm/ names no architecture: the include path picks arch/x86/include or
 * arch/host/include. */
extern spinlock_t zone_lock;

static inline irqflags_t zone_lock_irqsave(void)
{
	return spin_lock_irqsave(&zone_lock);
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	spin_unlock_irqrestore(&zone_lock, f);
}

/* ---- the per-CPU page lists' doors (mm/pcp.c), in mm/page_alloc.c ---- */

/* Takes up to count order-0 pages of migrate type mt (MIGRATE_*; from
 * that type's lists, falling back and stealing as a single request would)
 * from zone under one zone lock (through the active placement policy, any
 * color), marks them PG_pcp and appends them to list. Returns the number
 * taken (fewer when the zone runs out). */
u32 rmqueue_bulk(struct zone *zone, u32 count, struct list_head *list, u32 mt);
/* Gives up to count PG_pcp pages from the tail of list (the least recently
 * freed) back to zone's buddy lists under one zone lock. Returns the
 * number given back. */
u32 free_pages_bulk(struct zone *zone, u32 count, struct list_head *list);

/* Hooks page_alloc.c calls when set (mm/pcp.c sets them; NULL = the lists
 * are off and the core runs exactly as without them). Pointers, so that the
 * core does not depend on pcp.c (no circle of files in mm/).
 *  alloc: an order-0 page of migrate type mt from this CPU's list of zone
 *         (cold: the cold list), or NULL when the list is empty and cannot
 *         be refilled;
 *  free:  puts a checked, no longer allocated order-0 page, allocated as
 *         migrate type mt, on this CPU's list of that type (hot or cold);
 *  count: pages on all lists (added to nr_free_pages);
 *  drain_local: gives this CPU's lists back to the buddy lists (a failed
 *         request's last try); returns the pages given back. */
struct pcp_hooks {
	struct page *(*alloc)(struct zone *zone, bool cold, u32 mt);
	void (*free)(struct page *page, bool cold, u32 mt);
	u32 (*count)(void);
	u32 (*drain_local)(void);
};
extern const struct pcp_hooks *mm_pcp;

/* ---- free blocks changing migrate type (mm/pageblock.c) ---------------- */

/* The buddy core's counts of free blocks per type (free_area[].nr_free_mt)
 * change here only, besides mm/page_alloc.c. Inline, so that pageblock.c,
 * which page_alloc.c calls (steals), does not call back into page_alloc.c. */

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
