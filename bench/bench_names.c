/* SPDX-License-Identifier: MIT */
/* bench/bench_names.c - the driver's name table (bench=; bench_policies=
 * takes the placement registry's, placement_choices) and the bench= mask's
 * expansion; pure: built for the kernel and for the host tests
 * (tests/host/test_workload.c, test_bench_config.c). */
#include "bench/bench.h"

#define BENCH_NAME_(ID, name, bit) [BENCH_##ID] = #name,
const char *const bench_names[BENCH_NR + 1] = { BENCH_REGISTRY(BENCH_NAME_, BENCH_NAME_)[BENCH_NR] = NULL };

u32 bench_expand(u32 which)
{
	u32 m = which & ~(BENCH_BIT(BENCH_ALL) | BENCH_BIT(BENCH_NONE));

	if (which & BENCH_BIT(BENCH_ALL))
		m |= BENCH_BIT(BENCH_STRIDE) | BENCH_BIT(BENCH_FFT);
	return m & (BENCH_BIT(BENCH_NR) - 1);
}
