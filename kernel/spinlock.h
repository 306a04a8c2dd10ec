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
 * x86, a per-thread flag in host builds). Host builds are multi-threaded in
 * the spinlock tests of tests/host/test_pcp.c and use the same atomics.
 *
 * Lock assertions (FreeBSD's mtx_assert(MA_OWNED), Linux's
 * lockdep_assert_held): in a debug build (KERNEL_DEBUG: `make kernel
 * DEBUG=1`, and every host test build) the lock also records which CPU holds
 * it, and spin_assert_held(lock) stops with a message naming the lock, the
 * function and file:line when the CPU running it does not hold the lock;
 * assert_irqs_disabled() likewise for code that needs interrupts off. In
 * other builds both compile to nothing and the lock has no holder field
 * (tests/host/test_lock_assert.c). */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/smp.h>

#include "kernel/types.h"

typedef struct spinlock {
	volatile u16 owner; /* ticket now served */
	volatile u16 next;  /* next ticket to hand out */
	u32 acquisitions;   /* times taken (under the lock) */
	u32 contended;	    /* times a CPU found it held */
	u64 spins;	    /* wait-loop iterations, summed */
#ifdef KERNEL_DEBUG
	u32 holder; /* CPU id + 1 of the holder, 0 when free (debug builds) */
#endif
} spinlock_t;

#define SPINLOCK_INIT                                                                                                  \
	{                                                                                                              \
		.owner = 0                                                                                             \
	}

#ifdef KERNEL_DEBUG
/* A failed lock assertion: the lock's expression as written (or
 * "interrupts"), what is wrong ("not held by this CPU"), and where. The
 * kernel panics (kernel/panic.c); host builds call spin_assert_hook when
 * set (a test's), else print and abort (mm/pcp.c). Does not return. */
void __attribute__((noreturn))
spin_assert_fail(const char *lock, const char *what, const char *func, const char *file, int line);
#ifdef MM_HOST
/* Host builds: called with the message before abort(); a test's hook may
 * longjmp out (cmocka's mock_assert). NULL: none. */
extern void (*spin_assert_hook)(const char *message, const char *file, int line);
#endif

static inline void spin_set_holder(spinlock_t *l, u32 holder)
{
	__atomic_store_n(&l->holder, holder, __ATOMIC_RELAXED);
}
static inline bool spin_held_here(const spinlock_t *l)
{
	return __atomic_load_n(&l->holder, __ATOMIC_RELAXED) == smp_processor_id() + 1;
}
/* Stops unless this CPU holds l (not merely some CPU: spin_is_locked). */
#define spin_assert_held(l)                                                                                            \
	do {                                                                                                           \
		if (__builtin_expect(!spin_held_here(l), 0))                                                           \
			spin_assert_fail(#l, "not held by this CPU", __func__, __FILE__, __LINE__);                    \
	} while (0)
/* Stops unless interrupts are off on this CPU. */
#define assert_irqs_disabled()                                                                                         \
	do {                                                                                                           \
		if (__builtin_expect(!arch_irqs_disabled(), 0))                                                        \
			spin_assert_fail("interrupts", "on (must be off)", __func__, __FILE__, __LINE__);              \
	} while (0)
#else
#define spin_set_holder(l, holder) ((void)0)
#define spin_assert_held(l)	   ((void)0)
#define assert_irqs_disabled()	   ((void)0)
#endif

/* cpu_relax(): <asm/processor.h> (a pause on x86, a yield on the host) */

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
	spin_set_holder(l, smp_processor_id() + 1);
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
	spin_set_holder(l, smp_processor_id() + 1);
	l->acquisitions++;
	return true;
}

static inline void spin_unlock(spinlock_t *l)
{
	spin_set_holder(l, 0);
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
