/* SPDX-License-Identifier: MIT */
/* tests/host/test_mm_check_local.c - the local checks of mm/mm_check.c
 * (mm_check_free_block, mm_check_pfn, mm_check_zone_counters), which the
 * allocator fuzz target runs after each operation instead of mm_check().
 * On a real allocator state each corruption is made by hand; the local check
 * at the block it touches and the full mm_check() must both reject it, and
 * both must accept the clean state (with coloring off and on). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "mm/zone_lock.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"
#include "mm/color_lists.h"
#include "mm/placement/registry.h"

/* DMA only: 640 KiB low memory and 1 MiB .. 8 MiB. */
static const u64 pc8[][2] = { { 0, KB(640) }, { MB(1), MB(7) } };

static struct zone *dma(void)
{
	return &contig_page_data.node_zones[ZONE_DMA];
}

/* Builds pc8 and fragments it: 24 blocks of orders 0..3 allocated, every
 * other one freed again, so that every order 0..3 has free blocks next to
 * allocated ones. keep[] receives the still-allocated blocks' pfns. */
static void build_fragmented(u32 colors, u32 keep[12], u32 keep_order[12])
{
	struct page *p[24];
	int i;

	assert_int_equal(fixture_build(pc8, 2, colors, -1), 0);
	if (colors > 1)
		page_color_start();
	for (i = 0; i < 24; i++) {
		p[i] = alloc_pages(GFP_DMA | __GFP_NOCOLOR, (u32)(i % 4));
		assert_non_null(p[i]);
	}
	for (i = 0; i < 24; i++) {
		if (i % 2) {
			assert_int_equal(__free_pages(p[i], (u32)(i % 4)), 0);
		} else {
			keep[i / 2] = page_to_pfn(p[i]);
			keep_order[i / 2] = (u32)(i % 4);
		}
	}
	assert_int_equal(mm_check(), 0);
}

/* The first free block of `order` in DMA (plain lists or color lists). */
static u32 first_free(u32 order)
{
	struct free_area *area = &dma()->free_area[order];
	u32 mt = 0;
	struct list_head *head;

	while (mt + 1 < MIGRATE_TYPES && !area->nr_free_mt[mt]) /* the first type with a block */
		mt++;
	head = &area->free_list[mt];
	if (placement_active_lists == PLACEMENT_COLOR) {
		struct color_lists *cl = dma()->placement[mt];
		head = &cl->area[order].lists[color_bitmap_find_next(&cl->area[order].nonempty, 0)];
	}
	assert_false(list_empty(head));
	return page_to_pfn(list_first_entry(head, struct page, lru));
}

/* The lowest order with a free block in DMA. */
static u32 lowest_free_order(void)
{
	u32 o = 0;

	while (o < MAX_ORDER && !dma()->free_area[o].nr_free)
		o++;
	assert_true(o < MAX_ORDER);
	return o;
}

/* Every listed free block passes, every allocated block is covered by no
 * free block, the counters agree. */
static void check_clean(const u32 keep[12], const u32 keep_order[12])
{
	u32 pfn, n = 0;

	for (pfn = dma()->zone_start_pfn; pfn < zone_end_pfn(dma()); pfn++) {
		const struct page *p = pfn_to_page(pfn);
		if (p->flags & PG_buddy) {
			assert_int_equal(mm_check_free_block(dma(), pfn, p->private), 0);
			assert_int_equal(mm_check_pfn(pfn, false), 0);
			n++;
		}
	}
	assert_int_equal(n, dma()->free_area[0].nr_free + dma()->free_area[1].nr_free + dma()->free_area[2].nr_free +
				dma()->free_area[3].nr_free + dma()->free_area[4].nr_free +
				dma()->free_area[5].nr_free + dma()->free_area[6].nr_free +
				dma()->free_area[7].nr_free + dma()->free_area[8].nr_free +
				dma()->free_area[9].nr_free + dma()->free_area[10].nr_free);
	for (int i = 0; i < 12; i++)
		for (u32 k = 0; k < (1u << keep_order[i]); k++)
			assert_int_equal(mm_check_pfn(keep[i] + k, true), 0);
	assert_int_equal(mm_check_zone_counters(dma()), 0);
	assert_int_equal(mm_check(), 0);
}

static void test_clean_state_passes(void **state)
{
	u32 keep[12], order[12];
	(void)state;

	build_fragmented(1, keep, order);
	check_clean(keep, order);
	build_fragmented(64, keep, order);
	assert_true(page_color_enabled);
	check_clean(keep, order);
}

static void test_wrong_order_recorded(void **state)
{
	u32 keep[12], order[12], pfn;
	(void)state;

	build_fragmented(1, keep, order);
	pfn = first_free(2);
	pfn_to_page(pfn)->private = 1;
	assert_int_equal(mm_check_free_block(dma(), pfn, 2), -1);
	assert_non_null(strstr(capture_text(), "records another order"));
	assert_int_equal(mm_check(), -1);
	pfn_to_page(pfn)->private = 2;
	assert_int_equal(mm_check(), 0);
}

static void test_block_on_wrong_list(void **state)
{
	u32 keep[12], order[12], pfn;
	struct page *p;
	(void)state;

	build_fragmented(1, keep, order);
	pfn = first_free(1);
	p = pfn_to_page(pfn);
	list_del(&p->lru);
	list_add(&p->lru, &dma()->free_area[2].free_list[page_mt(p)]); /* counted at order 1, linked at 2 */
	capture_reset();
	assert_int_equal(mm_check_free_block(dma(), pfn, 1), -1);
	assert_non_null(strstr(capture_text(), "wrong list"));
	assert_int_equal(mm_check(), -1);
}

