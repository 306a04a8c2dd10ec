/* SPDX-License-Identifier: MIT */
/* tests/host/test_pagevec.c - batched frees with a hot/cold hint
 * (mm/pagevec.c) over the per-CPU lists (mm/pcp.c), and the cold
 * allocations readahead makes: which end of which list each operation
 * uses, and the batch's bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mm/pagevec.h"
#include "mm/pcp.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

/* A small PC: 640 KiB low memory, 1 MiB .. 64 MiB. */
static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

#define GFP_USER_PAGE (GFP_KERNEL | __GFP_MOVABLE)

static int setup(void **state)
{
	(void)state;
	if (fixture_build(pc64, 2, 1, -1) != 0)
		return -1;
	pcp_setup(true, 16, 0); /* hot list low 32 high 96; cold list low 0 high 32 */
	return 0;
}

static int teardown(void **state)
{
	pcp_setup(false, 0, 0);
	return fixture_teardown_cb(state);
}

static u32 hot_count(void)
{
	return pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT);
}

static u32 cold_count(void)
{
	return pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_COLD);
}

/* A hot batch goes to the head of the hot list: the next plain allocations
 * hand its pages back, the last added first; the cold list is untouched. */
static void test_hot_batch_to_hot_head(void **state)
{
	struct page *p[4];
	struct pagevec pv;
	(void)state;

	for (int i = 0; i < 4; i++)
		assert_non_null(p[i] = alloc_page(GFP_USER_PAGE));
	u32 hot0 = hot_count(), cold0 = cold_count();
	pagevec_init(&pv, false);
	for (int i = 0; i < 4; i++)
		assert_int_equal(pagevec_add(&pv, p[i]), (int)PAGEVEC_SIZE - 1 - i);
	/* nothing is freed before the release */
	assert_int_equal(hot_count(), hot0);
	assert_false(p[0]->flags & PG_pcp);
	assert_int_equal(pagevec_release(&pv), 4);
	assert_int_equal(pv.nr, 0);
	assert_int_equal(hot_count(), hot0 + 4);
	assert_int_equal(cold_count(), cold0);
	for (int i = 3; i >= 0; i--)
		assert_ptr_equal(alloc_page(GFP_USER_PAGE), p[i]);
	assert_int_equal(mm_check(), 0);
}

/* A cold batch goes to the tail of the cold list: the cold list's earlier
 * pages are served first (cold longest), then the batch in the order
 * added; plain (hot) allocations never get them. */
static void test_cold_batch_to_cold_tail(void **state)
{
	struct page *c[2], *p[4];
	struct pagevec pv;
	(void)state;

	for (int i = 0; i < 2; i++)
		assert_non_null(c[i] = alloc_page(GFP_USER_PAGE));
	for (int i = 0; i < 4; i++)
		assert_non_null(p[i] = alloc_page(GFP_USER_PAGE));
	assert_int_equal(cold_count(), 0);
	for (int i = 0; i < 2; i++)
		assert_int_equal(free_cold_page(c[i]), 0);
	u32 hot0 = hot_count();
	pagevec_init(&pv, true);
	for (int i = 0; i < 4; i++)
		assert_true(pagevec_add(&pv, p[i]) > 0);
	assert_int_equal(pagevec_release(&pv), 4);
	assert_int_equal(cold_count(), 6);
	assert_int_equal(hot_count(), hot0);
	for (u32 i = 0; i < 8; i++) { /* hot allocations take none of them */
		struct page *h = alloc_page(GFP_USER_PAGE);
		assert_non_null(h);
		for (int k = 0; k < 4; k++)
			assert_ptr_not_equal(h, p[k]);
		assert_int_equal(free_hot_page(h), 0);
	}
	/* readahead's allocation: __GFP_COLD takes the cold list's head */
	assert_ptr_equal(alloc_page(GFP_USER_PAGE | __GFP_COLD), c[0]);
	assert_ptr_equal(alloc_page(GFP_USER_PAGE | __GFP_COLD), c[1]);
	for (int i = 0; i < 4; i++)
		assert_ptr_equal(alloc_page(GFP_USER_PAGE | __GFP_COLD), p[i]);
	assert_int_equal(cold_count(), 0);
	assert_int_equal(hot_count(), hot0);
	assert_int_equal(mm_check(), 0);
}

/* A cold allocation leaves the hot list alone: with the hot list holding
 * just-freed pages, __GFP_COLD refills and serves the cold list, and the
 * hot pages stay for the next plain allocation. */
