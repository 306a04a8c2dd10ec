/* SPDX-License-Identifier: MIT */
/* tests/host/test_fallback.c - the order of the fallback table (grouping
 * pages by mobility, linux-kernel, January 2005; mm/pageblock.c
 * mobility_fallbacks, Linux's fallbacks[]): when a type's own lists are
 * empty, a movable request takes from reclaimable page blocks before
 * unmovable ones, an unmovable request from reclaimable before movable, a
 * reclaimable request from unmovable before movable. Each is checked with
 * free pages of both other types present: the page must come from the
 * block of the first type in the table. And a movable request falling
 * back for a small block does not steal the page block. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

static struct zone *normal(void)
{
	return &contig_page_data.node_zones[ZONE_NORMAL];
}

static u32 free_of_type(u32 mt)
{
	u32 n = 0;
	for (u32 o = 0; o < MAX_ORDER; o++)
		n += normal()->free_area[o].nr_free_mt[mt] << o;
	return n;
}

static gfp_t gfp_of(u32 mt)
{
	return mt == MIGRATE_MOVABLE	   ? GFP_KERNEL | __GFP_MOVABLE
	       : mt == MIGRATE_RECLAIMABLE ? GFP_KERNEL | __GFP_RECLAIMABLE
					   : GFP_KERNEL;
}

/* Normal with one whole free page block of each of the two other types and
 * every other page block made type mt; mt's free pages all taken; then one
 * request of type mt: the type of the designated block it came from (the
 * block may be stolen for mt on the way: its pfn tells). */
static u32 fallback_block_type(u32 mt)
{
	struct zone *z = normal();
	u32 others[2], base[2], k = 0, start, end, pfn;
	struct page *p;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	assert_true(zone_grouping(z));
	for (u32 t = 0; t < MIGRATE_TYPES; t++)
		if (t != mt)
			others[k++] = t;
	start = (z->zone_start_pfn + pageblock_nr_pages - 1) & ~(pageblock_nr_pages - 1);
	end = zone_end_pfn(z) & ~(pageblock_nr_pages - 1);
	/* the two highest whole page blocks of Normal, both free at boot */
	for (k = 0; k < 2; k++) {
		base[k] = end - (k + 1) * pageblock_nr_pages;
		struct page *b = pfn_to_page(base[k]);
		assert_true((b->flags & PG_buddy) && b->private == pageblock_order);
		assert_true(fixture_steal_pageblock(z, b, pageblock_order, others[k]));
	}
	for (pfn = start; pfn < base[1]; pfn += pageblock_nr_pages)
		assert_true(fixture_steal_pageblock(z, pfn_to_page(pfn), pageblock_order, mt));
	/* take type mt's free pages in Normal */
	while (free_of_type(mt))
		assert_non_null(alloc_pages(gfp_of(mt), 0));
	assert_int_equal(free_of_type(others[0]), pageblock_nr_pages);
	assert_int_equal(free_of_type(others[1]), pageblock_nr_pages);
	p = alloc_pages(gfp_of(mt), 0);
	assert_non_null(p);
	pfn = page_to_pfn(p);
	for (k = 0; k < 2; k++)
		if (pfn >= base[k] && pfn < base[k] + pageblock_nr_pages)
			return others[k];
	fail_msg("page 0x%x from neither designated block", pfn);
	return MIGRATE_TYPES;
}

static void test_movable_falls_back_to_reclaimable_first(void **state)
{
	(void)state;
	assert_int_equal(fallback_block_type(MIGRATE_MOVABLE), MIGRATE_RECLAIMABLE);
}

static void test_unmovable_falls_back_to_reclaimable_first(void **state)
{
	(void)state;
	assert_int_equal(fallback_block_type(MIGRATE_UNMOVABLE), MIGRATE_RECLAIMABLE);
}

static void test_reclaimable_falls_back_to_unmovable_first(void **state)
{
	(void)state;
	assert_int_equal(fallback_block_type(MIGRATE_RECLAIMABLE), MIGRATE_UNMOVABLE);
}

/* A movable request that falls back for a small free block (order below
 * pageblock_order / 2) does not take the page block, however free it is:
 * the thread's movable requests steal only for large blocks, so a few
 * movable pages do not turn an unmovable block movable (the block becomes
 * mixed instead). Here the only free pages of Normal lie in an unmovable
 * page block whose free blocks are at most order 3 (one page of every 16
 * in use), 15/16 of it free. */
static void test_small_movable_fallback_does_not_steal(void **state)
{
	struct zone *z = normal();
	struct page *p;
	u32 d, pfn, steals0, nosteal0;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	d = (zone_end_pfn(z) & ~(pageblock_nr_pages - 1)) - pageblock_nr_pages;
	assert_true(fixture_steal_pageblock(z, pfn_to_page(d), pageblock_order, MIGRATE_UNMOVABLE));
	while (free_of_type(MIGRATE_UNMOVABLE)) /* all of block d */
		assert_non_null(alloc_pages(GFP_KERNEL, 0));
	for (pfn = d; pfn < d + pageblock_nr_pages; pfn++)
		if (pfn % 16)
			assert_int_equal(__free_pages(pfn_to_page(pfn), 0), 0);
	assert_int_equal(free_of_type(MIGRATE_UNMOVABLE), pageblock_nr_pages / 16 * 15);
	while (free_of_type(MIGRATE_MOVABLE))
		assert_non_null(alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 0));
	assert_int_equal(free_of_type(MIGRATE_RECLAIMABLE), 0);
	steals0 = mobility_stats.steals;
	nosteal0 = mobility_stats.no_steal;
	p = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 0);
	assert_non_null(p);
	assert_int_equal(page_to_pfn(p) & ~(pageblock_nr_pages - 1), d);
	assert_int_equal(get_pageblock_migratetype(z, d), MIGRATE_UNMOVABLE);
	assert_int_equal(mobility_stats.steals, steals0);
	assert_int_equal(mobility_stats.no_steal, nosteal0 + 1);
	assert_int_equal(mm_check(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_movable_falls_back_to_reclaimable_first, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_unmovable_falls_back_to_reclaimable_first, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_reclaimable_falls_back_to_unmovable_first, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_small_movable_fallback_does_not_steal, fixture_setup_cb,
						fixture_teardown_cb),
	};
	return cmocka_run_group_tests_name("fallback", tests, NULL, NULL);
}
