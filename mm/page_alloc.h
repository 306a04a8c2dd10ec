/* SPDX-License-Identifier: MIT */
/* mm/page_alloc.h - the zoned buddy allocator's public interface. */
#ifndef MM_PAGE_ALLOC_H
#define MM_PAGE_ALLOC_H

#include "mm/gfp.h"
#include "mm/mmzone.h"

struct alloc_hint; /* mm/placement/ops.h */

/* Allocates 2^order contiguous pages (order 0..MAX_ORDER-1) for the current
 * task; which block is the placement policy's choice (mm/placement/ops.h).
 * Returns the first page, or NULL when no zone allowed by gfp has a free
 * block of that order (or order is out of range). Never sleeps; takes the
 * zone lock with interrupts off. */
struct page *alloc_pages(gfp_t gfp, u32 order);
/* The same for a block that the caller maps at virtual address va (bytes,
 * page aligned; vaddr_t: as wide as the architecture's, <asm/page.h>): a
 * policy may place it by va (vacolor). */
struct page *alloc_pages_va(gfp_t gfp, u32 order, vaddr_t va);
/* The same with a full request (task, va, order, migrate type, allowed
 * colors). hint->any_color is set from gfp's __GFP_NOCOLOR; gfp's mobility
 * flags, when given, set hint->migratetype (an out-of-range type becomes
 * MIGRATE_UNMOVABLE). */
struct page *alloc_pages_hint(gfp_t gfp, struct alloc_hint *hint);
static inline struct page *alloc_page(gfp_t gfp)
{
	return alloc_pages(gfp, 0);
}

/* Frees a block that alloc_pages() returned with the same order, merging it
 * with its free buddies. A page that is not the head of an allocated block of
 * that order (a double free, a reserved page, a wrong order, a pfn outside
 * mem_map) is reported with printk and left alone: nothing is corrupted.
 * Returns 0, or -1 for such a bad free. */
int __free_pages(struct page *page, u32 order);

/* Order-0 frees with a cache hint for the per-CPU lists (mm/pcp.h): a page
 * the CPU just wrote goes to the hot list, a page it will not touch soon
 * (a DMA target) to the cold list. As __free_pages(page, 0) otherwise. */
int free_hot_page(struct page *page);
int free_cold_page(struct page *page);

/* For compaction (mm/compaction.c, Linux's isolate_freepages_block): takes
 * the free block headed by page off the free lists and makes each of its
 * 2^order pages an allocated order-0 block of migrate type mt, to be freed
 * with __free_pages(p, 0). Returns the pages taken, 0 when page heads no
 * free block (or mt is out of range). */
u32 isolate_free_block(struct page *page, u32 mt);

/* Pages on all free lists of all zones, and on the per-CPU lists. */
u32 nr_free_pages(void);
/* Bad frees reported so far (see __free_pages). */
extern u32 mm_bad_free_count;

/* Building the allocator (mm/page_alloc.c):
 * free_area_init() sets up contig_page_data over a caller-supplied mem_map
 * of nr_pfns entries (pfns 0..nr_pfns-1), with zone z covering pfns up to
 * max_zone_pfn[z] (exclusive, ascending; the architecture's limits, as
 * Linux's free_area_init(max_zone_pfn)): every page starts reserved, zones
 * get their spans and present pages from memblock.memory. The placement
 * policy's lists are then attached (placement_setup), and
 * mm_release_memblock() frees every unreserved usable page into the buddy
 * lists (managed_pages). Host tests and tools/zoneinfo run exactly this on a
 * private, malloc'd mem_map. */
void free_area_init(struct page *map, u32 nr_pfns, const u32 *max_zone_pfn);
void mm_release_memblock(void);

/* Optional callback run on each block as it is freed, before it reaches a
 * free list (mm/poison.h fills it with PAGE_POISON under mm_debug=on and
 * mm_debug=poison). NULL = none. */
extern void (*mm_free_poison)(u32 pfn, u32 order);
/* Installs check (NULL = none) as the callback run on each block an
 * allocation returns (alloc_pages* and isolate_free_block), after the zone
 * lock is released (mm/poison.h checks the poison under mm_debug=poison);
 * its result is not used. While one is installed every request takes the
 * allocation path that calls it (through placement_ops: the inlined paths
 * of mm/placement/fast.h never test for it). Call with no allocation in
 * flight (at boot, or with the zone lock held). */
void mm_set_alloc_check(u32 (*check)(u32 pfn, u32 order));

#endif
