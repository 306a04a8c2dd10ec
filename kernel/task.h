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

/* Placement state (mm/placement.h); opaque here. */
struct placement_task;

struct task {
	u32 pid;
	char name[TASK_NAME_LEN];
	struct placement_task *placement; /* owned by mm/placement.c; task_start()
					     clears it, so a new task starts afresh */
};

/* The running task; never NULL after task_init(). */
extern struct task *current;

/* Sets up the boot task ("kernel", pid 0) as current. */
void task_init(void);
/* Creates a task with the next pid (1, 2, ...) and no placement state yet (the policy starts it afresh),
 * and makes it current. Only one task besides the boot task exists at a
 * time: a new task replaces the previous one. Returns it (never NULL). */
struct task *task_start(const char *name);
/* Ends the current task and makes the boot task current again. */
void task_end(void);

#endif
