/* SPDX-License-Identifier: MIT */
/* mm/mmzone.h - struct page, zones, free areas and the node that holds them.
 *
 * Physical memory is described by mem_map, an array of struct page indexed by
 * page frame number (pfn = physical address >> PAGE_SHIFT). A pfn is kept apart
 * from a struct page *: convert with pfn_to_page()/page_to_pfn(), never by
 * casting. Memory is split into zones by physical address (DMA below 16 MiB,
 * Normal up to 896 MiB, HighMem above: the i386 layout). Each zone has a buddy
 * allocator: free_area[order] holds the free blocks of 2^order pages.
 *
 * Where a free block waits (the plain free_list, per-color lists, ...) is
 * the placement policy's business: the buddy core (mm/page_alloc.c) calls
 * it through mm/placement.h only, and the policy keeps its per-zone storage
 * behind zone->placement. The core itself knows no colors. */
#ifndef MM_MMZONE_H
#define MM_MMZONE_H

#include "kernel/list.h"
#include "kernel/types.h"

#define PAGE_SHIFT 12
#define PAGE_SIZE  (1u << PAGE_SHIFT)
#define MAX_ORDER  11 /* orders 0..10: blocks of 4 KiB .. 4 MiB */

/* The pfn space this kernel addresses: 32-bit physical addresses, no PAE
 * (4 GiB). The zone limits are the architecture's: free_area_init() takes
 * them (arch/x86/arch.h gives the i386 layout). */
#define HIGHMEM_LIMIT_PFN 0x100000u /* 4 GiB */

enum zone_type { ZONE_DMA, ZONE_NORMAL, ZONE_HIGHMEM, MAX_NR_ZONES };

/* struct page flags. The zone index lives in the top two bits. */
#define PG_reserved                                                                                                    \
	(1u << 0)		/* not managed by the buddy allocator (hole,
				 firmware, kernel image, mem_map, ...) */
#define PG_buddy      (1u << 1) /* first page of a free block; private = order */
#define PG_head	      (1u << 2) /* first page of an allocated block; private = order */
#define PG_ballast    (1u << 3) /* held by mm/shuffle.c to imitate a busy system */
#define PG_ZONE_SHIFT 30

struct page {
	u32 flags;
	u32 private; /* order, for PG_buddy and PG_head pages */
	union {
		struct list_head lru; /* link on a free list (PG_buddy), or the
					 owner's list while allocated */
		u32 slot;	      /* free, under a placement policy that keeps
					 blocks in an array (placement_random.c):
					 the block's index there */
	};
};

struct free_area {
	struct list_head free_list; /* the plain list (the buddy policy's) */
	u32 nr_free;		    /* blocks of this order, on any policy's lists */
};

struct zone {
	const char *name;
	u32 zone_start_pfn; /* first pfn of the zone's span */
	u32 spanned_pages;  /* span, holes included */
	u32 present_pages;  /* usable RAM pages in the span */
	u32 managed_pages;  /* present minus pages reserved at boot */
	u32 free_pages;	    /* pages on this zone's free lists */
	struct free_area free_area[MAX_ORDER];
	void *placement; /* the active placement policy's storage for this
			    zone (mm/placement.h), or NULL */
};

/* The one memory node of this UP kernel (Linux: contig_page_data). */
struct pglist_data {
	struct zone node_zones[MAX_NR_ZONES];
	struct page *node_mem_map; /* mem_map, indexed by pfn from 0 */
	u32 node_spanned_pages;	   /* pfns covered by mem_map (max_pfn) */
};

extern struct pglist_data contig_page_data;
#define mem_map (contig_page_data.node_mem_map)
#define max_pfn (contig_page_data.node_spanned_pages)

static inline struct page *pfn_to_page(u32 pfn)
{
	return mem_map + pfn;
}
static inline u32 page_to_pfn(const struct page *page)
{
	return (u32)(page - mem_map);
}
static inline bool pfn_valid(u32 pfn)
{
	return pfn < max_pfn;
}

static inline enum zone_type page_zonenum(const struct page *page)
{
	return (enum zone_type)(page->flags >> PG_ZONE_SHIFT);
}
static inline struct zone *page_zone(const struct page *page)
{
	return &contig_page_data.node_zones[page_zonenum(page)];
}
static inline u32 zone_end_pfn(const struct zone *z)
{
	return z->zone_start_pfn + z->spanned_pages;
}
static inline bool zone_spans_pfn(const struct zone *z, u32 pfn)
{
	return pfn >= z->zone_start_pfn && pfn < zone_end_pfn(z);
}
static inline bool zone_populated(const struct zone *z)
{
	return z->present_pages != 0;
}

#define for_each_zone(z) for (z = contig_page_data.node_zones; z < contig_page_data.node_zones + MAX_NR_ZONES; z++)

extern const char *const zone_names[MAX_NR_ZONES];

#endif
