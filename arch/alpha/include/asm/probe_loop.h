/* SPDX-License-Identifier: MIT */
/* asm/probe_loop.h (Alpha) - bench=probe's loop (bench/probe.c): one
 * 4-byte load (ldl) per 64-byte line of [base, end), `rounds` times, in one
 * asm block, so that the phase holds exactly those loads (no call, no
 * spill). The loads go to a real register: a load into $31 would be a
 * prefetch hint, which the model would not see as the probe's access. */
#ifndef ASM_ALPHA_PROBE_LOOP_H
#define ASM_ALPHA_PROBE_LOOP_H

#include "arch/alpha/arch.h"

#define PROBE_LOOP_LINE 64u /* bytes between two loads */

/* The loads between the stores that switch the cache model to phase
 * `inner` (phase_mark_addr(inner), KSEG) and back to `outer` (0 = the end
 * marker). No other memory access happens between the two stores. rounds
 * >= 1, base < end. */
static inline void probe_touch_marked(unsigned long base, unsigned long end, u32 rounds, u32 inner, u32 outer)
{
	unsigned long ia = phase_mark_addr(inner), oa = phase_mark_addr(outer), r = rounds, p, t;
	long v;

	__asm__ volatile("stl %[in], 0(%[ia])\n\t"
			 "1: mov %[base], %[p]\n\t"
			 "2: ldl %[v], 0(%[p])\n\t"
			 "addq %[p], %[line], %[p]\n\t"
			 "cmpult %[p], %[end], %[t]\n\t"
			 "bne %[t], 2b\n\t"
			 "subq %[r], 1, %[r]\n\t"
			 "bne %[r], 1b\n\t"
			 "stl %[out], 0(%[oa])\n\t"
			 : [p] "=&r"(p), [t] "=&r"(t), [v] "=&r"(v), [r] "+r"(r)
			 : [base] "r"(base), [end] "r"(end), [ia] "r"(ia), [oa] "r"(oa), [in] "r"((unsigned long)inner),
			   [out] "r"((unsigned long)outer), [line] "I"(PROBE_LOOP_LINE)
			 : "memory");
}

/* The same loads without markers (cachesim=off). */
static inline void probe_touch_plain(unsigned long base, unsigned long end, u32 rounds)
{
	unsigned long r = rounds, p, t;
	long v;

	__asm__ volatile("1: mov %[base], %[p]\n\t"
			 "2: ldl %[v], 0(%[p])\n\t"
			 "addq %[p], %[line], %[p]\n\t"
			 "cmpult %[p], %[end], %[t]\n\t"
			 "bne %[t], 2b\n\t"
			 "subq %[r], 1, %[r]\n\t"
			 "bne %[r], 1b\n\t"
			 : [p] "=&r"(p), [t] "=&r"(t), [v] "=&r"(v), [r] "+r"(r)
			 : [base] "r"(base), [end] "r"(end), [line] "I"(PROBE_LOOP_LINE)
			 : "memory");
}

#endif
