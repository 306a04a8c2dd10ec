/* SPDX-License-Identifier: MIT */
/* asm/boot_params.h (x86) - the rows of the kernel's one parameter table
 * (init/params.c) that only the x86 kernel has: the boot sequence's
 * (qemu_exit, the self-tests, fault=, memcpy=, smp=, the per-CPU lists),
 * cache partitioning (kernel_colors=, task_colors=, color_borrow=), the
 * x86-only benchmarks' parameters (bench/registry.h says why they are
 * x86-only). Each macro is a list of rows that init/params.c puts at its
 * place in the table, so `help` and docs/parameters.md keep their order.
 * Included by init/params.c only (the rows name its boot_config). */
#ifndef ASM_X86_BOOT_PARAMS_H
#define ASM_X86_BOOT_PARAMS_H

#include "arch/x86/copy_strategies.h"
#include "arch/x86/fault_inject.h"

/* The names of the enum parameters whose owners do not link into the host
 * tools (tools/zoneinfo parses with this same table). */
static const char *const fault_choices[] = FAULT_CHOICES;
static const char *const memcpy_choices[] = COPY_MEMCPY_CHOICES;
static const char *const copy_strategy_choices[] = COPY_STRATEGY_CHOICES;
/* bench_min='s default: one page */
#define ARCH_BENCH_MIN_DEFAULT PAGE_SIZE
/* bench=copy measures every strategy unless copy_strategies= says */
#define ARCH_COPY_MASK_DEFAULT ((1u << COPY_NR) - 1)

/* clang-format off */
#define ARCH_PARAMS_BOOT \
	{ .name = "qemu_exit", \
	  .unit = "I/O port number", \
	  .type = PARAM_UINT, \
	  .value = &boot_config.qemu_exit, \
	  .min = 0, \
	  .max = 0xffff, \
	  .help = "isa-debug-exit port to end QEMU with the result (0 = halt; never on real PCs)" }, \
	{ .name = "selftest", .type = PARAM_BOOL, .value = &boot_config.selftest, .help = "run the boot self-tests" }, \
	{ .name = "selftest_inject", \
	  .type = PARAM_ENUM, \
	  .value = &boot_config.selftest_inject, \
	  .choices = selftest_inject_names, \
	  .help = "test the self-tests' failure paths: alloc_fail (2nd allocation of each fails), leak, or " \
		  "use_after_free (a write into a freed block: mm_debug=poison finds it)" }, \
	{ .name = "fault", \
	  .type = PARAM_ENUM, \
	  .value = &boot_config.fault, \
	  .choices = fault_choices, \
	  .help = "raise a CPU exception at the end (tests the fault report)" }, \
	{ .name = "memcpy", \
	  .type = PARAM_ENUM, \
	  .value = &boot_config.memcpy, \
	  .choices = memcpy_choices, \
	  .help = "the kernel's memcpy: auto = fastest per alignment class at boot, or one strategy" }, \
	{ .name = "smp", \
	  .machine_default = true, \
	  .unit = "CPUs", \
	  .type = PARAM_UINT, \
	  .value = &boot_config.smp, \
	  .min = 1, \
	  .max = 8, /* NR_CPUS, <asm/smp.h> */ \
	  .help = "CPUs to start, boot CPU included (default: every CPU the ACPI MADT lists, at most 8; help shows the " \
		  "CPUs started)" }, \
	/* end of ARCH_PARAMS_BOOT */

#define ARCH_PARAMS_COLORS \
	/* ---- cache partitioning (struct color_sets_config, mm/color_set.h) ---- */ \
	{ .name = "kernel_colors", \
	  .type = PARAM_STR, \
	  .form = "colors N or N-M separated by commas (Xen syntax, e.g. 0-3,8-11)", \
	  .value = boot_config.colors.kernel, \
	  .max = COLOR_SET_TEXT, \
	  .help = "colors of the kernel's own pages; kept out of task sets" }, \
	{ .name = "task_colors", \
	  .type = PARAM_STR, \
	  .form = "colors N or N-M separated by commas (Xen syntax, e.g. 0-3,8-11)", \
	  .value = boot_config.colors.task, \
	  .max = COLOR_SET_TEXT, \
	  .help = "colors of every task's pages (default: all)" }, \
	{ .name = "color_borrow", \
	  .type = PARAM_BOOL, \
	  .value = &boot_config.colors.borrow, \
	  .help = "when a set runs out: borrow other colors (counted), off = the allocation fails" }, \
	/* end of ARCH_PARAMS_COLORS */

#define ARCH_PARAMS_BENCH_WORKLOADS \
	{ .name = "bench_stress_ms", \
	  .unit = "milliseconds", \
	  .type = PARAM_UINT, \
	  .value = &boot_config.bench.stress_ms, \
	  .min = 10, \
	  .max = 600000, \
	  .help = "bench=smpstress: milliseconds per phase (buddy with per-CPU lists, then binhop)" }, \
	/* end of ARCH_PARAMS_BENCH_WORKLOADS */

#define ARCH_PARAMS_BENCH_COPY \
	{ .name = "copy_bytes", \
	  .machine_default = true, \
	  .type = PARAM_SIZE, \
	  .value = &boot_config.bench.copy_bytes, \
	  .min = 512u << 10, \
	  .max = 256u << 20, \
	  .help = "bench=copy: the cached file read in 8K chunks = bytes per run of a point (default 32M; 4M under a " \
		  "hypervisor)" }, \
	{ .name = "copy_strategies", \
	  .type = PARAM_LIST, \
	  .value = &boot_config.bench.copy_mask, \
	  .choices = copy_strategy_choices, \
	  .help = "bench=copy: the strategies to measure (default all the CPU can run)" }, \
	{ .name = "bench_interfere_hz", \
	  .unit = "interrupts per second (Hz)", \
	  .type = PARAM_UINT, \
	  .value = &boot_config.bench.interfere_hz, \
	  .min = 19, \
	  .max = 100000, \
	  .help = "bench=interfere: timer interrupts (time slices) per second" }, \
	/* end of ARCH_PARAMS_BENCH_COPY */
/* clang-format on */

#endif
