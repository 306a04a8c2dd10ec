/* SPDX-License-Identifier: MIT */
/* bench/reuse.c - bench=reuse: placement after churn. A task allocates
 * reuse_bufs= buffers (default 4) of the working set each, frees them
 * whole in a shuffled order (MWC, a new order every run), then allocates
 * the measured buffer of the same size and follows a random pointer chain
 * through it (the stride benchmark's random pattern). The free lists now
 * hold the churned pages in an order no policy chose:
 *  - buddy hands back the most recently freed pages first (LIFO lists), so
 *    the new buffer inherits the colors of the last buffer freed, pages that
 *    were placed for someone else (random, when the lists were shuffled);
 *  - binhop and bestbin pick by color again and keep spreading the new
 *    buffer evenly, whatever the churn left;
 *  - vacolor follows the new buffer's virtual pages: evenly spread too;
 *  - random draws uniformly from what is free.
 * The result line gives max_per_color, the most pages of the new buffer on
 * one color (ceil(pages / colors) is ideal), next to cycles per load. */
#include "bench/chain.h"
#include "bench/policy_switch.h"
#include "bench/workload.h"
#include "bench/registry.h"
#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/shuffle.h"
#include <asm/benchmap.h>
#include <asm/irqflags.h>
#include <asm/timex.h>

#define REUSE_LINE     64u
#define REUSE_MAX_BUFS 16u

/* In the workloads' shared scratch (bench/wl_buf.c): one workload runs at a time. */
#define churn_pfns (wl_scratch)
#define new_pfns   (wl_scratch + BENCH_MAX_PAGES)
static volatile void *reuse_sink;

/* One run in a new task. Returns cycles per load, or -1 on failure (no
 * memory, or a broken chain: *bad set). */
static double reuse_run(const struct bench_config *cfg, u32 pages, bool colored, u32 run, u64 overhead, u32 *hits,
			u32 *misses, u32 *max_color, bool *bad)
{
	u32 nb = cfg->reuse_bufs, order[REUSE_MAX_BUFS], i, ws = pages * PAGE_SIZE;
	irqflags_t flags;
	u32 loads = ALIGN_UP(MAX(ws / REUSE_LINE * 4, 16384u), 8u);
	struct mwc g;
	char desc[128];
	void **start, **p;
	cycles_t t0, t1;
	double ret = -1;
	u32 h0, m0;

	if (bench_policy_fresh_placement())
		shuffle_free_lists(); /* a fresh placement per run, as on a busy system */
	task_start("reuse");
	mwc_init(&g, 0x2e5e0000u + run, MWC_CARRY_DEFAULT);
	/* churn: nb buffers, each as if mapped at its own virtual range */
	for (i = 0; i < nb; i++) {
		u32 va = BENCH_VA + (i + 1) * ALIGN_UP(ws, 4 * MiB);
		if (wl_alloc_pages(churn_pfns + i * pages, pages, NULL, va, "reuse") < 0) {
			while (i--)
				wl_free_pages(churn_pfns + i * pages, pages);
			goto out;
		}
		order[i] = i;
	}
	wl_shuffle(order, nb, &g);
	for (i = 0; i < nb; i++)
		wl_free_pages(churn_pfns + order[i] * pages, pages);
	bench_policy_task_counts(&h0, &m0);
	if (wl_alloc_pages(new_pfns, pages, NULL, BENCH_VA, "reuse") < 0)
		goto out;
	bench_policy_task_counts(hits, misses);
	*hits -= h0;
	*misses -= m0;
	*max_color = wl_max_per_color(new_pfns, pages, wl_colors(cfg->cache_size, cfg->cache_ways));
	if (bench_map(BENCH_VA, new_pfns, pages) < 0) {
		printk("reuse: could not map %u pages at 0x%x\n", pages, BENCH_VA);
		wl_free_pages(new_pfns, pages);
		goto out;
	}
	start = chain_build((u8 *)BENCH_VA, ws, REUSE_LINE, true, &g);
	if (chain_cycle_length(start, ws / REUSE_LINE) != ws / REUSE_LINE) {
		printk("reuse: BUG: the chain over %u lines is not a single cycle\n", ws / REUSE_LINE);
		*bad = true;
		goto unmap;
	}
	reuse_sink = chain_chase(start, ws / REUSE_LINE); /* warm-up: one pass */
	ksnprintf(desc, sizeof(desc), "bench=reuse policy=%s color=%s bufs=%u ws=%u run=%u", bench_policy_name(),
		  colored ? "on" : "off", nb, ws, run);
	flags = arch_irq_save();
	bench_phase_begin(desc);
	t0 = get_cycles();
	p = chain_chase(start, loads);
	t1 = get_cycles();
	bench_phase_end();
	arch_irq_restore(flags);
	reuse_sink = p;
	t1 -= t0;
	t1 = t1 > overhead ? t1 - overhead : 0;
	ret = (double)t1 / loads;
unmap:
	bench_unmap(BENCH_VA, pages);
	wl_free_pages(new_pfns, pages);
out:
	task_end();
	return ret;
}

u32 bench_reuse(const struct bench_config *cfg)
{
	u64 overhead = bench_timer_overhead();
	u32 failures = 0, ws, nb = MIN(MAX(cfg->reuse_bufs, 1u), REUSE_MAX_BUFS);
	struct bench_config c = *cfg;

	c.reuse_bufs = nb;
	printk("\nreuse: %u buffers of the working set allocated and freed in a shuffled order, then a new buffer"
	       " measured (random chain, 64-byte lines); %u runs per point; cycles per load\n",
	       nb, cfg->runs);
	for (ws = MAX(cfg->min_ws, PAGE_SIZE); ws && ws <= cfg->max_ws; ws <<= 1) {
		u32 pages = ws / PAGE_SIZE;

		if ((u64)pages * (nb + 1) > BENCH_MAX_PAGES || !wl_fits("reuse", ws, pages * (nb + 1))) {
			if ((u64)pages * (nb + 1) > BENCH_MAX_PAGES) {
				printk("reuse: ws=%u x %u buffers is more than %u pages; skipped\n", ws, nb + 1,
				       BENCH_MAX_PAGES);
				printk("@skip bench=reuse ws=%u policy=%s reason=no_memory runs=0\n", ws,
				       bench_policy_name());
			}
			continue;
		}
		{
			char keys[64];

			ksnprintf(keys, sizeof(keys), "bufs=%u ws=%u", nb, ws);
			failures += wl_point(&c, reuse_run, pages, overhead, "reuse", keys, "cycles/load", NULL);
		}
	}
	return failures;
}
