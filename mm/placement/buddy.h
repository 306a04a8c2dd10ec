/* SPDX-License-Identifier: MIT */
/* mm/placement/buddy.h - the buddy policy's pick, inline for the buddy
 * core's hot path (mm/placement/fast.h calls it directly when buddy is
 * active; the policy itself is mm/placement/buddy.c). */
#ifndef MM_PLACEMENT_BUDDY_H
#define MM_PLACEMENT_BUDDY_H

#include "mm/placement/ops.h"

/* For the core's inlined path (mm/placement/fast.h), as constants:
 * placement_ops.pcp (any free page will do, so the per-CPU lists may serve
 * buddy's order-0 requests), and whether the request needs hint->task (no:
 * the pick never reads it and buddy ignores color sets, so the path leaves
 * it NULL and saves loading current, as before the interface). */
#define __buddy_pcp   true
#define __buddy_task  false
#define __buddy_lists PLACEMENT_PLAIN /* placement_ops.lists */

/* The first block of the smallest order >= hint->order on the plain lists
 * of type hint->list_mt,
 * keeping its lowest sub-block (Linux's __rmqueue_smallest and expand).
 * Returns false when the zone has none. */
static inline __attribute__((always_inline)) bool __buddy_pick(struct zone *zone, const struct alloc_hint *hint,
							       struct placement_pick *out)
{
	struct list_head *head = &zone->free_area[hint->order].free_list[hint->list_mt];
	u32 o;

	if (__builtin_expect(!list_empty(head), 1)) { /* the order asked for: no split */
		out->page = list_first_entry(head, struct page, lru);
		out->order = hint->order;
		out->keep = 0;
		return true;
	}
	for (o = hint->order + 1u; o < MAX_ORDER; o++) {
		struct free_area *area = &zone->free_area[o];

		if (list_empty(&area->free_list[hint->list_mt]))
			continue;
		out->page = list_first_entry(&area->free_list[hint->list_mt], struct page, lru);
		out->order = o;
		out->keep = 0;
		return true;
	}
	return false;
}

#endif
