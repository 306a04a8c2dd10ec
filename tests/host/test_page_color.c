/* SPDX-License-Identifier: MIT */
/* tests/host/test_page_color.c - the page coloring policy binhop (mm/placement/binhop.c),
 * its bitmap (mm/color_bitmap.c) and the boot shuffle (mm/shuffle.c), on the
 * real mm/ code over a private mem_map. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "mm/mm_stat.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };
/* Sizes below are of 4 KiB pages; S scales a cache to the page size (1, or
 * 2 in the 8 KiB build, build/h8) so that the colors stay the same, P(b)
 * gives the pages of b bytes. */
#define S    (PAGE_SIZE / 4096u)
#define P(b) ((u32)((b) >> PAGE_SHIFT))

static void test_color_count(void **state)
{
	(void)state;
	assert_int_equal(page_color_count(256 * 1024 * S, 1), 64); /* the 2.4.17 patch's i386 guess */
	assert_int_equal(page_color_count(2 * 1024 * 1024 * S, 1), 512);
	assert_int_equal(page_color_count(1024 * 1024 * S, 16), 16);
	assert_int_equal(page_color_count(8 * 1024 * 1024 * S, 16), 128);
	assert_int_equal(page_color_count(4096 * S, 8), 1);
	assert_int_equal(page_color_count(0x40000000u, 1), PAGE_COLOR_MAX);
	assert_int_equal(page_color_count(3 * 1024 * 1024 * S, 1), 512);   /* rounded down */
	assert_int_equal(page_color_count(12 * 1024 * 1024 * S, 12), 256); /* CPUID: 12M 12-way */
	assert_int_equal(page_color_count(6 * 1024 * 1024 * S, 12), 128);
	/* ways 0 is fully associative (CPUID's leaf 4 and 0x80000006 say so):
	 * one set, every page maps onto all of it, so 1 color (not ways 1's 128) */
	assert_int_equal(page_color_count(512 * 1024, 0), 1);
	assert_int_equal(page_color_count(0x40000000u, 0), 1);
}

static void test_bitmap_find_next_all_levels(void **state)
{
	static u32 words[1200];
	struct color_bitmap cb;
	(void)state;

	assert_true(color_bitmap_words(32768) <= 1200);
	color_bitmap_init(&cb, 32768, words);
	assert_int_equal(color_bitmap_find_next(&cb, 0), COLOR_BITMAP_NONE);
	assert_int_equal(color_bitmap_find_next_wrap(&cb, 5), COLOR_BITMAP_NONE);
	color_bitmap_set(&cb, 3);
	color_bitmap_set(&cb, 31);
	color_bitmap_set(&cb, 1025);  /* another level-1 word */
	color_bitmap_set(&cb, 32767); /* last bit, last level-2 bit */
	assert_int_equal(color_bitmap_find_next(&cb, 0), 3);
	assert_int_equal(color_bitmap_find_next(&cb, 3), 3);
	assert_int_equal(color_bitmap_find_next(&cb, 4), 31);
	assert_int_equal(color_bitmap_find_next(&cb, 32), 1025);
	assert_int_equal(color_bitmap_find_next(&cb, 1026), 32767);
	assert_int_equal(color_bitmap_find_next_wrap(&cb, 32767), 32767);
	color_bitmap_clear(&cb, 32767);
	assert_int_equal(color_bitmap_find_next(&cb, 1026), COLOR_BITMAP_NONE);
	assert_int_equal(color_bitmap_find_next_wrap(&cb, 1026), 3);
	color_bitmap_clear(&cb, 3);
	color_bitmap_clear(&cb, 31);
	assert_int_equal(color_bitmap_find_next(&cb, 0), 1025);
	assert_true(color_bitmap_test(&cb, 1025));
	assert_false(color_bitmap_test(&cb, 1024));
	/* exhaustive against a plain scan on a small, odd-sized bitmap */
	color_bitmap_init(&cb, 2000, words);
	for (u32 i = 0; i < 2000; i += 7 + (i % 13))
		color_bitmap_set(&cb, i);
	for (u32 from = 0; from < 2000; from++) {
		u32 want = COLOR_BITMAP_NONE;
		for (u32 i = from; i < 2000; i++)
			if (color_bitmap_test(&cb, i)) {
				want = i;
				break;
			}
		assert_int_equal(color_bitmap_find_next(&cb, from), want);
	}
}

