/* SPDX-License-Identifier: MIT */
/* kernel/sched.c - see sched.h. */
#include "kernel/sched.h"
#include <asm/irqflags.h>
#include <asm/smp.h>
#include <asm/switch.h>

#include "kernel/spinlock.h"

__sched_data u64 (*sched_clock)(void);
__sched_data void (*sched_mark_hook)(u32 mark);

/* One run queue per CPU. A CPU touches only its own (found by
 * smp_processor_id(), so a task never moves to another CPU), and the
 * switching part only with interrupts off (asserted): its own timer is
 * the only other user, so no lock is needed. */
struct sched_rq {
	struct sched_task tasks[SCHED_TASKS];
	u32 states[SCHED_TASKS];
	u32 ntasks, cur_idx, switches;
	unsigned long boot_sp;
	struct task *boot_current;
	bool in_task;
};
static __sched_data struct sched_rq rqs[NR_CPUS];

static inline struct sched_rq *this_rq(void)
{
	return &rqs[smp_processor_id()];
}

static u64 now(void)
{
	return sched_clock ? sched_clock() : 0;
}

int sched_next(const u32 *states, u32 n, u32 cur)
{
	u32 i;

	for (i = 1; i <= n; i++) {
		u32 k = (cur + i) % n;
		if (states[k] == SCHED_RUNNABLE)
			return (int)k;
	}
	return -1;
}

struct sched_task *sched_current(void)
{
	struct sched_rq *rq = this_rq();

	return rq->in_task ? &rq->tasks[rq->cur_idx] : NULL;
}

u32 sched_switches_on(u32 cpu)
{
	return cpu < NR_CPUS ? __atomic_load_n(&rqs[cpu].switches, __ATOMIC_RELAXED) : 0;
}

static void sched_exit(void);

/* A new task's first code: interrupts on, its body, its end. */
static void task_entry(void)
{
	struct sched_rq *rq = this_rq();
	struct sched_task *t = &rq->tasks[rq->cur_idx];

	if (sched_mark_hook)
		sched_mark_hook(t->mark);
	arch_irq_restore(SCHED_TASK_IRQFLAGS); /* x86: interrupts on, the timer may preempt it */
	t->fn(t->arg);
	sched_exit();
}

struct sched_task *sched_add(const char *name, u32 mark, void (*fn)(void *), void *arg)
{
	struct sched_rq *rq = this_rq();
	struct sched_task *t;

	if (rq->ntasks >= SCHED_TASKS)
		return NULL;
	t = &rq->tasks[rq->ntasks++];
	task_create(&t->task, name);
	t->fn = fn;
	t->arg = arg;
	t->mark = mark;
	t->cycles = t->since = 0;
	t->slices = 0;
	t->state = SCHED_FREE;
	return t;
}

int sched_set_stack(struct sched_task *t, void *stack, u32 bytes)
{
	if (bytes < 1024)
		return -1;
	t->sp = sched_arch_frame(((unsigned long)stack + bytes) & ~15ul, task_entry);
	t->state = SCHED_RUNNABLE;
	return 0;
}

void sched_forget(void)
{
	this_rq()->ntasks = 0;
}

static int pick_next(struct sched_rq *rq)
{
	for (u32 i = 0; i < rq->ntasks; i++)
		rq->states[i] = rq->tasks[i].state;
	return sched_next(rq->states, rq->ntasks, rq->cur_idx);
}

/* Switches this CPU from the task at cur_idx (or the task that called
 * sched_run) to task next. Interrupts off: the timer would switch too. */
static void switch_to(struct sched_rq *rq, unsigned long *save, u32 next)
{
	struct sched_task *n = &rq->tasks[next];
	u64 t = now();

	assert_irqs_disabled();
	if (rq->in_task)
		rq->tasks[rq->cur_idx].cycles += t - rq->tasks[rq->cur_idx].since;
	rq->cur_idx = next;
	rq->in_task = true;
	n->since = t;
	n->slices++;
	rq->switches++;
	task_set_current(&n->task);
	sched_switch(save, n->sp);
	/* resumed, in the timer's handler: it says which task runs once it
	 * is done with the kernel's data (see sched_tick) */
}

void sched_tick(void)
{
	struct sched_rq *rq = this_rq();
	u32 prev = rq->cur_idx;
	int next;

	assert_irqs_disabled();
	if (!rq->in_task)
		return;
	next = pick_next(rq);
	if (next < 0 || (u32)next == prev)
		return;
	switch_to(rq, &rq->tasks[prev].sp, (u32)next);
}

void sched_yield_cpu(void)
{
	irqflags_t flags = arch_irq_save();
	struct sched_task *t;

	sched_tick();
	t = sched_current();
	if (t && sched_mark_hook)
		sched_mark_hook(t->mark);
	arch_irq_restore(flags);
}

static void sched_exit(void)
{
	struct sched_rq *rq;
	int next;
	unsigned long dead_sp;
	u32 prev;

	arch_irq_save();
	rq = this_rq();
	prev = rq->cur_idx;
	if (sched_mark_hook)
		sched_mark_hook(0); /* the scheduler's work is the kernel's */
	rq->tasks[prev].state = SCHED_DONE;
	next = pick_next(rq);
	if (next >= 0) {
		switch_to(rq, &dead_sp, (u32)next); /* never resumed */
		return;
	}
	rq->tasks[prev].cycles += now() - rq->tasks[prev].since;
	rq->in_task = false;
	task_set_current(rq->boot_current);
	if (sched_mark_hook)
		sched_mark_hook(0);
	sched_switch(&dead_sp, rq->boot_sp);
}

u32 sched_run(void)
{
	irqflags_t flags = arch_irq_save();
	struct sched_rq *rq = this_rq();
	int first;
	u32 n;

	rq->switches = 0;
	rq->boot_current = current;
	rq->cur_idx = rq->ntasks ? rq->ntasks - 1 : 0;
	first = pick_next(rq);
	if (first >= 0) {
		rq->in_task = false;
		rq->cur_idx = (u32)first;
		switch_to(rq, &rq->boot_sp, (u32)first);
	}
	/* back in the calling task: every task has returned */
	task_set_current(rq->boot_current);
	n = rq->switches;
	rq->ntasks = 0;
	arch_irq_restore(flags);
	return n;
}
