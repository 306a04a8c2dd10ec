/* SPDX-License-Identifier: MIT */
/* mm/mm_check.c - see mm_check.h. */
#include "mm/mm_check.h"
#include "mm/color_lists.h"
#include "mm/placement/registry.h"
#include "kernel/printk.h"
#include "mm/zone_lock.h"
#include "mm/page_color.h"
#include "mm/pageblock.h"

#define PG_checked (1u << 4) /* transient mark while checking */

static int fail(const struct zone *zone, u32 pfn, u32 order, const char *what)
{
	printk("mm_check: FAIL zone %s pfn 0x%x order %u color %u: %s\n", zone->name, pfn, order, pfn_color(pfn), what);
	return -1;
}

/* One visit of a block on the active policy's lists: it must be a free
 * block of this zone and order, not seen on any list before. */
struct visit {
	u32 order, count, guard;
	u32 count_mt[4]; /* by the type the block records (3: invalid) */
	int rc;
};

static void check_block(struct zone *zone, struct page *p, u32 list_idx, void *arg)
{
	struct visit *v = arg;
	u32 pfn;

	UNUSED(list_idx);
	if (v->rc)
		return;
	if (p < mem_map || p >= mem_map + max_pfn) {
		v->rc = fail(zone, 0, v->order, "list entry outside mem_map");
		return;
	}
	pfn = page_to_pfn(p);
	if (!(p->flags & PG_buddy))
		v->rc = fail(zone, pfn, v->order, "page on a free list is not marked free");
	else if (p->private != v->order)
		v->rc = fail(zone, pfn, v->order, "free block on the list of another order");
	else if (page_zone(p) != zone || !zone_spans_pfn(zone, pfn))
		v->rc = fail(zone, pfn, v->order, "free block on another zone's list");
	else if (p->flags & PG_checked)
		v->rc = fail(zone, pfn, v->order, "free block on more than one list");
	else if (--v->guard == 0)
		v->rc = fail(zone, pfn, v->order, "free list does not end (cycle)");
	if (v->rc)
		return;
	p->flags |= PG_checked;
	v->count++;
	v->count_mt[page_mt(p)]++;
}

/* Every order's blocks, through the active policy (placement_ops.
 * for_each_block), and the policy's own invariants (placement_ops.check:
 * color lists and bitmaps, array slots). */
static int check_lists(struct zone *zone)
{
	const struct placement_ops *ops = placement_active;
	u32 o, pages = 0;

	for (o = 0; o < MAX_ORDER; o++) {
		struct free_area *area = &zone->free_area[o];
		struct visit v = { .order = o, .guard = max_pfn + 1 };
		const char *why;

		/* the policy's check first: it vouches for the lists' shape
		 * (the walk below follows them) */
		if (ops->check && (why = ops->check(zone, o)))
			return fail(zone, zone->zone_start_pfn, o, why);
		ops->for_each_block(zone, o, check_block, &v);
		if (v.rc)
			return -1;
		if (v.count != area->nr_free)
			return fail(zone, zone->zone_start_pfn, o, "nr_free differs from the lists");
		if (v.count_mt[3])
			return fail(zone, zone->zone_start_pfn, o, "free block records an invalid migrate type");
		for (u32 mt = 0; mt < MIGRATE_TYPES; mt++)
			if (v.count_mt[mt] != area->nr_free_mt[mt])
				return fail(zone, zone->zone_start_pfn, o, "nr_free_mt differs from the type's lists");
		pages += v.count << o;
	}
	if (pages != zone->free_pages)
		return fail(zone, zone->zone_start_pfn, 0, "free_pages differs from the lists");
	return 0;
}

/* Walks the span: each marked block is aligned, inside the zone, covers no
 * other block and has no free buddy of its order; every PG_buddy head was
 * seen on a list and waits on the lists of its page block's type (grouping
 * on) or MIGRATE_MOVABLE's (off); every allocated head records a valid
 * type. Clears the marks. */
