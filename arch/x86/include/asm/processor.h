/* SPDX-License-Identifier: MIT */
/* asm/processor.h (x86) - cpu_relax(): what a CPU does while it spins. */
#ifndef ASM_X86_PROCESSOR_H
#define ASM_X86_PROCESSOR_H

static inline void cpu_relax(void)
{
	__asm__ volatile("pause" ::: "memory"); /* rep; nop: a no-op on a 486 */
}

#endif
