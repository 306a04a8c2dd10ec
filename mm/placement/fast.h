/* SPDX-License-Identifier: MIT */
/* mm/placement/fast.h - the common policies' picks, inlined into the buddy
 * core's allocation paths (for mm/page_alloc.c only).
 *
 * A call through placement_ops costs 42-63 instructions an allocation and
 * free pair (make bench-host, the indirect rows), so the core compiles one
 * allocation path per policy of PLACEMENT_FAST, with that policy's pick
 * inline, and one path through placement_active->pick for every other
 * policy. It chooses the path once per request, by placement_active_id;
 * within a path the policy is a constant. A policy needs no line here: one
 * that is not listed runs through its ops. */
#ifndef MM_PLACEMENT_FAST_H
#define MM_PLACEMENT_FAST_H

#include "mm/placement/binhop.h"
#include "mm/placement/buddy.h"
#include "mm/placement/registry.h"
#include "mm/placement/vacolor.h"

/* The inlined policies, X(ID, name): PLACEMENT_<ID>, whose
 * mm/placement/<name>.h defines __<name>_pick (inline), __<name>_pcp (its
 * placement_ops.pcp), __<name>_lists (its placement_ops.lists) and __<name>_task (its requests need hint->task; when
 * not, the core's path for it leaves hint->task NULL). Empty with
 * -DPLACEMENT_INDIRECT: every call through placement_ops, to measure the
 * indirection. */
#ifndef PLACEMENT_INDIRECT
#define PLACEMENT_FAST(X)                                                                                              \
	X(BUDDY, buddy)                                                                                                \
	X(BINHOP, binhop)                                                                                              \
	X(VACOLOR, vacolor)
#else
#define PLACEMENT_FAST(X)
#endif

/* The path through placement_ops (not an id of PLACEMENT_FAST). */
#define PLACEMENT_PATH_OPS PLACEMENT_NR

/* Asks path's policy for a block (see placement_ops.pick). `path` is a
 * compile-time constant at every call: an inlined pick, or the active
 * policy's ops. */
static inline __attribute__((always_inline)) bool __placement_pick(struct zone *zone, struct alloc_hint *hint,
								   struct placement_pick *out, u32 path)
{
#define PLACEMENT_PICK_(ID, name)                                                                                      \
	if (path == PLACEMENT_##ID)                                                                                    \
		return __##name##_pick(zone, hint, out);
	PLACEMENT_FAST(PLACEMENT_PICK_)
#undef PLACEMENT_PICK_
	(void)path;
	return placement_active->pick(zone, hint, out);
}

/* The storage kind of path's policy (placement_ops.lists): a constant for
 * an inlined path (its header's __<name>_lists), else the active one's. */
static inline __attribute__((always_inline)) u32 __placement_path_lists(u32 path)
{
#define PLACEMENT_LISTS_(ID, name)                                                                                     \
	if (path == PLACEMENT_##ID)                                                                                    \
		return __##name##_lists;
	PLACEMENT_FAST(PLACEMENT_LISTS_)
#undef PLACEMENT_LISTS_
	(void)path;
	return placement_active_lists;
}

/* May the per-CPU lists serve path's order-0 requests (placement_ops.pcp)?
 * A constant for an inlined path. */
static inline __attribute__((always_inline)) bool __placement_path_pcp(u32 path)
{
#define PLACEMENT_PCP_(ID, name)                                                                                       \
	if (path == PLACEMENT_##ID)                                                                                    \
		return __##name##_pcp;
	PLACEMENT_FAST(PLACEMENT_PCP_)
#undef PLACEMENT_PCP_
	(void)path;
	return placement_active_pcp;
}

#endif
