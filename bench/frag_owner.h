/* SPDX-License-Identifier: MIT */
/* bench/frag_owner.h - bench=frag's workload as the owner compaction asks
 * before it moves a page (mm/compaction.h: "the owner's callback copies the
 * contents and updates its reference"). The workload's pages are slots of
 * one order-0 page each; a reverse map gives the slot of a pfn. Built for
 * the host too, so that the move is tested on page contents
 * (tests/host/test_compaction.c). */
#ifndef BENCH_FRAG_OWNER_H
#define BENCH_FRAG_OWNER_H

#include "kernel/types.h"

#define FRAG_NONE 0xffffffffu

struct frag_obj {
	u32 pfn;  /* FRAG_NONE once freed */
	u32 next; /* next slot dying in the same round */
	u8 type;  /* enum migratetype */
};

struct frag_owner {
	struct frag_obj *obj; /* slots in allocation order: the LRU order */
	u32 *rmap;	      /* pfn -> slot, FRAG_NONE: not the workload's */
	u32 rmap_len;	      /* pfns 0..rmap_len-1 are mapped */
};

/* The address of page pfn's PAGE_SIZE bytes. By default pfn << PAGE_SHIFT
 * (x86's identity-mapped low memory); bench=frag points it at the kernel's
 * direct map (<asm/page.h>'s __va, KSEG on Alpha) and a host test at a
 * buffer of its own. Never NULL. */
extern void *(*frag_page_va)(u32 pfn);

/* A compact_move_fn (mm/compaction.h) for arg, a struct frag_owner: copies
 * the PAGE_SIZE bytes of old_pfn to new_pfn, gives the slot new_pfn and
 * moves the reverse map (new_pfn -> slot, old_pfn -> FRAG_NONE). Returns
 * false, changing nothing, when old_pfn is not a workload page or new_pfn
 * lies beyond the map. */
bool frag_move(u32 old_pfn, u32 new_pfn, void *arg);

#endif
