/* SPDX-License-Identifier: MIT */
/* mm/shuffle.h - imitating a long-running system's free lists.
 *
 * Why: a freshly booted buddy allocator hands out physically contiguous
 * pages (it splits one 4 MiB block after another), and contiguous pages
 * cycle through the colors in order -- they are colored by accident. A
 * benchmark of "coloring off" on a fresh boot would then measure a colored
 * placement. On a system that has run for a while, the free pages are
 * scattered between pages in use and come off the lists in no useful order.
 *
 * (Block sizes here are for 4 KiB pages: a max-order block is 1024 pages,
 * 4 MiB; with 8 KiB pages (Alpha) it is 8 MiB and the 256-page reserve
 * below is 2 MiB.)
 *
 * mm_shuffle=on builds that state at boot: three in four 4 MiB blocks
 * (all but every fourth, from a random offset) are "fragmented": a random
 * mm_ballast= percent of their free pages stay allocated as ballast
 * (standing for other users' memory). The fourth block stays whole, so
 * high-order allocations still work on large machines. A zone that touches
 * fewer than four 4 MiB blocks gets no block whole by the offset (all its
 * blocks are fragmented, so its ballast does not depend on the offset's
 * luck: a 4 MiB machine got none for one seed in four); its reserve, below,
 * keeps its high orders.
 *
 * The per-zone reserve (the rule that holds on every machine): a zone with
 * three or fewer 4 MiB blocks may get no whole block from the offset (an
 * 8 MiB PC has two, and neither is a whole free 4 MiB block: the kernel sits
 * in the first, the top of RAM is cut by the firmware), and ballast then
 * leaves no free block of order 3 (the self-tests' alloc_free_roundtrip
 * failed at 8M with seed=2). So, before any ballast is drawn, every
 * populated zone sets aside a reserve that never takes ballast: the zone's
 * largest free naturally aligned blocks (the buddy decomposition of its free
 * page ranges), largest first, until they hold SHUFFLE_ZONE_RESERVE_PAGES
 * pages, or all of the zone's free pages when it has fewer. The first block
 * of the reserve is therefore a block of the largest order the zone can hold
 * at all. At equal order, blocks inside 4 MiB blocks that stay whole anyway
 * are counted first, so a large zone usually needs nothing beyond the offset
 * rule. Ballast is drawn from the other free pages of fragmented blocks.
 *
 * Why 256 pages (1 MiB): the boot self-tests hold at most 60 pages at once,
 * in blocks up to order 3 (alloc_free_roundtrip: four blocks each of orders
 * 0..3), and the benchmark page tables a few more. On the smallest machine
 * the kernel accepts (4 MiB of RAM, see README) the DMA zone's free pages
 * above the kernel form one range of about 2 MiB, whose largest aligned
 * blocks are of order 8 (1 MiB) or more, so the reserve is one or two such
 * blocks and every order-0..3 request of the self-tests is met from it
 * whatever the seed (tests/host/test_shuffle_small.c checks 200 seeds over
 * 4..64 MiB and maps with holes).
 *
 * All free pages are then freed in a random order (Fisher-Yates over all free
 * pfns with the MWC generator), so buddies in fragmented blocks cannot all
 * merge back and the free lists are in random order. The same shuffle of the plain lists runs
 * again whenever coloring is stopped (page_color_stop), because the color
 * lists it merges are sorted by color. The idea follows Linux's
 * mm/shuffle.c (randomising free lists at boot), with ballast added because
 * this kernel has no other users of memory. */
#ifndef MM_SHUFFLE_H
#define MM_SHUFFLE_H

#include "kernel/types.h"
#include "mm/mmzone.h"

extern bool mm_shuffle_enabled;
extern u32 mm_ballast_pages; /* pages held as ballast */

/* Pages per zone that never take ballast (see above). */
#define SHUFFLE_ZONE_RESERVE_PAGES 256u
/* The reserve the last shuffle_release_memblock() kept, pages per zone
 * (SHUFFLE_ZONE_RESERVE_PAGES or more, rounded up to its last block; the
 * zone's free pages when it had fewer). */
extern u32 shuffle_reserve_pages[MAX_NR_ZONES];

/* Hook 1, at boot, instead of mm_release_memblock(): frees the unreserved
 * usable pages in a random order, keeping ballast_percent (0..90) of the
 * pages of fragmented blocks allocated as PG_ballast. scratch must hold one u32 per free page (at
 * least memblock's free page count) and stays owned by this module for
 * hook 2. Returns the pages freed, or -1 when scratch is too small (nothing
 * is freed then). */
struct mwc;
int shuffle_release_memblock(u32 *scratch, u32 scratch_len, u32 ballast_percent, struct mwc *rng);

/* Hook 2: Fisher-Yates shuffle of every plain free list of every zone
 * (a no-op while coloring is on, or when mm_shuffle is off). Zone lock held. */
void __shuffle_free_lists(void);
/* The same, taking the zone lock, after giving the calling CPU's per-CPU
 * lists back to the buddy lists (they hand pages back last in, first out).
 * The benchmarks call it before every uncolored run: pages a run frees go
 * back to the heads of the lists, and without other activity the next run
 * would get exactly the same pages, so uncolored runs would all share one
 * placement. */
void shuffle_free_lists(void);

#endif
