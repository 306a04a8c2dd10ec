/* SPDX-License-Identifier: MIT */
/* bench/bench_fit.h - do the selected benchmarks fit in free memory? */
#ifndef BENCH_BENCH_FIT_H
#define BENCH_BENCH_FIT_H

#include "kernel/types.h"

/* Builds the page tables of the benchmark buffer area (bench_buf_prepare,
 * for 2 x max_ws bytes) and checks that each selected benchmark's largest
 * buffer fits in the free pages left; a benchmark that does not fit is
 * skipped with one line
 *   bench: <name> skipped: needs N KiB, M KiB free (bench_max=...)
 * (N: its buffer, plus the page tables when those did not fit either).
 * The page table that maps the start of the area is always built, even
 * when everything is skipped (the self-tests' vmap uses it). Call before
 * the leak-check baseline. which: enum bench_which. Returns what to run:
 * which, or the benchmark of ALL that fits, or BENCH_NONE. The probe
 * (tools/cachesim) is not checked: it needs a few pages per pattern. */
u32 bench_fit_prepare(u32 which, u32 max_ws, u32 va_bytes);

#endif
