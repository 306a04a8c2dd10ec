/* SPDX-License-Identifier: MIT */
/* asm/smp.h (x86) - which CPU is running: smp_processor_id().
 *
 * Generic code (mm/pcp.c, kernel/) includes <asm/smp.h> and gets the
 * architecture's version through the include path, as <asm/irqflags.h>.
 *
 * The CPU is found from the GS selector: the GDT holds one data segment
 * per CPU (entries SMP_GDT_CPU_FIRST + cpu, arch/x86/gdt.c; each starts at
 * the CPU's entry of cpu_current, so `current` is one load), and
 * each CPU loads its own into GS once (the boot CPU in gdt_init, an
 * application processor first thing in smp_ap_entry); the interrupt entry
 * saves and restores GS without reloading it. So the id follows the CPU
 * whatever stack runs on it (a scheduled task's stack, kernel/sched.c),
 * which an id from the stack pointer (as until 0.5) could not. One segment
 * register read, a subtraction and a compare: no LAPIC read. Any other GS
 * (the double-fault task's) counts as the boot CPU. */
#ifndef ASM_X86_SMP_H
#define ASM_X86_SMP_H

#include "kernel/types.h"

#define NR_CPUS	       8u	   /* CPUs this kernel can run (smp= at most this) */
#define SMP_STACK_SIZE (16u << 10) /* bytes per application processor stack */
#define SMP_STACK_LOG2 14

extern u32 smp_stacks_base;  /* first AP stack's lowest address; 0 before any AP */
extern u32 smp_stacks_bytes; /* (CPUs - 1) * SMP_STACK_SIZE */
extern u32 nr_cpus_online;   /* CPUs running (1 until APs start) */

/* Runs fn(cpu, arg) on CPUs 0..ncpus-1 at once and returns when all are
 * done (arch/x86/smp.c; arch/x86/smp.h says more). */
void smp_call_all(u32 ncpus, void (*fn)(u32 cpu, void *arg), void *arg);

#define SMP_GDT_CPU_FIRST 5u /* GDT index of CPU 0's per-CPU segment */

/* The first word of this CPU's entry of a per-CPU array of words at which
 * each CPU's GS segment starts (kernel/task.c's cpu_current: `current` in
 * one load). The "m" input orders it after the array's stores. */
#define arch_this_cpu_read0(arr)                                                                                       \
	({                                                                                                             \
		__typeof__((arr)[0]) v_;                                                                               \
		__asm__ volatile("movl %%gs:0, %0" : "=r"(v_) : "m"(arr));                                             \
		v_;                                                                                                    \
	})

static inline u32 smp_processor_id(void)
{
	u16 sel;
	u32 id;

	__asm__ volatile("movw %%gs, %0" : "=r"(sel));
	id = ((u32)sel >> 3) - SMP_GDT_CPU_FIRST;
	return id < NR_CPUS ? id : 0;
}

#endif
