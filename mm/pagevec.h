/* SPDX-License-Identifier: MIT */
/* mm/pagevec.h - a small batch of order-0 pages freed together, with one
 * cache hint for the whole batch.
 *
 * From the 2.5.40-mm1 thread (linux-mm, October 2002), its
 * "pagevec-hot-cold-hint" patch ("hot/cold hints for truncate and page
 * reclaim"): code that frees many pages (truncating a file, reclaiming a
 * page cache) gathers them in a pagevec and frees the batch at once; the
 * pagevec says whether its pages are likely in this CPU's cache (hot: just
 * written or read) or not (cold: untouched for a long time), and every page
 * of the batch goes to that end of the per-CPU lists (mm/pcp.h): hot pages
 * to the head of the hot list, where the next order-0 allocation takes
 * them, cold pages to the tail of the cold list, where only __GFP_COLD
 * allocations (readahead, DMA targets) find them.
 *
 * Built over mm/page_alloc.h's free_hot_page() and free_cold_page() only:
 * with the per-CPU lists off (or under a coloring policy, which bypasses
 * them) a release frees each page to the buddy lists as __free_pages(p, 0)
 * would, and the hint has no effect. Not shared between CPUs: a pagevec is
 * the caller's (usually on its stack). */
#ifndef MM_PAGEVEC_H
#define MM_PAGEVEC_H

#include "mm/page_alloc.h"

/* Pages a pagevec holds at most (Linux's size: small enough for the stack,
 * large enough to batch). */
#define PAGEVEC_SIZE 16u

struct pagevec {
	u32 nr;	   /* pages held, 0..PAGEVEC_SIZE */
	bool cold; /* the hint every page of the batch is freed with */
	struct page *pages[PAGEVEC_SIZE];
};

/* Makes pv empty, with the hint cold (true: the cold list's tail) or hot
 * (false: the hot list's head). */
void pagevec_init(struct pagevec *pv, bool cold);

/* Pages pv can still take (PAGEVEC_SIZE - pv->nr). */
static inline u32 pagevec_space(const struct pagevec *pv)
{
	return PAGEVEC_SIZE - pv->nr;
}

/* Adds an allocated order-0 page to pv without freeing anything. Returns
 * the room left after it (0: pv is now full, release it before the next
 * add), or -1 when pv was already full or page is NULL (nothing added). */
int pagevec_add(struct pagevec *pv, struct page *page);

/* Frees every page of pv with its hint, in the order they were added
 * (free_hot_page: the last added ends at the hot list's head, the first to
 * be handed out again; free_cold_page: the first added nearest the cold
 * list's head, cold longest), and empties pv (its hint is kept). Returns
 * the pages freed; a page the allocator refuses (a double or bad free,
 * reported by __free_pages' rules) is not counted. */
u32 pagevec_release(struct pagevec *pv);

/* Adds page to pv and releases pv when that filled it: the usual way to
 * free a stream of pages in batches of PAGEVEC_SIZE. Returns the pages
 * freed by this call (0, or the batch when it was released); a NULL page
 * frees nothing. The caller releases the last, partial batch. */
u32 pagevec_free_page(struct pagevec *pv, struct page *page);

#endif
