/* SPDX-License-Identifier: MIT */
/* tools/make/cmdline-check/other_arch.c - see other_arch.h. The rows are
 * the other architecture's <asm/boot_params.h> lists themselves, expanded
 * here (no copy of them): they point into this build's boot_config, which
 * both kernels share, and are only read for their names and forms. */
#include "tools/make/cmdline-check/other_arch.h"
#include "bench/bench.h"
#include "init/params.h"
#include "init/selftest.h"
#include <string.h>

/* rpcc_calibrate='s variable: the Alpha kernel's is in arch/alpha/main.c,
 * which does not build on the host; the check's rows (Alpha's table, or
 * Alpha's rows read from x86's check) point here. */
bool alpha_rpcc_calibrate;

#if CMDLINE_CHECK_ALPHA
#include "arch/x86/include/asm/boot_params.h"
const char *const check_arch = "Alpha", *const other_arch = "x86", *const check_run = "make ARCH=alpha run";
/* the benchmarks every architecture builds (bench/registry.h) */
const u32 check_bench_built = BENCH_PORTABLE_MASK | BENCH_BIT(BENCH_ALL) | BENCH_BIT(BENCH_NONE);
#else
#include "arch/alpha/include/asm/boot_params.h"
const char *const check_arch = "x86", *const other_arch = "Alpha", *const check_run = "make run";
const u32 check_bench_built = BENCH_BIT(BENCH_NR) - 1;
#endif

const struct kernel_param other_rows[] = {
	ARCH_PARAMS_BOOT ARCH_PARAMS_COLORS ARCH_PARAMS_BENCH_WORKLOADS ARCH_PARAMS_BENCH_COPY
};
const size_t other_row_count = ARRAY_SIZE(other_rows);

const struct kernel_param *rows_find(const struct kernel_param *rows, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	return NULL;
}
