/* SPDX-License-Identifier: MIT */
/* asm/atomic64.h (host) - atomic64_inc(): *p + 1 for a u64 counter that a
 * lock-free path shares with code under a lock; the compiler's 64-bit
 * atomic is native here. */
#ifndef ASM_HOST_ATOMIC64_H
#define ASM_HOST_ATOMIC64_H

#include "kernel/types.h"

static inline void atomic64_inc(u64 *p)
{
	__atomic_fetch_add(p, 1, __ATOMIC_RELAXED);
}

#endif
