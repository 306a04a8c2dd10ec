/* SPDX-License-Identifier: MIT */
/* asm/switch.h (alpha) - kernel/sched.c's task switch on Alpha
 * (arch/alpha/switch.S): the stack switch, a new task's first frame, and
 * the interrupt state a scheduled task runs with. A saved stack pointer is
 * an unsigned long (64 bits). */
#ifndef ASM_ALPHA_SWITCH_H
#define ASM_ALPHA_SWITCH_H

#include "kernel/types.h"

/* The irqflags_t (IPL) a scheduled task runs with once started: 7, every
 * interrupt masked, as the rest of the Alpha kernel (asm/irqflags.h: it
 * takes no interrupt, so no timer calls sched_tick; tasks take turns by
 * sched_yield_cpu). */
#define SCHED_TASK_IRQFLAGS 7ul

/* Saves the return address, the callee-saved integer registers s0-s5 and
 * fp ($9-$15) and the callee-saved floating-point registers $f2-$f9 in a
 * 128-byte frame on the current stack, stores the stack pointer in
 * *save_sp, loads next_sp and restores the same frame from there: the
 * other task returns from its own call of sched_switch (or, the first
 * time, starts at entry: sched_arch_frame). Called with interrupts off
 * (kernel/sched.c asserts it), so the IPL, 7 at every switch, is not
 * saved. */
void sched_switch(unsigned long *save_sp, unsigned long next_sp);
/* Builds a new task's first frame below top (16-byte aligned): return
 * address a start routine that calls entry (held in s0's slot) with pv
 * ($27) set as the calling convention asks, every other register zero
 * (fp 0: a back trace ends there). Returns the stack pointer for
 * sched_switch, which then enters entry() at the IPL it was called with. */
unsigned long sched_arch_frame(unsigned long top, void (*entry)(void));

#endif