/* The first target is the MWC's first output masked to the colors, and
 * order-0 allocations then walk the colors round-robin, all hits. */
static void test_round_robin_from_random_start(void **state)
{
	struct mwc ref;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	page_color_start();
	mwc_init(&ref, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	u32 start = mwc_next(&ref) & 63;
	task_start("rr");
	for (u32 i = 0; i < 200; i++) {
		struct page *p = alloc_pages(GFP_KERNEL, 0);
		assert_non_null(p);
		assert_int_equal(pfn_color(page_to_pfn(p)), (start + i) & 63);
	}
	assert_int_equal(fixture_task()->hits, 200);
	assert_int_equal(fixture_task()->misses, 0);
	assert_int_equal(page_color_stats.hits, 200);
	assert_int_equal(page_color_stats.pages_allocated, 200);
	assert_int_equal(mm_check(), 0);
	/* a new task draws the next random color */
	task_start("rr2");
	struct page *p = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(pfn_color(page_to_pfn(p)), mwc_next(&ref) & 63);
}

/* Order-k requests get a block whose color is the target rounded up to 2^k,
 * and the target then advances by 2^k (the 2.4.17 patch's rule). */
static void test_higher_orders_round_target_up(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	page_color_start();
	task_start("orders");
	fixture_task()->rr_init = true;
	fixture_task()->target_color = 5;
	struct page *p = alloc_pages(GFP_KERNEL, 2); /* 5 rounds up to 8 */
	assert_int_equal(pfn_color(page_to_pfn(p)), 8);
	assert_int_equal(fixture_task()->target_color, 12);
	p = alloc_pages(GFP_KERNEL, 3); /* 12 rounds up to 16 */
	assert_int_equal(pfn_color(page_to_pfn(p)), 16);
	assert_int_equal(fixture_task()->target_color, 24);
	p = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(pfn_color(page_to_pfn(p)), 24);
	fixture_task()->target_color = 63;
	p = alloc_pages(GFP_KERNEL, 1); /* 63 rounds up to 64 == 0 */
	assert_int_equal(pfn_color(page_to_pfn(p)), 0);
	/* order 6 blocks hold all 64 colors: always color 0, always a hit */
	p = alloc_pages(GFP_KERNEL, 7);
	assert_int_equal(pfn_color(page_to_pfn(p)), 0);
	assert_int_equal(fixture_task()->misses, 0);
	assert_int_equal(mm_check(), 0);
}

/* When the target color is gone, the nearest color above it is used, a miss
 * is counted, and the probe steps count the colors skipped. */
static void test_miss_takes_next_color(void **state)
{
	(void)state;
	/* 64 colors over a small machine, so one color runs out fast */
	static const u64 tiny[][2] = { { MB(1), MB(3) } };
	assert_int_equal(fixture_build(tiny, 1, 64, -1), 0);
	page_color_start();
	task_start("miss");
	/* take every page of color 10 */
	u32 color10 = 0;
	for (u32 pfn = P(MB(1)); pfn < P(MB(4)); pfn++)
		color10 += (pfn & 63) == 10;
	for (u32 i = 0; i < color10; i++) {
		fixture_task()->rr_init = true;
		fixture_task()->target_color = 10;
		struct page *p = alloc_pages(GFP_KERNEL, 0);
		assert_int_equal(pfn_color(page_to_pfn(p)), 10);
	}
	assert_int_equal(fixture_task()->misses, 0);
	assert_int_equal(page_color_free_pages(10), 0);
	fixture_task()->target_color = 10;
	struct page *p = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(pfn_color(page_to_pfn(p)), 11);
	assert_int_equal(fixture_task()->misses, 1);
	assert_int_equal(page_color_stats.probe_steps, 1);
	/* take colors 11..20 dry too: a target of 10 now lands on 21, 11 steps */
	for (u32 c = 11; c <= 20; c++)
		while (page_color_free_pages(c)) {
			fixture_task()->target_color = c;
			alloc_pages(GFP_KERNEL, 0);
		}
	u64 steps = page_color_stats.probe_steps;
	fixture_task()->target_color = 10;
	p = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(pfn_color(page_to_pfn(p)), 21);
	assert_int_equal(page_color_stats.probe_steps - steps, 11);
	assert_int_equal(mm_check(), 0);
}

/* Exhausting a zone with coloring on: every page handed out once, then NULL;
 * freeing everything restores the buddy state exactly. */
static void test_colored_exhaustion_and_recovery(void **state)
{
	struct buddy_snapshot before, after;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 512, -1), 0);
	page_color_start();
	snapshot_take(&before);
	task_start("exhaust");
	u32 total = nr_free_pages(), n = 0;
	struct page **all = calloc(total, sizeof(*all));
	struct page *p;
	while ((p = alloc_pages(GFP_HIGHUSER, 0)) != NULL) {
		assert_false(p->flags & PG_ballast);
		p->flags |= PG_ballast; /* seen: a second hand-out would trip this */
		all[n++] = p;
	}
	assert_int_equal(n, total);
	assert_int_equal(fixture_task()->hits + fixture_task()->misses, total);
	for (u32 i = 0; i < n; i++) {
		all[i]->flags &= ~PG_ballast;
		assert_int_equal(__free_pages(all[i], 0), 0);
	}
	free(all);
	snapshot_take(&after);
	assert_true(snapshot_equal(&before, &after));
	assert_int_equal(mm_check(), 0);
}

