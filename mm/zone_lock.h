/* SPDX-License-Identifier: MIT */
/* mm/zone_lock.h - the zone lock, for every file of mm/ that takes it or
 * asserts it (the __name functions expect their caller to hold it).
 *
 * A leaf: it names only kernel/ and the architecture, so that the files the
 * buddy core calls (the placement policies and registry, the color lists,
 * the page blocks) can take the lock without including the core's headers.
 * Defined beside the node's data, in mm/mmzone.c. */
#ifndef MM_ZONE_LOCK_H
#define MM_ZONE_LOCK_H

#include <asm/irqflags.h>

#include "kernel/spinlock.h"

/* The zone lock: one ticket spinlock for every zone of the node, taken with
 * interrupts off on this CPU (the architecture's <asm/irqflags.h>; no-ops in
 * host builds). On one CPU it is always free, and taking it is what it was
 * before SMP: interrupts off. mm/ names no architecture: the include path
 * picks arch/x86/include or arch/host/include. */
extern spinlock_t zone_lock;

/* In a function that needs the zone lock held by its caller (the __name
 * functions): stops debug builds when this CPU does not hold it
 * (kernel/spinlock.h's spin_assert_held; nothing in other builds). */
#define assert_zone_locked() spin_assert_held(&zone_lock)

static inline irqflags_t zone_lock_irqsave(void)
{
	return spin_lock_irqsave(&zone_lock);
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	spin_unlock_irqrestore(&zone_lock, f);
}

#endif
