/* SPDX-License-Identifier: MIT */
/* tests/host/test_sched.c - kernel/sched.c's round-robin, on the host: the
 * architecture's stack switch is replaced by ucontext (makecontext /
 * swapcontext), so tasks really are switched and resumed; a "timer tick" is
 * a call of sched_tick() inside a task, with interrupts off as the timer's.
 * The per-CPU parts (kernel/task.c's per-CPU current, each CPU's own run
 * queue) are checked by playing CPUs with host_cpu_id (<asm/smp.h>). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <cmocka.h>

#include "kernel/sched.c"

/* ---- the host's sched_switch / sched_arch_frame ------------------------- */

#define SLOTS 64
static ucontext_t ctx[SLOTS];
static u32 nslots = 1; /* 0 is never used */
static char stacks[SCHED_TASKS][64 * 1024];
static u32 nstacks;

unsigned long sched_arch_frame(unsigned long top, void (*entry)(void))
{
	u32 s = nslots++;

	(void)top;
	getcontext(&ctx[s]);
	ctx[s].uc_stack.ss_sp = stacks[nstacks];
	ctx[s].uc_stack.ss_size = sizeof(stacks[0]);
	ctx[s].uc_link = NULL;
	nstacks = (nstacks + 1) % SCHED_TASKS;
	makecontext(&ctx[s], entry, 0);
	return s;
}

void sched_switch(unsigned long *save_sp, unsigned long next_sp)
{
	u32 s = nslots++;

	assert_true(s < SLOTS);
	*save_sp = s;
	swapcontext(&ctx[s], &ctx[next_sp]);
}

/* ---- tasks ----------------------------------------------------------------- */

static char trace[256];
static u32 ntrace;
static u64 fake_now;
static u32 marks[256], nmarks;

static u64 fake_clock(void)
{
	return fake_now;
}

static void hook(u32 mark)
{
	marks[nmarks++ % 256] = mark;
}

struct body {
	char name;
	u32 ticks; /* slices it runs before returning */
};

static void body_fn(void *arg)
{
	struct body *b = arg;

	for (u32 i = 0; i < b->ticks; i++) {
		trace[ntrace++] = b->name;
		assert_ptr_equal(current, &sched_current()->task); /* current follows the switch */
		fake_now += 10;
		irqflags_t f = arch_irq_save(); /* the timer runs with interrupts off */
		sched_tick();			/* the timer: the next task runs */
		arch_irq_restore(f);
	}
	trace[ntrace++] = (char)(b->name - 'A' + 'a'); /* ends */
}

static char dummy_stack[SCHED_TASKS][2048];

static void test_round_robin(void **state)
{
	static struct body a = { 'A', 3 }, b = { 'B', 1 }, c = { 'C', 2 };
	struct sched_task *ta, *tb, *tc;
	struct task *boot = current;
	(void)state;

	ntrace = 0;
	sched_clock = fake_clock;
	sched_mark_hook = hook;
	ta = sched_add("a", 1, body_fn, &a);
	tb = sched_add("b", 2, body_fn, &b);
	tc = sched_add("c", 3, body_fn, &c);
	assert_non_null(ta);
	assert_int_not_equal(ta->task.pid, tb->task.pid);
	assert_int_equal(sched_set_stack(ta, dummy_stack[0], 100), -1); /* too small */
	assert_int_equal(sched_set_stack(ta, dummy_stack[0], 2048), 0);
	assert_int_equal(sched_set_stack(tb, dummy_stack[1], 2048), 0);
	assert_int_equal(sched_set_stack(tc, dummy_stack[2], 2048), 0);
	u32 switches = sched_run();
	trace[ntrace] = '\0';
	/* A B C in turn; a task that returned is skipped; the last one left
	 * keeps the CPU without switches */
	assert_string_equal(trace, "ABCAbCAca");
	assert_ptr_equal(current, boot);
	assert_null(sched_current());
	assert_int_equal(switches, 9);
	assert_int_equal(ta->slices, 4);  /* first, after C twice, after C ended */
	assert_int_equal(ta->cycles, 30); /* its three steps of 10 */
	assert_int_equal(tc->cycles, 20);
	/* every task was marked as it started (1, 2, 3), and 0 when each ended */
	assert_int_equal(marks[0], 1);
	assert_int_equal(marks[1], 2);
	assert_int_equal(marks[2], 3);
	/* the tasks are forgotten: a new run starts empty */
	assert_int_equal(sched_run(), 0);
}

static void test_next(void **state)
{
	u32 st[4] = { SCHED_RUNNABLE, SCHED_DONE, SCHED_RUNNABLE, SCHED_FREE };
	(void)state;

	assert_int_equal(sched_next(st, 4, 0), 2);
	assert_int_equal(sched_next(st, 4, 2), 0);
	assert_int_equal(sched_next(st, 4, 3), 0);
	st[0] = SCHED_DONE;
	assert_int_equal(sched_next(st, 4, 2), 2); /* itself, last */
	st[2] = SCHED_DONE;
	assert_int_equal(sched_next(st, 4, 2), -1);
	/* a full table */
	for (u32 i = 0; i < SCHED_TASKS; i++)
		assert_non_null(sched_add("t", i, body_fn, NULL));
	assert_null(sched_add("one too many", 9, body_fn, NULL));
	sched_forget();
}

/* A task's own sched_yield_cpu: interrupts on in the task (and after each
 * yield: the flags travel with the task), the turns in round-robin order,
 * the resuming task's mark given to the hook, one switch per yield while
 * another task is runnable. */
static void yield_fn(void *arg)
{
	struct body *b = arg;

	for (u32 i = 0; i < b->ticks; i++) {
		trace[ntrace++] = b->name;
		assert_false(arch_irqs_disabled());
		sched_yield_cpu();
		assert_false(arch_irqs_disabled());
		assert_int_equal(marks[(nmarks - 1) % 256], sched_current()->mark);
	}
	trace[ntrace++] = (char)(b->name - 'A' + 'a');
}

