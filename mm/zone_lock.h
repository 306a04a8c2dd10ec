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
 * host builds). mm/ names no architecture: the include path picks
 * arch/x86/include or arch/host/include.
 *
 * While one CPU is online (nr_cpus_online == 1, <asm/smp.h>) no other CPU
 * can contend, and the lock is elided: interrupts off, the acquisition
 * counted, and in debug builds the holder recorded, so that
 * assert_zone_locked() still stops a caller that did not take it; the
 * ticket (an atomic add and the wait loop) is not taken, so spin_is_locked
 * says nothing here. Rule for whoever brings CPUs up: nr_cpus_online grows
 * only while no CPU holds the zone lock and before the new CPU can take it
 * (arch/x86/smp.c publishes a CPU before giving it work, and the boot CPU
 * starts the others outside any allocation). Lock and unlock read
 * nr_cpus_online each; it cannot change in between on the holding CPU. */
extern spinlock_t zone_lock;

/* In a function that needs the zone lock held by its caller (the __name
 * functions): stops debug builds when this CPU does not hold it
 * (kernel/spinlock.h's spin_assert_held; nothing in other builds). */
#define assert_zone_locked() spin_assert_held(&zone_lock)

/* Is the zone lock elided now (one CPU online)? */
static inline bool zone_lock_elided(void)
{
	return __builtin_expect(nr_cpus_online == 1, 1);
}

static inline irqflags_t zone_lock_irqsave(void)
{
	irqflags_t f = arch_irq_save();

	if (zone_lock_elided()) {
		spin_set_holder(&zone_lock, smp_processor_id() + 1);
		zone_lock.acquisitions++;
	} else {
		spin_lock(&zone_lock);
	}
	return f;
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	if (zone_lock_elided())
		spin_set_holder(&zone_lock, 0);
	else
		spin_unlock(&zone_lock);
	arch_irq_restore(f);
}

#endif
