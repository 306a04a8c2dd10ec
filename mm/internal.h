/* SPDX-License-Identifier: MIT */
/* mm/internal.h - the zone lock, for the files of mm/. Functions named
 * __name expect the caller to hold it. */
#ifndef MM_INTERNAL_H
#define MM_INTERNAL_H

#include <asm/irqflags.h>

#include "mm/page_alloc.h"

/* The zone lock of this uniprocessor kernel: interrupts off (the
 * architecture's <asm/irqflags.h>; a no-op in host builds). mm/ names no
 * architecture: the include path picks arch/x86/include or
 * arch/host/include. */
static inline irqflags_t zone_lock_irqsave(void)
{
	return arch_irq_save();
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	arch_irq_restore(f);
}

#endif
