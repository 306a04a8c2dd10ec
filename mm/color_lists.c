/* SPDX-License-Identifier: MIT */
/* mm/color_lists.c - see color_lists.h. */
#include "mm/color_lists.h"
#include "mm/zone_lock.h"
#include "mm/page_color.h"

/* One storage per zone and migrate type, shared by every coloring policy. */
static struct color_lists *zone_lists[MAX_NR_ZONES][MIGRATE_TYPES];
static u32 zone_lists_colors[MAX_NR_ZONES][MIGRATE_TYPES];

void color_lists_forget(void)
{
	u32 z, mt;
	for (z = 0; z < MAX_NR_ZONES; z++)
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			zone_lists[z][mt] = NULL;
}

static struct color_lists *lists_of(const struct zone *zone, u32 mt)
{
	return zone_lists[zone - contig_page_data.node_zones][mt];
}

static u32 pages_for(u32 bytes)
{
	return (bytes + PAGE_SIZE - 1) / PAGE_SIZE;
}

u32 color_lists_cost_pages(u32 colors)
{
	u32 o, pages = pages_for((u32)sizeof(struct color_lists));

	for (o = 0; o < MAX_ORDER; o++) {
		u32 n = MAX(1u, colors >> o);
		pages += pages_for(n * (u32)sizeof(struct list_head)) + pages_for(color_bitmap_words(n) * 4);
	}
	return pages;
}

void *color_lists_attach(struct zone *zone, u32 mt, const struct placement_config *cfg, int *err)
{
	u32 z = (u32)(zone - contig_page_data.node_zones), o, i;
	struct color_lists *cl;

	if (zone_lists[z][mt] && zone_lists_colors[z][mt] == cfg->colors)
		return zone_lists[z][mt]; /* attached by another coloring policy */
	zone_lists[z][mt] = NULL;
	cl = cfg->alloc((u32)sizeof(*cl));
	if (!cl) {
		*err = -1;
		return NULL;
	}
	cl->mask = cfg->colors - 1;
	for (o = 0; o < MAX_ORDER; o++) {
		struct color_area *a = &cl->area[o];
		u32 n = MAX(1u, cfg->colors >> o);
		struct list_head *lists = cfg->alloc(n * (u32)sizeof(*lists));
		u32 *words = cfg->alloc(color_bitmap_words(n) * 4);

		if (!lists || !words) {
			*err = -1;
			return NULL;
		}
		for (i = 0; i < n; i++)
			INIT_LIST_HEAD(&lists[i]);
		a->lists = lists;
		a->nr_lists = n;
		color_bitmap_init(&a->nonempty, n, words);
	}
	zone_lists[z][mt] = cl;
	zone_lists_colors[z][mt] = cfg->colors;
	return cl;
}

void color_lists_reset(struct zone *zone)
{
	u32 o, i, mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		struct color_lists *cl = lists_of(zone, mt);
		if (!cl)
			continue;
		for (o = 0; o < MAX_ORDER; o++) {
			struct color_area *a = &cl->area[o];
			for (i = 0; i < a->nr_lists; i++)
				INIT_LIST_HEAD(&a->lists[i]);
			color_bitmap_init(&a->nonempty, a->nr_lists, a->nonempty.l0);
		}
	}
}

void color_lists_for_each_block(struct zone *zone, u32 order, void (*fn)(struct zone *, struct page *, u32, void *),
				void *arg)
{
	u32 i, mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		struct color_lists *cl = lists_of(zone, mt);
		struct color_area *a;

		if (!cl)
			continue;
		a = &cl->area[order];
		for (i = 0; i < a->nr_lists; i++) {
			struct list_head *pos, *next;
			/* fn may not unlink; a bounded walk protects against a cycle:
			 * mm_check's visitor stops counting at its own limit */
			for (pos = a->lists[i].next; pos != &a->lists[i]; pos = next) {
				next = pos->next;
				fn(zone, list_entry(pos, struct page, lru), i, arg);
			}
		}
	}
}

u32 color_lists_nr_lists(const struct zone *zone, u32 order)
{
	const struct color_lists *cl = lists_of(zone, MIGRATE_MOVABLE); /* every zone has it */
	return cl ? cl->area[order].nr_lists : 1;
}

static const char *check_type(struct zone *zone, u32 order, u32 mt);

const char *color_lists_check(struct zone *zone, u32 order)
{
	u32 mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		const char *why = check_type(zone, order, mt);
		if (why)
			return why;
	}
	return NULL;
}

