/* SPDX-License-Identifier: MIT */
/* bench/interfere.c - bench=interfere: cache partitioning by color sets,
 * measured with two tasks that really run interleaved on one CPU.
 *
 * A victim (a random pointer chase over a working set of cache_size / 16,
 * small enough for its smallest partition) and an aggressor (streaming
 * stores over 2 x cache_size) run as two tasks of kernel/sched.c, preempted
 * by the PIT timer (arch/x86/pit_timer.c) every 1/bench_interfere_hz s,
 * round-robin. For each partition the victim runs alone (aggressor=off) and
 * with the aggressor (aggressor=on):
 *   all   both tasks may use every color (no partition)
 *   1/2, 1/4, 1/8   the victim gets the lowest colors [0, colors x f), the
 *         aggressor all the others: disjoint sets (mm/color_set.h), minus
 *         the colors kept for the kernel when kernel_colors= is set.
 * Each task's stack comes from its own set, so everything a task touches
 * outside interrupts is in its colors. The victim's time is its own time on
 * the CPU (the scheduler's accounting: slices of the aggressor excluded,
 * timer interrupts included), in cycles per load; median, mean and the
 * maximum over bench_runs runs. Under tools/cachesim each run's timed part
 * is a phase and each task has a task marker, so the simulator counts the
 * victim's misses and the lines another task evicted
 * (tools/cachesim/task_attr.c; make run-interfere).
 * With two CPUs or more, each partition runs once more with the aggressor
 * on CPU 1 at the same time as the victim on CPU 0 (aggressor=cpu1): each
 * its own task (its own `current`, its own set), no timer, the victim's
 * time its wall time; kernel-timed only (no phase or task markers: the
 * simulator's task attribution follows one CPU's markers).
 * The idea of partitioning a shared cache by colors: Xen's LLC coloring,
 * Bao, Jailhouse, PALLOC and COLORIS. Opt-in (not part of bench=all). */
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "arch/x86/pic.h"
#include "arch/x86/pit_timer.h"
#include "arch/x86/smp.h"
#include <asm/irqflags.h>
#include "bench/workload.h"
#include "bench/chain.h"
#include "bench/interfere.h"
#include "bench/policy_switch.h"
#include "bench/registry.h"
#include "kernel/printk.h"
#include "kernel/sched.h"
#include "mm/cache_geom.h"
#include "mm/color_set.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"
#include "mm/recolor.h"
#include "kernel/string.h"

#define STACK_ORDER  1 /* 8 KiB stacks */
#define LINE	     64u
#define TIMED_PASSES 32u

static struct color_set vset, aset;
/* The tasks' page lists, in the benchmarks' shared scratch (bench/scratch.h;
 * 128 KiB of .bss less on a 4 MiB machine). */
#define vpfns (wl_scratch)
#define apfns (wl_scratch + BENCH_MAX_PAGES / 4)

/* Each task's control block lies at the base of its own stack block, so
 * that inside its timed phase a task touches only memory of its own colors
 * (its buffer, its stack, this block): the kernel's .bss covers every color
 * and would otherwise be shared. */
struct victim_arg {
	void **start;
	u32 lines;
	u32 phase, phase2;     /* phase2: after `between` (recoloring), else 0 */
	void (*between)(void); /* run between the two timed parts, or NULL */
	u64 cycles2;	       /* own CPU time of the second timed part */
	bool marks;	       /* marks_on, copied: no kernel data in the phase */
	volatile u32 *stop;    /* the aggressor's stop flag (its block), or NULL */
	u64 cycles;	       /* own CPU time of the timed passes */
	volatile bool done;
};

struct aggressor_arg {
	volatile u32 *buf;
	u32 words;
	volatile u32 stop; /* set by the victim when its phase is over */
	u32 passes;
};

static u64 clock_tsc(void)
{
	return rdtsc();
}

/* The running task's own time on the CPU so far (cycles). */
static u64 own_cycles(void)
{
	irqflags_t f = arch_irq_save();
	struct sched_task *t = sched_current();
	u64 c = t ? t->cycles + (rdtsc() - t->since) : rdtsc();

	arch_irq_restore(f);
	return c;
}

