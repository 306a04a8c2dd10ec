/* SPDX-License-Identifier: MIT */
/* bench/smptask.c - bench=smptask: a task per CPU, colored, preempted on
 * every CPU (opt-in; not part of bench=all; declared by bench/registry.h).
 *
 * On every online CPU at once (smp_call_all), each CPU's work runs as a
 * task of its own (task_start: its own pid, its own round-robin start
 * color drawn from the MWC generator at its first colored allocation, its
 * own color set: task_colors= when given), under a coloring policy (binhop
 * unless the active one colors; restored after):
 *  1. turns: CPU 0, 1, 2, 3, CPU 0 again, ... (ST_TURNS rounds), each
 *     turn allocating ST_PAGES pages (GFP_HIGHUSER, movable) as its task;
 *     then CPUs 4-7 the same way (placement keeps the state of
 *     PLACEMENT_TASKS = 4 tasks at once). The turns make the interleaving
 *     certain: with one shared round-robin a CPU's second turn would not
 *     continue its first.
 *  2. preemption: two tasks on the CPU's own run queue (kernel/sched.c),
 *     switched by the CPU's local APIC timer at ST_HZ, each allocating a
 *     page per time slice (ST_SLICE_PAGES pages in all) and waiting for the
 *     next switch between two pages; a task that waited 20 s without a switch
 *     stops (counted as timed_out). Two CPUs at a time (CPUs 0 and 1, then 2
 *     and 3, ...): placement keeps the state of PLACEMENT_TASKS (4) tasks at
 *     once, and a fifth allocating task would restart the round-robin of
 *     the one claimed longest ago.
 * Then CPU 0 prints, per CPU, which task ran with which colors:
 *   @smptask cpu=C part=turns|sched task=NAME pid=P current=0x... pages=N
 *            hits=H misses=M colors=c1,c2,...  (part=sched: slices=S)
 *   @smptask_cpu cpu=C ticks=T switches=W timed_out=X
 * and @result bench=smptask cpus=N status=ok|fail. Returns failures (no
 * memory, no timer, a timed out task). */
#include "arch/x86/apic.h"
#include "arch/x86/cpu.h"
#include "arch/x86/smp.h"
#include <asm/irqflags.h>
#include "bench/policy_switch.h"
#include "bench/registry.h"
#include "bench/workload.h"
#include "kernel/printk.h"
#include "kernel/sched.h"
#include "kernel/task.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/ops.h"
#include "mm/placement/registry.h"

#define ST_PAGES       8u     /* pages per turn */
#define ST_TURNS       3u     /* turns per CPU */
#define ST_HZ	       500u   /* each CPU's timer */
#define ST_SLICE_PAGES 6u     /* pages per scheduled task, one per slice */
#define ST_WAIT_MS     20000u /* a bound against a hang, far above a slice: a loaded host starves vCPUs for seconds */
#define ST_STACK_ORDER 1
#define ST_GROUP       PLACEMENT_TASKS /* CPUs whose tasks allocate at once */

struct st_record {
	char name[TASK_NAME_LEN];
	u32 pid, task_addr, pages, hits, misses, slices;
	u32 pfn[ST_PAGES * ST_TURNS];
};

struct st_cpu {
	struct st_record turns, sched[2];
	u32 ticks, switches, timed_out, failed;
	volatile u32 done; /* scheduled tasks that returned */
};

static struct st_cpu st[NR_CPUS];
static volatile u32 st_ready, st_turn, st_sched_done;
static u32 st_ncpus, st_tsc_khz;

static u64 st_clock(void)
{
	return rdtsc();
}

/* Allocates one colored page as the running task; 0 when none. */
static u32 st_alloc(void)
{
	struct page *p = alloc_page(GFP_HIGHUSER | __GFP_MOVABLE);

	return p ? page_to_pfn(p) : 0;
}

static void st_fill(struct st_record *r, const struct task *t)
{
	u32 i;

	for (i = 0; t->name[i] && i + 1 < TASK_NAME_LEN; i++)
		r->name[i] = t->name[i];
	r->name[i] = '\0';
	r->pid = t->pid;
	r->task_addr = (u32)(unsigned long)t;
	placement_task_stats((struct task *)t, &r->hits, &r->misses);
}

