/* SPDX-License-Identifier: MIT */
/* bench/pcp.c - the per-CPU page lists measured on several CPUs at once,
 * and a concurrent stress of the allocator (opt-in: bench=pcp,
 * bench=smpstress; neither is part of bench=all; declared by
 * bench/registry.h).
 *
 * bench=pcp: on 1, 2 and 4 CPUs at once (as many as are online), under the
 * active placement policy with the per-CPU lists off and on, and with
 * them on under a second policy (binhop when the active one is buddy,
 * else buddy), every CPU runs rounds of "allocate 64 order-0 pages, free
 * them" (bench_runs x 8 rounds). Prints per configuration
 *   @result bench=pcp cpus=N pcp=on|off policy=P batch=B ops=... cycles_per_op=X
 *           ops_per_ms=X lock_per_page=X contended=N spins_per_op=X
 *           [off_target=N colored_high=H]
 * where lock_per_page counts zone lock acquisitions per page operation
 * (allocation or free): 1 without the lists, at most about 1/batch with
 * them (the colored lists of binhop and vacolor included): a refill takes
 * batch pages under one lock and a drain gives batch pages back under one,
 * and pages freed to a list that the next allocations take from again
 * cost no lock at all, so a round usually costs well under 1/batch. Under a coloring policy
 * off_target counts the pages not of the color the policy asked for: the
 * policy's misses, the colored lists' pages off their color, and on one
 * CPU under a round-robin policy the pages whose color does not follow the
 * previous page's (the round-robin's sequence, checked from the pfns);
 * colored_high is the most pages a CPU parks on its colored lists per zone
 * (0: they are off).
 * Then a side-by-side summary. Spins measure the emulator as much as the
 * lock when QEMU runs more vCPUs than the host has cores. Restores the
 * lists' setting and the policy. Returns failures (a run that lost pages,
 * an mm_check failure).
 *
 * bench=smpstress: every online CPU allocates and frees random orders
 * (0..5, mostly 0; hot and cold frees) for cfg->stress_ms under
 * placement=buddy with the lists on, then as long again under binhop (its
 * colored lists; "bypassed" when they are off); then
 * mm_check, and the free pages of every zone must equal those before
 * exactly (after draining the lists). Prints "@result bench=smpstress ...
 * leak=0 mm_check=ok". Returns failures. */
#include "bench/workload.h"
#include "bench/policy_switch.h"
#include "bench/registry.h"
#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/pcp.h"
#include "mm/placement/ops.h"
#include "mm/placement/registry.h"
#include "kernel/task.h"
#include <asm/page.h>
#include <asm/processor.h>
#include <asm/smp.h>
#include <asm/timex.h>

#define PCP_ROUND_PAGES 64u /* pages allocated, then freed, per round */

static u32 bench_hotcold(const struct bench_config *cfg);

/* ---- bench=pcp ------------------------------------------------------------- */

struct loop_work {
	u32 ncpus, rounds;
	u32 rr_mask;  /* colors - 1 when one CPU runs a round-robin policy (checked), else 0 */
	u32 rr_break; /* pages whose color did not follow the previous page's */
	volatile u32 arrived;
	u64 cycles[NR_CPUS];
	u32 ops[NR_CPUS];
	u32 failed[NR_CPUS];
	u32 pid[NR_CPUS], first_color[NR_CPUS], hits[NR_CPUS], misses[NR_CPUS]; /* each CPU's task */
};

/* Every CPU waits for the others, so they run the loop at once. */
static void barrier(volatile u32 *arrived, u32 n)
{
	__atomic_add_fetch(arrived, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(arrived, __ATOMIC_ACQUIRE) < n)
		cpu_relax();
}

