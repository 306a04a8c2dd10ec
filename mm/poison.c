/* SPDX-License-Identifier: MIT */
/* mm/poison.c - free-page poisoning and its check (see poison.h). */
#include "mm/poison.h"
#include "kernel/printk.h"
#include "mm/zone_lock.h"
#include "mm/page_alloc.h"
#include "mm/pcp.h"

struct page_poison_stats page_poison_stats;
static void *(*poison_addr)(u32 pfn);
static bool poison_checking;

#define WORDS_PER_PAGE (PAGE_SIZE / sizeof(u32))

void page_poison_fill(u32 pfn, u32 order)
{
	u32 i, w;

	for (i = 0; i < (1u << order); i++) {
		volatile u32 *p = poison_addr ? poison_addr(pfn + i) : NULL;

		if (!p)
			continue;
		for (w = 0; w < WORDS_PER_PAGE; w++)
			p[w] = PAGE_POISON;
		page_poison_stats.filled_pages++;
	}
}

u32 page_poison_check(u32 pfn, u32 order)
{
	u32 i, w, bad = 0;

	for (i = 0; i < (1u << order); i++) {
		const volatile u32 *p = poison_addr ? poison_addr(pfn + i) : NULL;

		if (!p)
			continue;
		page_poison_stats.checked_pages++;
		for (w = 0; w < WORDS_PER_PAGE; w++) {
			u32 found = p[w];

			if (found == PAGE_POISON)
				continue;
			bad++;
			if (page_poison_stats.bad_pages++ < PAGE_POISON_REPORTS)
				printk("mm: poison: pfn 0x%x (block of order %u) offset 0x%x: expected 0x%08x found "
				       "0x%08x: written while free\n",
				       pfn + i, order, w * 4u, PAGE_POISON, found);
			break; /* one report per page */
		}
	}
	return bad;
}

/* Fills (or checks) every free page: buddy blocks (PG_buddy heads) and
 * per-CPU list pages (PG_pcp), walking each zone's span in pfn order. */
static void walk_free_pages(bool check)
{
	struct zone *zone;

	for_each_populated_zone(zone) {
		u32 pfn = zone->zone_start_pfn, end = zone_end_pfn(zone);

		while (pfn < end) {
			const struct page *p = pfn_to_page(pfn);

			u32 order = p->flags & PG_buddy ? p->private : 0;

			if (p->flags & (PG_buddy | PG_pcp)) {
				if (check)
					page_poison_check(pfn, order);
				else
					page_poison_fill(pfn, order);
			}
			pfn += 1u << order;
		}
	}
}

/* Free pages (buddy blocks and per-CPU list pages) that page_addr cannot
 * reach: in the kernel, HighMem. */
static u32 count_unreached_free(void)
{
	struct zone *zone;
	u32 n = 0;

	for_each_populated_zone(zone) {
		u32 pfn = zone->zone_start_pfn, end = zone_end_pfn(zone);

		while (pfn < end) {
			const struct page *p = pfn_to_page(pfn);
			u32 order = p->flags & PG_buddy ? p->private : 0;

			if (p->flags & (PG_buddy | PG_pcp))
				for (u32 i = 0; i < (1u << order); i++)
					n += !poison_addr(pfn + i);
			pfn += 1u << order;
		}
	}
	return n;
}

void page_poison_enable(void *(*page_addr)(u32 pfn), bool check)
{
	irqflags_t flags = zone_lock_irqsave();
	u32 unreached;

	page_poison_stats = (struct page_poison_stats){ 0 };
	poison_addr = page_addr;
	poison_checking = check;
	if (check)
		walk_free_pages(false);
	mm_free_poison = page_poison_fill;
	mm_set_alloc_check(check ? page_poison_check : NULL);
	unreached = page_addr ? count_unreached_free() : 0;
	page_poison_stats.unreached_pages = unreached;
	zone_unlock_irqrestore(flags);
	if (unreached)
		printk("mm: poison: %u free pages (%u KiB) are not mapped by the kernel (HighMem): they are not "
		       "poisoned%s\n",
		       unreached, unreached * (PAGE_SIZE >> 10), check ? " or checked" : "");
}

void page_poison_disable(void)
{
	mm_free_poison = NULL;
	mm_set_alloc_check(NULL);
	poison_checking = false;
	poison_addr = NULL;
}

u32 page_poison_report(void)
{
	const struct page_poison_stats *s = &page_poison_stats;
	irqflags_t flags;

	if (!poison_checking)
		return 0;
	flags = zone_lock_irqsave();
	walk_free_pages(true); /* the pages no allocation took back */
	zone_unlock_irqrestore(flags);
	if (s->bad_pages)
		printk("mm: poison: %u page(s) were written while free (the first %u reported above with pfn and "
		       "offset)\n",
		       s->bad_pages, s->bad_pages < PAGE_POISON_REPORTS ? s->bad_pages : PAGE_POISON_REPORTS);
	printk("@poison status=%s checked=%u bad=%u\n", s->bad_pages ? "fail" : "ok", s->checked_pages, s->bad_pages);
	return s->bad_pages ? 1 : 0;
}
