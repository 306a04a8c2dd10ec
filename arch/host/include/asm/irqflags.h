/* SPDX-License-Identifier: MIT */
/* asm/irqflags.h (host) - the host pseudo-architecture used by the host
 * tests and tools (tests/host, tests/fuzz, tools/zoneinfo, tools/bench-host):
 * there are no interrupts, so nothing is turned off. In debug builds
 * (KERNEL_DEBUG: the host tests) a per-thread flag (host_irqs_off, defined
 * in mm/pcp.c) records whether the thread is between arch_irq_save and
 * arch_irq_restore, for the lock assertions (kernel/spinlock.h); elsewhere
 * (tools/bench-host) these are empty, as they always were. */
#ifndef ASM_HOST_IRQFLAGS_H
#define ASM_HOST_IRQFLAGS_H

#include "kernel/types.h"

typedef u32 irqflags_t;

#ifdef KERNEL_DEBUG
extern __thread u32 host_irqs_off;

static inline irqflags_t arch_irq_save(void)
{
	irqflags_t was = host_irqs_off;

	host_irqs_off = 1;
	return was;
}
static inline void arch_irq_restore(irqflags_t flags)
{
	host_irqs_off = flags;
}
static inline bool arch_irqs_disabled(void)
{
	return host_irqs_off != 0;
}
#else
static inline irqflags_t arch_irq_save(void)
{
	return 0;
}
static inline void arch_irq_restore(irqflags_t flags)
{
	(void)flags;
}
#endif

#endif
