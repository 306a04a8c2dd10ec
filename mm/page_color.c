/* mm/page_color.c - page coloring policy (see page_color.h for the idea).
 *
 * Source: the 2.4.17 page coloring patch (shared/seeds/000_*). What is kept
 * from it: per-order per-color free lists (order k: colors >> k lists, list
 * index color >> k), the per-task target color rounded up to the order's
 * alignment, the search upward through the orders for a block containing the
 * target, splitting toward the target's bits, advancing the target by
 * 1 << order after each allocation, a random first target from Marsaglia's
 * MWC generator, and start/stop moving free blocks between the plain and the
 * colored lists. What differs:
 *   - colors are taken from the absolute pfn (a physically indexed cache
 *     sees physical addresses), not from the offset inside the zone;
 *   - on a miss the seed walks colors one by one over all orders; here a
 *     bitmap of non-empty lists per order (mm/color_bitmap.c) finds, for
 *     each order, the next color that has a block, in O(1), and the nearest
 *     one over all orders wins -- the same block the seed's walk would find;
 *   - the seed's "hits" counted every allocation and its "misses" counted
 *     probe steps; here hits, misses and probe steps are kept apart.
 */
#include "mm/page_color.h"
#include "kernel/mwc.h"
#include "kernel/task.h"
#include "mm/internal.h"
#include "mm/shuffle.h"

bool page_color_enabled;
u32 page_colors = 1;
struct page_color_stats page_color_stats;
static bool page_color_ready;

u32 page_color_count(u32 cache_size, u32 ways)
{
	u32 colors;

	if (ways == 0)
		ways = 1;
	colors = cache_size / ways / PAGE_SIZE;
	if (colors == 0)
		colors = 1;
	if (colors > PAGE_COLOR_MAX)
		colors = PAGE_COLOR_MAX;
	while (colors & (colors - 1)) /* round down to a power of two */
		colors &= colors - 1;
	return colors;
}

int page_color_setup(u32 colors, void *(*alloc)(u32 bytes))
{
	struct zone *zone;

	page_color_enabled = false;
	page_color_ready = false;
	page_colors = 1;
	page_color_stats = (struct page_color_stats){ 0 };
	if (colors == 0 || colors > PAGE_COLOR_MAX || (colors & (colors - 1)))
		return -1;

	for_each_zone(zone)
	{
		u32 o, i;

		if (!zone_populated(zone))
			continue;
		for (o = 0; o < MAX_ORDER; o++) {
			struct free_area *area = &zone->free_area[o];
			u32 n = MAX(1u, colors >> o);
			struct list_head *lists = alloc(n * (u32)sizeof(*lists));
			u32 *words = alloc(color_bitmap_words(n) * 4);

			if (!lists || !words)
				return -1;
			for (i = 0; i < n; i++)
				INIT_LIST_HEAD(&lists[i]);
			area->color_list = lists;
			area->nr_lists = n;
			color_bitmap_init(&area->nonempty, n, words);
		}
	}
	page_colors = colors;
	page_color_ready = true;
	return 0;
}

/* ---- hooks for the buddy core ------------------------------------------- */

/*
 * Finds the color to allocate at: `color` itself when some order >= order
 * has a block containing it (a hit), else the nearest color above it
 * (cyclically, in steps of 1 << order) that has one. *found_order receives
 * the smallest such order. Returns COLOR_BITMAP_NONE when the zone has no
 * block of order >= order at all.
 */
static u32 __find_color(struct zone *zone, u32 order, u32 color, u32 *found_order)
{
	u32 o, best = COLOR_BITMAP_NONE, best_dist = 0xffffffffu;

	for (o = order; o < MAX_ORDER; o++) {
		struct free_area *area = &zone->free_area[o];
		u32 idx, cand, dist;

		if (!area->nr_free)
			continue;
		idx = color_bitmap_find_next_wrap(&area->nonempty, color >> o);
		if (idx == COLOR_BITMAP_NONE)
			continue;
		/* A block at list idx covers colors [idx << o, (idx+1) << o). */
		cand = idx == (color >> o) ? color : idx << o;
		dist = (cand - color) & (page_colors - 1);
		if (dist < best_dist) { /* ties keep the smaller order */
			best = cand;
			best_dist = dist;
			*found_order = o;
			if (dist == 0)
				break;
		}
	}
	return best;
}

