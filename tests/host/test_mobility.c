/* SPDX-License-Identifier: MIT */
/* tests/host/test_mobility.c - grouping pages by mobility (mm/pageblock.h):
 * per-type free lists, page block types, fallback and steal, the too-small
 * rule, the run-time switch, the placement switch with grouping on, the
 * census (mixed blocks) and the pagetypeinfo dump. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "mm/pagetypeinfo.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

/* A small PC: 640 KiB low memory, 1 MiB .. 64 MiB (DMA 4 page blocks,
 * Normal 12; with 8 KiB pages, blocks of 8 MiB: DMA 2, Normal 6). */
static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };
#define NORMAL_BLOCKS ((u32)(MB(48) >> PAGE_SHIFT) / pageblock_nr_pages)

static struct zone *normal(void)
{
	return &contig_page_data.node_zones[ZONE_NORMAL];
}

static u32 fallbacks_total(void)
{
	u32 n = 0;
	for (u32 a = 0; a < MIGRATE_TYPES; a++)
		for (u32 b = 0; b < MIGRATE_TYPES; b++)
			n += mobility_stats.fallbacks[a][b];
	return n;
}

static void test_gfp_states_the_type(void **state)
{
	(void)state;
	assert_int_equal(gfp_migratetype(GFP_KERNEL), MIGRATE_UNMOVABLE);
	assert_int_equal(gfp_migratetype(GFP_DMA), MIGRATE_UNMOVABLE);
	assert_int_equal(gfp_migratetype(GFP_HIGHUSER), MIGRATE_MOVABLE);
	assert_int_equal(gfp_migratetype(GFP_KERNEL | __GFP_MOVABLE), MIGRATE_MOVABLE);
	assert_int_equal(gfp_migratetype(GFP_KERNEL | __GFP_RECLAIMABLE), MIGRATE_RECLAIMABLE);
	assert_int_equal(gfp_migratetype(GFP_HIGHUSER | __GFP_RECLAIMABLE), MIGRATE_RECLAIMABLE);
	assert_int_equal(gfp_migratetype_va(GFP_KERNEL), MIGRATE_MOVABLE);
}

/* At boot every page block is movable and every free block waits on the
 * movable lists; the first unmovable request steals a whole free page
 * block, and the next 1023 order-0 unmovable requests are served from it
 * without another fallback; the 1025th steals a second block. */
static void test_unmovable_steals_whole_blocks(void **state)
{
	struct pageblock_census c;
	struct page *first, *p = NULL;
	u32 i, base;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	assert_true(mobility_grouping_enabled);
	assert_false(normal()->mobility_small);
	pageblock_census(normal(), &c);
	assert_int_equal(c.nr_blocks, NORMAL_BLOCKS);
	assert_int_equal(c.blocks[MIGRATE_MOVABLE], NORMAL_BLOCKS);
	for (i = 0; i < MAX_ORDER; i++) {
		assert_int_equal(normal()->free_area[i].nr_free_mt[MIGRATE_UNMOVABLE], 0);
		assert_int_equal(normal()->free_area[i].nr_free_mt[MIGRATE_MOVABLE], normal()->free_area[i].nr_free);
	}
	first = alloc_pages(GFP_KERNEL, 0);
	assert_non_null(first);
	assert_int_equal(page_zonenum(first), ZONE_NORMAL);
	assert_int_equal(page_mt(first), MIGRATE_UNMOVABLE);
	assert_int_equal(mobility_stats.fallbacks[MIGRATE_UNMOVABLE][MIGRATE_MOVABLE], 1);
	assert_int_equal(mobility_stats.steals, 1);
	assert_int_equal(mobility_stats.steal_pages, 1024);
	base = page_to_pfn(first) & ~(pageblock_nr_pages - 1);
	assert_int_equal(get_pageblock_migratetype(normal(), base), MIGRATE_UNMOVABLE);
	assert_int_equal(mm_check(), 0);
	for (i = 1; i < 1024; i++) {
		p = alloc_pages(GFP_KERNEL, 0);
		assert_non_null(p);
		assert_int_equal(page_to_pfn(p) & ~(pageblock_nr_pages - 1), base); /* packed in one block */
	}
	assert_int_equal(fallbacks_total(), 1);
	p = alloc_pages(GFP_KERNEL, 0);
	assert_int_not_equal(page_to_pfn(p) & ~(pageblock_nr_pages - 1), base);
	assert_int_equal(mobility_stats.steals, 2);
	pageblock_census(normal(), &c);
	assert_int_equal(c.blocks[MIGRATE_UNMOVABLE], 2);
	assert_int_equal(c.with_unmovable, 2);
	assert_int_equal(c.mixed, 0);
	assert_int_equal(mm_check(), 0);
}