static void loop_on_cpu(u32 cpu, void *arg)
{
	struct loop_work *w = arg;
	struct page *held[PCP_ROUND_PAGES];
	u32 ops = 0, failed = 0, prev_color = 0xffffffffu;
	u64 t0;

	w->pid[cpu] = task_start("pcp")->pid; /* each CPU's work as its own task (its own colors) */
	barrier(&w->arrived, w->ncpus);
	t0 = get_cycles_relaxed();
	for (u32 r = 0; r < w->rounds; r++) {
		u32 n = 0;
		for (u32 i = 0; i < PCP_ROUND_PAGES; i++) {
			struct page *p = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
			if (!p) {
				failed++;
				continue;
			}
			if (!r && !n)
				w->first_color[cpu] = pfn_color(page_to_pfn(p));
			held[n++] = p;
			if (w->rr_mask) {
				u32 color = page_to_pfn(p) & w->rr_mask;
				w->rr_break += prev_color <= w->rr_mask && color != ((prev_color + 1) & w->rr_mask);
				prev_color = color;
			}
		}
		for (u32 i = 0; i < n; i++)
			if (__free_pages(held[i], 0) < 0)
				failed++;
		ops += 2 * n;
	}
	w->cycles[cpu] = get_cycles_relaxed() - t0;
	w->ops[cpu] = ops;
	w->failed[cpu] = failed;
	placement_task_stats(current, &w->hits[cpu], &w->misses[cpu]);
	task_end();
}

struct pcp_row {
	bool done;
	char lock[16], cycles[16], spins[16];
};

/* x in at most 6 characters for the summary's columns: 2 decimals below
 * 10, 1 below 1000, whole up to 999999, then millions (M) or billions (G)
 * with 1 decimal ("2.7M"). The @result lines keep the full figures. */
static char *fmt_col(char *buf, u32 size, double x)
{
	if (x < 10)
		return fmt_fixed(buf, size, x, 2);
	if (x < 1000)
		return fmt_fixed(buf, size, x, 1);
	if (x < 1e6)
		return fmt_fixed(buf, size, x, 0);
	char v[24];
	ksnprintf(buf, size, "%s%c", fmt_fixed(v, sizeof(v), x < 1e9 ? x / 1e6 : x / 1e9, 1), x < 1e9 ? 'M' : 'G');
	return buf;
}

/* One configuration: n CPUs, lists on or off, policy. Returns failures. */
static u32 run_config(const struct bench_config *cfg, u32 n, bool on, const char *policy, struct pcp_row *row)
{
	struct loop_work w = { .ncpus = n, .rounds = cfg->runs * 8 };
	u32 acq0, cont0, ops = 0, failed = 0, free0 = nr_free_pages();
	u64 spins0, cycles = 0, spins;
	char a[24], b[24], c[24], d[24];

	if (bench_policy_select(policy) < 0)
		return 1;
	pcp_setup(on, pcp_batch(), pcp_high());
	bool colored = bench_policy_colored();
	u32 cr, cd, ca, cf, off0, off1;
	u64 miss0 = page_color_stats.misses;
	/* one CPU: binhop's (and vacolor's, without a va) colors follow one another */
	if (n == 1 && colored && (!strcmp(policy, "binhop") || !strcmp(policy, "vacolor")))
		w.rr_mask = page_colors - 1;
	pcp_color_stats(&cr, &cd, &ca, &cf, &off0);
	pcp_zone_lock_stats(&acq0, &cont0, &spins0);
	smp_call_all(n, loop_on_cpu, &w);
	u32 acq, cont;
	pcp_zone_lock_stats(&acq, &cont, &spins);
	pcp_color_stats(&cr, &cd, &ca, &cf, &off1);
	u32 off_target = (u32)(page_color_stats.misses - miss0) + (off1 - off0) + w.rr_break;
	for (u32 i = 0; i < n; i++) {
		ops += w.ops[i];
		failed += w.failed[i];
		cycles = MAX(cycles, w.cycles[i]);
	}
	if (!ops) {
		printk("@skip bench=pcp cpus=%u pcp=%s policy=%s reason=no_memory\n", n, on ? "on" : "off", policy);
		return 1;
	}
	acq -= acq0;
	cont -= cont0;
	spins -= spins0;
	/* cycles per operation on the slowest CPU; throughput of all together */
	fmt_fixed(a, sizeof(a), (double)cycles * n / ops, 1);
	fmt_fixed(b, sizeof(b), cfg->tsc_khz ? (double)ops * cfg->tsc_khz / (double)cycles : 0, 1);
	fmt_fixed(c, sizeof(c), (double)acq / ops, 4);
	fmt_fixed(d, sizeof(d), (double)spins / ops, 2);
	printk("@result bench=pcp cpus=%u pcp=%s policy=%s batch=%u ops=%u cycles_per_op=%s", n, on ? "on" : "off",
	       policy, pcp_batch(), ops, a);
	if (cfg->tsc_khz)
		printk(" ops_per_ms=%s", b);
	printk(" lock_per_page=%s lock_acquisitions=%u contended=%u spins_per_op=%s failed=%u", c, acq, cont, d,
	       failed);
	if (colored)
		printk(" off_target=%u colored_high=%u", off_target, pcp_color_high());
	printk("\n");
	if (placement_active->colors)
		for (u32 i = 0; i < n; i++)
			printk("pcp: cpus=%u policy=%s cpu%u ran as task pid %u: first color %u, %u hits %u misses\n",
			       n, policy, i, w.pid[i], w.first_color[i], w.hits[i], w.misses[i]);
	row->done = true;
	fmt_fixed(row->lock, sizeof(row->lock), (double)acq / ops, 4);
	fmt_col(row->cycles, sizeof(row->cycles), (double)cycles * n / ops);
	fmt_col(row->spins, sizeof(row->spins), (double)spins / ops);
	if (nr_free_pages() != free0) {
		printk("bench: pcp: %u free pages before, %u after: pages lost\n", free0, nr_free_pages());
		return 1;
	}
	/* a failure only when the lists served a page off its color (a miss
	 * of the policy, a color the zone lacks, is reported, not failed) */
	return failed || off1 != off0 ? 1 : 0;
}

