/* SPDX-License-Identifier: MIT */
/* asm/boot_params.h (Alpha) - the rows of the kernel's one parameter table
 * (init/params.c) that only the Alpha kernel has: fault= with the
 * exceptions arch/alpha/main.c can raise, rpcc_calibrate, and the per-CPU
 * lists' pcp=, pcp_batch=, pcp_high= (x86's rows: one CPU here, lists on
 * by default as on x86). The x86-only
 * rows (the self-tests, smp=, memcpy=, cache
 * partitioning, the x86-only benchmarks' parameters) are not in an Alpha
 * kernel's table: given on its command line they are rejected as unknown.
 * Included by init/params.c only (the rows name its boot_config). */
#ifndef ASM_ALPHA_BOOT_PARAMS_H
#define ASM_ALPHA_BOOT_PARAMS_H

#include "kernel/types.h"

/* rpcc_calibrate=: arch/alpha/main.c measures the counter's rate */
extern bool alpha_rpcc_calibrate;

static const char *const fault_choices[] = { "none", "load", "opdec", "vmap", NULL };

/* bench_min='s default: 16 KiB, two pages (the sweep's first point is
 * stride's 16 KiB on both page sizes) */
#define ARCH_BENCH_MIN_DEFAULT (16u * 1024)
/* no bench=copy on Alpha: no copy strategies */
#define ARCH_COPY_MASK_DEFAULT 0u

/* clang-format off */
#define ARCH_PARAMS_BOOT \
	{ .name = "fault", \
	  .type = PARAM_ENUM, \
	  .value = &boot_config.fault, \
	  .choices = fault_choices, \
	  .help = "end the run with a CPU exception: a load from an unmapped address, an illegal opcode, or a load " \
		  "from the pages the paging check mapped and unmapped" }, \
	{ .name = "rpcc_calibrate", \
	  .type = PARAM_BOOL, \
	  .value = &alpha_rpcc_calibrate, \
	  .help = "count the cycle counter over two ticks of the RTC's seconds (up to 2 s) and print the rate" },
#define ARCH_PARAMS_COLORS
#define ARCH_PARAMS_BENCH_WORKLOADS
#define ARCH_PARAMS_BENCH_COPY
/* clang-format on */

#endif
