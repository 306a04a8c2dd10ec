/* SPDX-License-Identifier: MIT */
/* mm/placement/random.c - random placement: a uniformly random free block.
 *
 * What a system that has run for a long time hands out: pages in no useful
 * order (Kessler & Hill's baseline, "random placement", against which they
 * report 10-20% fewer misses for careful placement; mm/shuffle.c imitates
 * the same at boot for the buddy policy). Each zone keeps, per order, an
 * array of the pfns of its free blocks; a block's index in it is kept in
 * struct page's slot (the lru link is not used), so adding, removing and
 * picking uniformly are O(1). A request takes a uniformly random block of
 * its order (mwc_below over the blocks of that order); only when that order
 * has none is a random block of the next larger order split, keeping a
 * random sub-block. The generator is placement_config.mwc. With grouping
 * by mobility each migrate type has its own arrays (zone->placement[mt]):
 * 24 bytes per page of the zone's span over the three types. */
#include "mm/placement/ops.h"

struct random_area {
	u32 *pfns; /* n free blocks' pfns, in no order */
	u32 n, cap;
};

struct random_zone {
	struct random_area area[MAX_ORDER];
};

static void *random_attach(struct zone *zone, u32 mt, const struct placement_config *cfg, int *err)
{
	struct random_zone *rz = cfg->alloc((u32)sizeof(*rz));
	u32 o;

	UNUSED(mt);
	if (!rz) {
		*err = -1;
		return NULL;
	}
	for (o = 0; o < MAX_ORDER; o++) {
		struct random_area *a = &rz->area[o];
		/* every block position of the span (unaligned ends included):
		 * 8 bytes per page over all orders */
		a->cap = (zone->spanned_pages >> o) + 2;
		a->pfns = cfg->alloc(a->cap * 4);
		a->n = 0;
		if (!a->pfns) {
			*err = -1;
			return NULL;
		}
	}
	return rz;
}

static void random_reset(struct zone *zone)
{
	u32 o, mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		struct random_zone *rz = zone->placement[mt];
		if (rz)
			for (o = 0; o < MAX_ORDER; o++)
				rz->area[o].n = 0;
	}
}

static void random_add(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
	struct random_area *a = &((struct random_zone *)zone->placement[page_mt(page)])->area[order];

	/* cannot overflow: cap counts every block position of the span */
	page->slot = a->n;
	a->pfns[a->n++] = pfn;
}

static void random_del(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
	struct random_area *a = &((struct random_zone *)zone->placement[page_mt(page)])->area[order];
	u32 s = page->slot, last = a->pfns[--a->n];

	UNUSED(pfn);
	a->pfns[s] = last;
	pfn_to_page(last)->slot = s;
}

static bool random_pick(struct zone *zone, struct alloc_hint *hint, struct placement_pick *out)
{
	struct random_zone *rz = zone->placement[hint->list_mt];
	u32 o;

	for (o = hint->order; o < MAX_ORDER; o++) {
		struct random_area *a = &rz->area[o];

		if (!a->n)
			continue;
		out->page = pfn_to_page(a->pfns[mwc_below(placement_cfg.mwc, a->n)]);
		out->order = o;
		out->keep = o > hint->order ? mwc_next(placement_cfg.mwc) << hint->order : 0;
		return true;
	}
	return false;
}

static void random_for_each_block(struct zone *zone, u32 order, placement_visit_fn fn, void *arg)
{
	u32 i, mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		struct random_zone *rz = zone->placement[mt];
		if (rz)
			for (i = 0; i < rz->area[order].n; i++)
				fn(zone, pfn_to_page(rz->area[order].pfns[i]), 0, arg);
	}
}

static u32 random_nr_lists(const struct zone *zone, u32 order)
{
	UNUSED(zone);
	UNUSED(order);
	return 1;
}

static const char *random_check_type(struct zone *zone, u32 order, u32 mt);

static const char *random_check(struct zone *zone, u32 order)
{
	u32 mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		const char *why = random_check_type(zone, order, mt);
		if (why)
			return why;
	}
	return NULL;
}

static const char *random_check_type(struct zone *zone, u32 order, u32 mt)
{
	struct random_zone *rz = zone->placement[mt];
	struct random_area *a;
	u32 i;

	if (!rz && zone->mobility_small && mt != MIGRATE_MOVABLE)
		return zone->free_area[order].nr_free_mt[mt] ? "free blocks of a type a small zone has no arrays for"
							     : NULL;
	if (!rz)
		return "random policy active without its arrays";
	a = &rz->area[order];
	if (a->n > a->cap)
		return "more free blocks than the array holds";
	for (i = 0; i < a->n; i++) {
		if (!pfn_valid(a->pfns[i]))
			return "array entry outside mem_map";
		if (pfn_to_page(a->pfns[i])->slot != i)
			return "free block's slot differs from its index in the array";
		if (page_mt(pfn_to_page(a->pfns[i])) != mt)
			return "free block on another migrate type's array";
	}
	if (!list_empty(&zone->free_area[order].free_list[mt]))
		return "plain list not empty while the random policy is active";
	return NULL;
}

const struct placement_ops placement_random_ops = {
	.name = "random",
	.desc = "a uniformly random free block of the requested order (a long-running system)",
	.lists = PLACEMENT_OWN,
	.colors = false,
	.attach = random_attach,
	.reset = random_reset,
	.add = random_add,
	.del = random_del,
	.pick = random_pick,
	.for_each_block = random_for_each_block,
	.nr_lists = random_nr_lists,
	.check = random_check,
};