/* Start/stop move every block between plain and color lists; nr_free is
 * unchanged and the checker passes in both states. After stop the plain
 * lists are in address order (mm_shuffle off). */
static void test_start_stop_moves_blocks(void **state)
{
	struct buddy_snapshot s0, s1, s2;
	struct page *keep[300];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	for (int i = 0; i < 300; i++)
		keep[i] = alloc_pages(GFP_KERNEL, (u32)(i % 3));
	for (int i = 0; i < 300; i += 2)
		__free_pages(keep[i], (u32)(i % 3));
	snapshot_take(&s0);
	page_color_start();
	assert_true(page_color_enabled);
	snapshot_take(&s1);
	assert_true(snapshot_equal(&s0, &s1));
	assert_int_equal(mm_check(), 0);
	page_color_start(); /* idempotent */
	assert_int_equal(mm_check(), 0);
	page_color_stop();
	assert_false(page_color_enabled);
	snapshot_take(&s2);
	assert_true(snapshot_equal(&s0, &s2));
	assert_int_equal(mm_check(), 0);
	struct zone *normal = &contig_page_data.node_zones[ZONE_NORMAL];
	u32 prev = 0;
	struct page *p;
	list_for_each_entry(p, &normal->free_area[0].free_list[MIGRATE_MOVABLE], lru) {
		assert_true(page_to_pfn(p) > prev);
		prev = page_to_pfn(p);
	}
}

/* The checker catches a corrupted state and names it. */
static void test_checker_reports_corruption(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	page_color_start();
	struct zone *normal = &contig_page_data.node_zones[ZONE_NORMAL];
	capture_reset();
	normal->free_area[3].nr_free++;
	assert_int_equal(mm_check(), -1);
	assert_true(capture_contains("mm_check: FAIL zone Normal"));
	assert_true(capture_contains("order 3"));
	assert_true(capture_contains("nr_free differs from the lists"));
	normal->free_area[3].nr_free--;
	assert_int_equal(mm_check(), 0);
	/* a free block's buddy left uncoalesced */
	task_start("c");
	struct page *a = alloc_pages(GFP_KERNEL | __GFP_NOCOLOR, 0);
	u32 pfn = page_to_pfn(a);
	struct page *b = pfn_to_page(pfn ^ 1);
	/* the split kept the lowest page: its buddy is a free order-0 block */
	assert_true(b->flags & PG_buddy);
	assert_int_equal(b->private, 0);
	a->flags &= ~PG_head;
	a->flags |= PG_buddy;
	a->private = 0;
	set_page_mt(a, page_mt(b));
	__placement_add(normal, a, pfn, 0);
	normal->free_area[0].nr_free++;
	normal->free_area[0].nr_free_mt[page_mt(b)]++;
	normal->free_pages++;
	capture_reset();
	assert_int_equal(mm_check(), -1);
	assert_true(capture_contains("free buddies not coalesced"));
}

