/* SPDX-License-Identifier: MIT */
/* bench/workload.h - the workload library: what every benchmark file
 * includes, and nothing of the driver (bench/bench.h sits above it).
 *
 *  - struct bench_config: what the benchmarks are asked to do;
 *  - measuring and reporting (bench/stats.c, bench_buf.c, report.c): the
 *    statistics of a point's runs, the benchmark buffer at BENCH_VA, the
 *    timer overhead, phase markers for tools/cachesim, the @result record;
 *  - the opt-in workloads' helpers (triad, sparse, reuse): the placement
 *    plans as pure functions (bench/wl_plan.c, built for the host tests too)
 *    and page-list buffers with virtual-address hints (bench/wl_buf.c).
 * Placement is reached through bench/policy_switch.h. */
#ifndef BENCH_WORKLOAD_H
#define BENCH_WORKLOAD_H

#include "kernel/mwc.h"
#include "kernel/types.h"

/* Coloring modes of a point (bench_modes=): both, on only, off only. */
enum bench_modes { BENCH_MODES_BOTH, BENCH_MODES_ON, BENCH_MODES_OFF };

/* What a benchmark is asked to do: the bench* parameters (init/params.c)
 * after bench_config_finish() sized them to the machine. */
struct bench_config {
	u32 which;	  /* bit mask of BENCH_BIT(enum bench_which), bench/bench.h */
	u32 modes;	  /* enum bench_modes: coloring on and/or off per point */
	u32 runs;	  /* repetitions per point and mode, each in a new task */
	u32 min_ws;	  /* smallest working set, bytes (power of two) */
	u32 max_ws;	  /* largest working set, bytes (power of two) */
	u32 tsc_khz;	  /* for nanoseconds in the log; 0 = unknown */
	bool phase_marks; /* store phase markers for tools/cachesim */
	bool check;	  /* mm_check() after every run (mm_debug) */
	/* additions for the workloads and the policy comparison */
	u32 policies;	   /* bench_policies=: bit i runs everything under
			     placement_choices[i]; 0 = coloring on/off per point */
	bool policy_fixed; /* set by the driver while it holds a policy: the
			      workloads then do not switch coloring themselves */
	u32 cache_size;	   /* bytes, the coloring's cache (for color statistics) */
	u32 cache_ways;	   /* its ways */
	u32 sparse_k;	   /* bench=sparse touches every k-th page (k >= 1) */
	u32 reuse_bufs;	   /* bench=reuse: buffers allocated and freed first */
	u32 copy_bytes;	   /* bench=copy: the cached file's size, bytes (copy_bytes=) */
	u32 copy_mask;	   /* bench=copy: bit id runs strategy id (copy_strategies=) */
	u32 interfere_hz;  /* bench=interfere: timer interrupts (time slices) per second */
	u32 stress_ms;	   /* bench=smpstress: milliseconds per phase */
};

/* Virtual space the workloads may map from BENCH_VA, bytes: points that
 * would need more are skipped with a message. */
#define BENCH_VA_MAX (512u * MiB)

/* ---- measuring and reporting (bench/stats.c, bench_buf.c, report.c) ---- */

/* Summary of n samples: min, median, mean, sample stddev (0 for n = 1);
 * only the first 64 are used. n = 0 gives all zeros: callers must not
 * print those as figures (bench_format_record prints @skip instead). */
struct bench_stats {
	double min, median, mean, stddev;
};
void bench_stats(const double *v, u32 n, struct bench_stats *out);
double bench_sqrt(double x);

/* Formats x with `decimals` digits after the point ("12.345"); and in
 * scientific notation with 2 decimals ("1.23e-15"). Return buf. */
char *fmt_fixed(char *buf, u32 size, double x, u32 decimals);
char *fmt_sci(char *buf, u32 size, double x);

/* A task's benchmark buffer: pages allocated one at a time (order 0,
 * GFP_HIGHUSER, as a process's page faults would get them) by the current
 * task and mapped virtually contiguous at BENCH_VA. */
#define BENCH_VA	0xC0000000u
#define BENCH_MAX_PAGES 65536u /* 256 MiB */
/* Buffer pages that came from HighMem, counted over all allocations. */
extern u32 bench_highmem_pages;
struct bench_buf {
	void *va;
	u32 npages;
	u32 hits, misses; /* the task's coloring counters after allocation */
};
/* Allocates and maps bytes (rounded up to pages). Returns 0, or -1 when
 * memory ran out or mapping failed (everything is released then). */
int bench_buf_alloc(struct bench_buf *b, u32 bytes);
void bench_buf_free(struct bench_buf *b);
/* Makes sure page tables for the whole buffer area exist (called once before
 * the leak-check baseline, so the benchmarks allocate none of their own). */
int bench_buf_prepare(u32 max_bytes);

/* Cycles that an empty timed region costs (serialised TSC reads), the
 * minimum over many tries; subtracted from every measurement. */
u64 bench_timer_overhead(void);

