/* kernel/task.h - tasks: the unit that page coloring follows.
 *
 * This kernel has no scheduler: one task runs at a time, and the kernel
 * switches `current` explicitly (each benchmark run is a new task). What a
 * task carries is what the seed patch added to task_struct: the color state
 * (color_init, target_color), here with per-task hit/miss counters. */
#ifndef KERNEL_TASK_H
#define KERNEL_TASK_H

#include "kernel/types.h"

#define TASK_NAME_LEN 32

/* Per-task page coloring state (shared/seeds/000_*: color_init and
 * target_color in task_struct). */
struct page_color_task {
	bool color_init;  /* false until the task's first colored allocation */
	u32 target_color; /* next color to hand out, 0 .. colors-1 */
	u32 hits;	  /* allocations that got target_color */
	u32 misses;	  /* allocations that had to take another color */
};

struct task {
	u32 pid;
	char name[TASK_NAME_LEN];
	struct page_color_task color;
};

/* The running task; never NULL after task_init(). */
extern struct task *current;

/* Sets up the boot task ("kernel", pid 0) as current. */
void task_init(void);
/* Creates a task with the next pid (1, 2, ...) and a fresh color state,
 * and makes it current. Only one task besides the boot task exists at a
 * time: a new task replaces the previous one. Returns it (never NULL). */
struct task *task_start(const char *name);
/* Ends the current task and makes the boot task current again. */
void task_end(void);

#endif
