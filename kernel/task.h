/* SPDX-License-Identifier: MIT */
/* kernel/task.h - tasks: the unit that page placement follows.
 *
 * Each CPU runs one task at a time, its `current`: CPU 0 starts as the boot
 * task ("kernel", pid 0), every application processor as a task of its own
 * ("cpu1", "cpu2", ...: task_cpu_init), so placement state that follows the
 * task (binhop's round-robin target color, drawn at the task's first
 * colored allocation; its color set) is per CPU. A CPU switches its
 * `current` explicitly (each benchmark run is a new task: task_start) or
 * through its scheduler (kernel/sched.c). The page coloring patch for
 * Linux 2.4.17 put its color state into task_struct; here that state
 * belongs to the placement policy (mm/), and a task only carries an opaque
 * pointer to it: kernel/ never looks inside. */
#ifndef KERNEL_TASK_H
#define KERNEL_TASK_H

#include <asm/smp.h>

#include "kernel/types.h"

#define TASK_NAME_LEN 32

/* Placement state (mm/placement/ops.h); opaque here. */
struct placement_task;
/* A set of colors (mm/color_bitmap.h, mm/color_set.h); opaque here. */
struct color_bitmap;

struct task {
	u32 pid;
	char name[TASK_NAME_LEN];
	struct placement_task *placement;  /* owned by mm/placement/task.c; task_start()
					     clears it, so a new task starts afresh */
	const struct color_bitmap *colors; /* the colors its pages may have (cache
					      partitioning, mm/color_set.h); NULL =
					      the default set (task_colors=) or all */
	u32 color_borrowed;		   /* pages it got from outside its set */
};

/* Each CPU's running task, indexed by smp_processor_id(); never NULL.
 * Written only by its own CPU (and by CPU 0 in task_init and
 * task_cpu_init, before that CPU runs). */
extern struct task *cpu_current[NR_CPUS];
/* The running task of the CPU this runs on (an rvalue: task_set_current
 * changes it). Where the architecture maps each CPU's entry of cpu_current
 * at a segment of its own (x86: GS, arch/x86/gdt.c), one load through it. */
#ifdef arch_this_cpu_read0
#define current arch_this_cpu_read0(cpu_current)
#else
#define current (cpu_current[smp_processor_id()])
#endif
/* Makes t the running task of the CPU this runs on. */
static inline void task_set_current(struct task *t)
{
	cpu_current[smp_processor_id()] = t;
}

/* Sets up the boot task ("kernel", pid 0) as every CPU's current (until
 * task_cpu_init gives a CPU its own). */
void task_init(void);
/* Gives CPU cpu (1 .. NR_CPUS-1) its own task, "cpu<cpu>", with the next
 * pid, no placement state and no color set (so task_colors= applies), as
 * its current and the task task_end returns it to. Called by CPU 0 before
 * cpu runs anything (smp_boot). Returns the task, or NULL for cpu 0 or out
 * of range. */
struct task *task_cpu_init(u32 cpu);
/* The task CPU cpu returns to after task_end (the boot task on CPU 0). */
struct task *task_cpu_home(u32 cpu);
/* Creates a task with the next pid (1, 2, ...) and no placement state yet (the policy starts it afresh),
 * and makes it the current of the calling CPU. Only one task besides a
 * CPU's own exists per CPU at a time: a new task replaces the previous one
 * of that CPU. Returns it (never NULL). */
struct task *task_start(const char *name);
/* Fills t in as a new task with the next pid, no placement state and no
 * color set, without making it current (tasks the scheduler runs,
 * kernel/sched.c). The pid is taken atomically (any CPU). Returns t. */
struct task *task_create(struct task *t, const char *name);
/* Makes t (made by task_create) the calling CPU's current, until task_end.
 * t must not be current on another CPU at the same time. */
void task_enter(struct task *t);
/* Ends the calling CPU's current task and makes the CPU's own task
 * (task_cpu_home) current again. */
void task_end(void);

#endif
