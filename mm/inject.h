/* SPDX-License-Identifier: MIT */
/* mm/inject.h - MM_INJECT, the buddy core's fault injection points. A
 * leaf: mm/page_alloc.c includes it without depending on the checker
 * (mm/mm_check.c) that finds the faults. */
#ifndef MM_INJECT_H
#define MM_INJECT_H

#include "kernel/types.h"

/* Fault injection for the fuzz target's deliberately broken builds
 * (tests/fuzz/fuzz.mk: make fuzz-bugs). A build with
 * -DMM_INJECT_BUG=<name> (one of the names in enum mm_inject_bug) turns
 * MM_INJECT(<name>, cond) into cond at the few marked places in
 * mm/page_alloc.c; in every other build, the kernel's included,
 * MM_INJECT(...) is the constant 0 and the compiler removes the branch. */
enum mm_inject_bug {
	MM_BUG_none,
	MM_BUG_lost_free,    /* a block split off by __expand is put on no list */
	MM_BUG_wrong_order,  /* a free block records an order one lower than its list's */
	MM_BUG_wrong_list,   /* a free block is linked on the list of the next order */
	MM_BUG_double_free,  /* a freed block is linked into its list twice */
	MM_BUG_bad_merge,    /* a buddy free at a lower order is merged as a whole buddy */
	MM_BUG_no_merge,     /* a free block is not merged with its free buddy */
	MM_BUG_split_overlap /* __expand frees the half it hands out */
};
#ifdef MM_INJECT_BUG
/* The fault fires only while armed: the fuzz target arms it after building
 * its machine, so that it hits the operations under test (defined in
 * mm/page_alloc.c). */
extern bool mm_inject_armed;
#define MM_INJECT_CAT_(a, b) a##b
#define MM_INJECT_CAT(a, b)  MM_INJECT_CAT_(a, b)
#define MM_INJECT(bug, cond) (MM_INJECT_CAT(MM_BUG_, MM_INJECT_BUG) == MM_BUG_##bug && mm_inject_armed && (cond))
#else
#define MM_INJECT(bug, cond) 0
#endif

#endif
