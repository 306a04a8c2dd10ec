/* SPDX-License-Identifier: MIT */
/* asm/processor.h (alpha) - cpu_relax(): the Alpha has no pause hint; a
 * compiler barrier keeps the spin loop reading memory. */
#ifndef ASM_ALPHA_PROCESSOR_H
#define ASM_ALPHA_PROCESSOR_H

static inline void cpu_relax(void)
{
	__asm__ volatile("" ::: "memory");
}

#endif
