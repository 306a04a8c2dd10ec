/* SPDX-License-Identifier: MIT */
/* bench/bench.h - in-kernel benchmarks of page placement: a dependent-load
 * stride sweep (lmbench lat_mem_rd style) and a radix-2 complex FFT, each
 * point run with page coloring on and off in the same boot. */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include "kernel/types.h"

/* Benchmark names for bench=, a comma-separated list ("stride,fft,triad").
 * bench_config.which is a bit mask: BENCH_BIT(w) per selected name. "all" is
 * the coloring benchmarks (stride and FFT), "none" selects nothing; the
 * workloads from triad on are opt-in by name (bench/triad.c, sparse.c,
 * reuse.c). The values of the first five stay as they were. */
enum bench_which {
	BENCH_ALL,
	BENCH_FFT,
	BENCH_STRIDE,
	BENCH_NONE,
	BENCH_PROBE,
	BENCH_TRIAD,
	BENCH_SPARSE,
	BENCH_REUSE,
	BENCH_FRAG,	 /* bench/frag.c: grouping by mobility, high-order allocations */
	BENCH_COPY,	 /* the copy alignment study, bench/copy.c: by name only */
	BENCH_INTERFERE, /* bench/interfere.c: cache partitioning, opt-in */
	BENCH_PCP,	 /* bench/pcp.c: per-CPU lists on 1, 2, 4 CPUs */
	BENCH_SMPSTRESS	 /* bench/pcp.c: every CPU allocates and frees at once */
};
#define BENCH_NR     13
#define BENCH_BIT(w) (1u << (w))
/* "all", "fft", ... in enum order, then NULL (the choices of bench=). */
extern const char *const bench_names[BENCH_NR + 1];
enum bench_modes { BENCH_MODES_BOTH, BENCH_MODES_ON, BENCH_MODES_OFF };

struct bench_config {
	u32 which;	  /* bit mask of BENCH_BIT(enum bench_which) */
	u32 modes;	  /* enum bench_modes: coloring on and/or off per point */
	u32 runs;	  /* repetitions per point and mode, each in a new task */
	u32 min_ws;	  /* smallest working set, bytes (power of two) */
	u32 max_ws;	  /* largest working set, bytes (power of two) */
	u32 tsc_khz;	  /* for nanoseconds in the log; 0 = unknown */
	bool phase_marks; /* store phase markers for tools/cachesim */
	bool check;	  /* mm_check() after every run (mm_debug) */
	/* additions for the workloads and the policy comparison */
	u32 policies;	   /* bench_policies=: bit i runs everything under
			     bench_policy_names[i]; 0 = coloring on/off per point */
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

/* Runs the selected benchmarks and prints human-readable tables plus one
 * "@result ..." line per point and mode. With cfg->policies set, runs every
 * selected benchmark once per selected policy (in bench_policy_names order),
 * switching at run time through bench/policy_switch.h, each block preceded
 * by "@policy name=P status=selected" (or status=unavailable, skipped: not
 * a failure), and restores the policy in force at entry. Returns the number of failures
 * (a run that could not get its pages, an FFT that failed verification, an
 * mm_check() failure). */
u32 bench_run(const struct bench_config *cfg);

/* ---- pieces shared by the benchmark files ---- */

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
 *  - every run completed: the @result line as documented in the README:
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

/* bench_report_point for a point whose n runs all completed (v: their
 * values). */
void bench_report(const char *bench, const char *keys, const char *unit, bool colored, const double *v, u32 n, u32 hits,
		  u32 misses, u32 tsc_khz, const char *extra);
/* Switches page coloring for the next runs: on = placement binhop, off =
 * placement buddy (mm/placement/). */
void bench_set_coloring(bool on);
/* Switches to the placement policy `name` (buddy, binhop, vacolor, bestbin,
 * random) for the next runs. Returns 0, or -1 for an unknown or unavailable
 * policy (printed; the active policy stays). */
int bench_set_placement(const char *name);

/* The two benchmarks. Each returns 0 or a failure count. */
u32 bench_stride(const struct bench_config *cfg);
u32 bench_fft(const struct bench_config *cfg);
/* The opt-in workloads (bench/triad.c, sparse.c, reuse.c): see each file's
 * header for what it shows. Each returns 0 or a failure count (a run that
 * could not get its pages, a wrong result, an mm_check() failure). */
u32 bench_triad(const struct bench_config *cfg);
u32 bench_sparse(const struct bench_config *cfg);
u32 bench_reuse(const struct bench_config *cfg);
/* bench=copy: the copy alignment study (bench/copy.c). Returns the number
 * of failures (a copy that did not verify, a buffer that could not be had). */
u32 bench_copy(const struct bench_config *cfg);
/* bench=frag (bench/frag.c): high-order allocations after a churn, grouping
 * by mobility on and off, as memory stands / with reclaim / with compaction. */
u32 bench_frag(const struct bench_config *cfg);
/* Bytes of virtual space from BENCH_VA that the selected benchmarks map
 * (page tables for it are built once, before the leak-check baseline):
 * 2 x max_ws, more for triad's three ranges and sparse's spread pages. */
u32 bench_va_bytes(const struct bench_config *cfg);

/* bench=probe: a known pattern of physical cache lines touched inside
 * marked phases, for the cache simulator's end-to-end test (bench/probe.c).
 * Returns 0 or a failure count. */
u32 bench_probe(const struct bench_config *cfg);

#endif
