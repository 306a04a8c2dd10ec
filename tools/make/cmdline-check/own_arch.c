/* SPDX-License-Identifier: MIT */
/* tools/make/cmdline-check/own_arch.c - see other_arch.h: this kernel's
 * own rows (its <asm/boot_params.h> lists, expanded again here), which the
 * reference names beside the other kernel's. */
#include "tools/make/cmdline-check/other_arch.h"
#include "init/params.h"
#include "init/selftest.h"
#include <asm/boot_params.h>

const struct kernel_param own_rows[] = {
	ARCH_PARAMS_BOOT ARCH_PARAMS_COLORS ARCH_PARAMS_BENCH_WORKLOADS ARCH_PARAMS_BENCH_COPY
};
const size_t own_row_count = ARRAY_SIZE(own_rows);
