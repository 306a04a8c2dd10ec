/* SPDX-License-Identifier: MIT */
/* kernel/sched.c - see sched.h. */
#include "kernel/sched.h"
#include <asm/irqflags.h>

#define EFLAGS_IF 0x200u /* irqflags_t with interrupts enabled (x86 EFLAGS.IF) */

__sched_data u64 (*sched_clock)(void);
__sched_data void (*sched_mark_hook)(u32 mark);

static __sched_data struct sched_task tasks[SCHED_TASKS];
static __sched_data u32 ntasks, cur_idx, switches;
static __sched_data u32 boot_esp;
static __sched_data struct task *boot_current;
static __sched_data bool in_task;

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
	return in_task ? &tasks[cur_idx] : NULL;
}

static void sched_exit(void);

/* A new task's first code: interrupts on, its body, its end. */
static void task_entry(void)
{
	struct sched_task *t = &tasks[cur_idx];

	if (sched_mark_hook)
		sched_mark_hook(t->mark);
	arch_irq_restore(EFLAGS_IF); /* interrupts on: the timer may preempt it */
	t->fn(t->arg);
	sched_exit();
}

struct sched_task *sched_add(const char *name, u32 mark, void (*fn)(void *), void *arg)
{
	struct sched_task *t;

	if (ntasks >= SCHED_TASKS)
		return NULL;
	t = &tasks[ntasks++];
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
	t->esp = sched_arch_frame(((u32)(unsigned long)stack + bytes) & ~15u, task_entry);
	t->state = SCHED_RUNNABLE;
	return 0;
}

void sched_forget(void)
{
	ntasks = 0;
}

static __sched_data u32 states[SCHED_TASKS];

static int pick_next(void)
{
	for (u32 i = 0; i < ntasks; i++)
		states[i] = tasks[i].state;
	return sched_next(states, ntasks, cur_idx);
}

/* Switches from the task at cur_idx (or the boot task) to task next. */
static void switch_to(u32 *save, u32 next)
{
	struct sched_task *n = &tasks[next];
	u64 t = now();

	if (in_task)
		tasks[cur_idx].cycles += t - tasks[cur_idx].since;
	cur_idx = next;
	in_task = true;
	n->since = t;
	n->slices++;
	switches++;
	current = &n->task;
	sched_switch(save, n->esp);
	/* resumed, in the timer's handler: it says which task runs once it
	 * is done with the kernel's data (see sched_tick) */
}

void sched_tick(void)
{
	int next;
	u32 prev = cur_idx;

	if (!in_task)
		return;
	next = pick_next();
	if (next < 0 || (u32)next == prev)
		return;
	switch_to(&tasks[prev].esp, (u32)next);
}

static void sched_exit(void)
{
	int next;
	u32 prev = cur_idx;
	u32 dead_esp;

	arch_irq_save();
	if (sched_mark_hook)
		sched_mark_hook(0); /* the scheduler's work is the kernel's */
	tasks[prev].state = SCHED_DONE;
	next = pick_next();
	if (next >= 0) {
		switch_to(&dead_esp, (u32)next); /* never resumed */
		return;
	}
	tasks[prev].cycles += now() - tasks[prev].since;
	in_task = false;
	current = boot_current;
	if (sched_mark_hook)
		sched_mark_hook(0);
	sched_switch(&dead_esp, boot_esp);
}

u32 sched_run(void)
{
	irqflags_t flags = arch_irq_save();
	int first;
	u32 n;

	switches = 0;
	boot_current = current;
	cur_idx = ntasks ? ntasks - 1 : 0;
	first = pick_next();
	if (first >= 0) {
		in_task = false;
		cur_idx = (u32)first;
		switch_to(&boot_esp, (u32)first);
	}
	/* back in the boot task: every task has returned */
	current = boot_current;
	n = switches;
	ntasks = 0;
	arch_irq_restore(flags);
	return n;
}