static void test_yield(void **state)
{
	static struct body a = { 'A', 2 }, b = { 'B', 2 }, c = { 'C', 1 };
	struct sched_task *t[3];
	(void)state;

	ntrace = nmarks = 0;
	sched_clock = NULL;
	sched_mark_hook = hook;
	sched_yield_cpu(); /* outside a task: nothing happens */
	assert_int_equal(nmarks, 0);
	t[0] = sched_add("a", 1, yield_fn, &a);
	t[1] = sched_add("b", 2, yield_fn, &b);
	t[2] = sched_add("c", 3, yield_fn, &c);
	for (u32 i = 0; i < 3; i++)
		assert_int_equal(sched_set_stack(t[i], dummy_stack[i], 2048), 0);
	u32 switches = sched_run();
	trace[ntrace] = '\0';
	assert_string_equal(trace, "ABCABcab");
	/* the first switch in (A), the five yields (A>B B>C C>A A>B B>C),
	 * two ends with a task left (c: C>A, a: A>B); b's end returns to
	 * the caller of sched_run, which is no task switch */
	assert_int_equal(switches, 8);
	assert_int_equal(t[0]->slices, 3);
	assert_int_equal(t[2]->slices, 2);
	assert_false(arch_irqs_disabled());
	assert_int_equal(sched_run(), 0);
}

/* ---- per CPU ---------------------------------------------------------------- */

static struct task *cpu1_home, *boot_task_p;
static u32 seen_on_cpu1, seen_cpu0_boot;

/* Runs on CPU 1's queue: current is the task itself on CPU 1 while CPU 0
 * still runs the boot task, and CPU 0's queue runs nothing. */
static void cpu1_body(void *arg)
{
	struct body *b = arg;

	for (u32 i = 0; i < b->ticks; i++) {
		assert_int_equal(smp_processor_id(), 1);
		assert_ptr_equal(current, &sched_current()->task);
		assert_ptr_not_equal(current, cpu1_home);
		seen_on_cpu1++;
		host_cpu_id = 0; /* look from CPU 0 */
		assert_ptr_equal(current, boot_task_p);
		assert_null(sched_current());
		seen_cpu0_boot++;
		host_cpu_id = 1;
		irqflags_t f = arch_irq_save();
		sched_tick();
		arch_irq_restore(f);
	}
}

static void test_per_cpu_current_and_queues(void **state)
{
	static struct body a = { 'A', 2 }, b = { 'B', 3 };
	struct sched_task *ta, *tb;
	(void)state;

	task_init();
	boot_task_p = current;
	host_cpu_id = 1;
	cpu1_home = task_cpu_init(1);
	assert_non_null(cpu1_home);
	assert_string_equal(cpu1_home->name, "cpu1");
	assert_int_not_equal(cpu1_home->pid, 0);
	assert_ptr_equal(current, cpu1_home); /* CPU 1 runs as its own task */
	host_cpu_id = 0;
	assert_ptr_equal(current, boot_task_p); /* CPU 0's is unchanged */
	host_cpu_id = 1;

	seen_on_cpu1 = seen_cpu0_boot = 0;
	sched_clock = fake_clock;
	sched_mark_hook = NULL;
	ta = sched_add("a", 1, cpu1_body, &a);
	tb = sched_add("b", 2, cpu1_body, &b);
	assert_int_equal(sched_set_stack(ta, dummy_stack[0], 2048), 0);
	assert_int_equal(sched_set_stack(tb, dummy_stack[1], 2048), 0);
	host_cpu_id = 0;
	assert_int_equal(sched_run(), 0); /* CPU 0's queue is empty: CPU 1's tasks are not its */
	host_cpu_id = 1;
	u32 switches = sched_run();
	assert_int_equal(seen_on_cpu1, 5);
	assert_int_equal(seen_cpu0_boot, 5);
	assert_int_equal(switches, 6); /* A B A B B(after A ended: none) ... */
	assert_int_equal(sched_switches_on(1), switches);
	assert_ptr_equal(current, cpu1_home); /* back in CPU 1's own task */
	host_cpu_id = 0;
	assert_ptr_equal(current, boot_task_p);
	host_cpu_id = 1;
	task_start("run");
	assert_ptr_not_equal(current, cpu1_home);
	task_end(); /* back to CPU 1's own task, not the boot task */
	assert_ptr_equal(current, cpu1_home);
	host_cpu_id = 0;
	assert_null(task_cpu_init(0));
	task_init();
}

/* The assertion's message, kept: spin_assert_fail formats it on its own
 * stack, which is gone once mock_assert has longjmp'd, and cmocka prints
 * the message after that (the pointer it was given). */
static char fail_message[256];

static void fail_hook(const char *message, const char *file, int line)
{
	snprintf(fail_message, sizeof(fail_message), "%s", message);
	mock_assert(0, fail_message, file, line);
}

/* The queue's lock rule: the switch happens with interrupts off. */
static void test_tick_needs_interrupts_off(void **state)
{
	(void)state;
	spin_assert_hook = fail_hook;
	host_irqs_off = 0;
	fail_message[0] = '\0';
	expect_assert_failure(sched_tick());
	spin_assert_hook = NULL;
	assert_non_null(strstr(fail_message, "interrupts on (must be off) in sched_tick (./kernel/sched.c:"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_next),
		cmocka_unit_test(test_round_robin),
		cmocka_unit_test(test_yield),
		cmocka_unit_test(test_per_cpu_current_and_queues),
		cmocka_unit_test(test_tick_needs_interrupts_off),
	};
	task_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
