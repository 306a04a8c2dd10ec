/* SPDX-License-Identifier: MIT */
/* asm/probe_loop.h (x86) - bench=probe's loop (bench/probe.c): one 4-byte
 * load per 64-byte line of [base, end), `rounds` times, in one asm block,
 * so that the phase holds exactly those loads (no call, no spill). */
#ifndef ASM_X86_PROBE_LOOP_H
#define ASM_X86_PROBE_LOOP_H

#include "arch/x86/arch.h"

#define PROBE_LOOP_LINE 64u /* bytes between two loads */

/* The loads between the stores that switch the cache model to phase
 * `inner` (phase_mark_addr(inner)) and back to `outer` (0 = the end
 * marker). No other memory access happens between the two stores. */
static inline void probe_touch_marked(u32 base, u32 end, u32 rounds, u32 inner, u32 outer)
{
	u32 a = inner, di = rounds, si;

	__asm__ volatile("movl %%eax, %c[mb](,%%eax,4)\n\t"
			 "1: movl %%ebx, %%esi\n\t"
			 "2: movl (%%esi), %%eax\n\t"
			 "addl %[line], %%esi\n\t"
			 "cmpl %%edx, %%esi\n\t"
			 "jb 2b\n\t"
			 "decl %%edi\n\t"
			 "jnz 1b\n\t"
			 "movl %%ecx, %c[mb](,%%ecx,4)\n\t"
			 : "+a"(a), "+D"(di), "=&S"(si)
			 : "b"(base), "d"(end), "c"(outer), [mb] "i"(PHASE_MARK_BASE), [line] "i"(PROBE_LOOP_LINE)
			 : "memory", "cc");
}

/* The same loads without markers (cachesim=off: the marker page is not
 * mapped). */
static inline void probe_touch_plain(u32 base, u32 end, u32 rounds)
{
	u32 a, di = rounds, si;

	__asm__ volatile("1: movl %%ebx, %%esi\n\t"
			 "2: movl (%%esi), %%eax\n\t"
			 "addl %[line], %%esi\n\t"
			 "cmpl %%edx, %%esi\n\t"
			 "jb 2b\n\t"
			 "decl %%edi\n\t"
			 "jnz 1b\n\t"
			 : "=&a"(a), "+D"(di), "=&S"(si)
			 : "b"(base), "d"(end), [line] "i"(PROBE_LOOP_LINE)
			 : "memory", "cc");
}

#endif
