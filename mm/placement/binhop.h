/* SPDX-License-Identifier: MIT */
/* mm/placement/binhop.h - the binhop policy's pick, inline for the buddy
 * core's hot path (mm/placement/fast.h calls it directly when binhop is
 * active; the policy and its sources are described in
 * mm/placement/binhop.c). */
#ifndef MM_PLACEMENT_BINHOP_H
#define MM_PLACEMENT_BINHOP_H

#include "mm/color_lists.h"
#include "mm/placement/ops.h"

/* For the core's inlined path (mm/placement/fast.h), as constants:
 * placement_ops.pcp (no: the per-CPU lists would defeat the colors), and
 * whether the pick reads hint->task (yes: the task's target color). */
#define __binhop_pcp   false
#define __binhop_task  true
#define __binhop_lists PLACEMENT_COLOR /* placement_ops.lists */

/* The task's round-robin target rounded up to the order's alignment (the
 * 2.4.17 patch's rule); on success the target advances past the block. */
static inline __attribute__((always_inline)) bool __binhop_pick(struct zone *zone, struct alloc_hint *hint,
								struct placement_pick *out)
{
	struct placement_task *t = placement_task_of(hint->task);
	const struct color_lists *cl = zone->placement[hint->list_mt];
	u32 mask = cl->mask;

	if (hint->any_color)
		return __color_lists_pick(zone, hint, t, 0, out);
	if (__builtin_expect(!hint->order && !hint->colors, 1)) {
		/* order 0, the usual request: no rounding, and a hit at once */
		u32 want = placement_rr_target(t, mask);

		if (__builtin_expect(__color_lists_take0(cl, t, want, out), 1)) {
			t->target_color = (want + 1) & mask;
			return true;
		}
	}
	return __color_lists_pick_rr(zone, hint, t, mask, out);
}

#endif
