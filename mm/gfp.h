/* SPDX-License-Identifier: MIT */
/* mm/gfp.h - what a request asks for (gfp_t: zones, color, mobility, the
 * per-CPU lists' cold hint), Linux's names. A leaf beside mm/mmzone.h, so
 * that the files the buddy core calls (mm/color_set.c) read the flags
 * without including the core's interface, mm/page_alloc.h. */
#ifndef MM_GFP_H
#define MM_GFP_H

#include "mm/mmzone.h"

typedef u32 gfp_t;
/* Zone choice (Linux's zonelists): the allocator tries the zones in order. */
#define GFP_KERNEL    0x0u   /* kernel-internal: Normal, then DMA */
#define GFP_DMA	      0x1u   /* DMA only (below 16 MiB) */
#define GFP_HIGHUSER  0x2u   /* buffers: HighMem, then Normal, then DMA */
#define __GFP_NOCOLOR 0x4u   /* any block will do: the policy places it by no color */
#define __GFP_COLD    0x100u /* order 0: from the per-CPU cold list (mm/pcp.h) */
/* Mobility (Linux's names): the migrate type a request states (mm/pageblock.h).
 * Neither flag: GFP_HIGHUSER requests (user buffers, the benchmarks') are
 * MIGRATE_MOVABLE, as Linux's GFP_HIGHUSER_MOVABLE; others MIGRATE_UNMOVABLE
 * (kernel memory that stays where it is). */
#define __GFP_MOVABLE	     0x8u  /* MIGRATE_MOVABLE: the owner can be moved (user pages) */
#define __GFP_RECLAIMABLE    0x10u /* MIGRATE_RECLAIMABLE: can be freed on demand (caches) */
#define GFP_MOVABLE_MASK     (__GFP_MOVABLE | __GFP_RECLAIMABLE)
#define GFP_HIGHUSER_MOVABLE (GFP_HIGHUSER | __GFP_MOVABLE)

/* The migrate type of a request (enum migratetype in mm/mmzone.h). */
static inline u32 gfp_migratetype(gfp_t gfp)
{
	if (gfp & __GFP_MOVABLE)
		return MIGRATE_MOVABLE;
	if (gfp & __GFP_RECLAIMABLE)
		return MIGRATE_RECLAIMABLE;
	if (gfp & GFP_HIGHUSER)
		return MIGRATE_MOVABLE;
	return MIGRATE_UNMOVABLE;
}
/* A block the caller maps at a virtual address (alloc_pages_va) is a user
 * page: movable unless gfp states another type. */
static inline gfp_t gfp_va(gfp_t gfp)
{
	return (gfp & GFP_MOVABLE_MASK) ? gfp : gfp | __GFP_MOVABLE;
}
static inline u32 gfp_migratetype_va(gfp_t gfp)
{
	return gfp_migratetype(gfp_va(gfp));
}

#endif
