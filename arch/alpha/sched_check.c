/* SPDX-License-Identifier: MIT */
/* arch/alpha/sched_check.c - see sched_check.h. The tasks' stacks are
 * static (the check needs no allocator); they run at IPL 7, as the rest of
 * the Alpha kernel, so the only switches are their own yields. */
#include "arch/alpha/sched_check.h"
#include "kernel/printk.h"
#include "kernel/sched.h"

#define SCHED_CHECK_TASKS  3u
#define SCHED_CHECK_ROUNDS 100u
#define SCHED_CHECK_STACK  (16u * KiB) /* bytes per task */
#define REPORT_MAX	   5u	       /* failure lines printed */

struct check_task {
	u32 id; /* 0 .. SCHED_CHECK_TASKS - 1: its place in the turn order */
	u32 rounds;
	/* what its register-held values should be after the switch: in
	 * memory, which the compiler reloads after the call */
	u64 want[6];
	double want_f[2];
};

static u64 stacks[SCHED_CHECK_TASKS][SCHED_CHECK_STACK / 8] __attribute__((aligned(16)));
static struct check_task tasks[SCHED_CHECK_TASKS];
static u32 turn;	/* turns taken: task i's round k is turn 3k + i */
static unsigned failed; /* checks that did not hold */

static void fail(const struct check_task *c, u32 round, const char *what, u64 got, u64 want)
{
	if (failed++ < REPORT_MAX)
		printk("sched: task %u round %u: %s (0x%llx, expected 0x%llx)\n", c->id, round, what,
		       (unsigned long long)got, (unsigned long long)want);
}

/* The next value of a task's sequence (an LCG: every step changes every
 * bit pattern, so a value from another task or round does not match). */
static inline u64 step(u64 x, u64 k)
{
	return x * 6364136223846793005ull + 1442695040888963407ull + k;
}

static void check_task_fn(void *arg)
{
	struct check_task *c = arg;
	volatile u64 on_stack[4];
	u64 v0, v1, v2, v3, v4, v5;
	double f0, f1;

	v0 = step(c->id + 1, 0);
	for (u32 k = 0; k < SCHED_CHECK_ROUNDS; k++) {
		if (turn != SCHED_CHECK_TASKS * k + c->id)
			fail(c, k, "turn out of round-robin order", turn, SCHED_CHECK_TASKS * k + c->id);
		turn++;
		if (current != &sched_current()->task)
			fail(c, k, "current is not the running task", (unsigned long)current,
			     (unsigned long)&sched_current()->task);
		/* six integers and two doubles live across the switch */
		v1 = step(v0, 1);
		v2 = step(v1, 2);
		v3 = step(v2, 3);
		v4 = step(v3, 4);
		v5 = step(v4, 5);
		f0 = (double)(v0 >> 40) + 0.5;
		f1 = (double)(v5 >> 40) * 0.25;
		c->want[0] = v0;
		c->want[1] = v1;
		c->want[2] = v2;
		c->want[3] = v3;
		c->want[4] = v4;
		c->want[5] = v5;
		c->want_f[0] = f0;
		c->want_f[1] = f1;
		for (u32 i = 0; i < 4; i++)
			on_stack[i] = v0 ^ i;
		c->rounds++;
		sched_yield_cpu();
		if (v0 != c->want[0] || v1 != c->want[1] || v2 != c->want[2] || v3 != c->want[3] || v4 != c->want[4] ||
		    v5 != c->want[5])
			fail(c, k, "an integer kept across the switch changed", v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5,
			     c->want[0] ^ c->want[1] ^ c->want[2] ^ c->want[3] ^ c->want[4] ^ c->want[5]);
		if (f0 != c->want_f[0] || f1 != c->want_f[1])
			fail(c, k, "a double kept across the switch changed", (u64)f0 ^ (u64)f1,
			     (u64)c->want_f[0] ^ (u64)c->want_f[1]);
		for (u32 i = 0; i < 4; i++)
			if (on_stack[i] != (c->want[0] ^ i))
				fail(c, k, "a word on its stack changed", on_stack[i], c->want[0] ^ i);
		v0 = step(v5, k);
	}
}

unsigned alpha_sched_check(void)
{
	struct task *boot = current;
	u32 switches, want_switches = SCHED_CHECK_TASKS * SCHED_CHECK_ROUNDS + 3;
	bool added = true;

	turn = 0;
	failed = 0;
	for (u32 i = 0; i < SCHED_CHECK_TASKS; i++) {
		char name[] = "check0";
		struct sched_task *t;

		name[5] = (char)('0' + i);
		tasks[i] = (struct check_task){ .id = i };
		t = sched_add(name, i + 1, check_task_fn, &tasks[i]);
		if (!t || sched_set_stack(t, stacks[i], sizeof(stacks[i])) < 0)
			added = false;
	}
	if (!added) {
		sched_forget();
		printk("sched: the check's tasks could not be added\n@sched tasks=0 check=fail\n");
		return 1;
	}
	/* switches: the first task's start, one per yield (another task is
	 * always runnable), two ends with tasks left; the last end returns
	 * here, which sched_run does not count */
	switches = sched_run();
	if (current != boot)
		fail(&tasks[0], SCHED_CHECK_ROUNDS, "sched_run returned in another task", (unsigned long)current,
		     (unsigned long)boot);
	for (u32 i = 0; i < SCHED_CHECK_TASKS; i++)
		if (tasks[i].rounds != SCHED_CHECK_ROUNDS)
			fail(&tasks[i], tasks[i].rounds, "rounds run", tasks[i].rounds, SCHED_CHECK_ROUNDS);
	if (switches != want_switches)
		fail(&tasks[0], SCHED_CHECK_ROUNDS, "switches", switches, want_switches);
	if (failed > REPORT_MAX)
		printk("sched: %u more failures not shown\n", failed - REPORT_MAX);
	printk("@sched tasks=%u rounds=%u switches=%u turns=%u check=%s\n", SCHED_CHECK_TASKS, SCHED_CHECK_ROUNDS,
	       switches, turn, failed ? "fail" : "ok");
	return failed ? 1 : 0;
}