/* ---- task markers for tools/cachesim (the page after the phase page) ---- */

static __sched_data bool marks_on;

static void mark_task(u32 id)
{
	if (marks_on)
		*(volatile u32 *)(TASK_MARK_BASE + 4 * id) = id;
}

/* The timer's call: interrupt context counts as the kernel's (task 0;
 * the entry stub marked it already); the task that runs next is marked
 * last, after the kernel's data was touched. */
static void tick(u32 ticks)
{
	struct sched_task *t;

	UNUSED(ticks);
	sched_tick();
	t = sched_current();
	mark_task(t ? t->mark : 0);
}

static void victim_main(void *p)
{
	struct victim_arg *a = p;
	void **q = a->start;
	u32 phase = a->marks ? a->phase : 0, loads = a->lines * TIMED_PASSES;
	u64 t0;

	q = chain_chase(q, a->lines); /* warm-up: its lines into its colors */
	t0 = own_cycles();
	if (phase)
		*(volatile u32 *)phase_mark_addr(phase) = phase; /* bench_phase_start */
	q = chain_chase(q, loads);
	if (phase)
		*(volatile u32 *)PHASE_MARK_BASE = 0; /* bench_phase_end */
	a->cycles = own_cycles() - t0;
	if (a->between) {
		u32 phase2 = a->marks ? a->phase2 : 0;

		a->between();		      /* recoloring, interrupts off */
		q = chain_chase(q, a->lines); /* warm-up in the new colors */
		t0 = own_cycles();
		if (phase2)
			*(volatile u32 *)phase_mark_addr(phase2) = phase2;
		q = chain_chase(q, loads);
		if (phase2)
			*(volatile u32 *)PHASE_MARK_BASE = 0;
		a->cycles2 = own_cycles() - t0;
	}
	*(void *volatile *)&a->start = q;
	a->done = true;
	if (a->stop)
		*a->stop = 1;
}

static void aggressor_main(void *p)
{
	struct aggressor_arg *a = p;
	volatile u32 *buf = a->buf;
	u32 words = a->words;

	while (!a->stop) {
		for (u32 i = 0; i < words && !a->stop; i += LINE / 4)
			buf[i] = i;
		a->passes++;
	}
}

/* Allocates n pages for task t (its set, if any) and maps them at va. */
static int task_pages(struct task *t, u32 *pfns, u32 n, u32 va)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct alloc_hint h = { .task = t, .order = 0, .migratetype = MIGRATE_MOVABLE, .colors = t->colors };
		struct page *pg = alloc_pages_hint(GFP_HIGHUSER, &h);
		if (!pg)
			break;
		pfns[i] = page_to_pfn(pg);
	}
	if (i < n || vmap_pages(va, pfns, n) < 0) {
		printk("interfere: could not get %u pages for %s (got %u)\n", n, t->name, i);
		while (i--)
			__free_pages(pfn_to_page(pfns[i]), 0);
		return -1;
	}
	return 0;
}

static void task_pages_free(u32 *pfns, u32 n, u32 va)
{
	vunmap_pages(va, n);
	for (u32 i = 0; i < n; i++)
		__free_pages(pfn_to_page(pfns[i]), 0);
}

/* A stack of 2^STACK_ORDER pages from set (low memory; NULL: any color). */
static struct page *task_stack(struct task *t, const struct color_set *set)
{
	struct alloc_hint h = { .task = t, .order = STACK_ORDER, .colors = set ? &set->map : NULL };

	return alloc_pages_hint(GFP_KERNEL, &h);
}

static const char *const part_names[5] = { "all", "1/2", "1/4", "1/8", "recolor" };
#define PART_RECOLOR 4

/* ---- recoloring (COLORIS): both tasks' buffers move to disjoint sets ---- */

static struct {
	u32 vpages, apages, ava, scratch;
	struct task *vt, *at;
	struct recolor_stats vst, ast;
	u64 cycles;
	int rc;
} rc;