u32 bench_pcp(const struct bench_config *cfg)
{
	static const u32 counts[] = { 1, 2, 4 };
	struct pcp_row rows[3][3] = { 0 };
	bool was_on = pcp_enabled();
	u32 batch = pcp_batch(), high = pcp_high(), failures = 0;
	const char *was = bench_policy_name();
	/* the active policy, and a second one: binhop beside buddy, else buddy */
	const char *other = strcmp(was, "buddy") ? "buddy" : "binhop";
	char per_batch[16], col[3][32];

	printk("\npcp: every CPU allocates %u order-0 pages and frees them, %u rounds, on 1, 2 and 4 CPUs at once "
	       "(%u online); batch %u; placement=%s (the active policy), lists off and on, then with the lists "
	       "on under placement=%s\n",
	       PCP_ROUND_PAGES, cfg->runs * 8, nr_cpus_online, batch, was, other);
	printk("pcp: lock_per_page = zone lock acquisitions per page operation (1 without the lists, at most about "
	       "1/batch with them); spins with more vCPUs than host cores measure the emulator's scheduling as much "
	       "as the lock\n");
	pcp_setup(true, batch, high); /* the measured batch, even when the boot left the lists off */
	if (pcp_colored())
		printk("pcp: colored lists (binhop, vacolor): at most %u pages (%u KiB) parked per CPU and zone over "
		       "all %u colors, given back %u at a time; off_target = pages not of the color the policy "
		       "asked for\n",
		       pcp_color_high(), pcp_color_high() * (PAGE_SIZE / 1024), page_colors, batch);
	else
		printk("pcp: colored lists off (%u colors; they serve 2..%u): colored requests take the zone lock "
		       "per page\n",
		       page_colors, PCP_COLORS_MAX);
	for (u32 k = 0; k < ARRAY_SIZE(counts); k++) {
		u32 n = counts[k];
		if (n > nr_cpus_online) {
			printk("@skip bench=pcp cpus=%u reason=cpus_online online=%u\n", n, nr_cpus_online);
			continue;
		}
		failures += run_config(cfg, n, false, was, &rows[k][0]);
		failures += run_config(cfg, n, true, was, &rows[k][1]);
		failures += run_config(cfg, n, true, other, &rows[k][2]);
	}
	if (bench_policy_select("buddy") == 0)
		failures += bench_hotcold(cfg);
	if (mm_check() < 0)
		failures++;
	fmt_fixed(per_batch, sizeof(per_batch), 1.0 / batch, 4);
	printk("\npcp summary: lock/page (zone lock per page operation), cycles/op (slowest CPU), spins/op\n");
	ksnprintf(col[0], sizeof(col[0]), "pcp=off, %s", was);
	ksnprintf(col[1], sizeof(col[1]), "pcp=on, %s", was);
	ksnprintf(col[2], sizeof(col[2]), "pcp=on, %s", other);
	printk("     | %-21s | %-21s | %s\n", col[0], col[1], col[2]);
	printk("cpus | lock/pg cyc/op  spins | lock/pg cyc/op  spins | lock/pg cyc/op  spins\n");
	for (u32 k = 0; k < ARRAY_SIZE(counts); k++) {
		if (!rows[k][0].done)
			continue;
		printk("%4u |", counts[k]);
		for (u32 j = 0; j < 3; j++)
			printk("%s %7s %6s %6s", j ? " |" : "", rows[k][j].lock, rows[k][j].cycles, rows[k][j].spins);
		printk("\n");
	}
	printk("pcp: with the lists lock/page is at most about 1/batch = 1/%u = %s: a refill takes %u pages under one "
	       "zone lock, a drain gives %u back under one; pages freed and taken again from a list take none\n",
	       batch, per_batch, batch, batch);
	pcp_setup(was_on, batch, high);
	if (bench_policy_select(was) < 0)
		failures++;
	return failures;
}

