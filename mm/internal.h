/* mm/internal.h - the zone lock, for the files of mm/. Functions named
 * __name expect the caller to hold it. */
#ifndef MM_INTERNAL_H
#define MM_INTERNAL_H

#include "mm/page_alloc.h"

#ifdef MM_HOST
typedef u32 irqflags_t;
static inline irqflags_t zone_lock_irqsave(void)
{
	return 0;
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	(void)f;
}
#else
#include "arch/x86/cpu.h"
typedef u32 irqflags_t;
/* UP kernel: the "zone lock" is interrupts off. */
static inline irqflags_t zone_lock_irqsave(void)
{
	return local_irq_save();
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	local_irq_restore(f);
}
#endif

#endif
