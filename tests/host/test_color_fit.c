/* SPDX-License-Identifier: MIT */
/* tests/host/test_color_fit.c - the number of colors is sized by the memory
 * their free lists take (mm/placement/registry.h, placement_colors_fit): a 4 MiB
 * machine given cache_size=1G cache_ways=1 got 32768 colors whose lists
 * left 26 free pages, and its alloc_free_roundtrip self-test failed. Now the
 * lists take at most 1/PLACEMENT_COLOR_SHARE of the free pages, and the
 * change is said in one line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "mm/color_lists.h"
#include "tests/host/mm_fixture.h"

/* ---- the cost: what color_lists_attach() really allocates -------------------- */

static u32 counted_pages;
static void *counted[64];
static u32 ncounted;

static void *counting_alloc(u32 bytes)
{
	void *p = calloc(1, bytes);
	counted_pages += (bytes + PAGE_SIZE - 1) / PAGE_SIZE;
	if (ncounted < 64)
		counted[ncounted++] = p;
	return p;
}

static void test_cost_is_what_attach_allocates(void **state)
{
	static const u32 colors[] = { 1, 2, 16, 256, 1024, 2048, 4096, 32768 };
	(void)state;
	for (u32 k = 0; k < ARRAY_SIZE(colors); k++) {
		struct placement_config cfg = { .colors = colors[k], .alloc = counting_alloc };
		int err = 0;

		color_lists_forget();
		counted_pages = 0;
		ncounted = 0;
		assert_non_null(color_lists_attach(&contig_page_data.node_zones[0], MIGRATE_MOVABLE, &cfg, &err));
		assert_int_equal(err, 0);
		assert_int_equal(color_lists_cost_pages(colors[k]), counted_pages);
		while (ncounted)
			free(counted[--ncounted]);
		color_lists_forget();
	}
	/* The figures below are the host's: a list head is 16 bytes here (8 on
	 * i686, where 32768 colors cost 144 pages a set, and the 4 MiB boot
	 * test, tests/boot/test_small.py, checks the kernel's figures). */
	assert_int_equal(sizeof(struct list_head), 16);
	assert_int_equal(color_lists_cost_pages(1), 23);
	assert_int_equal(color_lists_cost_pages(32768), 271);
	/* two sets and the four task slots' use arrays (32768 x 4 bytes each) */
	assert_int_equal(placement_color_cost_pages(32768, 2), 2 * 271 + 4 * 32);
}

/* ---- the rule ------------------------------------------------------------------ */

/* The machine: 4 MiB, one zone too small to group (one set), 313
 * pages free before the lists. With the host's 16-byte list heads 32768
 * colors cost 399 pages; the most that fit in 313 / 8 = 39 pages is 1024
 * (31 pages; 2048 cost 42). (On i686: 272 pages, and 2048 colors fit.) */
static void test_four_mib_machine(void **state)
{
	(void)state;
	assert_int_equal(placement_color_cost_pages(32768, 1), 399);
	assert_int_equal(placement_color_cost_pages(1024, 1), 31);
	assert_int_equal(placement_color_cost_pages(2048, 1), 42);
	assert_int_equal(placement_colors_fit(32768, 1, 313), 1024);
	/* the default there (16 MiB 16-way L3: 256 colors) is left alone */
	assert_int_equal(placement_colors_fit(256, 1, 313), 256);
	/* a machine with hardly any memory: coloring off rather than no memory */
	assert_int_equal(placement_colors_fit(256, 1, 100), 1);
	assert_int_equal(placement_colors_fit(1, 1, 0), 1);
	/* a 64 MiB machine (two zones, three migrate types each) keeps 32768 */
	assert_int_equal(placement_colors_fit(32768, 6, 15000), 32768);
	/* 32 MiB: 6 x 271 + 128 pages > 7500 / 8 */
	assert_int_equal(placement_colors_fit(32768, 6, 7500), 16384);
}

/* Over many geometries and memory sizes: the result is a power of two no
 * larger than asked; it is what was asked when that fits; it fits unless it
 * is 1; and twice it would not have fitted (the largest that fits). */
static void test_rule_over_geometries(void **state)
{
	(void)state;
	for (u32 lg = 0; lg <= 15; lg++) {
		u32 colors = 1u << lg;
		for (u32 sets = 1; sets <= 9; sets++) {
			for (u32 free = 0; free < 40000; free = free * 5 / 4 + 7) {
				u32 r = placement_colors_fit(colors, sets, free), budget = free / PLACEMENT_COLOR_SHARE;
				assert_true(r >= 1 && r <= colors && (r & (r - 1)) == 0);
				if (placement_color_cost_pages(colors, sets) <= budget)
					assert_int_equal(r, colors);
				if (r > 1)
					assert_true(placement_color_cost_pages(r, sets) <= budget);
				if (r < colors)
					assert_true(placement_color_cost_pages(r * 2, sets) > budget);
			}
		}
	}
}

/* ---- through mm_init ----------------------------------------------------------- */

/* A 4 MiB machine as the fixture builds it, asked for 32768 colors: fewer
 * are used, the line says how many and why, and the allocator works. */
static void test_mm_init_caps_and_says_so(void **state)
{
	static const u64 ram[][2] = { { 0, 0x9fc00 }, { 0x100000, 0x300000 } };
	struct page *p;
	(void)state;

	assert_int_equal(fixture_build(ram, 2, 32768, -1), 0);
	assert_true(page_colors < 32768 && page_colors >= 2);
	assert_true(
	    capture_contains("coloring: 32768 colors would take 1596 KiB for their free lists, more than 1/8 of "
			     "the "));
	{
		char want[64];
		snprintf(want, sizeof(want), "KiB free: %u colors used\n", page_colors);
		assert_true(capture_contains(want));
	}
	p = alloc_pages(GFP_KERNEL, 0);
	assert_non_null(p);
	__free_pages(p, 0);
	assert_int_equal(mm_check(), 0);

	/* asked for what fits: nothing said, nothing changed */
	capture_reset();
	assert_int_equal(fixture_build(ram, 2, 64, -1), 0);
	assert_int_equal(page_colors, 64);
	assert_false(capture_contains("would take"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_cost_is_what_attach_allocates, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test(test_four_mib_machine),
		cmocka_unit_test(test_rule_over_geometries),
		cmocka_unit_test_setup_teardown(test_mm_init_caps_and_says_so, fixture_setup_cb, fixture_teardown_cb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
