/* SPDX-License-Identifier: MIT */
/* mm/color_lists.h - per-color free lists, shared by the coloring policies
 * (binhop, vacolor, bestbin; see mm/placement/ops.h).
 *
 * A page's color is the part of its physical address that selects a cache
 * set group: color(pfn) = pfn mod colors, colors = cache_size / (ways *
 * PAGE_SIZE). Two pages of different colors never evict each other from a
 * physically indexed cache. Per zone and order k there are max(1, colors >>
 * k) lists (a block of 2^k pages covers 2^k consecutive colors; list index
 * = color >> k), and a bitmap of the non-empty lists (mm/color_bitmap.c),
 * so the nearest color that has a block is found in O(1) for any number of
 * colors. Source: the page coloring patch for Linux 2.4.17 (linux-mm,
 * January 2002), with the bitmap added (its walk was linear in colors). */
#ifndef MM_COLOR_LISTS_H
#define MM_COLOR_LISTS_H

#include "kernel/list.h"
#include "mm/color_bitmap.h"
#include "mm/mmzone.h"
#include "mm/placement/ops.h"

struct color_area {
	struct list_head *lists;      /* nr_lists lists; list i: blocks with color >> order == i */
	u32 nr_lists;		      /* max(1, colors >> order) */
	struct color_bitmap nonempty; /* bit i set <=> lists[i] non-empty */
};

/* One zone's color lists of one migrate type (the storage behind
 * zone->placement[mt] while a coloring policy is active). */
struct color_lists {
	u32 mask; /* colors - 1 */
	struct color_area area[MAX_ORDER];
};

/* Puts a free block on list color(pfn) >> order; the bitmap only changes
 * when the list was empty. */
static inline void __color_lists_add(struct color_lists *cl, struct page *page, u32 pfn, u32 order)
{
	struct color_area *a = &cl->area[order];
	u32 idx = (pfn & cl->mask) >> order;
	struct list_head *head = &a->lists[idx];

	if (head->next == head)
		color_bitmap_set(&a->nonempty, idx);
	list_add(&page->lru, head);
}

/* Takes a free block off its color list, keeping the bitmap right: the
 * list becomes empty exactly when the block's neighbours are both the
 * head (next == prev), so the list is not looked up otherwise. */
static inline void __color_lists_del(struct color_lists *cl, struct page *page, u32 order)
{
	bool last = page->lru.next == page->lru.prev;

	list_del(&page->lru);
	if (last)
		color_bitmap_clear(&cl->area[order].nonempty, (page_to_pfn(page) & cl->mask) >> order);
}

/* The placement_ops members every policy over the color lists shares
 * (binhop, vacolor, bestbin differ only in name, desc and pick). */
#define COLOR_LISTS_OPS                                                                                                \
	.lists = PLACEMENT_COLOR, .colors = true, .attach = color_lists_attach, .reset = color_lists_reset,            \
	.add = color_lists_add_op, .del = color_lists_del_op, .for_each_block = color_lists_for_each_block,            \
	.nr_lists = color_lists_nr_lists, .check = color_lists_check

/* The same as ops (placement_ops.add/del; the core inlines the above). */
void color_lists_add_op(struct zone *zone, struct page *page, u32 pfn, u32 order);
void color_lists_del_op(struct zone *zone, struct page *page, u32 pfn, u32 order);

/* Storage for zone and migrate type mt, allocated once through cfg->alloc
 * and shared by every coloring policy; NULL with *err = -1 when alloc
 * fails. */
void *color_lists_attach(struct zone *zone, u32 mt, const struct placement_config *cfg, int *err);
/* Pages one color_lists_attach() takes for `colors` colors (a power of two,
 * 1..PAGE_COLOR_MAX) when every allocation is rounded up to whole pages, as
 * the boot allocator does: the struct, then per order the lists (8 bytes
 * each on i686) and the bitmap's words. 1 color: 23 pages; 32768: 144. */
u32 color_lists_cost_pages(u32 colors);
/* Drops every zone's storage (placement_setup, before attaching anew). */
void color_lists_forget(void);
/* Empties every list of zone (blocks are re-added by the switch). */
void color_lists_reset(struct zone *zone);
void color_lists_for_each_block(struct zone *zone, u32 order, void (*fn)(struct zone *, struct page *, u32, void *),
				void *arg);
