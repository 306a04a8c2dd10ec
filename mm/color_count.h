/* SPDX-License-Identifier: MIT */
/* mm/color_count.h - saying how the number of page colors came about.
 *
 * colors = cache_size / (ways x PAGE_SIZE) is adjusted by page_color_count():
 * at least 1, at most PAGE_COLOR_MAX, rounded down to a power of two. Each
 * adjustment changes what the user asked for (cache_size= and cache_ways=,
 * or CPUID's values), so it is said in one line naming both parameters. */
#ifndef MM_COLOR_COUNT_H
#define MM_COLOR_COUNT_H

#include "kernel/types.h"

/* Prints one "coloring: cache_size=.. cache_ways=.. give N colors: ..." line
 * when page_color_count(cache_size, ways) is not exactly
 * cache_size / (ways x PAGE_SIZE): fewer than 2 colors (coloring has nothing
 * to do and stays off), more than PAGE_COLOR_MAX (capped), or not a power of
 * two (rounded down). cache_size: bytes; ways: 1.. (0 is taken as 1).
 * Returns page_color_count(cache_size, ways), the colors the kernel uses. */
u32 page_color_count_explain(u32 cache_size, u32 ways);

#endif
