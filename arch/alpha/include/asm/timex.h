/* SPDX-License-Identifier: MIT */
/* asm/timex.h (Alpha) - the cycle counter the benchmarks time with: rpcc's
 * 32-bit count widened to 64 bits (arch/alpha/rpcc.h) by one clock that
 * every read folds into. The difference of two reads is right across a
 * wrap of the 32-bit counter as long as they are less than one wrap apart
 * (2^32 cycles: 17.2 s under QEMU, 9.2 s on a 466 MHz DS10); a benchmark
 * run's two reads are far closer. Reads further apart (a long gap with no
 * read) lose whole wraps from the running total, never from the interval
 * of the next two reads. */
#ifndef ASM_ALPHA_TIMEX_H
#define ASM_ALPHA_TIMEX_H

#include "arch/alpha/arch.h"
#include "arch/alpha/rpcc.h"

typedef u64 cycles_t;

/* The clock get_cycles folds every read into (arch/alpha/bench_arch.c). */
extern struct rpcc_clock alpha_cycle_clock;

/* get_cycles' arithmetic on a raw rpcc value (pure: the host tests feed it
 * counter values across a wrap): folded into alpha_cycle_clock, the
 * widened count returned. */
static inline cycles_t get_cycles_from(u64 raw)
{
	return rpcc_clock_update(&alpha_cycle_clock, raw);
}

/* The cycle count now, widened: cycles since an arbitrary start. Never
 * fails. */
static inline cycles_t get_cycles(void)
{
	return get_cycles_from(rpcc());
}

/* get_cycles (x86 reads its counter here without serialising; rpcc has no
 * such choice). */
static inline cycles_t get_cycles_relaxed(void)
{
	return get_cycles();
}

#endif
