/* SPDX-License-Identifier: MIT */
/* tests/host/test_compaction.c - compaction (mm/compaction.c) with
 * bench=frag's owner callback (bench/frag_owner.c) on page contents: every
 * page of the owner holds a pattern of its slot; after compaction the
 * pattern is found at the page's new pfn, the owner's reference and the
 * reverse map name the new pfn, the pages moved are free and merged, and a
 * page whose owner refuses stays where it was with its contents. Compaction
 * is the grouping-pages-by-mobility thread's "migrating pages instead of
 * freeing them": a move that skips the copy or the owner's update loses
 * data, so it is checked on the data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bench/frag_owner.h"
#include "mm/compaction.h"
#include "mm/pageblock.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

/* 640 KiB low memory, 1 MiB .. 64 MiB: Normal holds 12 page blocks. */
static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };
#define NPFN ((u32)(MB(64) >> PAGE_SHIFT))

static u8 *ram; /* the pages' contents: NPFN x PAGE_SIZE bytes */
static void *test_va(u32 pfn)
{
	assert_true(pfn < NPFN);
	return ram + (size_t)pfn * PAGE_SIZE;
}

static void fill(u32 pfn, u32 tag)
{
	u32 *w = test_va(pfn);
	for (u32 i = 0; i < PAGE_SIZE / 4; i++)
		w[i] = tag * 2654435761u ^ i; /* every word differs */
}

static bool holds(u32 pfn, u32 tag)
{
	const u32 *w = test_va(pfn);
	for (u32 i = 0; i < PAGE_SIZE / 4; i++)
		if (w[i] != (tag * 2654435761u ^ i))
			return false;
	return true;
}

static struct frag_obj *objs;
static u32 *rmap, *first_pfn;
static struct frag_owner own;
static u32 nslots; /* slots fragment() filled */

static int setup(void **state)
{
	fixture_setup_cb(state);
	ram = calloc(NPFN, PAGE_SIZE);
	objs = calloc(NPFN, sizeof(*objs));
	rmap = calloc(NPFN, sizeof(*rmap));
	first_pfn = calloc(NPFN, sizeof(*first_pfn));
	assert_non_null(ram);
	assert_non_null(objs);
	assert_non_null(rmap);
	assert_non_null(first_pfn);
	for (u32 i = 0; i < NPFN; i++)
		rmap[i] = FRAG_NONE;
	own = (struct frag_owner){ .obj = objs, .rmap = rmap, .rmap_len = NPFN };
	frag_page_va = test_va;
	return 0;
}

static int teardown(void **state)
{
	free(ram);
	free(objs);
	free(rmap);
	free(first_pfn);
	return fixture_teardown_cb(state);
}

static struct zone *normal(void)
{
	return &contig_page_data.node_zones[ZONE_NORMAL];
}

/* Every free page taken as a movable order-0 page of the owner, then every
 * other slot freed: no free block above order 1 is left in Normal. Returns
 * the number of slots. */
static u32 fragment(void)
{
	struct page *p;
	u32 n = 0;

	while ((p = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 0)) != NULL) {
		u32 pfn = page_to_pfn(p);
		assert_true(pfn < NPFN);
		objs[n] = (struct frag_obj){ .pfn = pfn, .next = FRAG_NONE, .type = MIGRATE_MOVABLE };
		rmap[pfn] = n;
		first_pfn[n] = pfn;
		n++;
	}
	for (u32 i = 0; i < n; i++) {
		if (i % 2) {
			rmap[objs[i].pfn] = FRAG_NONE;
			__free_pages(pfn_to_page(objs[i].pfn), 0);
			objs[i].pfn = FRAG_NONE;
		} else {
			fill(objs[i].pfn, i);
		}
	}
	nslots = n;
	return n;
}

static void test_moved_pages_keep_their_contents(void **state)
{
	u32 n, moved, i, order = 6;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	n = fragment();
	assert_true(n > 8000);
	assert_false(fixture_zone_has_order(ZONE_NORMAL, 2));
	compact_stats = (struct compact_stats){ 0 };
	assert_true(compact_zone(normal(), order, frag_move, &own));
	assert_true(fixture_zone_has_order(ZONE_NORMAL, order));
	moved = 0;
	for (i = 0; i < n; i += 2) {
		u32 pfn = objs[i].pfn;
		assert_true(pfn < NPFN);
		/* the owner's reference and the reverse map name the new page */
		assert_int_equal(rmap[pfn], i);
		/* the new page is allocated, not on a free list */
		assert_false(pfn_to_page(pfn)->flags & PG_buddy);
		if (!holds(pfn, i))
			fail_msg("slot %u: page 0x%x (was 0x%x) lost its contents in the move", i, pfn, first_pfn[i]);
		if (pfn != first_pfn[i]) {
			moved++;
			/* the old page is no longer the owner's */
			assert_int_equal(
			    rmap[first_pfn[i]] == FRAG_NONE || objs[rmap[first_pfn[i]]].pfn == first_pfn[i], 1);
		}
	}
	assert_true(moved > 0);
	assert_int_equal(moved, compact_stats.moved);
	for (i = 0; i < NPFN; i++) /* no stale entry in the map */
		if (rmap[i] != FRAG_NONE)
			assert_int_equal(objs[rmap[i]].pfn, i);
	assert_int_equal(mm_check(), 0);
	for (i = 0; i < n; i += 2)
		__free_pages(pfn_to_page(objs[i].pfn), 0);
	assert_int_equal(mm_check(), 0);
}

