/* SPDX-License-Identifier: MIT */
/* init/defaults.h - the defaults that depend on the machine, and the rules
 * that tie one parameter to another. */
#ifndef INIT_DEFAULTS_H
#define INIT_DEFAULTS_H

#include "arch/x86/cpuinfo.h"

/* Before parsing: the cache that coloring targets (the largest cache CPUID
 * reports, size and ways as they are; a fully associative cache counts as
 * one way per page; without CPUID data the 2.4.17 patch's i386 guess, 256K
 * direct-mapped, stays), the MWC seed from the TSC, and bench_max = 2 x the
 * cache (capped to 128M), so `help` and rejections show the values in
 * effect. Returns the cache used, or NULL when CPUID reported none. */
const struct cpu_cache *defaults_from_machine(void);

/* After parsing: qemu_exit= arms the exit port; then the rules every
 * architecture shares (init/bench_defaults.h: page_color=off without
 * bench_modes= means uncolored runs only, ...). */
void defaults_apply_rules(void);

/* After memory is up: defaults_size_benchmarks_for() (init/bench_defaults.h)
 * with CPUID's hypervisor bit. */
void defaults_size_benchmarks(void);

#endif
