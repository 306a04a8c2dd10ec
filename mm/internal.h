/* SPDX-License-Identifier: MIT */
/* mm/internal.h - the buddy core's doors for the per-CPU page lists
 * (mm/pcp.c): defined in mm/page_alloc.c, so including this header depends
 * on the core as page_alloc.h does. The zone lock is mm/zone_lock.h. */
#ifndef MM_INTERNAL_H
#define MM_INTERNAL_H

#include "kernel/list.h"
#include "mm/page_alloc.h"

/* Takes up to count order-0 pages of migrate type mt (MIGRATE_*; from
 * that type's lists, falling back and stealing as a single request would)
 * from zone under one zone lock (through the active placement policy, any
 * color), marks them PG_pcp and appends them to list. Returns the number
 * taken (fewer when the zone runs out). */
u32 rmqueue_bulk(struct zone *zone, u32 count, struct list_head *list, u32 mt);
/* Gives up to count PG_pcp pages from the tail of list back to zone's
 * buddy lists under one zone lock. On a hot list (frees at the head) the
 * tail is the least recently freed page; on a cold list (frees at the tail)
 * it is the most recently freed. Returns the number given back. */
u32 free_pages_bulk(struct zone *zone, u32 count, struct list_head *list);

/* Takes one free order-0 page of exactly color `color` (0..colors-1) and
 * migrate type mt from zone's color lists, splitting the smallest free
 * block that contains the color; NULL when the type's lists have none of
 * that color, or the active policy keeps no color lists. Counts nothing in
 * the policy's or the task's statistics. The caller holds the zone lock. */
struct page *__rmqueue_color(struct zone *zone, u32 mt, u32 color);

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
 *         request's last try); returns the pages given back;
 *  alloc_color: an order-0 page of exactly the color the active policy
 *         picks for hint (and counted as its hit) from this CPU's colored
 *         list of zone, or NULL: the request then goes the zone path.
 * free takes every order-0 free while the lists are on and either the
 * policy allows them (placement_active_pcp) or mm_pcp_colors is set; it
 * gives a page its lists do not take to the zone. */
struct pcp_hooks {
	struct page *(*alloc)(struct zone *zone, bool cold, u32 mt);
	struct page *(*alloc_color)(struct zone *zone, struct alloc_hint *hint, bool cold);
	void (*free)(struct page *page, bool cold, u32 mt);
	u32 (*count)(void);
	u32 (*drain_local)(void);
};
extern const struct pcp_hooks *mm_pcp;
/* The colored lists are on (set by mm/pcp.c with mm_pcp). */
extern bool mm_pcp_colors;

#endif