static void st_free(struct st_record *r)
{
	for (u32 i = 0; i < r->pages; i++)
		__free_pages(pfn_to_page(r->pfn[i]), 0);
}

/* A scheduled task: a page per slice, then waits to be switched out and in
 * again (or for the other task to end: then it runs alone). */
static void st_sched_body(void *arg)
{
	struct st_cpu *c = &st[smp_processor_id()];
	struct st_record *r = arg;
	struct sched_task *me = sched_current();

	for (u32 k = 0; k < ST_SLICE_PAGES; k++) {
		u32 slices = me->slices, pfn = st_alloc();
		u64 end = rdtsc() + (u64)ST_WAIT_MS * st_tsc_khz;

		if (!pfn) {
			c->failed++;
			break;
		}
		r->pfn[r->pages++] = pfn;
		if (k + 1 == ST_SLICE_PAGES)
			break;
		while (__atomic_load_n(&me->slices, __ATOMIC_RELAXED) == slices &&
		       __atomic_load_n(&c->done, __ATOMIC_RELAXED) == 0) {
			if (st_tsc_khz && rdtsc() > end) {
				c->timed_out++;
				goto out;
			}
			__asm__ volatile("pause" ::: "memory");
		}
	}
out:
	st_fill(r, current);
	r->slices = me->slices;
	__atomic_add_fetch(&c->done, 1, __ATOMIC_RELEASE);
}

static void st_tick(u32 cpu, u32 ticks)
{
	UNUSED(cpu);
	UNUSED(ticks);
	sched_tick();
}

static void st_on_cpu(u32 cpu, void *arg)
{
	struct st_cpu *c = &st[cpu];
	struct st_record *r = &c->turns;
	struct page *stacks[2] = { NULL, NULL };
	char name[TASK_NAME_LEN] = "smptask.cpu";

	UNUSED(arg);
	/* the scheduled tasks' stacks first, by every CPU before any turn:
	 * placement keeps PLACEMENT_TASKS (4) tasks' state, the one claimed
	 * longest ago giving way, so no other task may allocate while a CPU's
	 * turns are under way */
	for (u32 i = 0; i < 2; i++)
		stacks[i] = alloc_pages(GFP_KERNEL | __GFP_NOCOLOR, ST_STACK_ORDER);
	__atomic_add_fetch(&st_ready, 1, __ATOMIC_RELEASE);
	while (__atomic_load_n(&st_ready, __ATOMIC_ACQUIRE) < st_ncpus)
		__asm__ volatile("pause" ::: "memory");
	name[11] = (char)('0' + cpu % 10);
	name[12] = '\0';
	task_start(name);
	/* turns among ST_GROUP CPUs at a time: CPUs 0-3 in turn, then 4-7 */
	u32 turn_base = cpu / ST_GROUP * ST_GROUP * ST_TURNS;
	u32 group = MIN(ST_GROUP, st_ncpus - cpu / ST_GROUP * ST_GROUP);
	for (u32 t = 0; t < ST_TURNS; t++) {
		while (__atomic_load_n(&st_turn, __ATOMIC_ACQUIRE) != turn_base + t * group + cpu % ST_GROUP)
			__asm__ volatile("pause" ::: "memory");
		for (u32 i = 0; i < ST_PAGES; i++) {
			u32 pfn = st_alloc();
			if (!pfn) {
				c->failed++;
				continue;
			}
			r->pfn[r->pages++] = pfn;
		}
		if (t + 1 == ST_TURNS) /* before the next group's tasks claim placement state */
			st_fill(r, current);
		__atomic_add_fetch(&st_turn, 1, __ATOMIC_RELEASE);
	}
	task_end();

	/* two tasks on this CPU's queue, switched by its own timer; two CPUs
	 * at a time (4 tasks: PLACEMENT_TASKS) */
	while (__atomic_load_n(&st_turn, __ATOMIC_ACQUIRE) < ST_TURNS * st_ncpus) /* every turn done */
		__asm__ volatile("pause" ::: "memory");
	while (__atomic_load_n(&st_sched_done, __ATOMIC_ACQUIRE) < cpu / 2 * 2)
		__asm__ volatile("pause" ::: "memory");
	for (u32 i = 0; i < 2; i++) {
		struct sched_task *t;

		name[12] = (char)('a' + i);
		name[13] = '\0';
		t = sched_add(name, 0, st_sched_body, &c->sched[i]);
		if (!t || !stacks[i]) {
			c->failed++;
			goto out;
		}
		sched_set_stack(t, (void *)(page_to_pfn(stacks[i]) << PAGE_SHIFT), PAGE_SIZE << ST_STACK_ORDER);
	}
	if (lapic_timer_start(ST_HZ, st_tick) < 0) {
		c->failed++;
		goto out;
	}
	c->switches = sched_run();
	c->ticks = lapic_timer_stop();
out:
	sched_forget();
	for (u32 i = 0; i < 2; i++)
		if (stacks[i])
			__free_pages(stacks[i], ST_STACK_ORDER);
	__atomic_add_fetch(&st_sched_done, 1, __ATOMIC_RELEASE);
}

