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

/* bytes -> whole pages of PAGE_SIZE */
#define PG(bytes) ((u32)((bytes) >> PAGE_SHIFT))

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
	 * test, tests/boot/test_small.py, checks the kernel's figures). Each
	 * allocation is rounded up to whole pages, so the cost in pages follows
	 * the page size. One set of 32768 colors: the struct (1 page); the list
	 * heads of orders 0..10, 32768 x 16 bytes = 512 KiB at order 0 halving
	 * to 512 bytes at order 10: 128+64+32+16+8+4+2+1+1+1+1 = 258 pages of
	 * 4 KiB, 64+32+16+8+4+2+1+1+1+1+1 = 131 pages of 8 KiB; the bitmaps,
	 * (1024 + 32) words = 4224 bytes at order 0 (2 pages of 4 KiB, 1 of
	 * 8 KiB) and one page each for orders 1..10: 12 or 11 pages. */
	assert_int_equal(sizeof(struct list_head), 16);
	assert_int_equal(color_lists_cost_pages(1), 1 + MAX_ORDER * 2); /* 23: a page per allocation */
	const u32 set32k = BY_PAGE(1 + 258 + 12, 1 + 131 + 11);		/* 271 or 143 */
	assert_int_equal(color_lists_cost_pages(32768), set32k);
	/* two sets and the four task slots' use arrays (32768 x 4 bytes each:
	 * 128 KiB, 32 or 16 pages) */
	assert_int_equal(placement_color_cost_pages(32768, 2), 2 * set32k + 4 * PG(KB(128)));
}

/* ---- the rule ------------------------------------------------------------------ */

/* The machine: 4 MiB, one zone too small to group (one set), 313
 * pages of 4 KiB (1252 KiB) free before the lists. With the host's 16-byte
 * list heads 32768 colors cost 399 pages; the most that fit in 313 / 8 = 39
 * pages is 1024 (31 pages; 2048 cost 42). (On i686: 272 pages, and 2048
 * colors fit.)
 *
 * With 8 KiB pages the same 1252 KiB are 156 whole pages: a budget of
 * 156 / 8 = 19 pages. The smallest set of lists takes a page per
 * allocation whatever the page size, 1 + 11 x 2 = 23 pages, and the use
 * arrays 4 x 1 page: 27 pages for any number of colors from 2 to 1024 at
 * 8 KiB (up to 512 at 4 KiB), more than 19: coloring is off there. */
static void test_four_mib_machine(void **state)
{
	const u32 free_4m = PG(KB(1252)); /* 313 or 156 */
	(void)state;
	/* 32768: 271 + 4 x 32 = 399 pages of 4 KiB; 143 + 4 x 16 = 207 of 8 KiB */
	assert_int_equal(placement_color_cost_pages(32768, 1), BY_PAGE(271 + 4 * 32, 143 + 4 * 16));
	/* 1024 colors: struct 1, list heads 16 KiB at order 0 (4+2+1 x 9 = 15
	 * pages of 4 KiB, 2+1 x 10 = 12 of 8 KiB), bitmaps 11, use arrays
	 * 4 KiB each (4 pages) */
	assert_int_equal(placement_color_cost_pages(1024, 1), BY_PAGE(1 + 15 + 11 + 4, 1 + 12 + 11 + 4));
	/* 2048 colors: list heads 32 KiB at order 0 (8+4+2+1 x 8 = 22 pages of
	 * 4 KiB, 4+2+1 x 9 = 15 of 8 KiB), use arrays 8 KiB each */
	assert_int_equal(placement_color_cost_pages(2048, 1), BY_PAGE(1 + 22 + 11 + 4 * 2, 1 + 15 + 11 + 4 * 1));
	assert_int_equal(placement_color_cost_pages(2, 1), 1 + MAX_ORDER * 2 + 4);
	assert_int_equal(placement_colors_fit(32768, 1, free_4m), BY_PAGE(1024, 1));
	/* the default there (16 MiB 16-way L3: 256 colors at 4 KiB) is left
	 * alone at 4 KiB; at 8 KiB (128 colors) it does not fit either */
	assert_int_equal(placement_colors_fit(256, 1, free_4m), BY_PAGE(256, 1));
	assert_int_equal(placement_colors_fit(128, 1, free_4m), BY_PAGE(128, 1));
	/* twice the free pages: at 4 KiB a budget of 626 / 8 = 78 pages holds
	 * 4096 colors (1 + 37 + 11 + 4 x 4 = 65; 8192 cost 1 + 68 + 11 + 4 x 8
	 * = 112); at 8 KiB 312 / 8 = 39 holds 2048 (31; 4096 cost 1 + 22 + 11
	 * + 4 x 2 = 42) */
	assert_int_equal(placement_color_cost_pages(4096, 1), BY_PAGE(65, 42));
	assert_int_equal(placement_color_cost_pages(8192, 1), BY_PAGE(112, 1 + 37 + 11 + 4 * 4));
	assert_int_equal(placement_colors_fit(32768, 1, 2 * free_4m), BY_PAGE(4096, 2048));
	/* a machine with hardly any memory: coloring off rather than no memory */
	assert_int_equal(placement_colors_fit(256, 1, PG(KB(400))), 1);
	assert_int_equal(placement_colors_fit(1, 1, 0), 1);
	/* a 64 MiB machine (two zones, three migrate types each) with 60000
	 * KiB free (15000 or 7500 pages) keeps 32768: 6 x 271 + 128 pages of
	 * 4 KiB <= 15000 / 8, 6 x 143 + 64 pages of 8 KiB <= 7500 / 8 */
	assert_int_equal(placement_colors_fit(32768, 6, PG(KB(60000))), 32768);
	/* 32 MiB, 30000 KiB free (7500 or 3750 pages): 6 x 271 + 128 > 7500 / 8,
	 * the largest that fits is 16384; at 8 KiB 16384 colors cost 6 x 80 +
	 * 32 = 512 pages > 3750 / 8 = 468, 8192 cost 6 x 49 + 16 = 310 */
	assert_int_equal(placement_colors_fit(32768, 6, PG(KB(30000))), BY_PAGE(16384, 8192));
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
	/* 399 pages of 4 KiB, 207 of 8 KiB (test_four_mib_machine) */
	assert_true(capture_contains(BY_PAGE("coloring: 32768 colors would take 1596 KiB for their free lists, "
					     "more than 1/8 of the ",
					     "coloring: 32768 colors would take 1656 KiB for their free lists, "
					     "more than 1/8 of the ")));
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