/* The boot shuffle: ballast kept, the rest freed in random order; coloring
 * off then gives scattered colors, coloring on still round-robin. */
static void test_shuffle_scatters_uncolored_pages(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 512, 50), 0);
	u32 managed = 0;
	for (int z = 0; z < MAX_NR_ZONES; z++)
		managed += contig_page_data.node_zones[z].managed_pages;
	/* half of the pages in about three of four 4 MiB blocks */
	assert_in_range(mm_ballast_pages, managed / 5, managed / 2);
	assert_int_equal(nr_free_pages(), managed - mm_ballast_pages);
	/* the whole blocks keep high orders available */
	u32 high = 0;
	for (u32 o = 6; o < MAX_ORDER; o++)
		high += contig_page_data.node_zones[ZONE_NORMAL].free_area[o].nr_free;
	assert_true(high > 0);
	assert_int_equal(mm_check(), 0);
	/* 512 uncolored pages: count distinct colors; contiguous pages would
	 * give all 512, random placement about 512 * (1 - 1/e) = 324 */
	static u8 seen[512];
	u32 distinct = 0;
	task_start("off");
	for (int i = 0; i < 512; i++) {
		struct page *p = alloc_pages(GFP_HIGHUSER, 0);
		u32 c = pfn_color(page_to_pfn(p));
		distinct += !seen[c];
		seen[c] = 1;
	}
	assert_in_range(distinct, 270, 380);
	page_color_start();
	task_start("on");
	memset(seen, 0, sizeof(seen));
	distinct = 0;
	for (int i = 0; i < 512; i++) {
		struct page *p = alloc_pages(GFP_HIGHUSER, 0);
		u32 c = pfn_color(page_to_pfn(p));
		distinct += !seen[c];
		seen[c] = 1;
	}
	assert_int_equal(distinct, 512);
	assert_int_equal(mm_check(), 0);
	/* stop: the plain lists are shuffled again, not address-sorted */
	page_color_stop();
	struct zone *normal = &contig_page_data.node_zones[ZONE_NORMAL];
	u32 prev = 0, ascending = 0, n = 0, mt, most = 0;
	struct page *p;
	for (mt = 1; mt < MIGRATE_TYPES; mt++) /* the type's list with the most order-0 blocks */
		if (normal->free_area[0].nr_free_mt[mt] > normal->free_area[0].nr_free_mt[most])
			most = mt;
	list_for_each_entry(p, &normal->free_area[0].free_list[most], lru) {
		ascending += page_to_pfn(p) > prev;
		prev = page_to_pfn(p);
		n++;
	}
	/* enough single pages for the ascending count to tell shuffled from
	 * sorted: 1247 of 4 KiB here, 285 of 8 KiB (whose 8 MiB blocks leave
	 * fewer fragmented ones in 48 MiB) */
	assert_true(n > (S == 1 ? 1000u : 200u));
	assert_in_range(ascending, n / 3, 2 * n / 3);
	assert_int_equal(mm_check(), 0);
}

/* Regression: with mm_shuffle ballast over every page, a 32 MiB machine had
 * no free block above order 3 and the boot self-test's order-3 allocation
 * failed for some seeds. One 4 MiB block in four now stays whole. */
static void test_shuffle_keeps_high_orders_on_small_machines(void **state)
{
	static const u64 pc32[][2] = { { 0, KB(639) }, { MB(1), MB(31) - KB(128) } };
	(void)state;
	for (u32 seed = 1; seed <= 40; seed++) {
		fixture_seed = seed;
		assert_int_equal(fixture_build(pc32, 2, 4096, 50), 0);
		struct page *p = alloc_pages(GFP_KERNEL, 3);
		assert_non_null(p);
		u32 high = 0;
		for (int z = 0; z < MAX_NR_ZONES; z++)
			for (u32 o = 6; o < MAX_ORDER; o++)
				high += contig_page_data.node_zones[z].free_area[o].nr_free;
		assert_true(high > 0);
		assert_int_equal(mm_check(), 0);
	}
	fixture_seed = MWC_SEED_DEFAULT;
}