static int check_span(struct zone *zone)
{
	u32 pfn = zone->zone_start_pfn, end = zone_end_pfn(zone);
	int rc = 0;

	while (pfn < end) {
		struct page *p = pfn_to_page(pfn);
		u32 o, i, size;

		if (!(p->flags & PG_buddy)) {
			if (p->flags & PG_checked)
				rc = rc ? rc : fail(zone, pfn, 0, "listed page is not a free block head");
			if ((p->flags & PG_head) && page_mt(p) >= MIGRATE_TYPES)
				rc =
				    rc ? rc
				       : fail(zone, pfn, p->private, "allocated block records an invalid migrate type");
			p->flags &= ~PG_checked;
			pfn++;
			continue;
		}
		o = p->private;
		if (!(p->flags & PG_checked))
			rc = rc ? rc : fail(zone, pfn, o, "free block on no list");
		p->flags &= ~PG_checked;
		if (rc)
			goto next;
		if (o >= MAX_ORDER) {
			rc = fail(zone, pfn, o, "order out of range");
			goto next;
		}
		size = 1u << o;
		if (pfn & (size - 1)) {
			rc = fail(zone, pfn, o, "free block not aligned to its order");
			goto next;
		}
		if (pfn + size > end) {
			rc = fail(zone, pfn, o, "free block runs past the zone");
			goto next;
		}
		if (p->flags & (PG_reserved | PG_head | PG_ballast)) {
			rc = fail(zone, pfn, o, "free block head also marked reserved/allocated");
			goto next;
		}
		if (page_mt(p) != __free_list_type(zone, pfn)) {
			rc = fail(zone, pfn, o,
				  zone_grouping(zone) ? "free block not on its page block's type's lists"
						      : "free block off the movable lists with grouping off");
			goto next;
		}
		for (i = 1; i < size; i++) {
			const struct page *q = pfn_to_page(pfn + i);
			if (q->flags & (PG_buddy | PG_head | PG_reserved | PG_ballast)) {
				rc = fail(zone, pfn + i, o, "page inside a free block is in use or free twice");
				goto next;
			}
		}
		if (o < MAX_ORDER - 1) {
			u32 b = pfn ^ size;
			if (zone_spans_pfn(zone, b)) {
				const struct page *q = pfn_to_page(b);
				if ((q->flags & PG_buddy) && q->private == o) {
					rc = fail(zone, pfn, o, "free buddies not coalesced");
					goto next;
				}
			}
		}
	next:
		pfn += (o < MAX_ORDER) ? (1u << o) : 1;
	}
	return rc;
}

/* Clears marks left behind when check_lists stopped early. */
static void clear_marks(struct zone *zone)
{
	u32 pfn;
	for (pfn = zone->zone_start_pfn; pfn < zone_end_pfn(zone); pfn++)
		pfn_to_page(pfn)->flags &= ~PG_checked;
}

int (*mm_check_extra)(void);

int mm_check(void)
{
	struct zone *zone;
	irqflags_t flags = zone_lock_irqsave();
	int rc = 0;

	for_each_populated_zone(zone) {
		if (check_lists(zone) || check_span(zone)) {
			clear_marks(zone);
			rc = -1;
			break;
		}
	}
	zone_unlock_irqrestore(flags);
	if (!rc && mm_check_extra)
		rc = mm_check_extra(); /* the per-CPU lists (mm/pcp.c) */
	if (!rc && page_color_stats.hits + page_color_stats.misses > page_color_stats.pages_allocated) {
		printk("mm_check: FAIL coloring counters: hits %llu + misses %llu > pages allocated %llu\n",
		       (unsigned long long)page_color_stats.hits, (unsigned long long)page_color_stats.misses,
		       (unsigned long long)page_color_stats.pages_allocated);
		rc = -1;
	}
	return rc;
}

/* ---- local checks (see mm_check.h) ---------------------------------------- */

/* The page whose lru is l, or NULL when l is not inside mem_map's lru fields
 * (a list head, or a wild pointer). Compares addresses as integers: l may
 * point anywhere. */
static struct page *lru_page(const struct list_head *l)
{
	unsigned long a = (unsigned long)l, base = (unsigned long)&mem_map[0].lru;

	if (a < base || a >= base + (unsigned long)max_pfn * sizeof(struct page) || (a - base) % sizeof(struct page))
		return NULL;
	return mem_map + (a - base) / sizeof(struct page);
}

/* The list a free block of (pfn, order) belongs on under the active
 * policy: the core's plain list, or its color list; NULL when the policy
 * keeps blocks in storage of its own (no list to check locally: the full
 * mm_check() asks the policy). */
