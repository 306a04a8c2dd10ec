/* SPDX-License-Identifier: MIT */
/* mm/pagetypeinfo.h - the grouping-by-mobility dump, in the format of
 * Linux's /proc/pagetypeinfo (mm/vmstat.c), plus mixed page blocks. */
#ifndef MM_PAGETYPEINFO_H
#define MM_PAGETYPEINFO_H

#include "kernel/types.h"
#include "mm/mmzone.h"

/* Prints, for every populated zone, Linux's /proc/pagetypeinfo lines:
 *   "Page block order: 10" / "Pages per block:  1024"
 *   "Free pages count per migrate type at order       0 ...     10"
 *   "Node    0, zone   Normal, type    Unmovable      3      1 ..."  (free
 *       blocks per order on each type's lists: 3 lines per zone)
 *   "Number of blocks type     Unmovable      Movable  Reclaimable        Mixed"
 *   "Node 0, zone   Normal            2           58            0            1"
 * (page blocks by their type; Mixed, our addition: page blocks holding
 * allocated pages of more than one type, mm/pageblock.h's census). Blank
 * lines of Linux's file are left out. 2 + 3 z + 1 + z lines for z zones,
 * then pagetypeinfo_print_colors("boot"): 3 z lines more. */
void pagetypeinfo_print(void);

/* One line, after a benchmark `after` (a name):
 *   "pagetypeinfo: after=<name> grouping=on|off blocks Unmovable=<n>
 *    Movable=<n> Reclaimable=<n> mixed=<n> with_unmovable=<n>
 *    fallbacks=<n> steals=<n>"  (sums over the zones; fallbacks and
 * steals since boot, mm/pageblock.h's mobility_stats); then
 * pagetypeinfo_print_colors(after). */
void pagetypeinfo_summary(const char *after);

/* How evenly a type's free pages spread over the page colors
 * (mm/page_color.h: color = pfn mod page_colors). */
struct color_spread {
	u32 free;   /* free pages on the type's lists (every order) */
	u32 colors; /* page_colors when counted, 0 when over PAGETYPEINFO_MAX_COLORS */
	u32 min;    /* fewest free pages of one color */
	u32 max;    /* most free pages of one color */
};
#define PAGETYPEINFO_MAX_COLORS 4096u /* counted 256 at a time: 16 walks of the zone at most */

/* Counts the free pages of migrate type mt (the type of the lists a free
 * block waits on, page_mt()) in zone per color, by walking the zone's
 * mem_map for free block heads (once per 256 colors). Fills *s; s->colors = 0 (min = max = 0)
 * when page_colors > PAGETYPEINFO_MAX_COLORS. The mean is free / colors.
 * Caller holds no lock (boot, or between benchmarks). The question comes
 * from "Avoiding fragmentation through different allocator" (linux-kernel,
 * January 2005): does grouping keep each type's colors even? */
void pagetypeinfo_color_spread(const struct zone *zone, u32 mt, struct color_spread *s);

/* One line per populated zone and migrate type:
 *   "pagetypeinfo: colors after=<name> zone=<Normal> type=<Movable>
 *    free=<pages> colors=<n> min=<pages> max=<pages> mean=<pages>.<2 digits>"
 * ("colors=<n> not counted (over 4096)" past PAGETYPEINFO_MAX_COLORS). */
void pagetypeinfo_print_colors(const char *after);

#endif
