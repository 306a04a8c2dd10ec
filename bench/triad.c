/* SPDX-License-Identifier: MIT */
/* bench/triad.c - bench=triad: a STREAM-style triad a[i] = b[i] + s * c[i]
 * (McCalpin's STREAM benchmark, here on 32-bit integers so that the result
 * is checked exactly) over three equal arrays. The arrays' pages are
 * allocated interleaved, a0 b0 c0 a1 b1 c1 ..., as three streams touched in
 * step fault their pages in, and the arrays are mapped at three virtual
 * ranges whose bases lie a multiple of the color span (cache size / ways)
 * apart, so that a[i], b[i] and c[i] have the same virtual color. The loop
 * touches a[i], b[i] and c[i] together, so what matters is whether the
 * three lines of one i share a cache set:
 *  - binhop (bin hopping, the 2.4.17 patch): colors go round-robin in
 *    allocation order, so a[i], b[i], c[i] get three consecutive colors and
 *    the 3 x n pages spread evenly: no conflicts while they fit the cache;
 *  - vacolor (color = virtual page + per-task offset, Kessler & Hill's page
 *    coloring): a[i], b[i], c[i] get ONE color and the same offset in their
 *    pages, so the same cache set: three lines per set, which a
 *    direct-mapped or 2-way cache thrashes on every element (the classic
 *    STREAM conflict; arrays padded apart avoid it); 4-way and up is fine;
 *  - bestbin (the color this task used least): like binhop here, even use;
 *  - buddy and random: pages land on colors at random; a page shares its
 *    color with another of the 3 x n pages with a probability that grows
 *    with the working set (birthday collisions), and conflicts follow.
 * Points: each working set ws of the sweep gives three arrays of ws / 3
 * bytes rounded down to whole pages (at least one); the reported ws is the
 * bytes of the three arrays. Measured: cycles per element (one a[i]). */
#include "bench/policy_switch.h"
#include "bench/workload.h"
#include "bench/registry.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/shuffle.h"
#include <asm/benchmap.h>
#include <asm/irqflags.h>
#include <asm/timex.h>

#define TRIAD_SCALAR 3u

/* In the workloads' shared scratch (bench/wl_buf.c): one workload runs at a time. */
#define triad_pfns  ((u32(*)[BENCH_MAX_PAGES / 3]) wl_scratch)
#define triad_order (wl_scratch + BENCH_MAX_PAGES)

/* One pass: a[i] = b[i] + s * c[i]. noinline: one copy of the loop for the
 * warm-up and the timed passes. */
static __attribute__((noinline)) void triad_pass(u32 *a, const u32 *b, const u32 *c, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		a[i] = b[i] + TRIAD_SCALAR * c[i];
	__asm__ volatile("" ::: "memory");
}

/* One run in a new task. Returns cycles per element, or -1 on failure (no
 * memory, or a wrong element: *bad set). */
