/* SPDX-License-Identifier: MIT */
/* asm/atomic64.h (x86) - atomic64_inc(): *p + 1 for a u64 counter that a
 * lock-free path shares with code under a lock. i686 has no 64-bit
 * fetch-and-add and aligns a u64 inside a struct to 4 bytes only (gcc's
 * __atomic would call libatomic, which the kernel lacks): lock cmpxchg8b,
 * retried until no other CPU changed the value in between. */
#ifndef ASM_X86_ATOMIC64_H
#define ASM_X86_ATOMIC64_H

#include "kernel/types.h"

static inline void atomic64_inc(u64 *p)
{
	u32 lo = (u32)*p, hi = (u32)(*p >> 32); /* a torn read only makes the first exchange fail */
	u8 ok;

	do {
		u32 nlo = lo + 1, nhi = hi + (nlo == 0);
		__asm__ volatile("lock cmpxchg8b %0; sete %1"
				 : "+m"(*p), "=q"(ok), "+a"(lo), "+d"(hi)
				 : "b"(nlo), "c"(nhi)
				 : "memory", "cc");
	} while (!ok);
}

#endif
