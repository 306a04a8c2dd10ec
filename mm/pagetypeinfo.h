/* SPDX-License-Identifier: MIT */
/* mm/pagetypeinfo.h - the grouping-by-mobility dump, in the format of
 * Linux's /proc/pagetypeinfo (mm/vmstat.c), plus mixed page blocks. */
#ifndef MM_PAGETYPEINFO_H
#define MM_PAGETYPEINFO_H

#include "kernel/types.h"

/* Prints, for every populated zone, Linux's /proc/pagetypeinfo lines:
 *   "Page block order: 10" / "Pages per block:  1024"
 *   "Free pages count per migrate type at order       0 ...     10"
 *   "Node    0, zone   Normal, type    Unmovable      3      1 ..."  (free
 *       blocks per order on each type's lists: 3 lines per zone)
 *   "Number of blocks type     Unmovable      Movable  Reclaimable        Mixed"
 *   "Node 0, zone   Normal            2           58            0            1"
 * (page blocks by their type; Mixed, our addition: page blocks holding
 * allocated pages of more than one type, mm/pageblock.h's census). Blank
 * lines of Linux's file are left out. 2 + 3 z + 1 + z lines for z zones. */
void pagetypeinfo_print(void);

/* One line, after a benchmark `after` (a name):
 *   "pagetypeinfo: after=<name> grouping=on|off blocks Unmovable=<n>
 *    Movable=<n> Reclaimable=<n> mixed=<n> with_unmovable=<n>
 *    fallbacks=<n> steals=<n>"  (sums over the zones; fallbacks and
 * steals since boot, mm/pageblock.h's mobility_stats). */
void pagetypeinfo_summary(const char *after);

#endif
