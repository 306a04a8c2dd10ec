/* SPDX-License-Identifier: MIT */
/* asm/smp.h (alpha) - one CPU: the Alpha kernel starts no other. */
#ifndef ASM_ALPHA_SMP_H
#define ASM_ALPHA_SMP_H

#include "kernel/types.h"

#define NR_CPUS 1u

extern u32 nr_cpus_online;

static inline u32 smp_processor_id(void)
{
	return 0;
}

#endif
