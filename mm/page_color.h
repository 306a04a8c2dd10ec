/* SPDX-License-Identifier: MIT */
/* mm/page_color.h - colors: how many, a pfn's color, and the coloring counters.
 *
 * A page's color is the part of its physical address that selects a cache
 * set group: color(pfn) = pfn mod colors, colors = cache_size / (ways *
 * PAGE_SIZE). Which policy places pages by color is mm/placement/registry.h's
 * business; this header only names the colors and keeps the counters of
 * the coloring policies. page_color=on|off and page_color_start()/stop()
 * are the old names of placement binhop|buddy. */
#ifndef MM_PAGE_COLOR_H
#define MM_PAGE_COLOR_H

#include "mm/color_bitmap.h"
#include "mm/mmzone.h"

#define PAGE_COLOR_MAX (COLOR_BITMAP_MAX_BITS) /* 32768 colors (128 MiB 1-way) */

struct page_color_stats {
	u64 hits;	     /* allocations that got the task's target color */
	u64 misses;	     /* allocations that had to take another color */
	u64 probe_steps;     /* colors skipped past the target, summed over misses */
	u64 pages_allocated; /* pages handed out by a coloring policy (any_color excluded) */
};

/* Written by mm/placement/registry.c only: the active policy places by
 * color (page_colors, page_color_stats: defined in mm/placement/task.c). */
extern bool page_color_enabled;
extern u32 page_colors; /* power of two, 1..PAGE_COLOR_MAX */
extern struct page_color_stats page_color_stats;

static inline u32 pfn_color(u32 pfn)
{
	return pfn & (page_colors - 1);
}

/* Colors for a cache of cache_size bytes and `ways` ways: cache_size /
 * (ways * PAGE_SIZE) rounded down to a power of two, at least 1, at most
 * PAGE_COLOR_MAX. Any sizes and ways are accepted, so a 12 MiB 12-way cache
 * (from CPUID) gives 256 colors. ways 0 means fully associative (as CPUID
 * reports it): one set, so 1 color. The one place of that rule
 * (mm/color_count.c). */
u32 page_color_count(u32 cache_size, u32 ways);

/* The old switch: start = placement_select("binhop"), stop =
 * placement_select("buddy") (which reshuffles the plain lists when
 * mm_shuffle is on). Idempotent. */
void page_color_start(void);
void page_color_stop(void);

#endif