/* Copies page src (mapped at va_base + PAGE_SIZE * index) to dst through the
 * scratch page and maps dst there instead. */
static int copy_page(void *ctx, u32 index, u32 dst, u32 src)
{
	u32 va = *(u32 *)ctx + index * PAGE_SIZE;

	UNUSED(src);
	if (map_page(rc.scratch, dst, false) < 0)
		return -1;
	memcpy((void *)rc.scratch, (const void *)va, PAGE_SIZE);
	vunmap_pages(rc.scratch, 1);
	vunmap_pages(va, 1);
	return map_page(va, dst, false);
}

/* The victim's `between`: with interrupts off (neither task runs), gives
 * the victim the 1/8 set and the aggressor the rest, and moves their pages. */
static void recolor_both(void)
{
	irqflags_t f = arch_irq_save();
	u32 vbase = BENCH_VA, abase = rc.ava;
	u64 t0 = rdtsc();

	rc.rc = recolor_pages(rc.vt, &vset, vpfns, rc.vpages, GFP_HIGHUSER, copy_page, &vbase, &rc.vst);
	rc.rc |= recolor_pages(rc.at, &aset, apfns, rc.apages, GFP_HIGHUSER, copy_page, &abase, &rc.ast);
	rc.cycles = rdtsc() - t0;
	arch_irq_restore(f);
}

/* Builds the two sets for partition p (1..3: 1/2^p); returns the victim's
 * count, or 0 when a set is empty (said). */
static u32 make_sets(u32 p, u32 colors)
{
	u32 vcolors = colors >> p;

	color_set_init(&vset, colors);
	color_set_init(&aset, colors);
	color_set_add_range(&vset, 0, vcolors - 1);
	color_set_add_range(&aset, vcolors, colors - 1);
	color_set_for_task(&vset, &vset);
	color_set_for_task(&aset, &aset);
	if (!vset.count || !aset.count) {
		printk("interfere: partition %s leaves a task no color once the kernel's are taken out: skipped\n",
		       part_names[p]);
		return 0;
	}
	return vset.count;
}

/* One run; returns the victim's cycles per load, or -1 when it did not
 * happen (no memory: said). */
