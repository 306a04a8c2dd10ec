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
 * it through mm/placement/registry.h and fast.h only, and the policy keeps its per-zone storage
 * behind zone->placement[migratetype]. The core itself knows no colors.
 *
 * Grouping by mobility (mm/pageblock.h): free lists are per order and
 * migrate type; each page block of pageblock_order carries a type in the
 * zone's pageblock bitmap. Source: "Avoiding fragmentation through
 * different allocator" (linux-kernel, January 2005), Linux's names. */
#ifndef MM_MMZONE_H
#define MM_MMZONE_H

#include "kernel/list.h"
#include "kernel/types.h"
#include <asm/page.h> /* PAGE_SHIFT, PAGE_SIZE, the pfn space: the architecture's */

#define MAX_ORDER 11 /* orders 0..10: blocks of 1 .. 1024 pages (4 KiB .. 4 MiB on x86) */

/* The pfn space this kernel addresses (x86: 32-bit physical addresses, no
 * PAE, 4 GiB). The zone limits are the architecture's too: free_area_init()
 * takes them (<asm/page.h>'s ARCH_*_LIMIT_PFN). */
#define HIGHMEM_LIMIT_PFN ARCH_PHYS_LIMIT_PFN

enum zone_type { ZONE_DMA, ZONE_NORMAL, ZONE_HIGHMEM, MAX_NR_ZONES };

/* struct page flags. The zone index lives in the top two bits. */
#define PG_reserved                                                                                                    \
	(1u << 0)		/* not managed by the buddy allocator (hole,
				 firmware, kernel image, mem_map, ...) */
#define PG_buddy      (1u << 1) /* first page of a free block; private = order */
#define PG_head	      (1u << 2) /* first page of an allocated block; private = order */
#define PG_ballast    (1u << 3) /* held by mm/shuffle.c to imitate a busy system */
#define PG_ZONE_SHIFT 30
#define PG_ZONE_MASK  (3u << PG_ZONE_SHIFT) /* the zone number (enum zone_type) */
/* The migrate type of a free block (the lists it is on) or of an allocated
 * block (what its caller stated), in the head page: 2 bits. */
#define PG_MT_SHIFT 26
#define PG_MT_MASK  (3u << PG_MT_SHIFT)
/* An order-0 page on a per-CPU list (mm/pcp.h): neither PG_buddy nor PG_head. */
#define PG_pcp (1u << 24)

/* Migrate types (Linux's names and order). A request states its type
 * (gfp flags, alloc_hint.migratetype); free lists are kept per type. */
enum migratetype { MIGRATE_UNMOVABLE, MIGRATE_MOVABLE, MIGRATE_RECLAIMABLE, MIGRATE_TYPES };

/* Page blocks: the unit that carries a migrate type (MAX_ORDER-1, 1024
 * pages: 4 MiB of 4 KiB pages, 8 MiB of 8 KiB; as Linux's pageblock_order
 * on i386 without huge pages, and on Alpha). */
#define pageblock_order	   (MAX_ORDER - 1)
#define pageblock_nr_pages (1u << pageblock_order)
/* Page blocks of the 4 GiB pfn space, and the bitmap words (2 bits each). */
#define PAGEBLOCKS_MAX	    (HIGHMEM_LIMIT_PFN >> pageblock_order)
#define PAGEBLOCK_BITS	    2
#define PAGEBLOCK_MAP_WORDS (PAGEBLOCKS_MAX * PAGEBLOCK_BITS / 32)

struct page {
	u32 flags;
	u32 private; /* order, for PG_buddy and PG_head pages */
	union {
		struct list_head lru; /* link on a free list (PG_buddy), or the
					 owner's list while allocated */
		u32 slot;	      /* free, under a placement policy that keeps
					 blocks in an array (mm/placement/random.c):
					 the block's index there */
	};
};

struct free_area {
	struct list_head free_list[MIGRATE_TYPES]; /* the plain lists (the buddy policy's), per type */
	u32 nr_free;				   /* blocks of this order, on any policy's lists */
	u32 nr_free_mt[MIGRATE_TYPES];		   /* of them, on each type's lists */
};

struct zone {
	const char *name;
	u32 zone_start_pfn; /* first pfn of the zone's span */
	u32 spanned_pages;  /* span, holes included */
	u32 present_pages;  /* usable RAM pages in the span */
	u32 managed_pages;  /* present minus pages reserved at boot */
	u32 free_pages;	    /* pages on this zone's free lists */
	struct free_area free_area[MAX_ORDER];
	void *placement[MIGRATE_TYPES];		  /* the active placement policy's storage
					   for this zone and type (mm/placement/ops.h), or NULL */
	bool mobility_small;			  /* too small to hold a block of every type:
					   grouping off here (mm/pageblock.c) */
	bool grouping;				  /* grouping active here: mobility_grouping_enabled && !mobility_small,
			  kept by mm/pageblock.c (one load on the hot paths) */
	u32 pageblock_flags[PAGEBLOCK_MAP_WORDS]; /* 2 bits per page block of the
						     4 GiB space: its migrate type */
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

static inline u32 page_mt(const struct page *page)
{
	return (page->flags & PG_MT_MASK) >> PG_MT_SHIFT;
}
static inline void set_page_mt(struct page *page, u32 mt)
{
	page->flags = (page->flags & ~PG_MT_MASK) | (mt << PG_MT_SHIFT);
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
/* Every zone with present pages, in zone order (DMA, Normal, HighMem); the
 * loop body is one statement, as for_each_zone's (Linux's macro of that
 * name, which also skips zones with no pages). */
#define for_each_populated_zone(z)                                                                                     \
	for_each_zone(z)                                                                                               \
		if (!zone_populated(z))                                                                                \
			;                                                                                              \
		else

extern const char *const zone_names[MAX_NR_ZONES];

#endif
