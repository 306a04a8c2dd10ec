/* SPDX-License-Identifier: MIT */
/* init/params.h - the kernel's parameters: one table, one lookup.
 *
 * Every command-line parameter of the kernel is a row of boot_params[]
 * (init/params.c), whatever part of the kernel it configures. A row points
 * into a configuration struct: struct boot_config below for the boot
 * sequence and the benchmarks, struct mm_config (mm/mm_init.h) for the
 * memory manager. The boot sequence fills in the machine's defaults (cache
 * geometry from CPUID, a seed from the TSC), parses the command line once,
 * then hands each part its struct. The parser and the one lookup
 * (param_find) are the library's (kernel/cmdline.c); tools/zoneinfo parses
 * its --cmdline against this same table, so tool and kernel agree. */
#ifndef INIT_PARAMS_H
#define INIT_PARAMS_H

#include "bench/bench.h"
#include "kernel/cmdline.h"
#include "kernel/types.h"
#include "mm/color_set.h"
#include "mm/mm_init.h"

/* What the boot sequence itself is told (the memory manager's part is
 * .mm, passed into mm_init(); the benchmarks' part is .bench). */
struct boot_config {
	bool help;			 /* help: print the parameter table */
	u32 seed;			 /* seed=: the MWC generator's seed (default: from the TSC) */
	u32 qemu_exit;			 /* qemu_exit=: isa-debug-exit port, 0 = halt */
	bool selftest;			 /* selftest=on|off: the boot self-tests */
	u32 selftest_inject;		 /* selftest_inject=: none, alloc_fail, leak (init/selftest.c) */
	u32 fault;			 /* fault=: index into fault_names, 0 = none */
	u32 memcpy;			 /* memcpy=: auto (0) or a copy strategy (arch/x86/copy_select.h) */
	u32 smp;			 /* smp=N: CPUs to run, 1..NR_CPUS (default: all found) */
	bool pcp;			 /* pcp=on|off: per-CPU page lists (default: on) */
	u32 pcp_batch;			 /* pcp_batch=N: pages per zone lock */
	u32 pcp_high;			 /* pcp_high=N: hot list's high mark (0: 6 x batch) */
	struct mm_config mm;		 /* page_color=, placement=, cache_size=, ... (mm/mm_init.h) */
	u32 bench_policies;		 /* bench_policies=: bit mask over placement_choices */
	struct color_sets_config colors; /* kernel_colors=, task_colors=, color_borrow= (mm/color_set.h) */
	struct bench_config bench;	 /* bench=, bench_modes=, bench_runs=, bench_min=, bench_max=, cachesim=,
				      bench_sparse_k=, bench_reuse_bufs= */
};

extern struct boot_config boot_config;
extern struct kernel_param boot_params[];
extern const size_t boot_param_count;
/* Parses cmdline (may be NULL) against boot_params[]: every rejection is
 * printed by kernel/cmdline.c. Returns the number of rejected tokens. */
int params_parse(const char *cmdline);
/* The row of boot_params[] named name, or NULL. */
struct kernel_param *params_find(const char *name);
/* True when name was given a valid value on the command line. */
bool param_given(const char *name);
/* Prints every parameter with its accepted form, value in effect and help. */
void params_print_help(void);

#endif