static double run_once(const struct bench_config *cfg, u32 p, bool aggressor, u32 run, u32 ws, struct mwc *g,
		       u32 *slices, double *after)
{
	struct victim_arg *va = NULL;
	struct aggressor_arg *aa = NULL;
	u32 vpages = ws / PAGE_SIZE, abytes = interfere_aggressor_bytes(cfg->cache_size);
	u32 apages = abytes / PAGE_SIZE, ava = BENCH_VA + 4 * MiB;
	struct sched_task *vt, *at = NULL;
	struct page *vstack = NULL, *astack = NULL;
	bool vmapped = false, amapped = false;
	char desc[96];
	double r = -1;

	/* the tasks exist before their pages: the pages are theirs, from their sets */
	vt = sched_add("victim", 1, victim_main, NULL);
	if (aggressor)
		at = sched_add("aggressor", 2, aggressor_main, NULL);
	if (!vt || (aggressor && !at))
		goto out;
	if (p && p != PART_RECOLOR) {
		color_set_task_assign(&vt->task, &vset);
		if (at)
			color_set_task_assign(&at->task, &aset);
	}
	/* the stacks are in their final sets from the start (recoloring moves
	 * the buffers: order-0 pages) */
	/* buffers first: in the recoloring run they start where the task's
	 * round-robin puts them, wherever its stack is */
	if (task_pages(&vt->task, vpfns, vpages, BENCH_VA) < 0)
		goto out;
	vmapped = true;
	if (at) {
		if (task_pages(&at->task, apfns, apages, ava) < 0)
			goto out;
		amapped = true;
		astack = task_stack(&at->task, p ? &aset : NULL);
		if (!astack)
			goto out;
	}
	vstack = task_stack(&vt->task, p ? &vset : NULL);
	if (!vstack)
		goto out;
	/* control block at the base of the stack block, the stack above it */
	va = (struct victim_arg *)(page_to_pfn(vstack) << PAGE_SHIFT);
	*va = (struct victim_arg){ 0 };
	vt->arg = va;
	sched_set_stack(vt, (u8 *)va + 64, (PAGE_SIZE << STACK_ORDER) - 64);
	if (at) {
		aa = (struct aggressor_arg *)(page_to_pfn(astack) << PAGE_SHIFT);
		*aa = (struct aggressor_arg){ 0 };
		at->arg = aa;
		sched_set_stack(at, (u8 *)aa + 64, (PAGE_SIZE << STACK_ORDER) - 64);
		aa->buf = (volatile u32 *)ava;
		aa->words = abytes / 4;
		va->stop = &aa->stop;
	}
	va->start = chain_build((u8 *)BENCH_VA, ws, LINE, true, g);
	va->lines = ws / LINE;
	va->marks = marks_on;
	ksnprintf(desc, sizeof(desc), "interfere victim=stride ws=%u aggressor=%s partition=%s%s run=%u", ws,
		  aggressor ? "on" : "off", part_names[p], p == PART_RECOLOR ? "-before" : "", run);
	va->phase = bench_phase_label(desc);
	if (p == PART_RECOLOR && at) {
		ksnprintf(desc, sizeof(desc),
			  "interfere victim=stride ws=%u aggressor=on partition=recolor-after run=%u", ws, run);
		va->phase2 = bench_phase_label(desc);
		va->between = recolor_both;
		rc = (typeof(rc)){ .vpages = vpages, .apages = apages, .ava = ava, .vt = &vt->task, .at = &at->task };
		rc.scratch = ava + apages * PAGE_SIZE;
	}

	sched_clock = clock_tsc;
	sched_mark_hook = mark_task;
	if (pit_timer_start(cfg->interfere_hz, tick) == 0) {
		sched_run(); /* returns when both have returned */
		pit_timer_stop();
		mark_task(0);
		*slices += vt->slices;
		if (va->done) {
			r = (double)va->cycles / ((double)va->lines * TIMED_PASSES);
			if (after)
				*after = (double)va->cycles2 / ((double)va->lines * TIMED_PASSES);
		}
	}
out:
	sched_forget();
	if (amapped)
		task_pages_free(apfns, apages, ava);
	if (vmapped)
		task_pages_free(vpfns, vpages, BENCH_VA);
	if (vstack)
		__free_pages(vstack, STACK_ORDER);
	if (astack)
		__free_pages(astack, STACK_ORDER);
	if (r < 0 && !(va && va->done))
		printk("interfere: run %u (partition=%s aggressor=%s) did not happen: no memory for its tasks\n", run,
		       part_names[p], aggressor ? "on" : "off");
	return r;
}

/* Prints one @result line of the recoloring experiment (stage before or
 * after). */
static void report_stage(const char *stage, u32 ws, u32 vcolors, const double *v, u32 ran, u32 runs, u32 hz)
{
	struct bench_stats st;
	double mx = 0;
	char a[24], b[24], c[24];

	for (u32 i = 0; i < ran; i++)
		mx = v[i] > mx ? v[i] : mx;
	bench_stats(v, ran, &st);
	printk("@result bench=interfere victim=stride ws=%u aggressor=on partition=recolor-%s victim_colors=%u "
	       "runs=%u%s unit=cycles/load median=%s mean=%s max=%s hz=%u\n",
	       ws, stage, vcolors, ran, ran < runs ? " reason=no_memory" : "", fmt_fixed(a, sizeof(a), st.median, 3),
	       fmt_fixed(b, sizeof(b), st.mean, 3), fmt_fixed(c, sizeof(c), mx, 3), hz);
}

/* Recoloring (COLORIS): both tasks start on every color with the aggressor
 * on; after the victim's first timed part, the victim moves both tasks'
 * pages to disjoint sets (1/8 for the victim) and times again. Returns the
 * failures. */
