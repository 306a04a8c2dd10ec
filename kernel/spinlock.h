/* SPDX-License-Identifier: MIT */
/* kernel/spinlock.h - ticket spinlocks with interrupt save/restore.
 *
 * A ticket lock hands the lock out in arrival order: a CPU takes the next
 * ticket (an atomic fetch-and-add on `next`) and spins until `owner` shows
 * its number; unlocking advances `owner`. Unlike a test-and-set lock no CPU
 * can starve, which matters when an emulator runs more vCPUs than the host
 * has cores (Linux's x86 ticket spinlocks, 2.6.25; J. M. Mellor-Crummey and
 * M. L. Scott, "Algorithms for scalable synchronization on shared-memory
 * multiprocessors", ACM TOCS 9(1), 1991).
 *
 * The lock keeps counters for the benchmarks, updated while it is held (so
 * they need no atomics): acquisitions, acquisitions that had to wait
 * (contended), and the spin-loop iterations spent waiting. The counters are
 * statistics, not part of the lock's correctness.
 *
 * The interrupt part is the architecture's (<asm/irqflags.h>: cli/sti on
 * x86, nothing in host builds). Host builds are multi-threaded in the
 * spinlock test (tests/host/test_spinlock.c) and use the same atomics. */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include <asm/irqflags.h>

#include "kernel/types.h"

typedef struct spinlock {
	volatile u16 owner; /* ticket now served */
	volatile u16 next;  /* next ticket to hand out */
	u32 acquisitions;   /* times taken (under the lock) */
	u32 contended;	    /* times a CPU found it held */
	u64 spins;	    /* wait-loop iterations, summed */
} spinlock_t;

#define SPINLOCK_INIT                                                                                                  \
	{                                                                                                              \
		0, 0, 0, 0, 0                                                                                          \
	}

#ifdef MM_HOST
#include <sched.h>
/* Host tests run more threads than the machine may have cores: a waiter
 * gives its core away, or a ticket lock convoys behind a preempted holder. */
static inline void cpu_relax(void)
{
	sched_yield();
}
#else
static inline void cpu_relax(void)
{
	__asm__ volatile("pause" ::: "memory"); /* rep; nop: a no-op on a 486 */
}
#endif

/* Takes the lock, spinning until it is ours. Interrupts are left as they
 * are (use spin_lock_irqsave from code an interrupt may also run). */
static inline void spin_lock(spinlock_t *l)
{
	u16 me = __atomic_fetch_add(&l->next, 1, __ATOMIC_ACQUIRE);
	u32 spins = 0;

	while (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != me) {
		cpu_relax();
		spins++;
	}
	l->acquisitions++;
	if (spins) {
		l->contended++;
		l->spins += spins;
	}
}

/* Takes the lock only when free. Returns true when taken. */
static inline bool spin_trylock(spinlock_t *l)
{
	u16 owner = __atomic_load_n(&l->owner, __ATOMIC_RELAXED);
	u16 want = owner;

	if (__atomic_load_n(&l->next, __ATOMIC_RELAXED) != owner)
		return false;
	if (!__atomic_compare_exchange_n(&l->next, &want, (u16)(owner + 1), false, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return false;
	l->acquisitions++;
	return true;
}

static inline void spin_unlock(spinlock_t *l)
{
	__atomic_store_n(&l->owner, (u16)(l->owner + 1), __ATOMIC_RELEASE);
}

/* True while some CPU holds it (a snapshot; for assertions). */
static inline bool spin_is_locked(const spinlock_t *l)
{
	return __atomic_load_n(&l->owner, __ATOMIC_RELAXED) != __atomic_load_n(&l->next, __ATOMIC_RELAXED);
}

/* Interrupts off on this CPU, then the lock; returns the previous interrupt
 * state for spin_unlock_irqrestore. */
static inline irqflags_t spin_lock_irqsave(spinlock_t *l)
{
	irqflags_t f = arch_irq_save();
	spin_lock(l);
	return f;
}

static inline void spin_unlock_irqrestore(spinlock_t *l, irqflags_t f)
{
	spin_unlock(l);
	arch_irq_restore(f);
}

#endif