/* Uncolored runs must not all reuse the previous run's pages: freed pages
 * return to the list heads, so the benchmarks reshuffle the lists before
 * every uncolored run (shuffle_free_lists). Without it the reference cache
 * simulation showed identical uncolored runs (stddev 0). */
static void test_reshuffle_gives_a_fresh_placement(void **state)
{
	static u8 first[1 << 14];
	struct page *p[64];
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 512, 50), 0);
	memset(first, 0, sizeof(first));
	for (int i = 0; i < 64; i++) {
		p[i] = alloc_pages(GFP_HIGHUSER, 0);
		first[page_to_pfn(p[i])] = 1;
	}
	for (int i = 0; i < 64; i++)
		__free_pages(p[i], 0);
	/* without a reshuffle: the very same pages come back */
	u32 same = 0;
	for (int i = 0; i < 64; i++) {
		p[i] = alloc_pages(GFP_HIGHUSER, 0);
		same += first[page_to_pfn(p[i])];
	}
	assert_int_equal(same, 64);
	for (int i = 0; i < 64; i++)
		__free_pages(p[i], 0);
	/* with it: mostly other pages */
	shuffle_free_lists();
	same = 0;
	for (int i = 0; i < 64; i++) {
		p[i] = alloc_pages(GFP_HIGHUSER, 0);
		same += first[page_to_pfn(p[i])];
	}
	assert_true(same < 16);
	assert_int_equal(mm_check(), 0);
}

static void test_dump_formats(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	capture_reset();
	mm_print_buddyinfo("boot");
	/* /proc/buddyinfo's layout: name in 8 columns, each count in 6 and a space */
	assert_true(capture_contains("buddyinfo: boot: free blocks per order 0..10, as /proc/buddyinfo:\n"));
	char want[160];
	snprintf(want, sizeof(want),
		 "\nNode 0, zone   Normal      0      0      0      0      0      0      0      0      0      0 %6u \n",
		 P(MB(48)) / 1024);
	assert_true(capture_contains(want));
	capture_reset();
	mm_print_zones();
	snprintf(want, sizeof(want),
		 "zone: name=Normal start_pfn=%#x end_pfn=%#x spanned=%u present=%u managed=%u free=%u\n", P(MB(16)),
		 P(MB(64)), P(MB(48)), P(MB(48)), P(MB(48)), P(MB(48)));
	assert_true(capture_contains(want));
	assert_true(capture_contains("zone: name=HighMem"));
	page_color_start();
	capture_reset();
	page_color_print(true);
	assert_true(capture_contains("page_color: colors=64 enabled=1 hits=0 misses=0"));
	/* 15 MiB DMA + 48 MiB Normal managed = 16128 pages, 252 of each color */
	u32 per = P(MB(63)) / 64;
	snprintf(want, sizeof(want), "page_color: free[0..15] %u %u %u", per, per, per);
	assert_true(capture_contains(want));
	assert_true(capture_contains("page_color: free[48..63]"));
	snprintf(want, sizeof(want), "page_color: free per color min=%u max=%u mean=%u\n", per, per, per);
	assert_true(capture_contains(want));
	capture_reset();
	mm_dump_free_lists();
	snprintf(want, sizeof(want), "freelist zone=Normal order=10 lists=1 nr_free=%u counts=%u\n", P(MB(48)) / 1024,
		 P(MB(48)) / 1024);
	assert_true(capture_contains(want));
	assert_true(capture_contains("freelist zone=Normal order=0 lists=64 nr_free=0 counts=0 0 0"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_color_count),
		cmocka_unit_test(test_bitmap_find_next_all_levels),
		cmocka_unit_test_setup_teardown(test_round_robin_from_random_start, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_higher_orders_round_target_up, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_miss_takes_next_color, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_colored_exhaustion_and_recovery, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_start_stop_moves_blocks, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_checker_reports_corruption, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_shuffle_scatters_uncolored_pages, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_shuffle_keeps_high_orders_on_small_machines, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_reshuffle_gives_a_fresh_placement, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_dump_formats, fixture_setup_cb, fixture_teardown_cb),
	};
	return cmocka_run_group_tests_name("page_color", tests, NULL, NULL);
}