/* ---- the hot/cold question ------------------------------------------------- */

#define HC_MAX_PAGES 1024u /* pages: 4 MiB with 4 KiB pages, 8 MiB with 8 KiB */
static u32 hc_a[HC_MAX_PAGES], hc_b[HC_MAX_PAGES];

static void write_pages(const u32 *pfns, u32 n)
{
	for (u32 i = 0; i < n; i++) {
		volatile u32 *p = __va((unsigned long)pfns[i] << PAGE_SHIFT);
		for (u32 w = 0; w < PAGE_SIZE / 4; w += 16) /* one store per 64-byte line */
			p[w] = w;
	}
}

/* One run: task A writes n pages and frees them (hot, cold, or with the
 * lists off), task B allocates n pages and writes them; B's writes are the
 * timed (and, with cachesim=on, counted) phase. Returns B's cycles, or 0
 * when pages ran out; *same = B's pages that were A's. */
static u64 hotcold_run(u32 n, u32 mode, u32 run, u32 *same)
{
	static const char *const names[] = { "hot", "cold", "off" };
	char desc[96];
	u32 i, got = 0;
	u64 t0, t;

	for (i = 0; i < n; i++) {
		struct page *p = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
		if (!p)
			break;
		hc_a[got++] = page_to_pfn(p);
	}
	if (got < n) {
		for (i = 0; i < got; i++)
			__free_pages(pfn_to_page(hc_a[i]), 0);
		return 0;
	}
	write_pages(hc_a, n);
	for (i = 0; i < n; i++)
		(mode == 1 ? free_cold_page : free_hot_page)(pfn_to_page(hc_a[i]));
	for (got = 0; got < n; got++) {
		struct page *p = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
		if (!p)
			break;
		hc_b[got] = page_to_pfn(p);
	}
	*same = 0;
	for (i = 0; i < got; i++)
		for (u32 j = 0; j < n; j++)
			if (hc_b[i] == hc_a[j]) {
				(*same)++;
				break;
			}
	ksnprintf(desc, sizeof(desc), "bench=pcp_hotcold mode=%s ws=%u run=%u color=off", names[mode], n * PAGE_SIZE,
		  run);
	u32 id = bench_phase_label(desc);
	t0 = get_cycles_relaxed();
	bench_phase_start(id);
	if (got == n)
		write_pages(hc_b, n);
	bench_phase_end();
	t = get_cycles_relaxed() - t0;
	for (i = 0; i < got; i++)
		__free_pages(pfn_to_page(hc_b[i]), 0);
	return got == n ? t : 0;
}