static double triad_run(const struct bench_config *cfg, u32 pages, bool colored, u32 run, u64 overhead, u32 *hits,
			u32 *misses, u32 *max_color, bool *bad)
{
	u32 stride = triad_va_stride(pages * PAGE_SIZE, wl_colors(cfg->cache_size, cfg->cache_ways) * PAGE_SIZE);
	u32 n = pages * (PAGE_SIZE / 4), passes = MAX(2u, 65536u / n), k, arr, pg, i;
	irqflags_t flags;
	u32 *a = (u32 *)(unsigned long)BENCH_VA, *b = (u32 *)(unsigned long)(BENCH_VA + stride),
	    *c = (u32 *)(unsigned long)(BENCH_VA + 2 * stride);
	char desc[128];
	cycles_t t0, t1;
	int mapped = 0;
	double ret = -1;

	if (bench_policy_fresh_placement())
		shuffle_free_lists(); /* a fresh placement per run, as on a busy system */
	task_start("triad");
	for (k = 0; k < 3 * pages; k++) {
		triad_slot(k, &arr, &pg);
		triad_order[k] = BENCH_VA + arr * stride + pg * PAGE_SIZE;
	}
	/* allocate in the interleaved order, then sort the pfns into arrays */
	if (wl_alloc_pages(triad_order, 3 * pages, triad_order, 0, "triad") < 0)
		goto out;
	for (k = 0; k < 3 * pages; k++) {
		triad_slot(k, &arr, &pg);
		triad_pfns[arr][pg] = triad_order[k];
	}
	bench_policy_task_counts(hits, misses);
	*max_color = wl_max_per_color(triad_order, 3 * pages, wl_colors(cfg->cache_size, cfg->cache_ways));
	for (arr = 0; arr < 3; arr++) {
		if (bench_map(BENCH_VA + arr * stride, triad_pfns[arr], pages) < 0) {
			printk("triad: could not map array %u at 0x%x\n", arr, BENCH_VA + arr * stride);
			goto unmap;
		}
		mapped++;
	}
	for (i = 0; i < n; i++) {
		b[i] = i;
		c[i] = 3 * i + 1;
		a[i] = 0;
	}
	triad_pass(a, b, c, n); /* warm-up */
	ksnprintf(desc, sizeof(desc), "bench=triad policy=%s color=%s ws=%u run=%u", bench_policy_name(),
		  colored ? "on" : "off", 3 * pages * PAGE_SIZE, run);
	flags = arch_irq_save();
	bench_phase_begin(desc);
	t0 = get_cycles();
	for (k = 0; k < passes; k++)
		triad_pass(a, b, c, n);
	t1 = get_cycles();
	bench_phase_end();
	arch_irq_restore(flags);
	for (i = 0; i < n; i++) {
		if (a[i] != i + TRIAD_SCALAR * (3 * i + 1)) {
			printk("triad: BUG: a[%u] = %u, expected %u\n", i, a[i], i + TRIAD_SCALAR * (3 * i + 1));
			*bad = true;
			goto unmap;
		}
	}
	t1 -= t0;
	t1 = t1 > overhead ? t1 - overhead : 0;
	ret = (double)t1 / ((double)n * passes);
unmap:
	for (arr = 0; arr < (u32)mapped; arr++)
		bench_unmap(BENCH_VA + arr * stride, pages);
	for (arr = 0; arr < 3; arr++)
		wl_free_pages(triad_pfns[arr], pages);
out:
	task_end();
	return ret;
}

u32 bench_triad(const struct bench_config *cfg)
{
	u64 overhead = bench_timer_overhead();
	u32 failures = 0, ws, last_pages = 0;

	printk("\ntriad: a[i] = b[i] + %u * c[i] over three u32 arrays, pages allocated interleaved (a0 b0 c0 a1 ...),"
	       " same virtual color for a[i], b[i], c[i]; %u runs per point; cycles per element\n",
	       TRIAD_SCALAR, cfg->runs);
	for (ws = cfg->min_ws; ws && ws <= cfg->max_ws; ws <<= 1) {
		u32 pages = MAX(ws / 3 / PAGE_SIZE, 1u);

		if (pages == last_pages) {
			/* at least one page per array: a small ws rounds to the previous point's */
			printk(
			    "triad: ws=%u gives the same arrays as the previous point (3 x %u pages: whole pages per "
			    "array); not run again\n",
			    ws, pages);
			continue;
		}
		last_pages = pages;
		u32 stride =
		    triad_va_stride(pages * PAGE_SIZE, wl_colors(cfg->cache_size, cfg->cache_ways) * PAGE_SIZE);

		/* the driver set aside triad's space at max_ws up to BENCH_VA_MAX
		 * (bench_va_bytes): only a point beyond that is missing */
		if (!stride || (u64)3 * stride > BENCH_VA_MAX) {
			printk("triad: ws=%u needs %u bytes of virtual space, more than the %u set aside; skipped\n",
			       3 * pages * PAGE_SIZE, 3 * stride, BENCH_VA_MAX);
			continue;
		}
		if (!wl_fits("triad", 3 * pages * PAGE_SIZE, 3 * pages))
			continue;
		{
			char keys[64];

			ksnprintf(keys, sizeof(keys), "ws=%u n=%u", 3 * pages * PAGE_SIZE, pages * (PAGE_SIZE / 4));
			failures += wl_point(cfg, triad_run, pages, overhead, "triad", keys, "cycles/elem", NULL);
		}
	}
	return failures;
}
