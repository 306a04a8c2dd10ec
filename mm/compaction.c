/* SPDX-License-Identifier: MIT */
/* mm/compaction.c - see compaction.h. */
#include "mm/compaction.h"
#include "mm/page_alloc.h"
#include "mm/pageblock.h"

struct compact_stats compact_stats;
bool compaction_enabled = true;

bool zone_has_free_order(const struct zone *zone, u32 order)
{
	u32 o;

	for (o = order; o < MAX_ORDER; o++)
		if (zone->free_area[o].nr_free)
			return true;
	return false;
}

/* Does the page block at base hold an unmovable or reserved page? */
static bool block_pinned(const struct zone *zone, u32 base)
{
	u32 pfn = base, end = base + pageblock_nr_pages;

	if (base < zone->zone_start_pfn || end > zone_end_pfn(zone))
		return true; /* a partial block at the zone's edge: not ours to empty */
	while (pfn < end) {
		const struct page *p = pfn_to_page(pfn);
		u32 size = 1;

		if (p->flags & PG_reserved)
			return true;
		if (p->flags & (PG_buddy | PG_head)) {
			size = 1u << p->private;
			if ((p->flags & PG_head) && page_mt(p) == MIGRATE_UNMOVABLE)
				return true;
		}
		pfn += size;
	}
	return false;
}

/* The free scanner: order-0 target pages taken off the free lists, from the
 * top of the zone down. */
#define TARGETS 256u /* a free block of order <= 8 at a time */
struct free_scan {
	u32 pfns[TARGETS]; /* isolated pages, used from the end */
	u32 n;
	u32 block; /* base pfn of the page block being scanned; scanning below it next */
	u32 next;  /* next pfn to look at inside it, downward (exclusive) */
};

/* Refills fs->pfns from page blocks above `floor`; returns false when none
 * is left (the scanners met). */
static bool isolate_targets(struct zone *zone, struct free_scan *fs, u32 floor, u32 order)
{
	while (!fs->n) {
		if (fs->next <= fs->block) {
			if (fs->block < floor + 2 * pageblock_nr_pages)
				return false; /* the next block down is the migration scanner's */
			fs->block -= pageblock_nr_pages;
			fs->next = fs->block + pageblock_nr_pages;
			if (zone_grouping(zone) && get_pageblock_migratetype(zone, fs->block) != MIGRATE_MOVABLE)
				fs->next = fs->block; /* not a suitable target block */
			continue;
		}
		{
			u32 pfn = fs->next - 1, head = pfn, o;
			struct page *p;

			/* the free block containing pfn, if any: its head is pfn
			 * rounded down to some order */
			for (o = 0; o < MAX_ORDER; o++) {
				head = pfn & ~((1u << o) - 1);
				p = pfn_to_page(head);
				if ((p->flags & PG_buddy) && p->private >= o && head + (1u << p->private) > pfn)
					break;
			}
			if (o == MAX_ORDER || head < fs->block) {
				fs->next = pfn;
				continue;
			}
			if (p->private >= order || (1u << p->private) > TARGETS) {
				fs->next = head; /* a block the request could use itself: not a target */
				continue;
			}
			{
				u32 n = isolate_free_block(pfn_to_page(head), MIGRATE_MOVABLE), i;
				for (i = 0; i < n; i++) /* used from the end: lowest pfns last */
					fs->pfns[fs->n++] = head + n - 1 - i;
				fs->next = head;
			}
		}
	}
	return true;
}

/* Makes the allocated order-0 page at pfn free (after its move). */
static void free_moved(u32 pfn)
{
	__free_pages(pfn_to_page(pfn), 0);
}

bool compact_zone(struct zone *zone, u32 order, compact_move_fn move, void *arg)
{
	static struct free_scan fs;
	u32 mig, end = zone_end_pfn(zone) & ~(pageblock_nr_pages - 1);
	bool done;

	compact_stats.passes++;
	if (!zone_populated(zone) || order >= MAX_ORDER)
		return false;
	fs.n = 0;
	fs.block = end; /* the first block scanned is the one below end */
	fs.next = end;
	for (mig = (zone->zone_start_pfn + pageblock_nr_pages - 1) & ~(pageblock_nr_pages - 1);
	     mig + pageblock_nr_pages <= fs.block && !zone_has_free_order(zone, order); mig += pageblock_nr_pages) {
		u32 pfn;

		compact_stats.blocks_scanned++;
		if (block_pinned(zone, mig))
			continue;
		for (pfn = mig; pfn < mig + pageblock_nr_pages; pfn++) {
			struct page *p = pfn_to_page(pfn);
			bool ballast = p->flags & PG_ballast;
			u32 t;

			if (p->flags & (PG_buddy | PG_head)) {
				if ((p->flags & PG_buddy) || p->private || page_mt(p) != MIGRATE_MOVABLE) {
					pfn += (1u << p->private) - 1;
					continue;
				}
			} else if (!ballast) {
				continue;
			}
			if (!isolate_targets(zone, &fs, mig, order))
				goto out;
			t = fs.pfns[fs.n - 1];
			if (ballast) {
				struct page *q = pfn_to_page(t);
				q->flags = (q->flags & ~(PG_head | PG_MT_MASK)) | PG_ballast |
					   (BALLAST_MIGRATETYPE << PG_MT_SHIFT);
				p->flags = (p->flags & ~(PG_ballast | PG_MT_MASK)) | PG_head;
				p->private = 0;
			} else if (!move(pfn, t, arg)) {
				continue; /* not the owner's: left where it is */
			}
			fs.n--;
			free_moved(pfn);
			compact_stats.moved++;
		}
	}
out:
	while (fs.n) /* targets not used go back */
		free_moved(fs.pfns[--fs.n]);
	done = zone_has_free_order(zone, order);
	return done;
}
