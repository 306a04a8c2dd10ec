/* mm/mm_check.c - see mm_check.h. */
#include "mm/mm_check.h"
#include "kernel/printk.h"
#include "mm/internal.h"
#include "mm/page_color.h"

#define PG_checked (1u << 4) /* transient mark while checking */

static int fail(const struct zone *zone, u32 pfn, u32 order, const char *what)
{
	printk("mm_check: FAIL zone %s pfn 0x%x order %u color %u: %s\n", zone->name, pfn, order, pfn_color(pfn), what);
	return -1;
}

/* Walks one list: every entry must be a free block of this zone and order
 * (and, when idx >= 0, of color list idx), not seen on any list before. */
static int check_list(struct zone *zone, struct list_head *head, u32 order, int idx, u32 *count)
{
	struct list_head *pos;
	u32 guard = max_pfn + 1;

	list_for_each(pos, head)
	{
		struct page *p = list_entry(pos, struct page, lru);
		u32 pfn;

		if (p < mem_map || p >= mem_map + max_pfn)
			return fail(zone, 0, order, "list entry outside mem_map");
		pfn = page_to_pfn(p);
		if (!(p->flags & PG_buddy))
			return fail(zone, pfn, order, "page on a free list is not marked free");
		if (p->private != order)
			return fail(zone, pfn, order, "free block on the list of another order");
		if (page_zone(p) != zone || !zone_spans_pfn(zone, pfn))
			return fail(zone, pfn, order, "free block on another zone's list");
		if (idx >= 0 && (pfn_color(pfn) >> order) != (u32)idx)
			return fail(zone, pfn, order, "free block on the wrong color list");
		if (p->flags & PG_checked)
			return fail(zone, pfn, order, "free block on more than one list");
		p->flags |= PG_checked;
		(*count)++;
		if (--guard == 0)
			return fail(zone, pfn, order, "free list does not end (cycle)");
	}
	return 0;
}

static int check_lists(struct zone *zone)
{
	u32 o, i, pages = 0;

	for (o = 0; o < MAX_ORDER; o++) {
		struct free_area *area = &zone->free_area[o];
		u32 count = 0;

		if (!page_color_enabled) {
			if (check_list(zone, &area->free_list, o, -1, &count))
				return -1;
		} else {
			if (!list_empty(&area->free_list))
				return fail(zone, page_to_pfn(list_first_entry(&area->free_list, struct page, lru)), o,
					    "plain list not empty while coloring is on");
			for (i = 0; i < area->nr_lists; i++) {
				u32 before = count;
				if (check_list(zone, &area->color_list[i], o, (int)i, &count))
					return -1;
				if ((count != before) != color_bitmap_test(&area->nonempty, i))
					return fail(zone, i << o, o, "non-empty bitmap disagrees with the list");
			}
		}
		if (count != area->nr_free)
			return fail(zone, zone->zone_start_pfn, o, "nr_free differs from the list length");
		pages += count << o;
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