/* Movable requests never land in an unmovable block while the movable
 * lists have pages; when only the free pages of an unmovable block more
 * than half used are left, a movable request falls back without stealing
 * (free + movable pages < half the block) and the block becomes mixed. */
static void test_movable_fallback_without_steal_makes_mixed_block(void **state)
{
	static struct page *held[20000], *unmov[600];
	struct pageblock_census c;
	struct page *m;
	u32 n = 0, i, ubase;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	for (i = 0; i < 600; i++) /* 600 of one stolen Normal block's 1024 pages */
		unmov[i] = alloc_pages(GFP_KERNEL, 0);
	ubase = page_to_pfn(unmov[0]) & ~(pageblock_nr_pages - 1);
	assert_int_equal(page_to_pfn(unmov[599]) & ~(pageblock_nr_pages - 1), ubase);
	/* every movable page of both zones */
	while ((m = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 0)) != NULL) {
		if (page_zonenum(m) == ZONE_NORMAL && (page_to_pfn(m) & ~(pageblock_nr_pages - 1)) == ubase &&
		    n < ARRAY_SIZE(held))
			break; /* the first movable page taken from the unmovable block */
		assert_true(n < ARRAY_SIZE(held));
		held[n++] = m;
	}
	assert_non_null(m);
	assert_true(mobility_stats.no_steal >= 1);
	assert_int_equal(get_pageblock_migratetype(normal(), ubase), MIGRATE_UNMOVABLE); /* not taken */
	pageblock_census(normal(), &c);
	assert_true(c.mixed >= 1);
	assert_int_equal(mm_check(), 0);
	__free_pages(m, 0);
	for (i = 0; i < n; i++)
		assert_int_equal(__free_pages(held[i], 0), 0);
	for (i = 0; i < 600; i++)
		assert_int_equal(__free_pages(unmov[i], 0), 0);
	assert_int_equal(mm_check(), 0);
}

/* A zone smaller than three page blocks groups nothing, and the log says
 * so: an 8 MiB PC's DMA zone (about 2 blocks). */
static void test_small_zone_switches_grouping_off(void **state)
{
	static const u64 pc8[][2] = { { 0, KB(640) }, { MB(1), MB(7) } };
	struct page *p;
	u32 o;
	(void)state;

	capture_reset();
	assert_int_equal(fixture_build(pc8, 2, 1, -1), 0);
	assert_true(contig_page_data.node_zones[ZONE_DMA].mobility_small);
	assert_true(capture_contains("mobility: zone DMA:"));
	assert_true(capture_contains("grouping off in this zone"));
	p = alloc_pages(GFP_KERNEL, 0);
	assert_non_null(p);
	assert_int_equal(page_mt(p), MIGRATE_UNMOVABLE); /* the request's type is still recorded */
	assert_int_equal(fallbacks_total(), 0);		 /* but no fallback: one set of lists */
	for (o = 0; o < MAX_ORDER; o++)
		assert_int_equal(contig_page_data.node_zones[ZONE_DMA].free_area[o].nr_free_mt[MIGRATE_MOVABLE],
				 contig_page_data.node_zones[ZONE_DMA].free_area[o].nr_free);
	assert_int_equal(mm_check(), 0);
}

/* Off: every free block moves to the movable lists; on again: back to its
 * page block's type; wholly free blocks become movable again. */
