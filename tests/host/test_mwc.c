/* SPDX-License-Identifier: MIT */
/* tests/host/test_mwc.c - the 32-bit-only MWC generator against the 64-bit
 * reference of the 2.4.17 thread, and mwc_below's range and uniformity. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/mwc.h"
#include "tests/host/host_support.h"

/* The reference, exactly as get_rand() in the 2.4.17 thread (64-bit math). */
struct ref {
	uint32_t seed, carry;
};

static uint32_t ref_next(struct ref *r)
{
	uint64_t prod = (uint64_t)r->seed * (uint64_t)2131995753u + (uint64_t)r->carry;
	r->seed = (uint32_t)prod;
	r->carry = (uint32_t)(prod >> 32);
	return r->seed;
}

static void test_constants_and_global(void **state)
{
	struct mwc g;
	(void)state;

	assert_int_equal(MWC_MULT, 2131995753u);
	mwc_init(&g, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT); /* the defaults are the 2.4.17 thread's */
	assert_int_equal(g.seed, 0x89abcdefu);
	assert_int_equal(g.carry, 0x01234567u);
}

static void test_first_outputs(void **state)
{
	struct mwc g;
	struct ref r = { 0x89abcdefu, 0x01234567u };
	(void)state;

	mwc_init(&g, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	/* Checked against the 64-bit reference step by step. */
	for (int i = 0; i < 8; i++) {
		uint32_t want = ref_next(&r);
		assert_int_equal(mwc_next(&g), want);
		assert_int_equal(g.seed, r.seed);
		assert_int_equal(g.carry, r.carry);
	}
}

static void test_first_output_literal(void **state)
{
	struct mwc g;
	uint64_t prod = 0x89abcdefULL * 2131995753ULL + 0x01234567ULL;
	(void)state;

	mwc_init(&g, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	assert_int_equal(mwc_next(&g), (uint32_t)prod);
	assert_int_equal(g.carry, (uint32_t)(prod >> 32));
	/* Literal values, computed independently (Python, arbitrary precision):
	 * 0x89abcdef * 2131995753 + 0x01234567 = 0x4456cfa1c0b4506e. */
	assert_int_equal(prod, 0x4456cfa1c0b4506eULL);
	assert_int_equal(g.seed, 0xc0b4506eu);
	assert_int_equal(mwc_next(&g), 0xfe7fb4bfu);
	assert_int_equal(mwc_next(&g), 0xbaa6b967u);
	assert_int_equal(mwc_next(&g), 0xeced28cau);
}

/* Runs n steps of both generators from (seed, carry); they must agree. */
static void compare_run(uint32_t seed, uint32_t carry, long n)
{
	struct mwc g;
	struct ref r = { seed, carry };

	mwc_init(&g, seed, carry);
	for (long i = 0; i < n; i++) {
		uint32_t want = ref_next(&r);
		uint32_t got = mwc_next(&g);
		if (got != want || g.carry != r.carry)
			fail_msg("seed %#x carry %#x: step %ld got %#x/%#x want %#x/%#x", seed, carry, i, got, g.carry,
				 want, r.carry);
	}
}

static void test_million_default(void **state)
{
	(void)state;
	compare_run(MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT, 1000000);
}

static void test_other_seeds(void **state)
{
	static const uint32_t starts[][2] = {
		{ 0xffffffffu, 0xffffffffu },
		{ 0xffffffffu, 0 },
		{ 0xffffffffu, 2131995752u },
		{ 0, 1 },
		{ 1, 0 },
		{ 0x80000000u, 2131995752u },
		{ 12345u, 2131995753u }, /* carry at the multiplier */
		{ 0xfffffffeu, 2131995754u },
		{ 0x0000ffffu, 0xffff0000u },
		{ 0xdeadbeefu, 0x7f123456u },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++)
		compare_run(starts[i][0], starts[i][1], 200000);
}

static void test_zero_fixed_point(void **state)
{
	struct mwc g;
	(void)state;
	mwc_init(&g, 0, 0);
	assert_int_equal(mwc_next(&g), 0);
	assert_int_equal(mwc_next(&g), 0);
}

static void test_global_follows_reference(void **state)
{
	struct ref r = { MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT };
	struct mwc g;
	(void)state;
	mwc_init(&g, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	for (int i = 0; i < 1000; i++)
		assert_int_equal(mwc_next(&g), ref_next(&r));
}

static void test_below_bounds(void **state)
{
	static const uint32_t bounds[] = { 1, 2, 3, 7, 10, 1000, 0x80000001u, 0xfffffffeu, 0xffffffffu };
	struct mwc g;
	(void)state;

	mwc_init(&g, 42, 4242);
	assert_int_equal(mwc_below(&g, 0), 0);
	for (size_t b = 0; b < sizeof(bounds) / sizeof(bounds[0]); b++)
		for (int i = 0; i < 20000; i++)
			assert_true(mwc_below(&g, bounds[b]) < bounds[b]);
	for (int i = 0; i < 100; i++)
		assert_int_equal(mwc_below(&g, 1), 0);
}

/* Rejection sampling with a large bound: values above 2^32 - (2^32 mod b)
 * would bias; check that large residues still occur about half the time
 * for b = 3 * 2^30 (where plain modulo would give [0, 2^30) twice the weight). */
static void test_below_large_bound_unbiased(void **state)
{
	const uint32_t b = 3u << 30;
	struct mwc g;
	long low = 0, n = 300000;
	(void)state;

	mwc_init(&g, 7, 77);
	for (long i = 0; i < n; i++)
		if (mwc_below(&g, b) < (1u << 30))
			low++;
	/* Unbiased: P(low) = 1/3. Plain modulo would give 1/2. */
	assert_true(low > n * 0.31 && low < n * 0.355);
}

static void test_below_chi_square(void **state)
{
	enum { BUCKETS = 16, N = 160000 };
	long count[BUCKETS] = { 0 };
	struct mwc g;
	double chi = 0, expect = (double)N / BUCKETS;
	(void)state;

	mwc_init(&g, 0x12345678u, 0x9abcdefu);
	for (int i = 0; i < N; i++)
		count[mwc_below(&g, BUCKETS)]++;
	for (int i = 0; i < BUCKETS; i++)
		chi += (count[i] - expect) * (count[i] - expect) / expect;
	/* 15 degrees of freedom: p = 0.001 at 37.7; be generous. */
	assert_true(chi < 50.0);

	/* A bound that is not a power of two (rejection actually kicks in). */
	for (int i = 0; i < BUCKETS; i++)
		count[i] = 0;
	mwc_init(&g, 0xffffffffu, 1);
	for (int i = 0; i < N; i++) {
		uint32_t v = mwc_below(&g, 0xfffffff0u);
		count[v / (0xfffffff0u / BUCKETS)]++;
	}
	chi = 0;
	for (int i = 0; i < BUCKETS; i++)
		chi += (count[i] - expect) * (count[i] - expect) / expect;
	assert_true(chi < 50.0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_constants_and_global),
		cmocka_unit_test(test_first_outputs),
		cmocka_unit_test(test_first_output_literal),
		cmocka_unit_test(test_million_default),
		cmocka_unit_test(test_other_seeds),
		cmocka_unit_test(test_zero_fixed_point),
		cmocka_unit_test(test_global_follows_reference),
		cmocka_unit_test(test_below_bounds),
		cmocka_unit_test(test_below_large_bound_unbiased),
		cmocka_unit_test(test_below_chi_square),
	};
	return cmocka_run_group_tests_name("mwc", tests, NULL, NULL);
}