static u32 run_recolor(const struct bench_config *cfg, u32 ws, u32 colors, struct mwc *g)
{
	double before[64], after[64];
	u32 ran = 0, failures = 0, slices = 0;

	if (!make_sets(3, colors))
		return 0;
	printk("interfere: partition=recolor: every color, then the victim recolors both tasks to %u and %u colors\n",
	       vset.count, aset.count);
	for (u32 r = 0; r < cfg->runs && r < 64; r++) {
		double x, y = 0;
		u32 us;

		x = run_once(cfg, PART_RECOLOR, true, r, ws, g, &slices, &y);
		if (x < 0) {
			failures++;
			continue;
		}
		before[ran] = x;
		after[ran++] = y;
		us = cfg->tsc_khz ? (u32)(rc.cycles * 1000 / cfg->tsc_khz) : 0;
		printk("@recolor run=%u task=victim scanned=%u kept=%u copied=%u failed=%u\n", r, rc.vst.scanned,
		       rc.vst.kept, rc.vst.copied, rc.vst.failed);
		printk("@recolor run=%u task=aggressor scanned=%u kept=%u copied=%u failed=%u\n", r, rc.ast.scanned,
		       rc.ast.kept, rc.ast.copied, rc.ast.failed);
		printk("@recolor run=%u pages_copied=%u cycles=%llu%s%u\n", r, rc.vst.copied + rc.ast.copied,
		       (unsigned long long)rc.cycles, cfg->tsc_khz ? " us=" : "", cfg->tsc_khz ? us : 0);
		if (rc.rc < 0) {
			printk("interfere: recoloring left %u pages in their old colors (the new sets ran out)\n",
			       rc.vst.failed + rc.ast.failed);
			failures++;
		}
	}
	if (!ran)
		return failures;
	report_stage("before", ws, colors, before, ran, cfg->runs, cfg->interfere_hz);
	report_stage("after", ws, vset.count, after, ran, cfg->runs, cfg->interfere_hz);
	return failures;
}

/* ---- victim on CPU 0, aggressor on CPU 1, at once ---- */

static struct {
	struct task victim, aggressor;
	void **start;
	u32 lines, words, ava;
	volatile u32 stop, started;
	u64 cycles;
	u32 passes, vcpu_pid, acpu_pid; /* the pids current had on each CPU */
	u32 outside;			/* pages outside their task's set */
} xc;

/* Pages of pfns[0..n) whose color is not in s. */
static u32 count_outside(const u32 *pfns, u32 n, const struct color_set *s)
{
	u32 k = 0;

	for (u32 i = 0; i < n; i++)
		k += !color_set_has(s, pfn_color(pfns[i]));
	return k;
}

static void cross_on_cpu(u32 cpu, void *arg)
{
	UNUSED(arg);
	write_cr3(read_cr3()); /* no stale translation of the buffers from an earlier run */
	if (cpu == 0) {
		void **q;
		u64 t0;

		task_enter(&xc.victim);
		xc.vcpu_pid = current->pid;
		q = chain_chase(xc.start, xc.lines); /* warm-up */
		while (!__atomic_load_n(&xc.started, __ATOMIC_ACQUIRE))
			__asm__ volatile("pause" ::: "memory");
		t0 = rdtsc();
		q = chain_chase(q, xc.lines * TIMED_PASSES);
		xc.cycles = rdtsc() - t0;
		*(void *volatile *)&xc.start = q;
		__atomic_store_n(&xc.stop, 1, __ATOMIC_RELEASE);
		task_end();
	} else if (cpu == 1) {
		volatile u32 *buf = (volatile u32 *)xc.ava;

		task_enter(&xc.aggressor);
		xc.acpu_pid = current->pid;
		while (!__atomic_load_n(&xc.stop, __ATOMIC_ACQUIRE)) {
			for (u32 i = 0; i < xc.words && !xc.stop; i += LINE / 4)
				buf[i] = i;
			xc.passes++;
			__atomic_store_n(&xc.started, 1, __ATOMIC_RELEASE);
		}
		task_end();
	}
}

/* One run with the aggressor on CPU 1; returns the victim's cycles per
 * load, or -1 (no memory: said). */
