/* SPDX-License-Identifier: MIT */
/* asm/irqflags.h (host) - the host pseudo-architecture used by the host
 * tests and tools (tests/host, tests/fuzz, tools/zoneinfo, tools/bench-host):
 * single-threaded, so there is nothing to turn off. */
#ifndef ASM_HOST_IRQFLAGS_H
#define ASM_HOST_IRQFLAGS_H

#include "kernel/types.h"

typedef u32 irqflags_t;

static inline irqflags_t arch_irq_save(void)
{
	return 0;
}
static inline void arch_irq_restore(irqflags_t flags)
{
	(void)flags;
}

#endif
