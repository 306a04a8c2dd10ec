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
	boot_task.colors = NULL;
	boot_task.color_borrowed = 0;
	next_pid = 1;
	current = &boot_task;
}

struct task *task_create(struct task *t, const char *name)
{
	u32 i;

	t->pid = next_pid++;
	for (i = 0; name[i] && i + 1 < TASK_NAME_LEN; i++)
		t->name[i] = name[i];
	t->name[i] = '\0';
	t->placement = NULL;
	t->colors = NULL;
	t->color_borrowed = 0;
	return t;
}

struct task *task_start(const char *name)
{
	current = task_create(&run_task, name);
	return current;
}

void task_end(void)
{
	current = &boot_task;
}
