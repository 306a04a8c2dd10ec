/* SPDX-License-Identifier: MIT */
/* bench/workload.h - pieces shared by the opt-in workloads (triad, sparse,
 * reuse): the placement plans as pure functions (bench/wl_plan.c, built for
 * the host tests too) and page-list buffers with virtual-address hints
 * (bench/wl_buf.c, kernel only). */
#ifndef BENCH_WORKLOAD_H
#define BENCH_WORKLOAD_H

#include "kernel/mwc.h"
#include "kernel/types.h"

struct bench_config;

/* Virtual space the workloads may map from BENCH_VA, bytes: points that
 * would need more are skipped with a message. */
#define BENCH_VA_MAX (512u * MiB)

/* ---- pure (bench/wl_plan.c) ---- */

/* The benchmarks a bench= mask runs: "all" adds stride and FFT, "none"
 * contributes nothing. Returns a mask of BENCH_BIT() values without the
 * BENCH_ALL and BENCH_NONE bits (0: nothing to run). */
u32 bench_expand(u32 which);

/* Triad's interleaved allocation: allocation k (0, 1, 2, ...) is page
 * k / 3 of array k % 3 (a0 b0 c0 a1 b1 c1 ...). */
static inline void triad_slot(u32 k, u32 *array, u32 *page)
{
	*array = k % 3;
	*page = k / 3;
}

/* Distance in bytes between the virtual bases of triad's three arrays:
 * array_bytes rounded up to a power of two, at least color_span (the bytes
 * one way of the cache covers, cache_size / ways), so that a[i], b[i] and
 * c[i] sit at the same offset modulo color_span: the same virtual color.
 * array_bytes >= 1 and color_span a power of two; returns 0 when the result
 * would not fit in 32 bits. */
u32 triad_va_stride(u32 array_bytes, u32 color_span);

/* Virtual span in bytes of sparse's walk: pages x k x 4096, or 0 when that
 * does not fit in 32 bits. */
u32 sparse_va_span(u32 pages, u32 k);

/* The largest number of pages of pfns[n] that share one color, with
 * colors (a power of two, 1..65536) colors by pfn & (colors - 1); counts
 * must hold colors entries (overwritten). 0 for n = 0. An ideal placement
 * has ceil(n / colors). */
u32 color_max_load(const u32 *pfns, u32 n, u32 colors, u16 *counts);

/* Shuffles v[n] uniformly in place (Fisher-Yates with g). */
void wl_shuffle(u32 *v, u32 n, struct mwc *g);

/* ---- buffers and modes (bench/wl_buf.c, kernel only) ---- */

/* The mode loop of a point: call with m = 0 and 1. Returns false when mode
 * m is not run; else sets *colored and switches coloring for it (coloring
 * on for m = 0, off for m = 1, as cfg->modes asks). With cfg->policy_fixed
 * (the driver holds a policy) only m = 0 runs, under that policy, and
 * *colored says whether it colors. */
bool wl_mode(const struct bench_config *cfg, u32 m, bool *colored);

/* Allocates n order-0 pages through bench_alloc_page_va(), page i with the
 * hint va[i] (or va_base + i * 4096 when va is NULL), by the current task,
 * into pfns[0..n). Returns 0, or -1 when memory ran out (the pages got are
 * freed again and a message is printed naming what). */
int wl_alloc_pages(u32 *pfns, u32 n, const u32 *va, u32 va_base, const char *what);
/* Frees n pages of pfns (order 0). */
void wl_free_pages(const u32 *pfns, u32 n);
/* Checks that n more pages can be held while keeping a quarter of memory
 * free; otherwise prints "<bench>: ws=<ws> needs N pages, M free; skipped"
 * and an "@skip bench=<bench> ws=<ws> policy=<p> reason=no_memory runs=0" line and
 * returns false. */
bool wl_fits(const char *bench, u32 ws, u32 n);
/* Colors of the configured cache (page_color_count of its geometry). */
u32 wl_colors(u32 cache_size, u32 ways);
/* color_max_load() over the configured colors (scratch inside). */
u32 wl_max_per_color(const u32 *pfns, u32 n, u32 colors);

/* Reports one point of a workload: v[0..ran) are the completed runs of
 * runs attempted; the runs that could not get their pages are not results
 * (bench_format_record: "runs=K of=N reason=no_memory", or @skip when none
 * completed). */
void wl_report(const char *bench, const char *keys, const char *unit, bool colored, const double *v, u32 ran, u32 runs,
	       u32 hits, u32 misses, u32 tsc_khz, const char *extra);

/* One run of a workload at `pages` pages (bench/triad.c, sparse.c, reuse.c):
 * cycles per element or load, or a negative value when the run could not
 * happen; counters of the run's task, and *bad set when a result was wrong. */
typedef double (*wl_run_fn)(const struct bench_config *cfg, u32 pages, bool colored, u32 run, u64 overhead, u32 *hits,
			    u32 *misses, u32 *max_color, bool *bad);
/* One point in every coloring mode wl_mode() allows: cfg->runs runs each,
 * reported through wl_report with keys, unit and "policy=<p> [note]
 * verified=yes|no max_per_color=N". Returns the failures (runs that did not
 * happen, mm_check() failures when cfg->check). */
u32 wl_point(const struct bench_config *cfg, wl_run_fn run, u32 pages, u64 overhead, const char *bench,
	     const char *keys, const char *unit, const char *note);

/* The workloads' page lists live in wl_scratch (bench/scratch.h). */
#include "bench/scratch.h"

#endif
