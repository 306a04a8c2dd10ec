/* SPDX-License-Identifier: MIT */
/* bench/sparse.c - bench=sparse: a walk that touches one line (the first)
 * of every k-th page of a large virtual range (sparse_k=, default 16), as a
 * program that reads one header per page-sized record, or a sparse array
 * filled by demand paging, does. Only the touched pages are allocated (as
 * page faults would), page j mapped at BENCH_VA + j * k * PAGE_SIZE, so the
 * range spans k times the memory placed: at the default k the span is 16 x
 * the working set, far more than the cache. Every touched line is at offset
 * 0 of its page, so it can only go to the cache sets of offset 0 of its
 * color: what decides misses is how many touched pages share a color.
 *  - binhop: colors follow allocation order, the touched pages get
 *    consecutive colors: no conflicts up to colors x ways touched pages;
 *  - vacolor: colors follow the virtual page, and the touched pages are k
 *    apart, so they use only colors / gcd(k, colors) colors: with k a
 *    multiple of the number of colors, every touched page has ONE color and
 *    only `ways` of them fit;
 *  - bestbin: like binhop (each new page takes the least used color);
 *  - buddy and random: colors at random, birthday collisions.
 * Points: ws of the sweep = the bytes of the touched pages (ws / PAGE_SIZE pages,
 * ws / 64 bytes of touched lines). Measured: cycles per dependent load
 * along a chain page 0 -> 1 -> ... -> last -> 0, which is checked to be one
 * cycle through every touched page, carrying each page's index. */
#include "bench/policy_switch.h"
#include "bench/chain.h"
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

/* In the workloads' shared scratch (bench/wl_buf.c): one workload runs at a time. */
#define sparse_pfns (wl_scratch)
#define sparse_va   (wl_scratch + BENCH_MAX_PAGES)
static volatile void *sparse_sink;

/* One run in a new task. Returns cycles per load, or -1 on failure (no
 * memory, or a broken chain: *bad set). */
static double sparse_run(const struct bench_config *cfg, u32 pages, bool colored, u32 run, u64 overhead, u32 *hits,
			 u32 *misses, u32 *max_color, bool *bad)
{
	u32 k = cfg->sparse_k, loads = ALIGN_UP(MAX(pages * 4, 16384u), 8u), j, mapped = 0;
	irqflags_t flags;
	cycles_t t0, t1;
	u64 sum = 0;
	char desc[128];
	void **start, **p;
	double ret = -1;

	if (bench_policy_fresh_placement())
		shuffle_free_lists(); /* a fresh placement per run, as on a busy system */
	task_start("sparse");
	for (j = 0; j < pages; j++)
		sparse_va[j] = BENCH_VA + j * k * PAGE_SIZE;
	if (wl_alloc_pages(sparse_pfns, pages, sparse_va, 0, "sparse") < 0)
		goto out;
	bench_policy_task_counts(hits, misses);
	*max_color = wl_max_per_color(sparse_pfns, pages, wl_colors(cfg->cache_size, cfg->cache_ways));
	for (; mapped < pages; mapped++) {
		if (bench_map(sparse_va[mapped], &sparse_pfns[mapped], 1) < 0) {
			printk("sparse: could not map page %u at 0x%x\n", mapped, sparse_va[mapped]);
			goto unmap;
		}
	}
	for (j = 0; j < pages; j++) {
		void **line = (void **)(unsigned long)sparse_va[j];
		line[0] = (void *)(unsigned long)sparse_va[(j + 1) % pages];
		line[1] = (void *)(unsigned long)j;
	}
	start = (void **)(unsigned long)sparse_va[0];
	/* check: one cycle through every touched page, each index once */
	if (chain_cycle_length(start, pages) != pages) {
		printk("sparse: BUG: the chain over %u pages is not a single cycle\n", pages);
		*bad = true;
		goto unmap;
	}
	for (p = start, j = 0; j < pages; j++, p = (void **)*p)
		sum += (u32)(unsigned long)p[1];
	if (sum != (u64)pages * (pages - 1) / 2) {
		printk("sparse: BUG: page indices sum to %llu, expected %llu\n", (unsigned long long)sum,
		       (unsigned long long)pages * (pages - 1) / 2);
		*bad = true;
		goto unmap;
	}
	ksnprintf(desc, sizeof(desc), "bench=sparse policy=%s color=%s k=%u ws=%u run=%u", bench_policy_name(),
		  colored ? "on" : "off", k, pages * PAGE_SIZE, run);
	flags = arch_irq_save();
	bench_phase_begin(desc);
	t0 = get_cycles();
	p = chain_chase(start, loads);
	t1 = get_cycles();
	bench_phase_end();
	arch_irq_restore(flags);
	sparse_sink = p;
	if (p != (void **)(unsigned long)sparse_va[loads % pages]) {
		printk("sparse: BUG: %u loads ended at %p, expected page %u\n", loads, (void *)p, loads % pages);
		*bad = true;
		goto unmap;
	}
	t1 -= t0;
	t1 = t1 > overhead ? t1 - overhead : 0;
	ret = (double)t1 / loads;
unmap:
	for (j = 0; j < mapped; j++)
		bench_unmap(sparse_va[j], 1);
	wl_free_pages(sparse_pfns, pages);
out:
	task_end();
	return ret;
}

u32 bench_sparse(const struct bench_config *cfg)
{
	u64 overhead = bench_timer_overhead();
	u32 failures = 0, ws, k = cfg->sparse_k;

	printk("\nsparse: one line (offset 0) of every %u-th page, only those pages allocated; %u runs per point;"
	       " cycles per dependent load\n",
	       k, cfg->runs);
	for (ws = MAX(cfg->min_ws, PAGE_SIZE); ws && ws <= cfg->max_ws; ws <<= 1) {
		u32 pages = ws / PAGE_SIZE, span = sparse_va_span(pages, k);

		/* the driver set aside the span of max_ws up to BENCH_VA_MAX
		 * (bench_va_bytes): only a span beyond that is missing */
		if (!span || span > BENCH_VA_MAX) {
			printk("sparse: ws=%u k=%u spans %llu bytes, more than the %u of virtual space set aside;"
			       " skipped\n",
			       ws, k, (unsigned long long)pages * k * PAGE_SIZE, BENCH_VA_MAX);
			printk("@skip bench=sparse k=%u ws=%u policy=%s reason=va_space runs=0\n", k, ws,
			       bench_policy_name());
			continue;
		}
		if (!wl_fits("sparse", ws, pages))
			continue;
		{
			char keys[64], note[32];

			ksnprintf(keys, sizeof(keys), "k=%u ws=%u", k, ws);
			ksnprintf(note, sizeof(note), "span=%u", span);
			failures += wl_point(cfg, sparse_run, pages, overhead, "sparse", keys, "cycles/load", note);
		}
	}
	return failures;
}
