/* SPDX-License-Identifier: MIT */
/* kernel/mwc.h - George Marsaglia's multiply-with-carry generator.
 *
 * Source: the page coloring thread for Linux 2.4.17 (linux-mm, January 2002) (the 2.4.17 patch thread (linux-mm, January 2002), get_rand()):
 *   prod = seed * 2131995753 + carry; seed = low 32 bits; carry = high 32 bits;
 * the result is the new seed. Initial seed 0x89abcdef, carry 0x01234567.
 * The 2.4.17 thread asked for a version that needs no 64-bit type: mwc_next()
 * computes the 64-bit product from 16-bit halves with 32-bit arithmetic only,
 * and yields exactly the sequence of the 64-bit reference. Period about 2^63. */
#ifndef KERNEL_MWC_H
#define KERNEL_MWC_H

#include "kernel/types.h"

#define MWC_MULT	  2131995753u
#define MWC_SEED_DEFAULT  0x89abcdefu
#define MWC_CARRY_DEFAULT 0x01234567u

struct mwc {
	u32 seed;
	u32 carry;
};

/* Starts a generator at (seed, carry). Any values are accepted. */
void mwc_init(struct mwc *g, u32 seed, u32 carry);
/* Next 32 random bits; uses no 64-bit arithmetic. */
u32 mwc_next(struct mwc *g);
/* Uniform value in [0, bound) for bound >= 1 (rejection sampling, no bias);
 * returns 0 when bound is 0. */
u32 mwc_below(struct mwc *g, u32 bound);

#endif
