/* SPDX-License-Identifier: MIT */
/* kernel/sched.h - preemptive round-robin between a few kernel tasks on
 * each CPU, for the benchmarks that ask for it (bench=interfere,
 * bench=smptask).
 *
 * This kernel otherwise has no scheduler: each CPU's own task runs its work
 * and switches `current` explicitly. Every CPU has a run queue of its own:
 * sched_add(), sched_set_stack(), sched_run() and sched_tick() act on the
 * queue of the CPU they run on, and a task stays on the CPU that added it.
 * sched_run() (called by the CPU's own task) runs the tasks given to
 * sched_add() until each has returned: a timer interrupt on that CPU (the
 * PIT on CPU 0, the CPU's local APIC timer on any) calls sched_tick(), which
 * gives the CPU to the next runnable task in turn (round-robin, one time
 * slice = one tick); when the last task returns, sched_run() returns in the
 * task that called it. Lock rule: a queue is touched only by its own CPU,
 * and switched only with interrupts off (sched_tick and the switch assert
 * it), so no lock is needed. A task may also give up the CPU itself
 * (sched_yield_cpu): the only way on a CPU without a timer that calls
 * sched_tick (the Alpha kernel takes no interrupt). Tasks share the kernel's
 * address space; each has its own stack (supplied by the caller) and its
 * own struct task (pid, placement state, color set). On x86 tasks must not
 * use the FPU or SSE: their state is not saved (the integer registers
 * are); on Alpha the callee-saved floating-point registers travel too.
 *
 * The switch itself is the architecture's, through <asm/switch.h>:
 * sched_switch(save, sp) saves the callee-saved registers on the current
 * stack, stores the stack pointer in *save and resumes the stack at sp;
 * sched_arch_frame() builds a new task's first frame; SCHED_TASK_IRQFLAGS
 * is the interrupt state a task runs with (arch/x86/switch.asm,
 * arch/alpha/switch.S). A saved stack pointer is an unsigned long. */
#ifndef KERNEL_SCHED_H
#define KERNEL_SCHED_H

#include "kernel/task.h"
#include "kernel/types.h"

#define SCHED_TASKS 8

/* Data the timer interrupt and the switch touch (here, in the PIC and PIT
 * drivers and the timer's callback) lives in the image's .data, not its
 * .bss: .data's colors are reported at boot and, with kernel_colors= set,
 * kept out of task sets (mm/color_set.h), while a .bss larger than the
 * cache covers every color. So a partitioned task never shares a color with
 * what preemption touches. */
#define __sched_data __attribute__((section(".data.sched")))

enum sched_state { SCHED_FREE, SCHED_RUNNABLE, SCHED_DONE };

struct sched_task {
	struct task task;      /* current while it runs */
	unsigned long sp;      /* saved stack pointer while it does not */
	void (*fn)(void *arg); /* its body; returning ends the task */
	void *arg;
	u32 state;  /* enum sched_state */
	u32 mark;   /* its id for the cache simulator (1..) */
	u64 cycles; /* time on the CPU (sched_clock units), interrupts included */
	u64 since;  /* sched_clock at its last switch in */
	u32 slices; /* times it was switched in */
};

/* The clock for the tasks' run time (the TSC in the kernel), and a hook
 * called with a task's mark as it starts or resumes after a switch, and
 * with 0 when a task ends and when the boot task resumes (the cache
 * simulator's task markers; the switch itself is the kernel's); both may
 * be NULL. */
extern u64 (*sched_clock)(void);
extern void (*sched_mark_hook)(u32 mark);

/* Adds a task running fn(arg), with the given name and simulator mark.
 * Returns it, or NULL when SCHED_TASKS are already added. The task gets a
 * pid (task_create) and no color set (set t->task.colors, mm/color_set.h,
 * then allocate for it); it runs once it has a stack (sched_set_stack). */
struct sched_task *sched_add(const char *name, u32 mark, void (*fn)(void *), void *arg);
/* Gives t its stack [stack, stack + bytes) (bytes >= 1024; the top is
 * aligned down to 16 bytes) and makes it runnable. Returns 0, or -1 for
 * too small a stack. */
int sched_set_stack(struct sched_task *t, void *stack, u32 bytes);
/* Forgets every added task (sched_run does it when it returns; for a
 * caller that gives up before running them). */
void sched_forget(void);
/* Runs the added tasks until all have returned (interrupts are enabled
 * in the tasks; the caller starts the timer that calls sched_tick), then
 * forgets them and returns with interrupts as they were. Returns the
 * number of switches made. Called by a CPU's own task (not by a task of
 * its queue). */
u32 sched_run(void);
/* The timer's call (interrupt context, IF clear): ends the current slice
 * and switches to the next runnable task, if there is another. Returns in
 * the task that runs next (later, for the one switched away); the caller
 * then calls sched_mark_hook with its mark (sched_current()). */
void sched_tick(void);
/* The task of this CPU's queue running now, or NULL in the task that
 * called sched_run (or outside sched_run). */
struct sched_task *sched_current(void);
/* Switches made by CPU cpu's queue in its current or last sched_run (0
 * for cpu out of range). */
u32 sched_switches_on(u32 cpu);

/* Called by a task of this CPU's queue (interrupts on or off): ends its
 * slice as the timer would (sched_tick with interrupts off) and returns
 * when its turn comes again, with interrupts as they were and its mark
 * given to sched_mark_hook. Returns at once when no other task is
 * runnable, or outside a task (the caller of sched_run). */
void sched_yield_cpu(void);

/* Round-robin choice, for tests: the index after cur (cyclically, cur
 * itself last) whose state is SCHED_RUNNABLE, or -1 when none is. */
int sched_next(const u32 *states, u32 n, u32 cur);

#endif
