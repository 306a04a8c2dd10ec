/* SPDX-License-Identifier: MIT */
/* tests/host/test_chain.c - the stride benchmark's pointer chains.
 *
 * Regression: the random chain used to run Sattolo's algorithm on the
 * sequential chain instead of the identity, which composes two cycles and
 * in general leaves several shorter cycles: the benchmark then chased only
 * the lines of the cycle through line 0 (for 4096 lines and seed 0x5eed0000,
 * as the kernel used, 3613 of the 4096; for other seeds often far fewer), so
 * "rand" working sets were smaller than reported and missed less in the
 * cache simulator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "bench/chain.h"

#define LINE 64u

/* Every line visited exactly once in one cycle of n steps. */
static void assert_single_cycle(u8 *buf, u32 n)
{
	u8 *seen = calloc(n, 1);
	void **p = (void **)buf;
	for (u32 i = 0; i < n; i++) {
		u32 idx = (u32)((u8 *)p - buf) / LINE;
		assert_true(idx < n);
		assert_int_equal(((u8 *)p - buf) % LINE, 0);
		assert_false(seen[idx]);
		seen[idx] = 1;
		p = (void **)*p;
	}
	assert_ptr_equal(p, buf);
	free(seen);
}

static void test_sequential_chain(void **state)
{
	(void)state;
	u8 *buf = aligned_alloc(64, 1000 * LINE);
	void **start = chain_build(buf, 1000 * LINE, LINE, false, NULL);
	assert_ptr_equal(start, buf);
	assert_ptr_equal(*start, buf + LINE);
	assert_ptr_equal(*(void **)(buf + 999 * LINE), buf);
	assert_int_equal(chain_cycle_length(start, 1000), 1000);
	assert_single_cycle(buf, 1000);
	free(buf);
}

static void test_random_chain_is_one_cycle(void **state)
{
	static const u32 sizes[] = { 1, 2, 3, 64, 1000, 4096, 32768 };
	(void)state;
	for (u32 s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		u32 n = sizes[s];
		u8 *buf = aligned_alloc(64, n * LINE);
		for (u32 seed = 0; seed < 8; seed++) {
			struct mwc g;
			mwc_init(&g, 0x5eed0000u + seed, MWC_CARRY_DEFAULT);
			void **start = chain_build(buf, n * LINE, LINE, true, &g);
			assert_int_equal(chain_cycle_length(start, n), n);
			assert_single_cycle(buf, n);
		}
		free(buf);
	}
}

static void test_random_chain_is_not_sequential(void **state)
{
	(void)state;
	u32 n = 4096, sequential = 0;
	u8 *buf = aligned_alloc(64, n * LINE);
	struct mwc g;
	mwc_init(&g, 0x5eed0000u, MWC_CARRY_DEFAULT);
	chain_build(buf, n * LINE, LINE, true, &g);
	for (u32 i = 0; i < n; i++)
		sequential += *(void **)(buf + i * LINE) == buf + ((i + 1) % n) * LINE;
	/* a random n-cycle has about one i -> i+1 step */
	assert_true(sequential < 10);
	free(buf);
}

static void test_cycle_length_stops_at_limit(void **state)
{
	(void)state;
	void *ring[4];
	ring[0] = &ring[1];
	ring[1] = &ring[2];
	ring[2] = &ring[1]; /* a cycle that never returns to ring[0] */
	assert_int_equal(chain_cycle_length((void **)&ring[0], 100), 101);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sequential_chain),
		cmocka_unit_test(test_random_chain_is_one_cycle),
		cmocka_unit_test(test_random_chain_is_not_sequential),
		cmocka_unit_test(test_cycle_length_stops_at_limit),
	};
	return cmocka_run_group_tests_name("chain", tests, NULL, NULL);
}