static void test_block_on_wrong_color_list(void **state)
{
	u32 keep[12], order[12], pfn, idx, o;
	struct color_area *area;
	struct page *p;
	(void)state;

	build_fragmented(64, keep, order);
	assert_int_equal(placement_active_lists, PLACEMENT_COLOR);
	o = lowest_free_order();
	pfn = first_free(o);
	area = &((struct color_lists *)dma()->placement[page_mt(pfn_to_page(pfn))])->area[o];
	idx = color_bitmap_find_next_wrap(&area->nonempty, ((pfn_color(pfn) >> o) + 1) % area->nr_lists);
	if (idx == pfn_color(pfn) >> o) /* the only non-empty list: use an empty one */
		idx = (idx + 1) % area->nr_lists;
	assert_int_not_equal(idx, pfn_color(pfn) >> o);
	p = pfn_to_page(pfn);
	list_del(&p->lru);
	list_add(&p->lru, &area->lists[idx]);
	assert_int_equal(mm_check_free_block(dma(), pfn, o), -1);
	assert_int_equal(mm_check(), -1);
}

static void test_block_linked_twice(void **state)
{
	u32 keep[12], order[12], pfn, o;
	(void)state;

	build_fragmented(1, keep, order);
	o = lowest_free_order();
	pfn = first_free(o);
	list_add(&pfn_to_page(pfn)->lru,
		 &dma()->free_area[o].free_list[page_mt(pfn_to_page(pfn))]); /* a second free, on the list */
	capture_reset();
	assert_int_equal(mm_check_free_block(dma(), pfn, o), -1);
	assert_non_null(strstr(capture_text(), "linked to itself"));
	assert_int_equal(mm_check(), -1);
}

static void test_buddies_not_coalesced(void **state)
{
	u32 keep[12], order[12], pfn;
	struct page *p, *q;
	(void)state;

	build_fragmented(1, keep, order);
	/* split a free order-3 block into two free order-2 buddies by hand */
	pfn = first_free(3);
	p = pfn_to_page(pfn);
	q = pfn_to_page(pfn + 4);
	list_del(&p->lru); /* off its order-3 list, still counted as free pages */
	dma()->free_area[3].nr_free--;
	dma()->free_area[3].nr_free_mt[page_mt(p)]--;
	p->flags |= PG_buddy;
	p->private = 2;
	q->flags |= PG_buddy;
	set_page_mt(q, page_mt(p));
	q->private = 2;
	list_add(&p->lru, &dma()->free_area[2].free_list[page_mt(p)]);
	list_add(&q->lru, &dma()->free_area[2].free_list[page_mt(p)]);
	dma()->free_area[2].nr_free += 2; /* the zone's free pages stay the same 8 */
	dma()->free_area[2].nr_free_mt[page_mt(p)] += 2;
	assert_int_equal(mm_check_zone_counters(dma()), 0); /* the counters are consistent */
	capture_reset();
	assert_int_equal(mm_check_free_block(dma(), pfn + 4, 2), -1);
	assert_non_null(strstr(capture_text(), "not coalesced"));
	assert_int_equal(mm_check(), -1);
}

static void test_allocated_page_inside_free_block(void **state)
{
	u32 keep[12], order[12], pfn;
	(void)state;

	build_fragmented(1, keep, order);
	pfn = first_free(3);
	assert_int_equal(mm_check_pfn(pfn + 5, false), 0); /* a free page, inside one free block */
	assert_int_equal(mm_check_pfn(pfn + 5, true), -1); /* but the caller holds it */
	/* a second free block over the same pages: an order-1 head inside it */
	pfn_to_page(pfn + 4)->flags |= PG_buddy;
	pfn_to_page(pfn + 4)->private = 1;
	set_page_mt(pfn_to_page(pfn + 4), page_mt(pfn_to_page(pfn)));
	list_add(&pfn_to_page(pfn + 4)->lru, &dma()->free_area[1].free_list[page_mt(pfn_to_page(pfn))]);
	dma()->free_area[1].nr_free++;
	dma()->free_area[1].nr_free_mt[page_mt(pfn_to_page(pfn))]++;
	assert_int_equal(mm_check_pfn(pfn + 5, false), -1);
	assert_int_equal(mm_check(), -1);
}

static void test_counters(void **state)
{
	u32 keep[12], order[12], o;
	(void)state;

	build_fragmented(1, keep, order);
	dma()->free_pages++;
	assert_int_equal(mm_check_zone_counters(dma()), -1);
	assert_int_equal(mm_check(), -1);
	dma()->free_pages--;
	assert_int_equal(mm_check_zone_counters(dma()), 0);
	/* an empty order that claims a block (free_pages kept in step) */
	for (o = 0; o < MAX_ORDER && dma()->free_area[o].nr_free; o++)
		;
	assert_true(o < MAX_ORDER);
	dma()->free_area[o].nr_free = 1;
	dma()->free_pages += 1u << o;
	capture_reset();
	assert_int_equal(mm_check_zone_counters(dma()), -1);
	assert_non_null(strstr(capture_text(), "nr_free differs"));
	assert_int_equal(mm_check(), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_clean_state_passes, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_wrong_order_recorded, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_block_on_wrong_list, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_block_on_wrong_color_list, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_block_linked_twice, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_buddies_not_coalesced, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_allocated_page_inside_free_block, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_counters, fixture_setup_cb, fixture_teardown_cb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