static void test_switch_off_and_on(void **state)
{
	static struct page *held[1100];
	u32 i, o, before[MAX_ORDER][MIGRATE_TYPES];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	for (i = 0; i < 1100; i++)
		held[i] = alloc_pages(GFP_KERNEL | (i % 3 ? 0 : __GFP_RECLAIMABLE), 0);
	assert_int_equal(mm_check(), 0);
	for (o = 0; o < MAX_ORDER; o++)
		for (i = 0; i < MIGRATE_TYPES; i++)
			before[o][i] = normal()->free_area[o].nr_free_mt[i];
	mobility_grouping_set(false);
	assert_false(zone_grouping(normal()));
	for (o = 0; o < MAX_ORDER; o++)
		assert_int_equal(normal()->free_area[o].nr_free_mt[MIGRATE_MOVABLE], normal()->free_area[o].nr_free);
	assert_int_equal(mm_check(), 0);
	mobility_grouping_set(true);
	for (o = 0; o < MAX_ORDER; o++)
		for (i = 0; i < MIGRATE_TYPES; i++)
			assert_int_equal(normal()->free_area[o].nr_free_mt[i], before[o][i]);
	assert_int_equal(mm_check(), 0);
	for (i = 0; i < 1100; i++)
		assert_int_equal(__free_pages(held[i], 0), 0);
	mobility_grouping_set(true); /* every block is wholly free again: all movable */
	{
		struct pageblock_census c;
		pageblock_census(normal(), &c);
		assert_int_equal(c.blocks[MIGRATE_MOVABLE], c.nr_blocks);
	}
	assert_int_equal(mm_check(), 0);
}

/* The placement switch keeps every free block on its type's lists; a
 * colored request takes its target color from its type's lists. */
static void test_placement_switch_keeps_types(void **state)
{
	u32 o, i, before[MAX_ORDER][MIGRATE_TYPES];
	struct page *a, *b;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	a = alloc_pages(GFP_KERNEL, 0); /* an unmovable block exists */
	for (o = 0; o < MAX_ORDER; o++)
		for (i = 0; i < MIGRATE_TYPES; i++)
			before[o][i] = normal()->free_area[o].nr_free_mt[i];
	for (u32 id = 0; id < PLACEMENT_NR; id++) {
		assert_int_equal(placement_select_id(id), 0);
		for (o = 0; o < MAX_ORDER; o++)
			for (i = 0; i < MIGRATE_TYPES; i++)
				assert_int_equal(normal()->free_area[o].nr_free_mt[i], before[o][i]);
		assert_int_equal(mm_check(), 0);
	}
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	b = alloc_pages(GFP_KERNEL, 0); /* colored, unmovable: from the unmovable block */
	assert_int_equal(page_to_pfn(b) & ~(pageblock_nr_pages - 1), page_to_pfn(a) & ~(pageblock_nr_pages - 1));
	assert_int_equal(placement_task_of(current)->hits, 1);
	assert_int_equal(mm_check(), 0);
}

/* Coloring with grouping: binhop hands a type's pages out round-robin over
 * the colors from that type's lists, so after 1000 unmovable allocations
 * the unmovable page block's free pages are still even over the 64 colors
 * (whole page blocks hold every color equally: 16 pages each), and every
 * allocation hit its color. */
static void test_colors_even_within_a_type(void **state)
{
	u32 count[64] = { 0 }, pfn, i, lo = ~0u, hi = 0, sum = 0;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	for (i = 0; i < 1000; i++)
		assert_non_null(alloc_pages(GFP_KERNEL, 0));
	assert_int_equal(placement_task_of(current)->hits, 1000);
	assert_int_equal(placement_task_of(current)->misses, 0);
	assert_int_equal(mobility_stats.steals, 1);
	for (pfn = normal()->zone_start_pfn; pfn < zone_end_pfn(normal()); pfn++) {
		const struct page *p = pfn_to_page(pfn);
		if ((p->flags & PG_buddy) && page_mt(p) == MIGRATE_UNMOVABLE)
			for (i = 0; i < (1u << p->private); i++)
				count[(pfn + i) % 64]++;
	}
	for (i = 0; i < 64; i++) {
		lo = count[i] < lo ? count[i] : lo;
		hi = count[i] > hi ? count[i] : hi;
		sum += count[i];
	}
	assert_int_equal(sum, 1024 - 1000); /* the block's 24 free pages: 0 or 1 per color */
	assert_int_equal(lo, 0);
	assert_int_equal(hi, 1);
	assert_int_equal(mm_check(), 0);
}

