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
 * The idea of partitioning a shared cache by colors: Xen's LLC coloring,
 * Bao, Jailhouse, PALLOC and COLORIS. Opt-in (not part of bench=all). */
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "arch/x86/pic.h"
#include "arch/x86/pit_timer.h"
#include <asm/irqflags.h>
#include "bench/bench.h"
#include "bench/chain.h"
#include "bench/interfere.h"
#include "bench/policy_switch.h"
#include "kernel/printk.h"
#include "kernel/sched.h"
#include "mm/color_set.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement.h"

#define STACK_ORDER  1 /* 8 KiB stacks */
#define LINE	     64u
#define TIMED_PASSES 32u

u32 interfere_hz = 2000;

static struct color_set vset, aset;
static u32 vpfns[BENCH_MAX_PAGES / 4], apfns[BENCH_MAX_PAGES / 4];

/* Each task's control block lies at the base of its own stack block, so
 * that inside its timed phase a task touches only memory of its own colors
 * (its buffer, its stack, this block): the kernel's .bss covers every color
 * and would otherwise be shared. */
struct victim_arg {
	void **start;
	u32 lines;
	u32 phase;
	bool marks;	    /* marks_on, copied: no kernel data in the phase */
	volatile u32 *stop; /* the aggressor's stop flag (its block), or NULL */
	u64 cycles;	    /* own CPU time of the timed passes */
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
		*(volatile u32 *)(PHASE_MARK_BASE + 4 * phase) = phase; /* bench_phase_start */
	q = chain_chase(q, loads);
	if (phase)
		*(volatile u32 *)PHASE_MARK_BASE = 0; /* bench_phase_end */
	a->cycles = own_cycles() - t0;
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

/* A stack of 2^STACK_ORDER pages from the task's set (low memory). */
static struct page *task_stack(struct task *t)
{
	struct alloc_hint h = { .task = t, .order = STACK_ORDER, .colors = t->colors };

	return alloc_pages_hint(GFP_KERNEL, &h);
}

static const char *const part_names[4] = { "all", "1/2", "1/4", "1/8" };

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
		       u32 *slices)
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
	if (p) {
		color_set_task_assign(&vt->task, &vset);
		if (at)
			color_set_task_assign(&at->task, &aset);
	}
	vstack = task_stack(&vt->task);
	if (!vstack || task_pages(&vt->task, vpfns, vpages, BENCH_VA) < 0)
		goto out;
	vmapped = true;
	if (at) {
		astack = task_stack(&at->task);
		if (!astack || task_pages(&at->task, apfns, apages, ava) < 0)
			goto out;
		amapped = true;
	}
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
	ksnprintf(desc, sizeof(desc), "interfere victim=stride ws=%u aggressor=%s partition=%s run=%u", ws,
		  aggressor ? "on" : "off", part_names[p], run);
	va->phase = bench_phase_label(desc);

	sched_clock = clock_tsc;
	sched_mark_hook = mark_task;
	if (pit_timer_start(interfere_hz, tick) == 0) {
		sched_run(); /* returns when both have returned */
		pit_timer_stop();
		mark_task(0);
		*slices += vt->slices;
		if (va->done)
			r = (double)va->cycles / ((double)va->lines * TIMED_PASSES);
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
	if (!placement_active->colors && bench_set_placement("binhop") < 0)
		return 1;
	marks_on = cfg->phase_marks && map_page(TASK_MARK_BASE, 0, true) == 0;
	if (cfg->phase_marks && !marks_on)
		printk("interfere: cannot map the task marker page; the simulator cannot tell the tasks apart\n");
	mwc_init(&g, 12345, MWC_CARRY_DEFAULT);
	printk("\ninterfere: victim stride (random chase) ws=%u KiB, aggressor streaming stores over %u KiB, "
	       "%u Hz round-robin, %u colors, placement=%s\n",
	       ws >> 10, interfere_aggressor_bytes(cfg->cache_size) >> 10, interfere_hz, colors, placement_name());
	for (p = 0; p < 4; p++) {
		u32 vcolors = colors;

		if (p && !(vcolors = make_sets(p, colors)))
			continue;
		if (p)
			printk("interfere: partition=%s victim colors %u, aggressor colors %u (disjoint)\n",
			       part_names[p], vset.count, aset.count);
		for (u32 on = 0; on < 2; on++) {
			double v[64], mx = 0;
			u32 ran = 0, slices = 0;
			struct bench_stats st;
			char a[24], b[24], c[24];

			for (u32 r = 0; r < cfg->runs && r < 64; r++) {
				double x = run_once(cfg, p, on, r, ws, &g, &slices);
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
			       ran < cfg->runs ? " reason=no_memory" : "", a, b, c, slices, interfere_hz);
		}
	}
	printk("interfere: pages borrowed outside their sets: %u\n", color_set_stats.borrowed);
	if (bench_set_placement(was) < 0)
		failures++;
	return failures;
}