static double cross_once(const struct bench_config *cfg, u32 p, u32 run, u32 ws, struct mwc *g)
{
	u32 vpages = ws / PAGE_SIZE, abytes = interfere_aggressor_bytes(cfg->cache_size);
	u32 apages = abytes / PAGE_SIZE;
	double r = -1;

	xc.ava = BENCH_VA + 4 * MiB;
	task_create(&xc.victim, "victim");
	task_create(&xc.aggressor, "aggressor");
	if (p) {
		color_set_task_assign(&xc.victim, &vset);
		color_set_task_assign(&xc.aggressor, &aset);
	}
	if (task_pages(&xc.victim, vpfns, vpages, BENCH_VA) < 0)
		goto fail;
	if (task_pages(&xc.aggressor, apfns, apages, xc.ava) < 0) {
		task_pages_free(vpfns, vpages, BENCH_VA);
		goto fail;
	}
	if (p)
		xc.outside += count_outside(vpfns, vpages, &vset) + count_outside(apfns, apages, &aset);
	xc.start = chain_build((u8 *)BENCH_VA, ws, LINE, true, g);
	xc.lines = ws / LINE;
	xc.words = abytes / 4;
	xc.stop = xc.started = 0;
	xc.passes = 0;
	smp_call_all(2, cross_on_cpu, NULL);
	r = (double)xc.cycles / ((double)xc.lines * TIMED_PASSES);
	task_pages_free(apfns, apages, xc.ava);
	task_pages_free(vpfns, vpages, BENCH_VA);
	return r;
fail:
	printk("interfere: run %u (partition=%s aggressor=cpu1) did not happen: no memory for its tasks\n", run,
	       part_names[p]);
	return -1;
}

/* Every partition with the aggressor on CPU 1. Returns the failures. */
static u32 run_cross(const struct bench_config *cfg, u32 ws, u32 colors, struct mwc *g)
{
	u32 failures = 0;

	printk("interfere: aggressor on CPU 1 at the same time as the victim on CPU 0, each its own task (no timer; "
	       "the victim's wall time; kernel-timed only)\n");
	for (u32 p = 0; p < 4; p++) {
		double v[64], mx = 0;
		u32 ran = 0, vcolors = colors;
		struct bench_stats st;
		char a[24], b[24], c[24];

		if (p && !(vcolors = make_sets(p, colors)))
			continue;
		xc.outside = 0;
		for (u32 r = 0; r < cfg->runs && r < 64; r++) {
			double x = cross_once(cfg, p, r, ws, g);
			if (x < 0) {
				failures++;
				continue;
			}
			v[ran++] = x;
			mx = x > mx ? x : mx;
		}
		if (!ran) {
			printk(
			    "@skip bench=interfere victim=stride aggressor=cpu1 partition=%s reason=no_memory runs=0 "
			    "of=%u\n",
			    part_names[p], cfg->runs);
			continue;
		}
		bench_stats(v, ran, &st);
		printk(
		    "interfere: partition=%-3s aggressor=cpu1 victim %s cycles/load median, %s mean, %s max (%u runs; "
		    "victim task pid %u on cpu0, aggressor task pid %u on cpu1, colors %u and %u)\n",
		    part_names[p], fmt_fixed(a, sizeof(a), st.median, 3), fmt_fixed(b, sizeof(b), st.mean, 3),
		    fmt_fixed(c, sizeof(c), mx, 3), ran, xc.vcpu_pid, xc.acpu_pid, vcolors, p ? aset.count : colors);
		printk("@result bench=interfere victim=stride ws=%u aggressor=cpu1 partition=%s victim_colors=%u "
		       "runs=%u%s "
		       "unit=cycles/load median=%s mean=%s max=%s victim_pid=%u aggressor_pid=%u outside_set=%u\n",
		       ws, part_names[p], vcolors, ran, ran < cfg->runs ? " reason=no_memory" : "", a, b, c,
		       xc.vcpu_pid, xc.acpu_pid, xc.outside);
	}
	return failures;
}

int interfere_prepare(void)
{
	pic_init();
	if (pic_set_handler(0, NULL) < 0) {
		printk("bench: interfere skipped: cannot map the task marker page for the interrupt controller\n");
		return -1;
	}
	return 0;
}