/* mm_check names a free block on another type's lists (moved by hand,
 * counters kept consistent). */
static void test_check_catches_block_on_wrong_type(void **state)
{
	struct zone *z;
	struct page *p;
	u32 o = MAX_ORDER - 1;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	z = normal();
	p = list_first_entry(&z->free_area[o].free_list[MIGRATE_MOVABLE], struct page, lru);
	list_del(&p->lru);
	set_page_mt(p, MIGRATE_RECLAIMABLE);
	list_add(&p->lru, &z->free_area[o].free_list[MIGRATE_RECLAIMABLE]);
	z->free_area[o].nr_free_mt[MIGRATE_MOVABLE]--;
	z->free_area[o].nr_free_mt[MIGRATE_RECLAIMABLE]++;
	assert_int_equal(mm_check_zone_counters(z), 0); /* the counters agree with the lists */
	capture_reset();
	assert_int_equal(mm_check(), -1);
	assert_true(capture_contains("page block's type"));
	assert_int_equal(mm_check_free_block(z, page_to_pfn(p), o), -1);
}

/* zone->grouping, the one byte the hot paths read, follows the switch and
 * the zone's size; mm_check catches it out of step. */
static void test_zone_grouping_byte(void **state)
{
	static const u64 pc8[][2] = { { 0, KB(640) }, { MB(1), MB(7) } };
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	assert_true(normal()->grouping);
	mobility_grouping_set(false);
	assert_false(normal()->grouping);
	mobility_grouping_set(true);
	assert_true(normal()->grouping);
	assert_int_equal(mm_check(), 0);
	normal()->grouping = false; /* out of step with the switch */
	capture_reset();
	assert_int_equal(mm_check_zone_counters(normal()), -1);
	assert_true(capture_contains("zone->grouping differs from the grouping switch"));
	normal()->grouping = true;
	assert_int_equal(mm_check(), 0);
	/* a zone too small to group keeps it off with the switch on */
	assert_int_equal(fixture_build(pc8, 2, 1, -1), 0);
	assert_true(contig_page_data.node_zones[ZONE_DMA].mobility_small);
	assert_false(contig_page_data.node_zones[ZONE_DMA].grouping);
	mobility_grouping_set(true);
	assert_false(contig_page_data.node_zones[ZONE_DMA].grouping);
	assert_int_equal(mm_check(), 0);
}

/* The dump in /proc/pagetypeinfo's format. */
static void test_pagetypeinfo_format(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	alloc_pages(GFP_KERNEL, 0);
	capture_reset();
	pagetypeinfo_print();
	assert_true(capture_contains("Page block order: 10\n"));
	assert_true(capture_contains("Pages per block:  1024\n"));
	assert_true(capture_contains("Free pages count per migrate type at order       0      1"));
	assert_true(capture_contains("Node    0, zone   Normal, type    Unmovable "));
	assert_true(capture_contains("Node    0, zone      DMA, type  Reclaimable "));
	assert_true(capture_contains("Number of blocks type     Unmovable      Movable  Reclaimable        Mixed\n"));
	/* Normal: 12 blocks, one stolen for the unmovable page */
	char want[100];
	snprintf(want, sizeof(want), "Node 0, zone   Normal            1 %12u            0            0\n",
		 NORMAL_BLOCKS - 1);
	assert_true(capture_contains(want));
	capture_reset();
	pagetypeinfo_summary("test");
	assert_true(capture_contains("pagetypeinfo: after=test grouping=on blocks Unmovable=1 Movable="));
	assert_true(capture_contains(" fallbacks=1 steals=1\n"));
}

/* pagetypeinfo_color_spread() of Normal's type mt gives these figures. */
static void assert_spread(u32 mt, u32 free, u32 colors, u32 min, u32 max)
{
	struct color_spread s;

	pagetypeinfo_color_spread(normal(), mt, &s);
	assert_int_equal(s.free, free);
	assert_int_equal(s.colors, colors);
	assert_int_equal(s.min, min);
	assert_int_equal(s.max, max);
}

