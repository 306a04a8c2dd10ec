/* SPDX-License-Identifier: MIT */
/* init/bench_defaults.h - the rules that tie one parameter to another and
 * size the benchmarks to the machine, the same on every architecture (x86's
 * init/defaults.c and arch/alpha/main.c call them). */
#ifndef INIT_BENCH_DEFAULTS_H
#define INIT_BENCH_DEFAULTS_H

#include "kernel/types.h"

/* After parsing: page_color=off (or placement=buddy) without bench_modes=
 * means uncolored runs only; the placement and page_color given flags, the
 * policy comparison mask, mm_debug's per-run check and the coloring cache
 * handed to the benchmarks (boot_config.bench). */
void defaults_bench_rules(void);

/* After memory is up: bench/bench_config.c's sizing rules (the default
 * bench_max for the final cache, capped under a hypervisor when hypervisor
 * is set; a quarter of free memory; bench_min at most bench_max), each
 * change said in one line. */
void defaults_size_benchmarks_for(bool hypervisor);

#endif
