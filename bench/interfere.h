/* SPDX-License-Identifier: MIT */
/* bench/interfere.h - bench=interfere (bench/interfere.c): a victim and an
 * aggressor task, preempted round-robin, with and without disjoint color
 * sets. */
#ifndef BENCH_INTERFERE_H
#define BENCH_INTERFERE_H

#include "bench/workload.h"
#include <asm/page.h>

/* Before the leak-check baseline: sets up the interrupt controller and
 * maps the task marker page (its page table stays). Returns 0, or -1 after
 * a message (bench=interfere is then skipped). */
int interfere_prepare(void);
/* bench_interfere() itself is declared by bench/registry.h. */
/* Bytes of the aggressor's buffer: 2 x cache_size, at most 16 MiB. */
static inline u32 interfere_aggressor_bytes(u32 cache_size)
{
	return MIN(2 * cache_size, 16u * MiB);
}
/* Virtual space from BENCH_VA it maps: the victim's 4 MiB slot, then the
 * aggressor's buffer, then a scratch page for recoloring's copies. */
static inline u32 interfere_va_bytes(u32 cache_size)
{
	return 4u * MiB + interfere_aggressor_bytes(cache_size) + PAGE_SIZE;
}

#endif
