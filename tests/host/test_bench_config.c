/* SPDX-License-Identifier: MIT */
/* tests/host/test_bench_config.c - sizing the benchmarks (bench/bench_config.c)
 * and the color count's explanation (mm/color_count.c): every value the
 * kernel changes or cannot honour is said in one line naming the parameter.
 *
 * Regressions (issue "Every machine, every loader, every input", item 13):
 * an explicit bench_max larger than memory was accepted (100 failed runs);
 * bench_min=1M bench_max=64K silently ran from 64K; cache_size=64K
 * cache_ways=64 gave 1 color and coloring off without a word; colors were
 * capped at 32768 silently; bench_max=7 reported "keeping default 32M" while
 * 4M was used (the default was computed in two places). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "bench/bench_config.h"
#include "host_support.h"
#include "mm/color_count.h"
#include <asm/page.h>

#define K 1024u
#define M (1024u * 1024u)

static int setup(void **state)
{
	(void)state;
	return capture_start();
}

static int teardown(void **state)
{
	(void)state;
	capture_stop();
	return 0;
}

/* The kernel's order: the default before the parse, the parse (given values
 * overwrite it), then bench_config_finish once memory is known. */
static u32 finish(struct bench_config *c, u32 min, u32 max, bool min_given, bool max_given, u32 cache, bool hv,
		  u64 free_bytes)
{
	c->which = BENCH_BIT(BENCH_ALL);
	c->min_ws = min_given ? min : 4096;
	c->max_ws = max_given ? max : bench_max_default(16 * M, hv); /* announced with CPUID's 16M cache */
	capture_reset();
	return bench_config_finish(c, &(struct bench_sizing){ .cache_size = cache,
							      .hypervisor = hv,
							      .min_given = min_given,
							      .max_given = max_given,
							      .free_bytes = free_bytes });
}

static void test_default_formula(void **state)
{
	(void)state;
	assert_int_equal(bench_max_default(256 * K, false), 512 * K);
	assert_int_equal(bench_max_default(4 * M, false), 8 * M);
	assert_int_equal(bench_max_default(16 * M, false), 16 * M); /* 32M capped */
	assert_int_equal(bench_max_default(16 * M, true), 4 * M);   /* hypervisor */
	assert_int_equal(bench_max_default(1 * M, true), 2 * M);    /* below the cap */
	assert_int_equal(bench_max_default(4096, false), 16 * K);   /* the smallest accepted */
}

/* The input: MEM=32M bench_max=128M (about 27M free after boot). */
static void test_explicit_bench_max_above_memory_is_lowered_and_said(void **state)
{
	struct bench_config c;

	(void)state;
	assert_int_equal(finish(&c, 0, 128 * M, false, true, 16 * M, true, 27ull * M + 300 * K), 1);
	assert_int_equal(c.max_ws, 4 * M);
	assert_string_equal(capture_text(),
			    "bench: bench_max=128M lowered to 4M: a quarter of free memory (27M free)\n");
	/* 32M free: exactly a quarter is 8M */
	finish(&c, 0, 128 * M, false, true, 16 * M, false, 32ull * M);
	assert_int_equal(c.max_ws, 8 * M);
	assert_string_equal(capture_text(),
			    "bench: bench_max=128M lowered to 8M: a quarter of free memory (32M free)\n");
}

static void test_explicit_bench_max_that_fits_is_honoured_silently(void **state)
{
	struct bench_config c;

	(void)state;
	assert_int_equal(finish(&c, 0, 64 * M, false, true, 16 * M, true, 512ull * M), 0);
	assert_int_equal(c.max_ws, 64 * M); /* given: no hypervisor cap */
	assert_string_equal(capture_text(), "");
}

static void test_bench_min_above_bench_max_is_lowered_and_said(void **state)
{
	struct bench_config c;

	(void)state;
	assert_int_equal(finish(&c, 1 * M, 64 * K, true, true, 16 * M, true, 256ull * M), 1);
	assert_int_equal(c.min_ws, 64 * K);
	assert_int_equal(c.max_ws, 64 * K);
	assert_string_equal(capture_text(), "bench: bench_min=1M lowered to 64K: above bench_max=64K\n");
	/* bench_max lowered by memory below a given bench_min: both said */
	assert_int_equal(finish(&c, 8 * M, 64 * M, true, true, 16 * M, false, 16ull * M), 2);
	assert_int_equal(c.max_ws, 4 * M);
	assert_int_equal(c.min_ws, 4 * M);
	assert_non_null(
	    strstr(capture_text(), "bench: bench_max=64M lowered to 4M: a quarter of free memory (16M free)\n"));
	assert_non_null(strstr(capture_text(), "bench: bench_min=8M lowered to 4M: above bench_max=4M\n"));
}

static void test_default_under_a_hypervisor_is_explained(void **state)
{
	struct bench_config c;

	(void)state;
	assert_int_equal(finish(&c, 0, 0, false, false, 16 * M, true, 200ull * M), 0);
	assert_int_equal(c.max_ws, 4 * M);
	assert_string_equal(capture_text(), "bench: bench_max=4M by default, below 2 x cache_size=16M: at most 4M under"
					    " a hypervisor (emulated time); give bench_max= to change\n");
	finish(&c, 0, 0, false, false, 16 * M, false, 200ull * M);
	assert_int_equal(c.max_ws, 16 * M);
	assert_string_equal(capture_text(), "bench: bench_max=16M by default, below 2 x cache_size=16M: the default is"
					    " at most 16M; give bench_max= to change\n");
}

