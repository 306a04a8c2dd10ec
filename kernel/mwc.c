/* SPDX-License-Identifier: MIT */
/* kernel/mwc.c - Marsaglia's multiply-with-carry generator, 32-bit only.
 *
 * The reference (the 2.4.17 thread's get_rand()) is
 *   prod = (u64)seed * MWC_MULT + carry; seed = (u32)prod; carry = prod >> 32;
 * Here the 64-bit product is assembled from 16-bit halves so that no 64-bit
 * type (and no libgcc helper) is needed. The sum never exceeds 2^64 - 1:
 * (2^32 - 1)^2 + (2^32 - 1) = 2^64 - 2^32. */
#include "kernel/mwc.h"

/* mwc_init: cannot fail; any (seed, carry) is accepted. (0, 0) is a fixed
 * point that yields only zeros, as in the reference. */
void mwc_init(struct mwc *g, u32 seed, u32 carry)
{
	g->seed = seed;
	g->carry = carry;
}

/* Full 32x32 -> 64 multiply-add: *hi:*lo = a * b + c, 32-bit arithmetic. */
static void mul_add_32(u32 a, u32 b, u32 c, u32 *hi, u32 *lo)
{
	u32 al = a & 0xffffu, ah = a >> 16;
	u32 bl = b & 0xffffu, bh = b >> 16;
	u32 ll = al * bl; /* < 2^32 */
	u32 lh = al * bh; /* < 2^32 */
	u32 hl = ah * bl; /* < 2^32 */
	u32 h = ah * bh;  /* < 2^32 */
	u32 mid = lh + hl;
	u32 l;

	if (mid < lh) /* the middle sum carried into bit 48 */
		h += 0x10000u;
	l = ll + (mid << 16);
	h += (mid >> 16) + (l < ll);
	*lo = l + c;
	*hi = h + (*lo < l);
}

/* mwc_next: cannot fail. Returns the new seed. */
u32 mwc_next(struct mwc *g)
{
	u32 hi, lo;

	mul_add_32(g->seed, MWC_MULT, g->carry, &hi, &lo);
	g->seed = lo;
	g->carry = hi;
	return lo;
}

/* mwc_below: uniform in [0, bound); 0 when bound is 0. Draws are rejected
 * below 2^32 mod bound so every residue has the same number of preimages. */
u32 mwc_below(struct mwc *g, u32 bound)
{
	u32 threshold, r;

	if (bound == 0)
		return 0;
	threshold = (0u - bound) % bound; /* == 2^32 mod bound */
	do
		r = mwc_next(g);
	while (r < threshold);
	return r % bound;
}
