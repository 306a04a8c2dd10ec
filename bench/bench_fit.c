/* SPDX-License-Identifier: MIT */
/* bench/bench_fit.c - see bench_fit.h. Issue 8, item 2: on a small machine
 * a benchmark that cannot get its buffer is skipped and said, never run into
 * failed runs or reported as results. */
#include "bench/bench_fit.h"
#include "bench/interfere.h"
#include "bench/bench.h"
#include "kernel/printk.h"
#include "mm/page_alloc.h"
#include <asm/benchmap.h>

#define PT_SPAN BENCH_MAP_TABLE_SPAN /* bytes one page table maps (<asm/benchmap.h>) */

/* Memory a benchmark needs at its largest point, bytes, for the largest
 * working set max_ws (bytes, a power of two >= 16K): stride, one buffer of
 * max_ws; fft, n complex doubles and n twiddles (24 n bytes) for the
 * largest n with 16 n <= max_ws. */
static u32 bench_stride_need(u32 max_ws)
{
	return max_ws;
}

static u32 bench_fft_need(u32 max_ws)
{
	u32 n = 1024;

	while (2 * n * 16 <= max_ws)
		n <<= 1;
	return n * 16 + n * 8;
}

static bool fits(const char *name, u32 need_bytes, u32 extra_pages, u32 max_ws)
{
	u32 need_kib = (ALIGN_UP(need_bytes, PAGE_SIZE) >> 10) + extra_pages * (PAGE_SIZE >> 10),
	    free_kib = nr_free_pages() * (PAGE_SIZE >> 10);

	if (need_kib <= free_kib)
		return true;
	printk("bench: %s skipped: needs %u KiB, %u KiB free (bench_max=%uK)\n", name, need_kib, free_kib,
	       max_ws >> 10);
	return false;
}

u32 bench_fit_prepare(u32 which, u32 max_ws, u32 va_bytes)
{
	u32 mask = bench_expand(which);
	u32 area = MAX(2 * max_ws, va_bytes), tables = (area + PT_SPAN - 1) / PT_SPAN, smallest = 0;
	bool stride = mask & BENCH_BIT(BENCH_STRIDE), fft = mask & BENCH_BIT(BENCH_FFT);

	if (stride)
		smallest = bench_stride_need(max_ws);
	if (fft && (!stride || bench_fft_need(max_ws) < smallest))
		smallest = bench_fft_need(max_ws);
	if ((ALIGN_UP(smallest, PAGE_SIZE) >> PAGE_SHIFT) + tables > nr_free_pages()) {
		/* not even the page tables and the smaller buffer: none runs */
		if (stride)
			fits("stride", bench_stride_need(max_ws), tables, max_ws);
		if (fft)
			fits("fft", bench_fft_need(max_ws), tables, max_ws);
		stride = fft = false;
		area = PAGE_SIZE; /* the first table only */
	}
#if ARCH_BENCH_X86
	if ((mask & BENCH_BIT(BENCH_INTERFERE)) && interfere_prepare() < 0)
		mask &= ~BENCH_BIT(BENCH_INTERFERE); /* said */
#endif
	if (bench_buf_prepare(area) < 0) {
		printk("bench: benchmarks skipped: no memory for the page tables of a %uK buffer area\n", area >> 10);
		return BENCH_BIT(BENCH_NONE);
	}
	if (stride && !fits("stride", bench_stride_need(max_ws), 0, max_ws))
		stride = false;
	if (fft && !fits("fft", bench_fft_need(max_ws), 0, max_ws))
		fft = false;
	/* the other workloads size themselves and report what they cannot get */
	mask &= ~(BENCH_BIT(BENCH_STRIDE) | BENCH_BIT(BENCH_FFT));
	mask |= (stride ? BENCH_BIT(BENCH_STRIDE) : 0) | (fft ? BENCH_BIT(BENCH_FFT) : 0);
	return mask ? mask : BENCH_BIT(BENCH_NONE);
}
