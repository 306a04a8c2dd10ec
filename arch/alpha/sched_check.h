/* SPDX-License-Identifier: MIT */
/* arch/alpha/sched_check.h - the boot check of kernel/sched.c's task switch
 * on Alpha. */
#ifndef ARCH_ALPHA_SCHED_CHECK_H
#define ARCH_ALPHA_SCHED_CHECK_H

/* Runs SCHED_CHECK_TASKS (3) tasks of SCHED_CHECK_ROUNDS (100) rounds each
 * through kernel/sched.c, taking turns by sched_yield_cpu. Each round a
 * task checks that its turn came in round-robin order, that `current` is
 * its own task, and that its values kept across the switch survived: six
 * integers and two doubles the compiler holds in callee-saved registers
 * (or spills to its stack), and four words on its own stack. Prints
 * "@sched tasks= rounds= switches= turns= check=ok|fail" (switches: as
 * sched_run counts them, 3 * rounds + 3 when every turn came), and a
 * "sched:" line for each of the first failures. Returns the failures (0 or
 * 1). */
unsigned alpha_sched_check(void);

#endif
