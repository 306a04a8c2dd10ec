/* SPDX-License-Identifier: MIT */
/* asm/smp.h (host) - the host pseudo-architecture's CPUs: a test thread
 * says which CPU it plays (host_cpu_id, thread-local, 0 by default), so the
 * per-CPU page lists and the spinlocks run concurrently under pthreads in
 * the host tests. nr_cpus_online is set by the test. */
#ifndef ASM_HOST_SMP_H
#define ASM_HOST_SMP_H

#include "kernel/types.h"

#define NR_CPUS 8u

extern __thread u32 host_cpu_id; /* defined in mm/pcp.c for host builds */
extern u32 nr_cpus_online;

static inline u32 smp_processor_id(void)
{
	return host_cpu_id;
}

#endif
