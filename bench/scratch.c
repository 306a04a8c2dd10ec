/* SPDX-License-Identifier: MIT */
/* bench/scratch.c - see bench/scratch.h. */
#include "bench/scratch.h"

u32 wl_scratch[2 * BENCH_MAX_PAGES];
