/* SPDX-License-Identifier: MIT */
/* mm/mm_stat.h - the allocator's statistics, in fixed formats that the
 * boot log, the tests, the benchmarks and bug reports all share. */
#ifndef MM_MM_STAT_H
#define MM_MM_STAT_H

#include "kernel/types.h"

/* The free blocks of every populated zone in the format of Linux's
 * /proc/buddyinfo, so its parsers read it: a header line
 *   "buddyinfo: <when>: free blocks per order 0..10, as /proc/buddyinfo:"
 * then one line per populated zone, the zone name right-aligned in 8
 * columns and one count per order 0..MAX_ORDER-1 (11 orders here, as in
 * Linux's default), each right-aligned in 6 columns and followed by a space:
 *   "Node 0, zone   Normal  11328   4305    667 ...     15 "
 * (one node: always 0), then the per-CPU lists (pcp_print). when says at
 * what point ("boot", "after the benchmarks"). */
void mm_print_buddyinfo(const char *when);
/* One line per zone (populated or not):
 *   "zone: name=<name> start_pfn=0x.. end_pfn=0x.. spanned=<pages>
 *    present=<pages> managed=<pages> free=<pages>" */
void mm_print_zones(void);
/* Like the 2.4.17 patch's /proc/page_color: "page_color: colors=<n> enabled=<0|1>
 * hits=<n> misses=<n> probe_steps=<n> pages_allocated=<n> ballast=<n>
 * placement=<policy>", then
 * "page_color: free per color min=<n> max=<n> mean=<n>" and, when verbose
 * (or colors <= 64), free pages per color summed over zones and orders, 16
 * per line: "page_color: free[<first>..<last>] <n> <n> ..." */
void page_color_print(bool verbose);
/* The full free-list dump, zone x order x color, one line per zone and order:
 *   "freelist zone=<name> order=<o> lists=<n> nr_free=<n> counts=<c0> <c1> ..."
 * (lists: the active policy's lists per order, 1 for buddy and random;
 * uses the per-color scratch array, so not while page_color_print runs). */
void mm_dump_free_lists(void);
/* Free pages of one color, over all zones and orders (a block of order o
 * holding 2^o >= colors pages gives each color 2^o / colors pages). */
u32 page_color_free_pages(u32 color);

#endif