/* Phase markers for tools/cachesim. A phase is labelled by an "@phase id=N
 * desc" line and counted by the simulator from the marker store at
 * phase_mark_addr(id) (arch.h) to the end marker. The label's printk touches the
 * console code, its data and the stack: printed between a warm-up and the
 * timed loop it evicts warmed buffer lines, and the timed loop then counts
 * their misses (20-28 per colored stride run; 7-8 remain once the label
 * moved before the warm-up). So a benchmark run is:
 *   id = bench_phase_label(desc);   print the label (not counted: phase 0)
 *   ...warm-up...                   not counted: no marker written yet
 *   bench_phase_start(id);          marker store: the phase starts
 *   ...timed loop...
 *   bench_phase_end();
 * bench_phase_label returns the id (1..PHASE_MARK_MAX, 16383), or 0 when
 * marking is off or the ids ran out (then start/end do nothing, and the log
 * says so once: "bench: more than N phases"). bench_phase_begin(desc) is
 * label + start, for code with no warm-up to protect.
 * All are no-ops unless enabled by bench_phase_enable(). */
void bench_phase_enable(bool on);
u32 bench_phase_label(const char *desc);
void bench_phase_start(u32 id);
u32 bench_phase_begin(const char *desc);
void bench_phase_end(void);

/* One benchmark point in one coloring mode, as measured: the values of the
 * runs that completed (ran of runs attempted), and why the others failed. */
struct bench_point {
	const char *bench;  /* "stride", "fft" */
	const char *keys;   /* "pattern=seq ws=65536": identifies the point */
	const char *unit;   /* "cycles/load", "cycles" */
	bool colored;	    /* coloring mode of these runs */
	const double *v;    /* v[0..ran-1]: the completed runs' values */
	u32 ran, runs;	    /* completed runs, runs attempted (ran <= runs) */
	const char *reason; /* why runs failed ("no_memory"), NULL when none did */
	u32 hits, misses;   /* coloring counters of the completed runs only */
	u32 highmem_pages;  /* buffer pages from HighMem */
	u32 tsc_khz;	    /* for ns_median; 0 = unknown */
	const char *extra;  /* more key=value pairs for @result, or NULL */
};

/* Formats the point's machine-readable record into buf (no newline) and
 * returns buf. A run that did not happen is never a result:
 *  - every run completed: the @result line as docs/usage.md documents it:
 *      "@result bench=<b> <keys> color=on|off runs=N unit=<u> min= median=
 *       mean= stddev= [ns_median=] hits= misses= highmem_pages= [extra]"
 *  - some failed: the same, with statistics over the K completed runs only,
 *      "... runs=K of=N reason=<why> unit=..." (N - K failures were counted);
 *  - none completed: "@skip bench=<b> <keys> color=on|off reason=<why>
 *      runs=0 of=N" (no figures at all).
 * Values are formatted with 3 decimals, or 0 when the median is >= 10000. */
char *bench_format_record(char *buf, u32 size, const struct bench_point *pt);

/* Prints one point's result (a human line and bench_format_record's line),
 * with pt->highmem_pages replaced by the buffer pages from HighMem since
 * the previous report.
 * After an "off" @result whose keys match the previous "on" @result, prints
 * the off/on ratio of the medians. */
void bench_report_point(const struct bench_point *pt);

/* ---- pure (bench/wl_plan.c) ---- */

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

/* Virtual span in bytes of sparse's walk: pages x k x PAGE_SIZE, or 0 when that
 * does not fit in 32 bits. */
u32 sparse_va_span(u32 pages, u32 k);

/* The largest number of pages of pfns[n] that share one color, with
 * colors (a power of two, 1..65536) colors by pfn & (colors - 1); counts
 * holds ncounts entries (a power of two, overwritten): with fewer than
 * colors, one pass over pfns per ncounts colors. 0 for n = 0 or ncounts = 0.
 * An ideal placement has ceil(n / colors). */
u32 color_max_load(const u32 *pfns, u32 n, u32 colors, u16 *counts, u32 ncounts);

/* Shuffles v[n] uniformly in place (Fisher-Yates with g). */
void wl_shuffle(u32 *v, u32 n, struct mwc *g);

/* ---- buffers and modes (bench/wl_buf.c, kernel only) ---- */

/* Allocates n order-0 pages through bench_alloc_page_va(), page i with the
 * hint va[i] (or va_base + i * PAGE_SIZE when va is NULL), by the current task,
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

/* One run of a workload at `pages` pages (bench/triad.c, sparse.c, reuse.c):
 * cycles per element or load, or a negative value when the run could not
 * happen; counters of the run's task, and *bad set when a result was wrong. */
typedef double (*wl_run_fn)(const struct bench_config *cfg, u32 pages, bool colored, u32 run, u64 overhead, u32 *hits,
			    u32 *misses, u32 *max_color, bool *bad);
/* One point in every coloring mode cfg->modes asks for (with
 * cfg->policy_fixed: the policy in force only): cfg->runs runs each,
 * reported (bench_report_point) with keys, unit and "policy=<p> [note]
 * verified=yes|no max_per_color=N". Returns the failures (runs that did not
 * happen, mm_check() failures when cfg->check). */
u32 wl_point(const struct bench_config *cfg, wl_run_fn run, u32 pages, u64 overhead, const char *bench,
	     const char *keys, const char *unit, const char *note);

/* ---- scratch (bench/scratch.c) ---- */

/* One scratch array the benchmarks share: they run one at a time, so their
 * page lists (pfns, virtual addresses) can share one array in .bss instead of
 * each keeping its own (on a 4 MiB machine every page of .bss is a page the
 * allocator does not manage). 2 x BENCH_MAX_PAGES u32 entries (512 KiB),
 * contents undefined on entry to a benchmark, which may use all of it for the
 * length of its run. */
extern u32 wl_scratch[2 * BENCH_MAX_PAGES];

#endif
