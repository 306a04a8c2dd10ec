/* SPDX-License-Identifier: MIT */
/* mm/placement/binhop.c - bin hopping: per-task round-robin over the colors.
 *
 * Source: Jason Papadopoulos's page coloring patch for Linux 2.4.17
 * (linux-mm, January 2002), which is Kessler & Hill's "bin hopping" (ACM
 * TOCS 1992): each task allocates from a target color that advances by the
 * block's size after every allocation, so a task's consecutive pages get
 * consecutive colors whatever their virtual addresses; a task's first
 * target is random (Marsaglia's MWC generator, placement_config.mwc).
 * Kept from the patch: per-order per-color free lists (mm/color_lists.h),
 * the target rounded up to the order's alignment, the search upward
 * through the orders for a block containing the target, splitting toward
 * the target's bits, advancing by 1 << order. What differs:
 *   - colors are taken from the absolute pfn (a physically indexed cache
 *     sees physical addresses), not from the offset inside the zone;
 *   - on a miss the patch walks colors one by one over all orders; here a
 *     bitmap of non-empty lists per order finds, for each order, the next
 *     color that has a block in O(1), and the nearest over all orders wins
 *     -- the same block the patch's walk would find;
 *   - the patch's "hits" counted every allocation and its "misses" counted
 *     probe steps; here hits, misses and probe steps are kept apart
 *     (page_color_stats, and per task in struct placement_task). */
#include "mm/placement/binhop.h"
#include "mm/page_color.h"

static bool binhop_pick(struct zone *zone, struct alloc_hint *hint, struct placement_pick *out)
{
	return __binhop_pick(zone, hint, out);
}

const struct placement_ops placement_binhop_ops = {
	.name = "binhop",
	.desc = "bin hopping: per-task round-robin colors from a random first color (2.4.17 patch)",
	COLOR_LISTS_OPS,
	.pcp = __binhop_pcp,
	.pick = binhop_pick,
};
