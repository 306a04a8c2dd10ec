/* SPDX-License-Identifier: MIT */
/* mm/placement/vacolor.h - the vacolor policy's pick, inline for the
 * buddy core's hot path (mm/placement/fast.h calls it directly when
 * vacolor is active; the policy and its sources are described in
 * mm/placement/vacolor.c). */
#ifndef MM_PLACEMENT_VACOLOR_H
#define MM_PLACEMENT_VACOLOR_H

#include "mm/color_lists.h"
#include "mm/placement/ops.h"

/* For the core's inlined path (mm/placement/fast.h), as constants:
 * placement_ops.pcp (no: the per-CPU lists would defeat the colors), and
 * whether the pick reads hint->task (yes: the task's target color). */
#define __vacolor_pcp	false
#define __vacolor_task	true
#define __vacolor_lists PLACEMENT_COLOR /* placement_ops.lists */

/* color = (va >> PAGE_SHIFT) + the task's offset, rounded up to the
 * order's alignment; without a va the task's round-robin target. */
static inline __attribute__((always_inline)) bool __vacolor_pick(struct zone *zone, struct alloc_hint *hint,
								 struct placement_pick *out)
{
	struct placement_task *t = placement_task_of(hint->task);
	const struct color_lists *cl = zone->placement[hint->list_mt];
	u32 mask = cl->mask, align, want;

	if (hint->any_color)
		return __color_lists_pick(zone, hint, t, 0, out);
	if (!hint->has_va)
		return __color_lists_pick_rr(zone, hint, t, mask, out);
	if (__builtin_expect(!t->va_init, 0)) {
		t->va_init = true;
		t->va_offset = mwc_next(placement_cfg.mwc) & mask;
	}
	if (__builtin_expect(!hint->order && !hint->colors, 1)) {
		/* order 0, the usual request: no rounding, and a hit at once */
		want = ((hint->va >> PAGE_SHIFT) + t->va_offset) & mask;
		if (__builtin_expect(__color_lists_take0(cl, t, want, out), 1))
			return true;
	}
	align = (1u << hint->order) - 1; /* round up to the order (the 2.4.17 patch's rule) */
	want = (((hint->va >> PAGE_SHIFT) + t->va_offset + align) & ~align) & mask;
	return __color_lists_pick(zone, hint, t, want, out);
}

#endif
