/* SPDX-License-Identifier: MIT */
/* mm/placement/vacolor.c - page coloring by virtual address.
 *
 * Source: Kessler & Hill's "page coloring" (ACM TOCS 1992), the approach of
 * FreeBSD's and Solaris's page coloring: a page's color follows its virtual
 * page number, color = (va >> PAGE_SHIFT) + offset mod colors, so pages
 * that are neighbours in the virtual address space (and conflict in a
 * virtually indexed view of the cache) get neighbouring colors, and arrays
 * allocated interleaved line up by their virtual addresses. The offset is
 * per task (random, from placement_config.mwc, at the task's first
 * allocation), so that two tasks' equal addresses do not share colors (the
 * role of FreeBSD's per-object color offset). A request without a virtual
 * address (kernel-internal allocations) falls back to the task's
 * round-robin target, as binhop does. Misses take the nearest color above
 * the wanted one (mm/color_lists.c). */
#include "mm/placement/vacolor.h"
#include "mm/page_color.h"

static bool vacolor_pick(struct zone *zone, struct alloc_hint *hint, struct placement_pick *out)
{
	return __vacolor_pick(zone, hint, out);
}

const struct placement_ops placement_vacolor_ops = {
	.name = "vacolor",
	.desc = "color = virtual page number + per-task offset (FreeBSD/Solaris); round-robin without a va",
	COLOR_LISTS_OPS,
	.pcp = __vacolor_pcp,
	.pick = vacolor_pick,
};
