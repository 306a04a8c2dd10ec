/* mm/mm_check.c - see mm_check.h. */
#include "mm/mm_check.h"
#include "kernel/printk.h"
#include "mm/internal.h"
#include "mm/page_color.h"
#include "mm/placement.h"

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
		pages += v.count << o;
	}
	if (pages != zone->free_pages)
		return fail(zone, zone->zone_start_pfn, 0, "free_pages differs from the lists");
	return 0;
}

/* Walks the span: each marked block is aligned, inside the zone, covers no
 * other block and has no free buddy of its order; every PG_buddy head was
 * seen on a list. Clears the marks. */
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

int mm_check(void)
{
	struct zone *zone;
	irqflags_t flags = zone_lock_irqsave();
	int rc = 0;

	for_each_zone(zone)
	{
		if (!zone_populated(zone))
			continue;
		if (check_lists(zone) || check_span(zone)) {
			clear_marks(zone);
			rc = -1;
			break;
		}
	}
	zone_unlock_irqrestore(flags);
	if (!rc && page_color_stats.hits + page_color_stats.misses > page_color_stats.pages_allocated) {
		printk("mm_check: FAIL coloring counters: hits %llu + misses %llu > pages allocated %llu\n",
		       (unsigned long long)page_color_stats.hits, (unsigned long long)page_color_stats.misses,
		       (unsigned long long)page_color_stats.pages_allocated);
		rc = -1;
	}
	return rc;
}
