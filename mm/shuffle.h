/* mm/shuffle.h - imitating a long-running system's free lists.
 *
 * Why: a freshly booted buddy allocator hands out physically contiguous
 * pages (it splits one 4 MiB block after another), and contiguous pages
 * cycle through the colors in order -- they are colored by accident. A
 * benchmark of "coloring off" on a fresh boot would then measure a colored
 * placement. On a system that has run for a while, the free pages are
 * scattered between pages in use and come off the lists in no useful order.
 *
 * mm_shuffle=on builds that state at boot: three in four 4 MiB blocks
 * (all but every fourth, from a random offset) are "fragmented": a random mm_ballast= percent of their
 * free pages stay allocated as ballast (standing for other users' memory).
 * The fourth block stays whole, so high-order allocations still work. All
 * free pages are then freed in a random order (Fisher-Yates over all free
 * pfns with the MWC generator), so buddies in fragmented blocks cannot all
 * merge back and the free lists are in random order. The same shuffle of the plain lists runs
 * again whenever coloring is stopped (page_color_stop), because the color
 * lists it merges are sorted by color. The idea follows Linux's
 * mm/shuffle.c (randomising free lists at boot), with ballast added because
 * this kernel has no other users of memory. */
#ifndef MM_SHUFFLE_H
#define MM_SHUFFLE_H

#include "kernel/types.h"

extern bool mm_shuffle_enabled;
extern u32 mm_ballast_pages; /* pages held as ballast */

/* Hook 1, at boot, instead of mm_release_memblock(): frees the unreserved
 * usable pages in a random order, keeping ballast_percent (0..90) of the
 * pages of fragmented blocks allocated as PG_ballast. scratch must hold one u32 per free page (at
 * least memblock's free page count) and stays owned by this module for
 * hook 2. Returns the pages freed, or -1 when scratch is too small (nothing
 * is freed then). */
int shuffle_release_memblock(u32 *scratch, u32 scratch_len, u32 ballast_percent);

/* Hook 2: Fisher-Yates shuffle of every plain free list of every zone
 * (a no-op while coloring is on, or when mm_shuffle is off). Zone lock held. */
void __shuffle_free_lists(void);
/* The same, taking the zone lock. The benchmarks call it before every
 * uncolored run: pages a run frees go back to the heads of the lists, and
 * without other activity the next run would get exactly the same pages, so
 * uncolored runs would all share one placement. */
void shuffle_free_lists(void);

#endif
