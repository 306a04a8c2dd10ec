/* SPDX-License-Identifier: MIT */
/* bench/scratch.h - one scratch array the benchmarks share.
 *
 * Benchmarks run one at a time, so their page lists (pfns, virtual
 * addresses) can share one array in .bss instead of each keeping its own:
 * on a 4 MiB machine every page of .bss is a page the allocator does not
 * manage. A benchmark may use all of it for the length of its run. */
#ifndef BENCH_SCRATCH_H
#define BENCH_SCRATCH_H

#include "bench/bench.h"

/* 2 x BENCH_MAX_PAGES u32 entries (512 KiB), contents undefined on entry
 * to a benchmark. */
extern u32 wl_scratch[2 * BENCH_MAX_PAGES];

#endif