/* A movable page the owner does not know (not in its map) is refused by the
 * callback: it stays at its pfn, allocated, with its contents; and a move
 * to a pfn beyond the map is refused without a change. */
static void test_refused_page_stays(void **state)
{
	u32 n, stranger, i;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	n = fragment();
	/* slot 0's page in Normal, taken away from the owner: a stranger's */
	for (i = 0; i < n && page_zonenum(pfn_to_page(objs[i].pfn)) != ZONE_NORMAL; i += 2)
		;
	assert_true(i < n);
	stranger = objs[i].pfn;
	rmap[stranger] = FRAG_NONE;
	objs[i].pfn = FRAG_NONE;
	fill(stranger, 0xabcdu);
	assert_false(frag_move(stranger, stranger + 1, &own));
	for (i += 2; i < n && page_zonenum(pfn_to_page(objs[i].pfn)) != ZONE_NORMAL; i += 2)
		;
	assert_true(i < n);
	{
		struct frag_owner small = own;
		u32 before = objs[i].pfn;
		small.rmap_len = before + 1; /* new pfns beyond it */
		assert_false(frag_move(before, before + 1, &small));
		assert_int_equal(objs[i].pfn, before);
		assert_int_equal(rmap[before], i);
		assert_true(holds(before, i));
	}
	assert_true(compact_zone(normal(), 6, frag_move, &own));
	assert_true(holds(stranger, 0xabcdu));
	assert_true(pfn_to_page(stranger)->flags & PG_head);
	assert_false(pfn_to_page(stranger)->flags & PG_buddy);
	assert_int_equal(mm_check(), 0);
}

/* A free page in the page block at base, or FRAG_NONE. */
static u32 free_pfn_in(u32 base)
{
	for (u32 pfn = base; pfn < base + pageblock_nr_pages; pfn++)
		if (pfn_to_page(pfn)->flags & PG_buddy)
			return pfn;
	return FRAG_NONE;
}

/* With grouping on, a page block holding an unmovable page cannot become
 * free, so the migration scanner leaves its movable pages where they are;
 * and the free scanner takes its targets from movable page blocks only
 * (Linux's suitable_migration_target), never from an unmovable one. Here
 * the lowest whole block of Normal holds an unmovable page among the
 * owner's, and the top one (the free scanner's first) is unmovable with
 * free pages. */
static void test_block_types_respected(void **state)
{
	struct zone *z = normal();
	u32 low, top, f, i, moved = 0, kept = 0;
	struct page *u;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	assert_true(zone_grouping(z));
	fragment();
	low = (z->zone_start_pfn + pageblock_nr_pages - 1) & ~(pageblock_nr_pages - 1);
	top = (zone_end_pfn(z) & ~(pageblock_nr_pages - 1)) - pageblock_nr_pages;
	assert_true(low < top);
	assert_int_not_equal(f = free_pfn_in(low), FRAG_NONE);
	assert_true(fixture_steal_pageblock(z, pfn_to_page(f), pageblock_order, MIGRATE_UNMOVABLE));
	assert_non_null(u = alloc_page(GFP_KERNEL)); /* from the only unmovable free pages */
	assert_int_equal(page_to_pfn(u) & ~(pageblock_nr_pages - 1), low);
	assert_int_not_equal(f = free_pfn_in(top), FRAG_NONE);
	assert_true(fixture_steal_pageblock(z, pfn_to_page(f), pageblock_order, MIGRATE_UNMOVABLE));
	assert_true(compact_zone(z, 6, frag_move, &own));
	for (i = 0; i < nslots; i += 2) {
		if (objs[i].pfn == FRAG_NONE)
			continue;
		if ((first_pfn[i] & ~(pageblock_nr_pages - 1)) == low) {
			assert_int_equal(objs[i].pfn, first_pfn[i]); /* a pinned block's page stays */
			kept++;
		}
		if (objs[i].pfn != first_pfn[i]) {
			moved++;
			assert_int_equal(get_pageblock_migratetype(z, objs[i].pfn), MIGRATE_MOVABLE);
			assert_true(holds(objs[i].pfn, i));
		}
	}
	assert_true(kept > 100);
	assert_true(moved > 0);
	assert_int_equal(__free_pages(u, 0), 0);
	assert_int_equal(mm_check(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_moved_pages_keep_their_contents, setup, teardown),
		cmocka_unit_test_setup_teardown(test_refused_page_stays, setup, teardown),
		cmocka_unit_test_setup_teardown(test_block_types_respected, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