static struct list_head *home_list(struct zone *zone, u32 pfn, u32 order)
{
	u32 mt = page_mt(pfn_to_page(pfn));
	struct color_lists *cl = mt < MIGRATE_TYPES ? zone->placement[mt] : NULL;

	if (mt >= MIGRATE_TYPES)
		return NULL;
	if (placement_active_lists == PLACEMENT_PLAIN)
		return &zone->free_area[order].free_list[mt];
	if (placement_active_lists == PLACEMENT_COLOR && cl)
		return &cl->area[order].lists[(pfn & cl->mask) >> order];
	return NULL;
}

/* Is the color list of (pfn, order) marked non-empty? true when the policy
 * has no color lists. */
static bool color_bit_set(struct zone *zone, u32 pfn, u32 order)
{
	u32 mt = page_mt(pfn_to_page(pfn));
	struct color_lists *cl = mt < MIGRATE_TYPES ? zone->placement[mt] : NULL;

	if (placement_active_lists != PLACEMENT_COLOR || !cl)
		return true;
	return color_bitmap_test(&cl->area[order].nonempty, (pfn & cl->mask) >> order);
}

/* One neighbour of a listed free block: its own list head or a block of the
 * same list. */
static int check_neighbour(struct zone *zone, u32 pfn, u32 order, struct list_head *n, struct list_head *home)
{
	struct page *q;
	u32 qpfn;

	if (n == home)
		return 0;
	q = lru_page(n);
	if (!q)
		return fail(zone, pfn, order, "free block on the wrong list (neighbour is another list's head)");
	qpfn = page_to_pfn(q);
	if (qpfn == pfn)
		return fail(zone, pfn, order, "free block linked to itself (added to its list twice)");
	if (!(q->flags & PG_buddy))
		return fail(zone, pfn, order, "free list neighbour is not a free block");
	if (q->private != order || page_zone(q) != zone)
		return fail(zone, pfn, order, "free block on the wrong list (neighbour of another order or zone)");
	if (page_mt(q) != page_mt(pfn_to_page(pfn)))
		return fail(zone, pfn, order, "free block on the wrong list (neighbour of another migrate type)");
	if (placement_active_lists == PLACEMENT_COLOR && (pfn_color(qpfn) >> order) != (pfn_color(pfn) >> order))
		return fail(zone, pfn, order, "free block on the wrong color list");
	return 0;
}

int mm_check_free_block(struct zone *zone, u32 pfn, u32 order)
{
	struct page *p;
	struct list_head *home;

	if (order >= MAX_ORDER)
		return fail(zone, pfn, order, "order out of range");
	if (!pfn_valid(pfn) || !zone_spans_pfn(zone, pfn) || pfn + (1u << order) > zone_end_pfn(zone))
		return fail(zone, pfn, order, "free block runs past the zone");
	p = pfn_to_page(pfn);
	if (!(p->flags & PG_buddy))
		return fail(zone, pfn, order, "free block head is not marked free");
	if (p->private != order)
		return fail(zone, pfn, order, "free block records another order");
	if (page_zone(p) != zone)
		return fail(zone, pfn, order, "free block on another zone's list");
	if (pfn & ((1u << order) - 1))
		return fail(zone, pfn, order, "free block not aligned to its order");
	if (p->flags & (PG_reserved | PG_head | PG_ballast))
		return fail(zone, pfn, order, "free block head also marked reserved/allocated");
	if (zone->free_area[order].nr_free == 0)
		return fail(zone, pfn, order, "nr_free is 0 with a block free");
	if (page_mt(p) >= MIGRATE_TYPES)
		return fail(zone, pfn, order, "free block records an invalid migrate type");
	if (page_mt(p) != __free_list_type(zone, pfn))
		return fail(zone, pfn, order, "free block not on its page block's type's lists");
	if (zone->free_area[order].nr_free_mt[page_mt(p)] == 0)
		return fail(zone, pfn, order, "nr_free_mt is 0 with a block of that type free");
	home = home_list(zone, pfn, order);
	if (!color_bit_set(zone, pfn, order))
		return fail(zone, pfn, order, "non-empty bitmap disagrees with the list");
	if (!home)
		goto buddy; /* the policy's own storage: checked by mm_check() */
	if (p->lru.next == &p->lru || p->lru.prev == &p->lru)
		return fail(zone, pfn, order, "free block linked to itself (added to its list twice)");
	if (!lru_page(p->lru.next) && p->lru.next != home)
		return fail(zone, pfn, order, "free block on the wrong list (neighbour is another list's head)");
	if (!lru_page(p->lru.prev) && p->lru.prev != home)
		return fail(zone, pfn, order, "free block on the wrong list (neighbour is another list's head)");
	if (p->lru.next->prev != &p->lru || p->lru.prev->next != &p->lru)
		return fail(zone, pfn, order, "free list links broken around the block");
	if (check_neighbour(zone, pfn, order, p->lru.next, home) ||
	    check_neighbour(zone, pfn, order, p->lru.prev, home))
		return -1;
buddy:
	if (order < MAX_ORDER - 1) {
		u32 b = pfn ^ (1u << order);
		if (zone_spans_pfn(zone, b)) {
			const struct page *q = pfn_to_page(b);
			if ((q->flags & PG_buddy) && q->private == order)
				return fail(zone, pfn, order, "free buddies not coalesced");
		}
	}
	return 0;
}

