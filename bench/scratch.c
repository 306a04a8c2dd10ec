/* SPDX-License-Identifier: MIT */
/* bench/scratch.c - the scratch array the benchmarks share (wl_scratch,
 * bench/workload.h). */
#include "bench/workload.h"

u32 wl_scratch[2 * BENCH_MAX_PAGES];
