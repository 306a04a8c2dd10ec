/* SPDX-License-Identifier: MIT */
/* kernel/task.c - see task.h. */
#include "kernel/task.h"

static struct task boot_task = { .pid = 0, .name = "kernel" };
static struct task run_task;
static u32 next_pid = 1;
struct task *current = &boot_task;

void task_init(void)
{
	boot_task.placement = NULL;
	next_pid = 1;
	current = &boot_task;
}

struct task *task_start(const char *name)
{
	u32 i;

	run_task.pid = next_pid++;
	for (i = 0; name[i] && i + 1 < TASK_NAME_LEN; i++)
		run_task.name[i] = name[i];
	run_task.name[i] = '\0';
	run_task.placement = NULL;
	current = &run_task;
	return current;
}

void task_end(void)
{
	current = &boot_task;
}
