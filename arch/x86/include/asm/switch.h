/* SPDX-License-Identifier: MIT */
/* asm/switch.h (x86) - kernel/sched.c's task switch: the stack switch and
 * a new task's first frame (arch/x86/switch.asm), and the interrupt state
 * a scheduled task runs with.
 *
 * Generic code (kernel/sched.c) includes <asm/switch.h> and gets the
 * architecture's version through the include path, as <asm/irqflags.h>. A
 * saved stack pointer is an unsigned long (32 bits here). */
#ifndef ASM_X86_SWITCH_H
#define ASM_X86_SWITCH_H

#include "kernel/types.h"

/* The irqflags_t a scheduled task runs with once started: EFLAGS with IF
 * set, so that the timer (sched_tick) preempts it. */
#define SCHED_TASK_IRQFLAGS 0x200u

/* Pushes the callee-saved registers (ebp, ebx, esi, edi) and EFLAGS on the
 * current stack, stores the stack pointer in *save_sp, loads next_sp and
 * pops the same frame from there: the other task returns from its own call
 * of sched_switch (or, the first time, enters its entry function). EFLAGS
 * travels with the task (a task switched away in an interrupt resumes with
 * IF clear and returns through iret). Interrupts off. */
void sched_switch(unsigned long *save_sp, unsigned long next_sp);
/* Builds a new task's first frame below top (16-byte aligned): EFLAGS 0x2
 * (IF clear), zero registers, return address entry, a null return address
 * above it. Returns the stack pointer for sched_switch, which then enters
 * entry() with interrupts off. */
unsigned long sched_arch_frame(unsigned long top, void (*entry)(void));

#endif
