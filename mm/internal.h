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

/* The zone lock: one ticket spinlock for every zone of the node (defined
 * in mm/mmzone.c), taken with interrupts off on this CPU (the
 * architecture's <asm/irqflags.h>; no-ops in host builds). On one CPU it
 * is always free, and taking it is what it was before SMP: interrupts off.
 * mm/ names no architecture: the include path picks arch/x86/include or
 * arch/host/include. */
extern spinlock_t zone_lock;

/* In a function that needs the zone lock held by its caller (the __name
 * functions): stops debug builds when this CPU does not hold it
 * (kernel/spinlock.h's spin_assert_held; nothing in other builds). */
#define assert_zone_locked() spin_assert_held(&zone_lock)

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

#endif
