/* SPDX-License-Identifier: MIT */
/* asm/processor.h (host) - cpu_relax(): host tests run more threads than
 * the machine may have cores: a waiter gives its core away, or a ticket lock
 * convoys behind a preempted holder. */
#ifndef ASM_HOST_PROCESSOR_H
#define ASM_HOST_PROCESSOR_H

#include <sched.h>

static inline void cpu_relax(void)
{
	sched_yield();
}

#endif
