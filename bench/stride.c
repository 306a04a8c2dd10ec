/* SPDX-License-Identifier: MIT */
/* bench/stride.c - memory latency by dependent loads (the lmbench
 * lat_mem_rd idea): a chain of pointers, one per cache line of the working
 * set, is followed so that each load's address comes from the previous
 * load. Cycles per load rise when the working set stops fitting in a cache
 * level -- and, for a physically indexed cache, earlier when the buffer's
 * pages collide on a few colors. Two chain orders: sequential (line i to
 * i+1, prefetch-friendly) and a random single cycle (Sattolo's algorithm),
 * which defeats prefetchers and measures latency. */
#include "bench/workload.h"
#include "bench/chain.h"
#include "bench/policy_switch.h"
#include "bench/registry.h"
#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/mm_check.h"
#include "mm/page_color.h"
#include "mm/shuffle.h"
#include <asm/irqflags.h>
#include <asm/timex.h>

#define LINE 64u

static volatile void *chase_sink;

/* Why a run failed: the negative values stride_run returns, and their names
 * in the log's reason= key. */
#define RUN_NO_MEMORY (-1.0)
#define RUN_CHAIN_BUG (-2.0)

static const char *run_failure(double v)
{
	return v == RUN_CHAIN_BUG ? "chain_bug" : "no_memory";
}

/* One run in a new task: allocate, build, label the phase, warm up, time.
 * Returns cycles per load (timer overhead subtracted), or RUN_NO_MEMORY /
 * RUN_CHAIN_BUG; *hits and *misses are set only when the run completed. */
static double stride_run(u32 ws, bool random, bool colored, u32 run, u64 overhead, u32 *hits, u32 *misses)
{
	struct bench_buf b;
	struct mwc g;
	char desc[128];
	void **start;
	u32 loads = MAX(ws / LINE * 4, 16384u);
	cycles_t t0, t1;
	irqflags_t flags;
	u32 phase;

	if (!colored)
		shuffle_free_lists(); /* a fresh placement per run, as on a busy system */
	task_start(colored ? "stride-on" : "stride-off");
	if (bench_buf_alloc(&b, ws) < 0) {
		task_end();
		return RUN_NO_MEMORY;
	}
	mwc_init(&g, 0x5eed0000u + run, MWC_CARRY_DEFAULT);
	start = chain_build(b.va, ws, LINE, random, &g);
	loads = ALIGN_UP(loads, 16u);
	if (chain_cycle_length(start, ws / LINE) != ws / LINE) {
		printk("stride: BUG: the chain over %u lines is not a single cycle\n", ws / LINE);
		bench_buf_free(&b);
		task_end();
		return RUN_CHAIN_BUG;
	}
	*hits = b.hits;
	*misses = b.misses;
	/* The label is printed before the warm-up: its printk evicts cache
	 * lines, and the warm-up brings the buffer's back. */
	ksnprintf(desc, sizeof(desc), "bench=stride pattern=%s color=%s ws=%u run=%u", random ? "rand" : "seq",
		  colored ? "on" : "off", ws, run);
	phase = bench_phase_label(desc);
	flags = arch_irq_save();
	/* warm-up: two passes (the cycle check above was the first) */
	chase_sink = chain_chase(start, ws / LINE + 16);
	bench_phase_start(phase);
	t0 = get_cycles();
	chase_sink = chain_chase(start, loads);
	t1 = get_cycles();
	bench_phase_end();
	arch_irq_restore(flags);
	bench_buf_free(&b);
	task_end();
	t1 -= t0;
	t1 = t1 > overhead ? t1 - overhead : 0;
	return (double)t1 / loads;
}

u32 bench_stride(const struct bench_config *cfg)
{
	u64 overhead = bench_timer_overhead();
	u32 failures = 0, ws, pat, m;
	double v[64];

	printk("\nstride: dependent loads over a working set, 64-byte stride, %u runs per point;"
	       " cycles per load (timer overhead %llu cycles subtracted)\n",
	       cfg->runs, (unsigned long long)overhead);
	for (pat = 0; pat < 2; pat++) {
		for (ws = cfg->min_ws; ws && ws <= cfg->max_ws; ws <<= 1) {
			for (m = 0; m < 2; m++) {
				bool colored = m == 0;
				u32 r, ran = 0, hits = 0, misses = 0;
				const char *reason = NULL;
				char keys[64];

				if ((colored && cfg->modes == BENCH_MODES_OFF) ||
				    (!colored && cfg->modes == BENCH_MODES_ON))
					continue;
				bench_set_coloring(colored);
				for (r = 0; r < cfg->runs && r < ARRAY_SIZE(v); r++) {
					u32 h = 0, mi = 0;
					double x = stride_run(ws, pat == 1, colored, r, overhead, &h, &mi);
					if (x < 0) { /* no figure, no counters: a failure */
						failures++;
						reason = run_failure(x);
					} else {
						v[ran++] = x;
						hits += h;
						misses += mi;
					}
					if (cfg->check && mm_check() < 0)
						failures++;
				}
				ksnprintf(keys, sizeof(keys), "pattern=%s ws=%u", pat ? "rand" : "seq", ws);
				bench_report_point(&(struct bench_point){ .bench = "stride",
									  .keys = keys,
									  .unit = "cycles/load",
									  .colored = colored,
									  .v = v,
									  .ran = ran,
									  .runs = r,
									  .reason = reason,
									  .hits = hits,
									  .misses = misses,
									  .tsc_khz = cfg->tsc_khz });
			}
		}
	}
	return failures;
}
