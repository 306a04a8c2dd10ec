/* SPDX-License-Identifier: MIT */
/* tests/host/test_split_count.c - the cache simulator's split-access counts
 * (tools/cachesim/split_count.c) on the real cache model: which accesses
 * span two lines, the second line's outcome, the access sizes, and the
 * report line. The plugin's sources are built into this test directly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "tools/cachesim/cache_model.c"
#include "tools/cachesim/split_count.c"

static struct cm_hier h;
/* Access sizes per phase, counted as the plugin counts them (it passes them
 * to split_count_line). */
static uint64_t sizes[4][5];

static int setup(void **state)
{
	struct cm_config l1 = { 32 * 1024, 8, 64 }, l2 = { 2 * 1024 * 1024, 1, 64 };
	const char *err = NULL;
	(void)state;
	return cm_hier_init(&h, &l1, &l2, &err) || split_count_init(4);
}

static int teardown(void **state)
{
	(void)state;
	cm_hier_free(&h);
	free(split_stats_of);
	split_stats_of = NULL;
	split_nstats = 0;
	memset(sizes, 0, sizeof(sizes));
	return 0;
}

/* First line and size as the plugin counts them, then split_count_access
 * (which takes log2 of the size, as QEMU reports it). */
static void access(unsigned phase, uint64_t pa, unsigned size, bool store)
{
	unsigned shift = (unsigned)__builtin_ctz(size);

	cm_hier_access(&h, pa);
	sizes[phase][shift < 4 ? shift : 4]++;
	split_count_access(phase, pa, shift, store, &h, 64);
}

static void test_splits_and_sizes(void **state)
{
	char line[512];
	(void)state;

	access(1, 0x10000, 8, false);	    /* aligned: no split */
	access(1, 0x10000 + 48, 16, false); /* ends exactly at the line end */
	access(1, 0x10000 + 60, 8, false);  /* 4 bytes in the next line: split, a miss there */
	access(1, 0x10000 + 63, 2, true);   /* split store, second line now in L1 */
	access(1, 0x10000 + 127, 1, false); /* 1 byte never splits */
	access(1, 0x10000 + 124, 4, true);  /* ends at 128: no split */
	assert_true(split_count_line(1, sizes[1], line, sizeof(line)));
	assert_string_equal(line, "cachesim split phase=1 split_loads=1 split_stores=1 second_l1_hits=1 "
				  "second_l2_hits=0 second_l2_misses=1 size1=1 size2=1 size4=1 size8=2 size16=1\n");
	/* phases without accesses print nothing; out of range is ignored */
	assert_false(split_count_line(2, sizes[2], line, sizeof(line)));
	split_count_access(9, 0x10000 + 60, 3, false, &h, 64);
	assert_false(split_count_line(9, sizes[1], line, sizeof(line)));
}

/* The second line is filled in the model: a later access to it hits. */
static void test_second_line_filled(void **state)
{
	(void)state;
	access(2, 0x200000 + 62, 4, false);
	assert_int_equal(cm_hier_access(&h, 0x200040), CM_L1_HIT);
	assert_int_equal(split_stats_of[2].second[CM_L2_MISS], 1);
	assert_int_equal(split_stats_of[2].split_loads, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_splits_and_sizes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_second_line_filled, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
