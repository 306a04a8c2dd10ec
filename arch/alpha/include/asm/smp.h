/* SPDX-License-Identifier: MIT */
/* asm/smp.h (alpha) - one CPU: the Alpha kernel starts no other. */
#ifndef ASM_ALPHA_SMP_H
#define ASM_ALPHA_SMP_H

#include "kernel/types.h"

#define NR_CPUS 1u

extern u32 nr_cpus_online;

/* Runs fn(0, arg) on this CPU, the only one: ncpus is cut to
 * nr_cpus_online (1), as on x86; ncpus 0 runs nothing. */
static inline void smp_call_all(u32 ncpus, void (*fn)(u32 cpu, void *arg), void *arg)
{
	if (ncpus)
		fn(0, arg);
}

static inline u32 smp_processor_id(void)
{
	return 0;
}

#endif