int mm_check_pfn(u32 pfn, bool allocated)
{
	struct page *page;
	struct zone *zone;
	u32 k, covering = 0;

	if (!pfn_valid(pfn))
		return 0;
	page = pfn_to_page(pfn);
	zone = page_zone(page);
	for (k = 0; k < MAX_ORDER; k++) {
		u32 base = pfn & ~((1u << k) - 1), o;
		const struct page *h = pfn_to_page(base);

		if (!(h->flags & PG_buddy) || (k > 0 && base == (pfn & ~((1u << (k - 1)) - 1))))
			continue; /* not free, or the same head as order k-1 */
		o = h->private;
		if (!zone_spans_pfn(zone, base))
			return fail(zone, base, o, "page marked free outside its zone's span");
		if (mm_check_free_block(zone, base, o))
			return -1;
		if (base + (1u << o) <= pfn)
			continue; /* ends before pfn */
		if (allocated)
			return fail(zone, pfn, o, "allocated page inside a free block");
		if (++covering > 1)
			return fail(zone, pfn, o, "page inside two free blocks");
	}
	return 0;
}

int mm_check_zone_counters(struct zone *zone)
{
	u32 o, pages = 0;

	if (!zone_populated(zone))
		return zone->free_pages ? fail(zone, zone->zone_start_pfn, 0, "free pages in an empty zone") : 0;
	if (zone->grouping != (mobility_grouping_enabled && !zone->mobility_small))
		return fail(zone, zone->zone_start_pfn, 0, "zone->grouping differs from the grouping switch");
	for (o = 0; o < MAX_ORDER; o++) {
		struct free_area *area = &zone->free_area[o];
		u32 mt, sum = 0;

		for (mt = 0; mt < MIGRATE_TYPES; mt++) {
			bool empty;

			sum += area->nr_free_mt[mt];
			if (!zone_grouping(zone) && mt != MIGRATE_MOVABLE && area->nr_free_mt[mt])
				return fail(zone, zone->zone_start_pfn, o,
					    "free blocks off the movable lists with grouping off");
			if (placement_active_lists == PLACEMENT_PLAIN) {
				empty = list_empty(&area->free_list[mt]);
			} else {
				struct color_lists *cl = zone->placement[mt];
				if (!list_empty(&area->free_list[mt]))
					return fail(zone, zone->zone_start_pfn, o,
						    "plain list not empty under a list-owning policy");
				if (placement_active_lists != PLACEMENT_COLOR || !cl)
					continue; /* the policy's own storage: mm_check() asks it */
				empty = color_bitmap_find_next(&cl->area[o].nonempty, 0) == COLOR_BITMAP_NONE;
			}
			if (empty != (area->nr_free_mt[mt] == 0))
				return fail(zone, zone->zone_start_pfn, o, "nr_free_mt differs from the type's lists");
		}
		if (sum != area->nr_free)
			return fail(zone, zone->zone_start_pfn, o, "nr_free differs from the sum over types");
		pages += area->nr_free << o;
	}
	if (pages != zone->free_pages)
		return fail(zone, zone->zone_start_pfn, 0, "free_pages differs from the lists");
	if (zone->free_pages > zone->managed_pages)
		return fail(zone, zone->zone_start_pfn, 0, "free_pages exceeds managed_pages");
	return 0;
}