static void test_cold_alloc_leaves_hot_pages(void **state)
{
	struct page *w[8];
	(void)state;

	for (int i = 0; i < 8; i++)
		assert_non_null(w[i] = alloc_page(GFP_USER_PAGE));
	for (int i = 0; i < 8; i++)
		assert_int_equal(free_hot_page(w[i]), 0);
	u32 hot0 = hot_count();
	for (int i = 0; i < 8; i++) {
		struct page *r = alloc_page(GFP_USER_PAGE | __GFP_COLD);
		assert_non_null(r);
		for (int k = 0; k < 8; k++)
			assert_ptr_not_equal(r, w[k]);
	}
	assert_int_equal(hot_count(), hot0);
	assert_int_equal(cold_count(), 16 - 8); /* one refill of batch 16 */
	for (int i = 7; i >= 0; i--)
		assert_ptr_equal(alloc_page(GFP_USER_PAGE), w[i]);
}

/* The batch's bounds: pagevec_add says the room left and refuses a full
 * vector; pagevec_free_page frees nothing until PAGEVEC_SIZE pages are in,
 * then exactly that batch; the last, partial batch waits for a release. */
static void test_batch_bounds(void **state)
{
	struct page *p[2 * PAGEVEC_SIZE + 3];
	struct pagevec pv;
	(void)state;

	for (u32 i = 0; i < ARRAY_SIZE(p); i++)
		assert_non_null(p[i] = alloc_page(GFP_USER_PAGE));
	pagevec_init(&pv, false);
	for (u32 i = 0; i < PAGEVEC_SIZE; i++)
		assert_int_equal(pagevec_add(&pv, p[i]), (int)(PAGEVEC_SIZE - 1 - i));
	assert_int_equal(pagevec_space(&pv), 0);
	assert_int_equal(pagevec_add(&pv, p[PAGEVEC_SIZE]), -1);
	assert_int_equal(pv.nr, PAGEVEC_SIZE);
	assert_int_equal(pagevec_add(&pv, NULL), -1);
	assert_int_equal(pagevec_release(&pv), PAGEVEC_SIZE);
	assert_int_equal(pagevec_release(&pv), 0); /* empty */

	u32 hot0 = hot_count(), freed = 0;
	for (u32 i = PAGEVEC_SIZE; i < ARRAY_SIZE(p); i++) {
		u32 n = pagevec_free_page(&pv, p[i]);
		u32 added = i - PAGEVEC_SIZE + 1;
		if (added % PAGEVEC_SIZE == 0) {
			assert_int_equal(n, PAGEVEC_SIZE);
			assert_int_equal(pv.nr, 0);
		} else {
			assert_int_equal(n, 0);
			assert_int_equal(pv.nr, added % PAGEVEC_SIZE);
		}
		freed += n;
		assert_int_equal(hot_count(), hot0 + freed);
	}
	assert_int_equal(freed, PAGEVEC_SIZE);
	assert_int_equal(pv.nr, PAGEVEC_SIZE + 3 - PAGEVEC_SIZE);
	assert_int_equal(pagevec_free_page(&pv, NULL), 0);
	assert_int_equal(pagevec_release(&pv), 3);
	assert_int_equal(hot_count(), hot0 + PAGEVEC_SIZE + 3);
	assert_int_equal(mm_check(), 0);
}

/* A bad page in a batch is refused by the allocator's rules and not
 * counted; the rest are freed. */
static void test_release_counts_bad_free(void **state)
{
	struct page *a, *b;
	struct pagevec pv;
	(void)state;

	assert_non_null(a = alloc_page(GFP_USER_PAGE));
	assert_non_null(b = alloc_page(GFP_USER_PAGE));
	assert_int_equal(free_hot_page(b), 0);
	u32 bad0 = mm_bad_free_count;
	pagevec_init(&pv, false);
	pagevec_add(&pv, a);
	pagevec_add(&pv, b); /* already free: a double free */
	assert_int_equal(pagevec_release(&pv), 1);
	assert_int_equal(mm_bad_free_count, bad0 + 1);
	assert_int_equal(mm_check(), 0);
}

/* With the lists off a release frees to the buddy lists, hint or not. */
static void test_lists_off(void **state)
{
	struct page *p[5];
	struct pagevec pv;
	(void)state;

	pcp_setup(false, 0, 0);
	for (int i = 0; i < 5; i++)
		assert_non_null(p[i] = alloc_page(GFP_USER_PAGE));
	u32 free0 = nr_free_pages();
	pagevec_init(&pv, true);
	for (int i = 0; i < 5; i++)
		pagevec_add(&pv, p[i]);
	assert_int_equal(pagevec_release(&pv), 5);
	assert_int_equal(nr_free_pages(), free0 + 5);
	assert_int_equal(pcp_nr_pages(), 0);
	assert_int_equal(mm_check(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_hot_batch_to_hot_head, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cold_batch_to_cold_tail, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cold_alloc_leaves_hot_pages, setup, teardown),
		cmocka_unit_test_setup_teardown(test_batch_bounds, setup, teardown),
		cmocka_unit_test_setup_teardown(test_release_counts_bad_free, setup, teardown),
		cmocka_unit_test_setup_teardown(test_lists_off, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