static void st_print(u32 cpu, const char *part, const struct st_record *r)
{
	printk("@smptask cpu=%u part=%s task=%s pid=%u current=0x%x pages=%u hits=%u misses=%u", cpu, part, r->name,
	       r->pid, r->task_addr, r->pages, r->hits, r->misses);
	if (part[0] == 's')
		printk(" slices=%u", r->slices);
	printk(" colors=");
	for (u32 i = 0; i < r->pages; i++)
		printk("%s%u", i ? "," : "", pfn_color(r->pfn[i]));
	printk("\n");
}

u32 bench_smptask(const struct bench_config *cfg)
{
	const char *was = bench_policy_name();
	bool switched = false;
	u32 failures = 0;

	st_ncpus = nr_cpus_online;
	st_tsc_khz = cfg->tsc_khz;
	if (st_ncpus < 2) {
		printk("smptask: skipped: one CPU online (it shows tasks on several CPUs; boot with smp=2 or more, "
		       "QEMU -smp 2)\n");
		printk("@skip bench=smptask reason=cpus_online online=%u\n", st_ncpus);
		return 0;
	}
	if (!placement_active->colors) {
		printk("smptask: placement=%s places no colors: bench=smptask runs colored (binhop), placement=%s "
		       "again after it\n",
		       was, was);
		if (bench_policy_select("binhop") < 0)
			return 1;
		switched = true;
	}
	printk("\nsmptask: %u CPUs, each CPU's work as its own task under placement=%s (%u colors): %u turns of %u "
	       "pages in CPU order, then two tasks per CPU preempted by its local APIC timer at %u Hz, two CPUs at a "
	       "time\n",
	       st_ncpus, placement_name(), page_colors, ST_TURNS, ST_PAGES, ST_HZ);
	for (u32 i = 0; i < NR_CPUS; i++)
		st[i] = (struct st_cpu){ 0 };
	st_ready = st_turn = st_sched_done = 0;
	sched_clock = st_clock;
	smp_call_all(st_ncpus, st_on_cpu, NULL);
	for (u32 cpu = 0; cpu < st_ncpus; cpu++) {
		struct st_cpu *c = &st[cpu];

		printk("smptask: cpu%u ran task %s (pid %u), colors %u first to %u last, then %s (pid %u) and %s "
		       "(pid %u): %u switches in %u ticks\n",
		       cpu, c->turns.name, c->turns.pid, c->turns.pages ? pfn_color(c->turns.pfn[0]) : 0,
		       c->turns.pages ? pfn_color(c->turns.pfn[c->turns.pages - 1]) : 0, c->sched[0].name,
		       c->sched[0].pid, c->sched[1].name, c->sched[1].pid, c->switches, c->ticks);
		st_print(cpu, "turns", &c->turns);
		st_print(cpu, "sched", &c->sched[0]);
		st_print(cpu, "sched", &c->sched[1]);
		printk("@smptask_cpu cpu=%u ticks=%u switches=%u timed_out=%u failed=%u\n", cpu, c->ticks, c->switches,
		       c->timed_out, c->failed);
		failures += c->failed + c->timed_out;
		st_free(&c->turns);
		st_free(&c->sched[0]);
		st_free(&c->sched[1]);
	}
	printk("@result bench=smptask cpus=%u status=%s\n", st_ncpus, failures ? "fail" : "ok");
	if (switched && bench_policy_select(was) < 0)
		failures++;
	return failures;
}
