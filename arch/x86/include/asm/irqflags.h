/* SPDX-License-Identifier: MIT */
/* asm/irqflags.h (x86) - turning interrupts off and on for this CPU.
 *
 * Generic code (mm/) includes <asm/irqflags.h> and gets the architecture's
 * version through the include path (-Iarch/x86/include for the kernel,
 * -Iarch/host/include for host builds), as Linux's asm/ headers work: mm/
 * names no architecture. The zone lock (mm/zone_lock.h) turns interrupts off
 * here before it takes its spinlock; the saved EFLAGS are restored on
 * release. */
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
/* True while interrupts are off on this CPU (EFLAGS.IF clear). */
static inline bool arch_irqs_disabled(void)
{
	return !(read_eflags() & (1u << 9));
}

#endif
