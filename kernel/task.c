/* SPDX-License-Identifier: MIT */
/* kernel/task.c - see task.h. */
#include "kernel/task.h"

static struct task boot_task = { .pid = 0, .name = "kernel" };
static struct task cpu_tasks[NR_CPUS]; /* [0] unused: CPU 0's own task is boot_task */
static struct task run_task[NR_CPUS];
static struct task *cpu_home[NR_CPUS] = { [0 ... NR_CPUS - 1] = &boot_task };
static u32 next_pid = 1;

_Static_assert(NR_CPUS <= 10, "task_cpu_init names CPUs with one digit");
struct task *cpu_current[NR_CPUS] = { [0 ... NR_CPUS - 1] = &boot_task };

void task_init(void)
{
	boot_task.placement = NULL;
	boot_task.colors = NULL;
	boot_task.color_borrowed = 0;
	next_pid = 1;
	for (u32 i = 0; i < NR_CPUS; i++)
		cpu_current[i] = cpu_home[i] = &boot_task;
}

struct task *task_create(struct task *t, const char *name)
{
	u32 i;

	t->pid = __atomic_fetch_add(&next_pid, 1, __ATOMIC_RELAXED);
	for (i = 0; name[i] && i + 1 < TASK_NAME_LEN; i++)
		t->name[i] = name[i];
	t->name[i] = '\0';
	t->placement = NULL;
	t->colors = NULL;
	t->color_borrowed = 0;
	return t;
}

struct task *task_cpu_init(u32 cpu)
{
	char name[8] = "cpu";

	if (cpu == 0 || cpu >= NR_CPUS)
		return NULL;
	name[3] = (char)('0' + cpu % 10); /* NR_CPUS <= 10 */
	name[4] = '\0';
	cpu_home[cpu] = task_create(&cpu_tasks[cpu], name);
	cpu_current[cpu] = cpu_home[cpu];
	return cpu_home[cpu];
}

struct task *task_cpu_home(u32 cpu)
{
	return cpu_home[cpu < NR_CPUS ? cpu : 0];
}

struct task *task_start(const char *name)
{
	u32 cpu = smp_processor_id();

	cpu_current[cpu] = task_create(&run_task[cpu], name);
	return cpu_current[cpu];
}

void task_enter(struct task *t)
{
	cpu_current[smp_processor_id()] = t;
}

void task_end(void)
{
	u32 cpu = smp_processor_id();

	cpu_current[cpu] = cpu_home[cpu];
}
