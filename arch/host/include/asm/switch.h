/* SPDX-License-Identifier: MIT */
/* asm/switch.h (host) - kernel/sched.c's task switch on the host
 * pseudo-architecture: declared here, defined by the test that includes
 * kernel/sched.c (tests/host/test_sched.c does it with ucontext: a "stack
 * pointer" there is the index of a saved context). No interrupts: a task
 * runs with the flags that mean "not off" (KERNEL_DEBUG's host_irqs_off
 * clear). */
#ifndef ASM_HOST_SWITCH_H
#define ASM_HOST_SWITCH_H

#include "kernel/types.h"

/* The irqflags_t a scheduled task runs with once started: interrupts on. */
#define SCHED_TASK_IRQFLAGS 0u

/* Saves the running task's context, stores its handle in *save_sp and
 * resumes the context next_sp names. */
void sched_switch(unsigned long *save_sp, unsigned long next_sp);
/* Makes a context whose first resumption enters entry(); returns its
 * handle. top is the stack's end (the host test supplies its own stacks). */
unsigned long sched_arch_frame(unsigned long top, void (*entry)(void));

#endif