/* Per-type, per-color free counts (pagetypeinfo_color_spread): 64 colors,
 * 1000 binhop-placed unmovable pages leave 24 free pages of the stolen
 * block, one each on 24 colors; the movable pages are counted the same as
 * the counters on the lists say; over PAGETYPEINFO_MAX_COLORS nothing is
 * counted. */
static void test_color_spread_per_type(void **state)
{
	struct color_spread s;
	u32 o, listed = 0, colors;
	char want[120];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	for (o = 0; o < 1000; o++)
		assert_non_null(alloc_pages(GFP_KERNEL, 0));
	assert_spread(MIGRATE_UNMOVABLE, 24, 64, 0, 1);
	pagetypeinfo_color_spread(normal(), MIGRATE_RECLAIMABLE, &s);
	assert_int_equal(s.free, 0);
	assert_int_equal(s.max, 0);
	for (o = 0; o < MAX_ORDER; o++)
		listed += normal()->free_area[o].nr_free_mt[MIGRATE_MOVABLE] << o;
	pagetypeinfo_color_spread(normal(), MIGRATE_MOVABLE, &s);
	assert_int_equal(s.free, listed);
	assert_int_equal(s.free, (NORMAL_BLOCKS - 1) * 1024); /* the 11 untouched page blocks */
	assert_int_equal(s.min, (NORMAL_BLOCKS - 1) * 1024 / 64);
	assert_int_equal(s.max, (NORMAL_BLOCKS - 1) * 1024 / 64);
	capture_reset();
	pagetypeinfo_print_colors("test");
	assert_true(capture_contains("pagetypeinfo: colors after=test zone=Normal type=Unmovable free=24 colors=64 "
				     "min=0 max=1 mean=0.37\n"));
	snprintf(
	    want, sizeof(want),
	    "pagetypeinfo: colors after=test zone=Normal type=Movable free=%u colors=64 min=%u max=%u mean=%u.00\n",
	    (NORMAL_BLOCKS - 1) * 1024, (NORMAL_BLOCKS - 1) * 16, (NORMAL_BLOCKS - 1) * 16, (NORMAL_BLOCKS - 1) * 16);
	assert_true(capture_contains(want));
	colors = page_colors;
	page_colors = PAGETYPEINFO_MAX_COLORS * 2; /* not counted */
	pagetypeinfo_color_spread(normal(), MIGRATE_MOVABLE, &s);
	assert_int_equal(s.free, (NORMAL_BLOCKS - 1) * 1024);
	assert_int_equal(s.colors, 0);
	capture_reset();
	pagetypeinfo_print_colors("big");
	snprintf(want, sizeof(want), "type=Movable free=%u colors=8192 not counted (over 4096)\n",
		 (NORMAL_BLOCKS - 1) * 1024);
	assert_true(capture_contains(want));
	/* 1024 colors: four walks of 256; the unmovable block's 24 free pages
	 * fall on 24 distinct colors, the movable blocks give one per color */
	page_colors = 1024;
	assert_spread(MIGRATE_UNMOVABLE, 24, 1024, 0, 1);
	pagetypeinfo_color_spread(normal(), MIGRATE_MOVABLE, &s);
	assert_int_equal(s.free, (NORMAL_BLOCKS - 1) * 1024);
	assert_int_equal(s.min, NORMAL_BLOCKS - 1);
	assert_int_equal(s.max, NORMAL_BLOCKS - 1);
	page_colors = colors;
	assert_int_equal(mm_check(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gfp_states_the_type),
		cmocka_unit_test_setup_teardown(test_unmovable_steals_whole_blocks, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_movable_fallback_without_steal_makes_mixed_block, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_small_zone_switches_grouping_off, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_switch_off_and_on, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_placement_switch_keeps_types, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_colors_even_within_a_type, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_zone_grouping_byte, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_check_catches_block_on_wrong_type, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_pagetypeinfo_format, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_color_spread_per_type, fixture_setup_cb, fixture_teardown_cb),
	};
	return cmocka_run_group_tests_name("mobility", tests, NULL, NULL);
}