u32 color_lists_nr_lists(const struct zone *zone, u32 order);
/* NULL, or what is wrong: a block on the wrong color list or another
 * type's lists, a bitmap bit that disagrees with its list. */
const char *color_lists_check(struct zone *zone, u32 order);

/* The color to allocate at, on zone's lists of migrate type mt, for a
 * target `want` (aligned to the order):
 * want itself when some order >= order has a block containing it (a hit),
 * else the nearest color above it, cyclically in steps of 1 << order, that
 * has one and, when allowed != NULL, is allowed. *found_order: the smallest
 * such order. COLOR_BITMAP_NONE when there is none. Orders with no free
 * block (the core's nr_free) are skipped. */
u32 __color_lists_find(const struct zone *zone, u32 mt, u32 order, u32 want, const struct color_bitmap *allowed,
		       u32 *found_order);

/* The shared colored pick on type mt's lists, out of line (the usual hit
 * is inline below, __color_lists_pick): the block of the nearest color at
 * or above `want` (see __color_lists_find), counting a hit or a miss in
 * task t and page_color_stats. With a color set, a want outside it first
 * moves to the set's next color (the set is the task's whole cache, so
 * that is no miss). any_color: the first block of the smallest order,
 * counted nowhere. page NULL when the zone has no block of order >= order
 * (or none of an allowed color); keep is the color taken. */
struct placement_pick __color_lists_pick_slow(struct zone *zone, u32 mt, u32 order, bool any_color,
					      const struct color_bitmap *colors, struct placement_task *t, u32 want);
/* The shared colored pick (see __color_lists_pick_slow in color_lists.h),
 * its usual case inline: no color set, and a free block containing the
 * target (a hit); misses and color sets go out of line. */
static inline __attribute__((always_inline)) bool __color_lists_pick(struct zone *zone, const struct alloc_hint *hint,
								     struct placement_task *t, u32 want,
								     struct placement_pick *out)
{
	struct color_lists *cl = zone->placement[hint->list_mt];
	u32 order = hint->order, o;

	if (__builtin_expect(!hint->any_color && !hint->colors, 1)) {
		/* a hit: the smallest block containing want, one list head per
		 * order (at high color counts the target is often inside a
		 * block split for an earlier target) */
		for (o = order; o < MAX_ORDER; o++) {
			struct list_head *head = &cl->area[o].lists[want >> o];
			if (head->next != head) {
				t->hits++;
				page_color_stats.hits++;
				page_color_stats.pages_allocated += 1u << order;
				out->page = list_first_entry(head, struct page, lru);
				out->order = o;
				out->keep = want;
				return true;
			}
		}
	}
	*out = __color_lists_pick_slow(zone, hint->list_mt, order, hint->any_color, hint->colors, t, want);
	return out->page != NULL;
}

/* An order-0 request's exact hit, the coloring policies' usual case: the
 * first block on cl's order-0 list of color want, counted as a hit in task
 * t and page_color_stats. Returns false (nothing counted) when that list
 * is empty. */
static inline __attribute__((always_inline)) bool
__color_lists_take0(const struct color_lists *cl, struct placement_task *t, u32 want, struct placement_pick *out)
{
	const struct list_head *head = &cl->area[0].lists[want];

	if (__builtin_expect(head->next != head, 1)) {
		t->hits++;
		page_color_stats.hits++;
		page_color_stats.pages_allocated++;
		*out = (struct placement_pick){ list_first_entry(head, struct page, lru), 0, want };
		return true;
	}
	return false;
}

/* The round-robin pick (the 2.4.17 patch's rule; binhop, and vacolor for a
 * request without a va): task t's target rounded up to the order's
 * alignment, the nearest color at or above it (__color_lists_pick), and on
 * success the target advances past the block taken. mask: colors - 1. */
static inline __attribute__((always_inline)) bool __color_lists_pick_rr(struct zone *zone,
									const struct alloc_hint *hint,
									struct placement_task *t, u32 mask,
									struct placement_pick *out)
{
	u32 align = (1u << hint->order) - 1;
	u32 want = ((placement_rr_target(t, mask) + align) & ~align) & mask;

	if (!__color_lists_pick(zone, hint, t, want, out))
		return false;
	t->target_color = (out->keep + align + 1) & mask;
	return true;
}

#endif