static void test_default_lowered_by_memory_is_said(void **state)
{
	struct bench_config c;

	(void)state;
	/* cache_size=1M given: the default becomes 2M, then memory lowers it */
	assert_int_equal(finish(&c, 0, 0, false, false, 1 * M, true, 6ull * M), 2);
	assert_int_equal(c.max_ws, 1 * M);
	assert_string_equal(capture_text(),
			    "bench: bench_max default is 2M, not 4M: cache_size=1M was given\n"
			    "bench: bench_max=2M (default) lowered to 1M: a quarter of free memory (6M free)\n");
}

/* bench_max=7 is rejected: the default kept is the one announced, and it is
 * the one used (the default used to be computed twice: 32M shown, 4M used). */
static void test_rejected_bench_max_keeps_the_announced_default(void **state)
{
	struct bench_config c;
	u32 announced = bench_max_default(16 * M, true);

	(void)state;
	finish(&c, 0, 0, false, false, 16 * M, true, 256ull * M);
	assert_int_equal(c.max_ws, announced);
	assert_null(strstr(capture_text(), "not"));
}

static void test_given_cache_size_changes_the_default_and_says_so(void **state)
{
	struct bench_config c;

	(void)state;
	assert_int_equal(finish(&c, 0, 0, false, false, 256 * K, false, 256ull * M), 1);
	assert_int_equal(c.max_ws, 512 * K);
	assert_string_equal(capture_text(), "bench: bench_max default is 512K, not 16M: cache_size=256K was given\n");
}

static void test_too_little_memory_skips_the_benchmarks(void **state)
{
	struct bench_config c;

	(void)state;
	assert_int_equal(finish(&c, 0, 0, false, false, 16 * M, false, 60 * K), 1);
	assert_int_equal(c.which, BENCH_BIT(BENCH_NONE));
	assert_non_null(strstr(capture_text(), "bench: benchmarks skipped: 60K free, and a quarter of it is below"));
}

/* Each cache below is scaled by the page size (S = PAGE_SIZE / 4K: 1 in
 * build/h, 2 in build/h8), so the colors are the same in both builds and the
 * sizes and the page size in the text follow it. */
static void test_color_count_explanations(void **state)
{
	const u32 S = PAGE_SIZE / 4096, pk = PAGE_SIZE / K;
	char want[200];

	(void)state;
	capture_reset();
	assert_int_equal(page_color_count_explain(64 * K * S, 64), 1);
	snprintf(want, sizeof(want),
		 "coloring: cache_size=%uK cache_ways=64 give 0.25 colors (%uK / (64 x %uK)): 1 color,"
		 " coloring has nothing to do and is off\n",
		 64 * S, 64 * S, pk);
	assert_string_equal(capture_text(), want);
	capture_reset();
	assert_int_equal(page_color_count_explain(256 * K * S, 64), 1);
	snprintf(want, sizeof(want),
		 "coloring: cache_size=%uK cache_ways=64 give 1 color (%uK / (64 x %uK)): 1 color,"
		 " coloring has nothing to do and is off\n",
		 256 * S, 256 * S, pk);
	assert_string_equal(capture_text(), want);
	capture_reset();
	assert_int_equal(page_color_count_explain(1u << 30, 1), 32768);
	snprintf(want, sizeof(want),
		 "coloring: cache_size=1G cache_ways=1 give %u colors (1G / (1 x %uK)):"
		 " capped to 32768, the most the color lists support\n",
		 262144 / S, pk);
	assert_string_equal(capture_text(), want);
	capture_reset();
	assert_int_equal(page_color_count_explain(256 * K * S, 3), 16);
	snprintf(want, sizeof(want),
		 "coloring: cache_size=%uK cache_ways=3 give 21.33 colors (%uK / (3 x %uK)):"
		 " rounded down to 16, a power of two\n",
		 256 * S, 256 * S, pk);
	assert_string_equal(capture_text(), want);
	capture_reset();
	capture_reset();
	assert_int_equal(page_color_count_explain(2 * M, 0), 1); /* CPUID's fully associative cache */
	assert_string_equal(capture_text(),
			    "coloring: cache_size=2M cache_ways=0 (fully associative: one set) give 1 color,"
			    " coloring has nothing to do and is off\n");
	capture_reset();
	assert_int_equal(page_color_count_explain(12 * M * S, 12), 256); /* CPUID's 12M 12-way: exact */
	assert_int_equal(page_color_count_explain(2 * M * S, 1), 512);
	assert_int_equal(page_color_count_explain(128 * M * S, 1), 32768); /* exactly the most */
	assert_string_equal(capture_text(), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_formula),
		cmocka_unit_test_setup_teardown(test_explicit_bench_max_above_memory_is_lowered_and_said, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_explicit_bench_max_that_fits_is_honoured_silently, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_bench_min_above_bench_max_is_lowered_and_said, setup, teardown),
		cmocka_unit_test_setup_teardown(test_default_under_a_hypervisor_is_explained, setup, teardown),
		cmocka_unit_test_setup_teardown(test_default_lowered_by_memory_is_said, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rejected_bench_max_keeps_the_announced_default, setup, teardown),
		cmocka_unit_test_setup_teardown(test_given_cache_size_changes_the_default_and_says_so, setup, teardown),
		cmocka_unit_test_setup_teardown(test_too_little_memory_skips_the_benchmarks, setup, teardown),
		cmocka_unit_test_setup_teardown(test_color_count_explanations, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