static const char *check_type(struct zone *zone, u32 order, u32 mt)
{
	struct color_lists *cl = lists_of(zone, mt);
	struct color_area *a;
	u32 i;

	if (!cl && zone->mobility_small && mt != MIGRATE_MOVABLE)
		return zone->free_area[order].nr_free_mt[mt] ? "free blocks of a type a small zone has no lists for"
							     : NULL;
	if (!cl)
		return "coloring policy active without color lists";
	if (zone->placement[mt] != cl)
		return "zone->placement[mt] is not the zone's color lists of that type";
	a = &cl->area[order];
	for (i = 0; i < a->nr_lists; i++) {
		struct list_head *pos;
		u32 guard = max_pfn + 1;

		if (list_empty(&a->lists[i]) == color_bitmap_test(&a->nonempty, i))
			return "non-empty bitmap disagrees with the list";
		list_for_each(pos, &a->lists[i]) {
			struct page *p = list_entry(pos, struct page, lru);
			if (p < mem_map || p >= mem_map + max_pfn)
				return "list entry outside mem_map";
			if (((page_to_pfn(p) & cl->mask) >> order) != i)
				return "free block on the wrong color list";
			if (page_mt(p) != mt)
				return "free block on another migrate type's list";
			if (--guard == 0)
				return "free list does not end (cycle)";
		}
	}
	if (!list_empty(&zone->free_area[order].free_list[mt]))
		return "plain list not empty while a coloring policy is active";
	return NULL;
}

u32 __color_lists_find(const struct zone *zone, u32 mt, u32 order, u32 want, const struct color_bitmap *allowed,
		       u32 *found_order)
{
	const struct color_lists *cl = zone->placement[mt];
	u32 o, best = COLOR_BITMAP_NONE, best_dist = 0xffffffffu, mask = cl->mask;

	if (allowed) {
		/* Walk the allowed colors upward from want (cyclically); the
		 * first with a block of some order >= order wins. At most
		 * colors >> order steps, 11 bitmap tests each. */
		u32 step = 1u << order, c = want, n;
		for (n = 0; n <= mask >> order; n++) {
			u32 a = color_bitmap_find_next_wrap(allowed, c);
			if (a == COLOR_BITMAP_NONE)
				return COLOR_BITMAP_NONE;
			if (a & (step - 1)) { /* an allowed color inside a block: align up */
				c = ((a + step - 1) & ~(step - 1)) & mask;
				continue;
			}
			for (o = order; o < MAX_ORDER; o++)
				if (color_bitmap_test(&cl->area[o].nonempty, a >> o)) {
					*found_order = o;
					return a;
				}
			c = (a + step) & mask;
		}
		return COLOR_BITMAP_NONE;
	}
	for (o = order; o < MAX_ORDER; o++) {
		const struct color_area *area = &cl->area[o];
		u32 idx, cand, dist;

		if (!zone->free_area[o].nr_free_mt[mt])
			continue;
		idx = color_bitmap_find_next_wrap(&area->nonempty, want >> o);
		if (idx == COLOR_BITMAP_NONE)
			continue;
		/* A block at list idx covers colors [idx << o, (idx+1) << o). */
		cand = idx == (want >> o) ? want : idx << o;
		dist = (cand - want) & mask;
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

/* The first allowed color at or after want (cyclically) that starts a
 * block of the order, or COLOR_BITMAP_NONE. */
static u32 allowed_target(const struct color_bitmap *allowed, u32 want, u32 order, u32 mask)
{
	u32 step = 1u << order, c = want, n;

	for (n = 0; n <= mask >> order; n++) {
		u32 a = color_bitmap_find_next_wrap(allowed, c);
		if (a == COLOR_BITMAP_NONE || !(a & (step - 1)))
			return a;
		c = ((a + step - 1) & ~(step - 1)) & mask;
	}
	return COLOR_BITMAP_NONE;
}

struct placement_pick __color_lists_pick_slow(struct zone *zone, u32 mt, u32 order, bool any_color,
					      const struct color_bitmap *colors, struct placement_task *t, u32 want)
{
	struct color_lists *cl = zone->placement[mt];
	struct placement_pick none = { NULL, 0, 0 };
	u32 color, o = order;

	assert_zone_locked();
	if (any_color) {
		for (o = order; o < MAX_ORDER; o++) {
			struct color_area *a = &cl->area[o];
			u32 idx = color_bitmap_find_next(&a->nonempty, 0);
			if (idx != COLOR_BITMAP_NONE)
				return (struct placement_pick){ list_first_entry(&a->lists[idx], struct page, lru), o,
								0 };
		}
		return none;
	}
	if (colors && !color_bitmap_test(colors, want)) {
		/* the target is outside the task's set: its next allowed color */
		want = allowed_target(colors, want, order, cl->mask);
		if (want == COLOR_BITMAP_NONE)
			return none;
	}
	/* (without a color set, the inline part has already looked for a
	 * block containing want in every order: this is a miss) */
	color = __color_lists_find(zone, mt, order, want, colors, &o);
	if (color == COLOR_BITMAP_NONE)
		return none;
	if (color == want) {
		t->hits++;
		page_color_stats.hits++;
	} else {
		t->misses++;
		page_color_stats.misses++;
		page_color_stats.probe_steps += ((color - want) & cl->mask) >> order;
	}
	page_color_stats.pages_allocated += 1u << order;
	return (struct placement_pick){ list_first_entry(&cl->area[o].lists[color >> o], struct page, lru), o, color };
}

void color_lists_add_op(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
	__color_lists_add(zone->placement[page_mt(page)], page, pfn, order);
}

void color_lists_del_op(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
	UNUSED(pfn);
	__color_lists_del(zone->placement[page_mt(page)], page, order);
}
