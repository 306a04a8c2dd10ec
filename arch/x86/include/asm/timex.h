/* SPDX-License-Identifier: MIT */
/* asm/timex.h (x86) - the cycle counter the benchmarks time with: the TSC,
 * read at a serialising point (CPUID first: arch/x86/cpu.h), 64 bits wide,
 * no wrap in practice. */
#ifndef ASM_X86_TIMEX_H
#define ASM_X86_TIMEX_H

#include "arch/x86/cpu.h"

typedef u64 cycles_t;

/* The cycle count now, in TSC cycles; the difference of two reads is the
 * cycles between them. Never fails. */
static inline cycles_t get_cycles(void)
{
	return rdtsc_serialized();
}

/* The cycle count now without the serialising CPUID: cheaper, but the read
 * may pass instructions before it (the TSC as rdtsc reads it). For loops
 * long enough that a few hundred cycles either side do not matter. */
static inline cycles_t get_cycles_relaxed(void)
{
	return rdtsc();
}

#endif
