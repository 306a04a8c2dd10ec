/* SPDX-License-Identifier: MIT */
/* kernel/task.h - tasks: the unit that page placement follows.
 *
 * This kernel has no scheduler: one task runs at a time, and the kernel
 * switches `current` explicitly (each benchmark run is a new task). The
 * page coloring patch for Linux 2.4.17 put its color state into
 * task_struct; here that state belongs to the placement policy (mm/), and a
 * task only carries an opaque pointer to it: kernel/ never looks inside. */
#ifndef KERNEL_TASK_H
#define KERNEL_TASK_H

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

/* The running task; never NULL after task_init(). */
extern struct task *current;

/* Sets up the boot task ("kernel", pid 0) as current. */
void task_init(void);
/* Creates a task with the next pid (1, 2, ...) and no placement state yet (the policy starts it afresh),
 * and makes it current. Only one task besides the boot task exists at a
 * time: a new task replaces the previous one. Returns it (never NULL). */
struct task *task_start(const char *name);
/* Fills t in as a new task with the next pid, no placement state and no
 * color set, without making it current (tasks the scheduler runs,
 * kernel/sched.c). Returns t. */
struct task *task_create(struct task *t, const char *name);
/* Ends the current task and makes the boot task current again. */
void task_end(void);

#endif
