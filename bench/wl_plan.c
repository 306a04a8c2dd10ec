/* SPDX-License-Identifier: MIT */
/* bench/wl_plan.c - the workloads' pure helpers (see workload.h); built for
 * the kernel and for the host tests (tests/host/test_workload.c). */
#include "bench/workload.h"
#include <asm/page.h>

u32 triad_va_stride(u32 array_bytes, u32 color_span)
{
	u64 s = 1;

	while (s < array_bytes)
		s <<= 1;
	if (s < color_span)
		s = color_span;
	return s > 0x80000000ull ? 0 : (u32)s;
}

u32 sparse_va_span(u32 pages, u32 k)
{
	u64 s = (u64)pages * k * PAGE_SIZE;

	return s > 0xffffffffull ? 0 : (u32)s;
}

u32 color_max_load(const u32 *pfns, u32 n, u32 colors, u16 *counts, u32 ncounts)
{
	u32 i, best = 0, window = MIN(colors, ncounts);

	if (!window)
		return 0;
	/* one pass over pfns per window of colors [base, base + window) */
	for (u32 base = 0; base < colors; base += window) {
		for (i = 0; i < window; i++)
			counts[i] = 0;
		for (i = 0; i < n; i++) {
			u32 c = (pfns[i] & (colors - 1)) - base;
			if (c >= window)
				continue;
			if (counts[c] < 0xffffu)
				counts[c]++;
			if (counts[c] > best)
				best = counts[c];
		}
	}
	return best;
}

void wl_shuffle(u32 *v, u32 n, struct mwc *g)
{
	u32 i;

	for (i = n; i > 1; i--) {
		u32 j = mwc_below(g, i), t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}
