/* SPDX-License-Identifier: MIT */
/* tools/make/cmdline-check/other_arch.h - what the check knows of the other
 * kernel's table (the x86 kernel's when it checks the Alpha kernel's line,
 * and the reverse), and of the kernel it checks: which architecture, how it
 * is booted, which benchmarks it builds. */
#ifndef CMDLINE_CHECK_OTHER_ARCH_H
#define CMDLINE_CHECK_OTHER_ARCH_H

#include "kernel/cmdline.h"
#include "kernel/types.h"

/* The kernel this build checks ("x86" or "Alpha"), the other one, and the
 * make command that boots this one ("make run", "make ARCH=alpha run"). */
extern const char *const check_arch, *const other_arch, *const check_run;
/* The bench= names this kernel builds (a mask over bench_names[]): the
 * others the parser takes but the kernel rejects at boot (Alpha's). */
extern const u32 check_bench_built;
/* The other kernel's own rows (its <asm/boot_params.h>: the rows that
 * exist there only or differ), other_row_count of them. */
extern const struct kernel_param other_rows[];
extern const size_t other_row_count;
/* This kernel's own rows (own_arch.c), own_row_count of them. */
extern const struct kernel_param own_rows[];
extern const size_t own_row_count;
/* The row of rows[n] named name, or NULL. */
const struct kernel_param *rows_find(const struct kernel_param *rows, size_t n, const char *name);

#endif
