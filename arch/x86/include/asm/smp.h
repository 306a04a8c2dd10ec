/* SPDX-License-Identifier: MIT */
/* asm/smp.h (x86) - which CPU is running: smp_processor_id().
 *
 * Generic code (mm/pcp.c, kernel/) includes <asm/smp.h> and gets the
 * architecture's version through the include path, as <asm/irqflags.h>.
 *
 * The CPU is found from the stack pointer, as Linux 2.4 found `current`:
 * the application processors' stacks are one contiguous block of
 * SMP_STACK_SIZE stacks (arch/x86/smp.c, allocated only when a second CPU
 * is started), CPU n >= 1 running on stack n - 1; any other stack (the boot
 * stack, the double-fault stack) is the boot CPU's. One subtraction and a
 * compare: no LAPIC read, no segment register. */
#ifndef ASM_X86_SMP_H
#define ASM_X86_SMP_H

#include "kernel/types.h"

#define NR_CPUS	       8u	   /* CPUs this kernel can run (smp= at most this) */
#define SMP_STACK_SIZE (16u << 10) /* bytes per application processor stack */
#define SMP_STACK_LOG2 14

extern u32 smp_stacks_base;  /* first AP stack's lowest address; 0 before any AP */
extern u32 smp_stacks_bytes; /* (CPUs - 1) * SMP_STACK_SIZE */
extern u32 nr_cpus_online;   /* CPUs running (1 until APs start) */

static inline u32 smp_processor_id(void)
{
	u32 esp, off;

	__asm__ volatile("mov %%esp, %0" : "=r"(esp));
	off = esp - smp_stacks_base;
	return off < smp_stacks_bytes ? 1 + (off >> SMP_STACK_LOG2) : 0;
}

#endif