struct page *__page_color_rmqueue(struct zone *zone, u32 order)
{
	struct page_color_task *t = &current->color;
	u32 mask = page_colors - 1, align = (1u << order) - 1;
	u32 want, color, o = 0;
	struct page *page;

	if (!t->color_init) {
		t->color_init = true;
		t->target_color = mwc_next(&mwc_global) & mask;
	}
	/* Round the target up to the order's alignment (the seed's rule). */
	want = ((t->target_color + align) & ~align) & mask;
	if (color_bitmap_test(&zone->free_area[order].nonempty, want >> order)) {
		color = want; /* the usual case: a block of the target at this order */
		o = order;
	} else {
		color = __find_color(zone, order, want, &o);
		if (color == COLOR_BITMAP_NONE)
			return NULL;
	}

	if (color == want) {
		t->hits++;
		page_color_stats.hits++;
	} else {
		t->misses++;
		page_color_stats.misses++;
		page_color_stats.probe_steps += ((color - want) & mask) >> order;
	}
	page = list_first_entry(&zone->free_area[o].color_list[color >> o], struct page, lru);
	__del_page_from_free_list(zone, page, o);
	if (o != order)
		page = __expand(zone, page, order, o, color);
	page_color_stats.pages_allocated += 1u << order;
	t->target_color = (color + (1u << order)) & mask;
	return page;
}

/* ---- switching at run time ---------------------------------------------- */

/* Start: moves every block from the plain lists to the color lists. */
static void __move_to_color_lists(struct zone *zone)
{
	u32 o;

	for (o = 0; o < MAX_ORDER; o++) {
		struct free_area *area = &zone->free_area[o];

		while (!list_empty(&area->free_list)) {
			struct page *p = list_first_entry(&area->free_list, struct page, lru);
			list_del(&p->lru);
			__page_color_add_free(area, p, page_to_pfn(p), o);
		}
	}
}

/* Stop: puts every block back on the plain lists in address order (the
 * order of a fresh allocator). Merging the color lists one after another
 * would instead sort the plain lists by color, and an uncolored allocation
 * would then get one color over and over. mm/shuffle.c randomises them
 * afterwards when mm_shuffle is on. */
static void __move_to_plain_lists(struct zone *zone)
{
	u32 pfn = zone->zone_start_pfn, end = zone_end_pfn(zone);

	while (pfn < end) {
		struct page *p = pfn_to_page(pfn);
		u32 o;

		if (!(p->flags & PG_buddy)) {
			pfn++;
			continue;
		}
		o = p->private;
		__page_color_del_free(&zone->free_area[o], p, pfn, o);
		list_add_tail(&p->lru, &zone->free_area[o].free_list);
		pfn += 1u << o;
	}
}

void page_color_start(void)
{
	struct zone *zone;
	irqflags_t flags;

	if (!page_color_ready || page_color_enabled)
		return;
	flags = zone_lock_irqsave();
	for_each_zone(zone) if (zone_populated(zone)) __move_to_color_lists(zone);
	page_color_enabled = true;
	zone_unlock_irqrestore(flags);
}

void page_color_stop(void)
{
	struct zone *zone;
	irqflags_t flags;

	if (!page_color_enabled)
		return;
	flags = zone_lock_irqsave();
	for_each_zone(zone) if (zone_populated(zone)) __move_to_plain_lists(zone);
	page_color_enabled = false;
	__shuffle_free_lists();
	zone_unlock_irqrestore(flags);
}
