/* SPDX-License-Identifier: MIT */
/* bench/bench.h - the benchmark driver: which benchmarks run (bench=, the
 * names in bench/registry.h) and under which placement policies
 * (bench_policies=). It sits above the workload library (bench/workload.h),
 * which the benchmark files include; the benchmarks never call the driver. */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include "bench/registry.h"
#include "bench/workload.h"
#include "kernel/types.h"

/* Benchmark names for bench=, a comma-separated list ("stride,fft,triad").
 * bench_config.which is a bit mask: BENCH_BIT(w) per selected name. "all" is
 * the coloring benchmarks (stride and FFT), "none" selects nothing; the
 * others are opt-in by name (see each file's header for what it shows). */
#define BENCH_ID_(ID, name, bit) BENCH_##ID = (bit),
enum bench_which { BENCH_REGISTRY(BENCH_ID_, BENCH_ID_) };
#undef BENCH_ID_
#define BENCH_ONE_(ID, name, bit) +1
enum { BENCH_NR = 0 BENCH_REGISTRY(BENCH_ONE_, BENCH_ONE_) };
#undef BENCH_ONE_
#define BENCH_BIT(w) (1u << (w))
/* "all", "fft", ... by bit, then NULL (the choices of bench=;
 * bench/bench_names.c). */
extern const char *const bench_names[BENCH_NR + 1];

/* The benchmarks a bench= mask runs: "all" adds stride and FFT, "none"
 * contributes nothing. Returns a mask of BENCH_BIT() values without the
 * BENCH_ALL and BENCH_NONE bits (0: nothing to run). Pure
 * (bench/bench_names.c, built for the host tests too). */
u32 bench_expand(u32 which);

/* Runs the selected benchmarks in registry order, each followed by one
 * pagetypeinfo line. With cfg->policies set, runs every selected benchmark
 * once per selected policy (in placement id order), switching at run
 * time through bench/policy_switch.h, each block preceded by "@policy
 * name=P status=selected" (or status=unavailable, skipped: not a failure),
 * and restores the policy in force at entry. Returns the number of
 * failures (a run that could not get its pages, an FFT that failed
 * verification, an mm_check() failure). */
u32 bench_run(const struct bench_config *cfg);

/* The benchmarks this kernel has (built and in the driver's table), as a
 * mask of BENCH_BIT() values: every one on x86; on Alpha
 * BENCH_PORTABLE_MASK (stride, fft; bench/registry.h says why). */
u32 bench_built_mask(void);

/* Bytes of virtual space from BENCH_VA that the selected benchmarks map
 * (page tables for it are built once, before the leak-check baseline):
 * 2 x max_ws, more for triad's three ranges, copy's file, sparse's spread
 * pages and interfere's two tasks; at most BENCH_VA_MAX. */
u32 bench_va_bytes(const struct bench_config *cfg);

#endif
