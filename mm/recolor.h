/* SPDX-License-Identifier: MIT */
/* mm/recolor.h - recoloring a task's pages (COLORIS's idea: Ye et al.,
 * "COLORIS: a dynamic cache partitioning system using page coloring",
 * PACT 2014): the task gets a new color set, and every page it holds
 * outside the new set is replaced by a page inside it, the contents copied
 * by the caller (who maps them), the old page freed. */
#ifndef MM_RECOLOR_H
#define MM_RECOLOR_H

#include "kernel/task.h"
#include "mm/color_set.h"

struct recolor_stats {
	u32 scanned; /* pages looked at */
	u32 kept;    /* already of a color in the new set */
	u32 copied;  /* moved to a page of the new set */
	u32 failed;  /* left where they were: no free page in the new set (or
			only a borrowed one), or the copy failed */
};

/* Copies page src_pfn to dst_pfn and makes the task's mapping of page
 * `index` point at dst_pfn. Returns 0, or -1 (then nothing changed). */
typedef int (*recolor_copy_fn)(void *ctx, u32 index, u32 dst_pfn, u32 src_pfn);

/* Gives task t the set `to` (color_set_task_assign) and moves each of its
 * n order-0 pages pfns[] (allocated with gfp, GFP_HIGHUSER or GFP_KERNEL)
 * whose color is not in `to` to a new page of a color in `to`: allocated
 * for t, copied by copy(ctx, i, new, old), pfns[i] updated, the old page
 * freed. A page the set cannot supply (it ran out; a borrowed page is given
 * back) or whose copy fails stays where it is and is counted as failed.
 * Adds to *st. Returns 0 when every page is now in the set, else -1. */
int recolor_pages(struct task *t, const struct color_set *to, u32 *pfns, u32 n, u32 gfp, recolor_copy_fn copy,
		  void *ctx, struct recolor_stats *st);

#endif
