/* SPDX-License-Identifier: MIT */
/* bench/chain.c - see chain.h. */
#include "bench/chain.h"

void **chain_build(u8 *buf, u32 ws, u32 line, bool random, struct mwc *g)
{
	u32 n = ws / line, i;

#define PERM(i) (((u32 *)(buf + (i)*line))[1])
	if (random) {
		/* Sattolo: from the identity, swapping each position with a
		 * strictly earlier one yields a uniformly random n-cycle. (It
		 * must start from the identity: applied to another permutation
		 * it composes two cycles, which in general splits into several
		 * shorter cycles -- the chain would skip most lines.) */
		for (i = 0; i < n; i++)
			PERM(i) = i;
		for (i = n - 1; i > 0; i--) {
			u32 j = mwc_below(g, i), t = PERM(i);
			PERM(i) = PERM(j);
			PERM(j) = t;
		}
	} else {
		for (i = 0; i < n; i++)
			PERM(i) = (i + 1) % n;
	}
	for (i = 0; i < n; i++)
		*(void **)(buf + i * line) = buf + PERM(i) * line;
#undef PERM
	return (void **)buf;
}

u32 chain_cycle_length(void **start, u32 limit)
{
	void **p = start;
	u32 steps = 0;

	do {
		p = (void **)*p;
		steps++;
	} while (p != start && steps <= limit);
	return steps;
}

/* chain_chase: see chain.h. Not inlined, so every benchmark times the same
 * loop whatever its caller. */
__attribute__((noinline)) void **chain_chase(void **p, u32 loads)
{
	u32 i;

	for (i = 0; i < loads; i += 8) {
#define STEP p = (void **)*p;
		STEP STEP STEP STEP STEP STEP STEP STEP
#undef STEP
	}
	return p;
}
