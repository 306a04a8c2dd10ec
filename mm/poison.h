/* SPDX-License-Identifier: MIT */
/* mm/poison.h - free-page poisoning and its check on allocation.
 *
 * mm_debug=on fills every freed page with PAGE_POISON (so a use after free
 * reads a pattern, not stale data); mm_debug=poison also fills every page
 * already free when it is turned on and checks the pattern when a page is
 * allocated, as Zircon's PMM checker does: a word that differs means the
 * page was written while it was free (a use after free, a stray pointer).
 * Each such page is reported once (pfn, order of the allocation, byte
 * offset, expected and found word: the first 16 pages printed, all
 * counted) and the allocation goes on: the kernel keeps running, and the
 * end of the run checks the pages still free and says how many
 * (page_poison_report).
 *
 * Only pages the kernel can address are poisoned: page_addr (given at
 * enable time) returns a page's address, or NULL for a page it cannot reach
 * (in the kernel: highmem, and the first MiB); the host tests give a buffer
 * of their own. Enabling says how many free pages it cannot reach ("mm:
 * poison: N free pages (K KiB) are not mapped by the kernel (HighMem): they
 * are not poisoned or checked"). */
#ifndef MM_POISON_H
#define MM_POISON_H

#include "kernel/types.h"

#define PAGE_POISON	    0x6b6b6b6bu /* each byte 0x6b, as xv6's kfree junk */
#define PAGE_POISON_REPORTS 16u		/* mismatching pages printed; the rest counted */

struct page_poison_stats {
	u32 filled_pages;    /* pages filled at free (and at enable) */
	u32 checked_pages;   /* pages checked at allocation */
	u32 bad_pages;	     /* pages found written while free */
	u32 unreached_pages; /* pages free at enable that page_addr cannot reach (said then) */
};
extern struct page_poison_stats page_poison_stats;

/* Turns poisoning on: every block freed from now on is filled
 * (mm_free_poison); with check, every page free now is filled too (under
 * the zone lock; pages on the per-CPU lists included) and every allocation
 * checks its block (mm_set_alloc_check). page_addr: a page's address, NULL for a
 * page that cannot be reached (neither filled nor checked; the free ones
 * are counted in unreached_pages and said). Clears the counters. */
void page_poison_enable(void *(*page_addr)(u32 pfn), bool check);
/* Turns both hooks off (host tests). */
void page_poison_disable(void);

/* Fills pages [pfn, pfn + 2^order) with PAGE_POISON. */
void page_poison_fill(u32 pfn, u32 order);
/* Checks pages [pfn, pfn + 2^order) hold PAGE_POISON; reports and counts
 * each page that does not. Returns the number of such pages. */
u32 page_poison_check(u32 pfn, u32 order);

/* At the end of a run with the check on: checks every page still free
 * (a write into a page no allocation took back is found here), then prints
 * "@poison status=ok|fail checked=N bad=N" (and a sentence when bad);
 * returns 1 when a page was found written while free, else 0. Prints
 * nothing and returns 0 when the check is off. */
u32 page_poison_report(void);

#endif
