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

struct mm_config;
struct cache_geom;
/* Settles the geometry coloring is computed for, at boot, after parsing:
 *  - cache_levels= (mm->cache_levels) when given and valid: its levels
 *    (cache_size=/cache_ways= are then not honoured, and that is said);
 *  - else cache_size=/cache_ways= when given, or no CPUID levels: one level;
 *  - else the levels CPUID reported (cpuid, from arch/x86/cpuinfo.c).
 * color_level= (mm->color_level, 1..levels; 0 = the largest) picks the
 * level, color_per_slice= (mm->color_per_slice) how a sliced level is
 * counted (color_count_derive). A bad cache_levels= or a color_level=
 * beyond the levels is rejected (message naming the parameter and the
 * accepted form, cmdline_reject_late) and the default kept. When
 * cache_levels= or color_level= is in force, the derivation is printed
 * (color_count_log), mm->cache_size/cache_ways become the level's and
 * mm->cache_colors its colors, and the function returns true (the caller
 * skips the one-level lines); else it returns false and changes nothing
 * but the derivation in force (color_geometry(), for the isolation check). */
bool color_geometry_boot(struct mm_config *mm, const struct cache_geom *cpuid, bool size_given, bool ways_given);

#endif
