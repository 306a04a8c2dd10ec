/* SPDX-License-Identifier: MIT */
/* bench/bench_config.h - sizing the benchmarks to the machine: the default
 * largest working set (bench_max) and the limits every value, given or
 * default, must respect. Every value changed here is said in one log line
 * naming the parameter (the developers' guide: a value the kernel changes or
 * cannot honour is said, never silent). Host-testable: no hardware access. */
#ifndef BENCH_BENCH_CONFIG_H
#define BENCH_BENCH_CONFIG_H

#include "bench/bench.h"

#define BENCH_MAX_CEILING     (128u * MiB) /* bench_max's largest accepted value */
#define BENCH_MAX_DEFAULT_CAP (16u * MiB)  /* the default never exceeds this */
#define BENCH_MAX_HV_CAP      (4u * MiB)   /* default under a hypervisor (emulated time) */
#define BENCH_MAX_FLOOR	      (16u * 1024) /* bench_max's smallest accepted value */

/* The default of bench_max, in bytes (a power of two): 2 x cache_size (the
 * 2.4.17 thread's sweep goes out to twice the cache), at most 16M, and at most
 * 4M when a hypervisor is reported (every load is emulated there). cache_size:
 * bytes, a power of two. The one formula: used before the command line is
 * parsed (the default shown by `help` and in rejections) and again by
 * bench_config_finish when cache_size itself was given. */
u32 bench_max_default(u32 cache_size, bool hypervisor);

/* What bench_config_finish needs to know about the machine and the command
 * line. */
struct bench_sizing {
	u32 cache_size;	 /* bytes: the cache coloring targets (after the parse) */
	bool hypervisor; /* CPUID reports a hypervisor */
	bool min_given;	 /* bench_min= was accepted on the command line */
	bool max_given;	 /* bench_max= was accepted on the command line */
	u64 free_bytes;	 /* free memory once the allocator is up, bytes */
};

/* Applies the sizing rules to cfg->min_ws / cfg->max_ws (bytes, powers of two,
 * as parsed or defaulted) in this order, printing one "bench: ..." line for
 * each value it changes or explains:
 *  1. bench_max not given: the default for the final cache_size,
 *     bench_max_default(); a line when it is not simply 2 x cache_size (the
 *     16M or hypervisor cap) or differs from the default announced before
 *     the parse (cfg->max_ws on entry);
 *  2. bench_max, given or not, at most a quarter of free memory rounded down
 *     to a power of two (the FFT's buffer is 1.5 x its data, and the uncolored
 *     runs need room to place pages at random);
 *  3. when that quarter is below 16K, no benchmark runs: cfg->which =
 *     BENCH_NONE, said;
 *  4. bench_min above bench_max: lowered to bench_max.
 * Returns the number of values changed (0 when everything was honoured). */
u32 bench_config_finish(struct bench_config *cfg, const struct bench_sizing *in);

#endif
