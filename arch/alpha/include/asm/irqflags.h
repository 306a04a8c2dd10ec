/* SPDX-License-Identifier: MIT */
/* asm/irqflags.h (alpha) - interrupts off and on for this CPU through the
 * OSF/1 PALcode's swpipl (IPL 7: every interrupt masked). The Alpha kernel
 * runs at IPL 7 throughout: it enables no interrupt. */
#ifndef ASM_ALPHA_IRQFLAGS_H
#define ASM_ALPHA_IRQFLAGS_H

#include "kernel/types.h"

typedef unsigned long irqflags_t;

/* Sets the IPL to ipl (0-7); returns the previous one. */
static inline unsigned long alpha_swpipl(unsigned long ipl)
{
	register unsigned long a0 __asm__("$16") = ipl;
	register unsigned long v0 __asm__("$0");

	__asm__ volatile("call_pal 0x35" : "=r"(v0), "+r"(a0) : : "$1", "$22", "$23", "$24", "$25", "memory");
	return v0;
}

static inline irqflags_t arch_irq_save(void)
{
	return alpha_swpipl(7);
}
static inline void arch_irq_restore(irqflags_t flags)
{
	alpha_swpipl(flags);
}
/* True while every interrupt is masked (IPL 7). */
static inline bool arch_irqs_disabled(void)
{
	unsigned long ipl = alpha_swpipl(7);

	alpha_swpipl(ipl);
	return ipl == 7;
}

#endif
