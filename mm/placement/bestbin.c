/* SPDX-License-Identifier: MIT */
/* mm/placement/bestbin.c - best bin: the color this task has used least.
 *
 * Source: Kessler & Hill's "best bin" (ACM TOCS 1992): each allocation
 * takes the bin (color) in which the task has the fewest pages so far, so a
 * task's pages spread evenly over the colors even when it frees and
 * allocates in any order. Here "used" counts the pages the task was given
 * per color since its first allocation (struct placement_task.use; a block
 * of 2^k pages counts once for each color it covers). Ties go to the
 * task's round-robin successor (the first least-used color at or after the
 * round-robin target), so a task that only allocates behaves exactly like
 * binhop. Cost: t->use_min is a lower bound of the smallest count (counts
 * only grow), so when the round-robin successor's count equals it, that
 * color is the answer at once (the steady state: once per round of colors
 * the bound rises and one scan of colors >> order counts finds the new
 * minimum); otherwise the scan runs. bench-host measures both.
 * When the least-used color has no free block, the nearest color above it
 * that has one is taken (a miss), as in binhop. */
#include "mm/color_lists.h"
#include "mm/placement/ops.h"
#include "mm/page_color.h"

static bool bestbin_pick(struct zone *zone, struct alloc_hint *hint, struct placement_pick *out)
{
	struct placement_task *t = placement_task_of(hint->task);
	const struct color_lists *cl = zone->placement[hint->list_mt];
	u32 mask = cl->mask, step = 1u << hint->order, align = step - 1;
	u32 start, best = 0, best_use = 0xffffffffu, k, i, n;

	if (hint->any_color)
		return __color_lists_pick(zone, hint, t, 0, out);
	if (!t->use_init) {
		t->use_init = true;
		t->use_min = 0;
		for (i = 0; i <= mask; i++)
			t->use[i] = 0;
	}
	start = ((placement_rr_target(t, mask) + align) & ~align) & mask;
	if (t->use[start] <= t->use_min && (!hint->colors || color_bitmap_test(hint->colors, start))) {
		best = start; /* least used (nothing is below the bound), and first in order */
		k = mask + 1;
	} else {
		k = 0;
	}
	for (; k <= mask; k += step) {
		u32 c = (start + k) & mask;
		if (hint->colors && !color_bitmap_test(hint->colors, c))
			continue;
		if (t->use[c] < best_use) {
			best = c;
			best_use = t->use[c];
			if (!best_use)
				break; /* nothing is used less than never */
		}
		if (step > mask)
			break;
	}
	if (step == 1 && best_use != 0xffffffffu && !hint->colors)
		t->use_min = best_use; /* a scan over every color found the minimum */
	if (!__color_lists_pick(zone, hint, t, best, out))
		return false;
	n = step <= mask + 1 ? step : mask + 1;
	for (i = 0; i < n; i++)
		t->use[(out->keep + i) & mask] += step <= mask + 1 ? 1 : step / (mask + 1);
	t->target_color = (out->keep + step) & mask;
	return true;
}

const struct placement_ops placement_bestbin_ops = {
	.name = "bestbin",
	.desc = "best bin: the color this task has used least, ties to the round-robin successor",
	COLOR_LISTS_OPS,
	.pick = bestbin_pick,
};