u32 bench_interfere(const struct bench_config *cfg)
{
	u32 colors = page_colors, ws = cfg->cache_size / 16, failures = 0;
	const char *was = placement_name();
	struct mwc g;
	u32 p;

	if (ws < 4 * PAGE_SIZE || colors < 16) {
		printk("interfere: skipped: needs at least 16 colors and a cache of 64 KiB (colors=%u cache_size=%u)\n",
		       colors, cfg->cache_size);
		printk("@skip bench=interfere reason=too_few_colors\n");
		return 0;
	}
	if (!placement_active->colors) {
		/* page_color=off or placement=buddy: partitions by color need colors */
		printk("interfere: placement=%s places no colors; cache partitioning needs them: bench=interfere "
		       "runs colored (binhop) anyway, placement=%s again after it\n",
		       was, was);
		if (bench_policy_select("binhop") < 0)
			return 1;
	}
	marks_on = cfg->phase_marks && map_page(TASK_MARK_BASE, 0, true) == 0;
	if (cfg->phase_marks && !marks_on)
		printk("interfere: cannot map the task marker page; the simulator cannot tell the tasks apart\n");
	mwc_init(&g, 12345, MWC_CARRY_DEFAULT);
	printk("\ninterfere: victim stride (random chase) ws=%u KiB, aggressor streaming stores over %u KiB, "
	       "%u Hz round-robin, %u colors, placement=%s\n",
	       ws >> 10, interfere_aggressor_bytes(cfg->cache_size) >> 10, cfg->interfere_hz, colors, placement_name());
	for (p = 0; p < 4; p++) {
		u32 vcolors = colors;

		if (p && !(vcolors = make_sets(p, colors)))
			continue;
		if (p) {
			printk("interfere: partition=%s victim colors %u, aggressor colors %u (disjoint)\n",
			       part_names[p], vset.count, aset.count);
			/* disjoint colors counted from a hashed level's whole size still share sets */
			color_sets_check_isolation("interfere", color_geometry(), &vset, "victim colors", &aset,
						   "aggressor colors");
		}
		for (u32 on = 0; on < 2; on++) {
			double v[64], mx = 0;
			u32 ran = 0, slices = 0;
			struct bench_stats st;
			char a[24], b[24], c[24];

			for (u32 r = 0; r < cfg->runs && r < 64; r++) {
				double x = run_once(cfg, p, on, r, ws, &g, &slices, NULL);
				if (x < 0) {
					failures++;
					continue;
				}
				v[ran++] = x;
				mx = x > mx ? x : mx;
			}
			if (!ran) {
				printk("@skip bench=interfere victim=stride aggressor=%s partition=%s reason=no_memory "
				       "runs=0 of=%u\n",
				       on ? "on" : "off", part_names[p], cfg->runs);
				continue;
			}
			bench_stats(v, ran, &st);
			printk("interfere: partition=%-3s aggressor=%-3s victim %s cycles/load median, %s mean, %s max "
			       "(%u runs, %u slices)\n",
			       part_names[p], on ? "on" : "off", fmt_fixed(a, sizeof(a), st.median, 3),
			       fmt_fixed(b, sizeof(b), st.mean, 3), fmt_fixed(c, sizeof(c), mx, 3), ran, slices);
			printk("@result bench=interfere victim=stride ws=%u aggressor=%s partition=%s victim_colors=%u "
			       "runs=%u%s unit=cycles/load median=%s mean=%s max=%s slices=%u hz=%u\n",
			       ws, on ? "on" : "off", part_names[p], vcolors, ran,
			       ran < cfg->runs ? " reason=no_memory" : "", a, b, c, slices, cfg->interfere_hz);
		}
	}
	failures += run_recolor(cfg, ws, colors, &g);
	if (nr_cpus_online >= 2)
		failures += run_cross(cfg, ws, colors, &g);
	printk("interfere: pages borrowed outside their sets: %u\n", color_set_stats.borrowed);
	if (bench_policy_select(was) < 0)
		failures++;
	return failures;
}