/* A task frees a buffer and another allocates and writes a new one: does
 * it get the freed (cache-hot) pages? With the hot list it gets them back
 * (last freed, first out); after free_cold_page it gets others; with the
 * lists off the buddy lists are last-in first-out too, as far as the pages
 * did not merge. Only on CPU 0, under placement=buddy. */
static u32 bench_hotcold(const struct bench_config *cfg)
{
	u32 sizes[3] = { cfg->cache_size / 8, cfg->cache_size / 2, cfg->cache_size * 2 };
	u32 batch = pcp_batch(), high = pcp_high(), failures = 0;
	u32 runs = MIN(cfg->runs, 64u);

	printk("\npcp hot/cold: task A writes a buffer and frees it (free_hot_page, free_cold_page, or lists off), "
	       "task B allocates one as large and writes it; B's writes are timed (cachesim=on counts their misses); "
	       "same_pages = B's pages that were A's\n");
	for (u32 s = 0; s < 3; s++) {
		u32 n = MIN(sizes[s] / PAGE_SIZE, HC_MAX_PAGES);
		if (!n || (s && n == MIN(sizes[s - 1] / PAGE_SIZE, HC_MAX_PAGES)))
			continue;
		for (u32 mode = 0; mode < 3; mode++) {
			double cyc[64];
			u32 ok = 0, same_sum = 0;
			char a[24], b[24];
			struct bench_stats st;

			pcp_setup(mode != 2, batch, high);
			for (u32 r = 0; r < runs; r++) {
				u32 same = 0;
				u64 c = hotcold_run(n, mode, r + 1, &same);
				if (c) {
					cyc[ok++] = (double)c / (n * (PAGE_SIZE / 64));
					same_sum += same;
				}
			}
			if (!ok) {
				printk("@skip bench=pcp_hotcold mode=%s ws=%u reason=no_memory\n",
				       mode == 0   ? "hot"
				       : mode == 1 ? "cold"
						   : "off",
				       n * PAGE_SIZE);
				failures++;
				continue;
			}
			bench_stats(cyc, ok, &st);
			fmt_fixed(a, sizeof(a), st.median, 2);
			fmt_fixed(b, sizeof(b), (double)same_sum / ok, 1);
			printk(
			    "@result bench=pcp_hotcold mode=%s ws=%u runs=%u unit=cycles/line median=%s same_pages=%s "
			    "of=%u\n",
			    mode == 0	? "hot"
			    : mode == 1 ? "cold"
					: "off",
			    n * PAGE_SIZE, ok, a, b, n);
		}
	}
	pcp_setup(true, batch, high);
	return failures;
}

/* ---- bench=smpstress -------------------------------------------------------- */

#define STRESS_HELD 128u

struct stress_work {
	u32 ncpus, seed;
	u64 cycles; /* how long each phase runs, TSC cycles; 0: by count */
	u32 count;  /* operations when there is no TSC rate */
	volatile u32 arrived;
	u32 ops[NR_CPUS], allocs[NR_CPUS], failed[NR_CPUS], bad[NR_CPUS];
};

