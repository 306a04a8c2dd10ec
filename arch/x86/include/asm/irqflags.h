/* SPDX-License-Identifier: MIT */
/* asm/irqflags.h (x86) - the zone lock of this uniprocessor kernel.
 *
 * Generic code (mm/) includes <asm/irqflags.h> and gets the architecture's
 * version through the include path (-Iarch/x86/include for the kernel,
 * -Iarch/host/include for host builds), as Linux's asm/ headers work: mm/
 * names no architecture. Here "taking the zone lock" is turning interrupts
 * off; the saved EFLAGS are restored on release. */
#ifndef ASM_X86_IRQFLAGS_H
#define ASM_X86_IRQFLAGS_H

#include "arch/x86/cpu.h"

typedef u32 irqflags_t;

static inline irqflags_t arch_irq_save(void)
{
	return local_irq_save();
}
static inline void arch_irq_restore(irqflags_t flags)
{
	local_irq_restore(flags);
}

#endif