static void stress_on_cpu(u32 cpu, void *arg)
{
	struct stress_work *w = arg;
	struct page *held[STRESS_HELD];
	u8 order[STRESS_HELD];
	u32 n = 0, ops = 0, allocs = 0, failed = 0, bad = 0;
	struct mwc rng;
	u64 end;

	mwc_init(&rng, w->seed + cpu * 7919u, MWC_CARRY_DEFAULT);
	barrier(&w->arrived, w->ncpus);
	end = get_cycles_relaxed() + w->cycles;
	for (;;) {
		if (w->cycles ? (ops & 63) == 0 && get_cycles_relaxed() >= end : ops >= w->count)
			break;
		u32 r = mwc_next(&rng);
		ops++;
		if (n < STRESS_HELD && (n == 0 || (r & 3) != 0)) {
			u32 o = (r >> 2) % 8 < 6 ? 0 : (r >> 5) % 6;
			struct page *p = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, o);
			if (!p) {
				failed++;
				continue;
			}
			allocs++;
			held[n] = p;
			order[n++] = (u8)o;
			if (r & 0x1000) { /* drop a random held block */
				u32 k = (r >> 13) % n;
				int rc = order[k] == 0 && (r & 0x100000) ? free_cold_page(held[k])
									 : __free_pages(held[k], order[k]);
				bad += rc < 0;
				held[k] = held[--n];
				order[k] = order[n];
			}
		} else {
			u32 k = (r >> 8) % n;
			bad += __free_pages(held[k], order[k]) < 0;
			held[k] = held[--n];
			order[k] = order[n];
		}
	}
	while (n) {
		n--;
		bad += __free_pages(held[n], order[n]) < 0;
	}
	w->ops[cpu] = ops;
	w->allocs[cpu] = allocs;
	w->failed[cpu] = failed;
	w->bad[cpu] = bad;
}

u32 bench_smpstress(const struct bench_config *cfg)
{
	static const char *const phases[] = { "buddy", "binhop" };
	u32 before[MAX_NR_ZONES], failures = 0, ncpus = nr_cpus_online;
	bool was_on = pcp_enabled();
	u32 batch = pcp_batch(), high = pcp_high(), bad0 = mm_bad_free_count;
	const char *was = bench_policy_name();

	printk("\nsmpstress: %u CPUs allocate and free random orders 0..5 at once, %u ms under buddy with per-CPU "
	       "lists, then %u ms under binhop\n",
	       ncpus, cfg->stress_ms, cfg->stress_ms);
	pcp_drain_all();
	for (u32 z = 0; z < MAX_NR_ZONES; z++)
		before[z] = contig_page_data.node_zones[z].free_pages;
	pcp_setup(true, batch, high);
	for (u32 ph = 0; ph < ARRAY_SIZE(phases); ph++) {
		struct stress_work w = { .ncpus = ncpus, .seed = 0x5eed0000u + ph, .count = 200000 };
		u32 ops = 0, allocs = 0, failed = 0, bad = 0;

		if (cfg->tsc_khz)
			w.cycles = (u64)cfg->stress_ms * cfg->tsc_khz;
		if (bench_policy_select(phases[ph]) < 0) {
			failures++;
			continue;
		}
		smp_call_all(ncpus, stress_on_cpu, &w);
		for (u32 i = 0; i < ncpus; i++) {
			ops += w.ops[i];
			allocs += w.allocs[i];
			failed += w.failed[i];
			bad += w.bad[i];
		}
		int chk = mm_check();
		printk("@result bench=smpstress cpus=%u policy=%s pcp=%s ms=%u ops=%u allocs=%u failed_allocs=%u "
		       "bad_frees=%u pcp_pages=%u mm_check=%s\n",
		       ncpus, phases[ph], ph == 0 || pcp_colored() ? "on" : "bypassed", w.cycles ? cfg->stress_ms : 0,
		       ops, allocs, failed, bad, pcp_nr_pages(), chk == 0 ? "ok" : "fail");
		failures += (chk < 0) + (bad != 0) + (allocs == 0);
	}
	pcp_setup(was_on, batch, high);
	if (bench_policy_select(was) < 0)
		failures++;
	pcp_drain_all();
	u32 lost = 0;
	for (u32 z = 0; z < MAX_NR_ZONES; z++) {
		u32 now = contig_page_data.node_zones[z].free_pages;
		if (now != before[z]) {
			printk("smpstress: FAIL zone %s: %u free pages before, %u after\n", zone_names[z], before[z],
			       now);
			lost += before[z] > now ? before[z] - now : now - before[z];
		}
	}
	printk("@result bench=smpstress cpus=%u leak=%u bad_frees=%u status=%s\n", ncpus, lost,
	       mm_bad_free_count - bad0, lost || failures ? "fail" : "ok");
	return failures + (lost != 0);
}
