/* SPDX-License-Identifier: MIT */
/* tests/host/test_poison.c - the free-page poisoning hook (mm_free_poison,
 * mm/page_alloc.h; the kernel junk-fills freed pages with it under
 * mm_debug=on): every good free calls it once with the block's pfn and
 * order, on the buddy path and on the per-CPU list path alike, before the
 * block can merge; a bad free (double free, wrong order) does not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mm/pcp.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

static u32 calls, last_pfn, last_order;
static bool was_free_at_call;

static void record(u32 pfn, u32 order)
{
	calls++;
	last_pfn = pfn;
	last_order = order;
	/* poisoned while still off every free list */
	was_free_at_call = (pfn_to_page(pfn)->flags & (PG_buddy | PG_pcp)) != 0;
}

static int teardown(void **state)
{
	mm_free_poison = NULL;
	pcp_setup(false, 0, 0);
	return fixture_teardown_cb(state);
}

static void check_frees(bool lists)
{
	struct page *a, *b;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(lists, 8, 0);
	mm_free_poison = record;
	calls = 0;
	assert_non_null(a = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 2));
	assert_non_null(b = alloc_page(GFP_KERNEL | __GFP_MOVABLE));
	assert_int_equal(calls, 0);
	assert_int_equal(__free_pages(a, 2), 0);
	assert_int_equal(calls, 1);
	assert_int_equal(last_pfn, page_to_pfn(a));
	assert_int_equal(last_order, 2);
	assert_false(was_free_at_call);
	assert_int_equal(free_cold_page(b), 0);
	assert_int_equal(calls, 2);
	assert_int_equal(last_pfn, page_to_pfn(b));
	assert_int_equal(last_order, 0);
	assert_false(was_free_at_call);
	/* bad frees are refused without poisoning */
	capture_reset();
	assert_int_equal(__free_pages(b, 0), -1);
	assert_int_equal(__free_pages(a, 2), -1);
	assert_int_equal(calls, 2);
	mm_free_poison = NULL;
	assert_int_equal(mm_check(), 0);
}

static void test_poison_buddy_path(void **state)
{
	(void)state;
	check_frees(false);
}

static void test_poison_pcp_path(void **state)
{
	(void)state;
	check_frees(true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_poison_buddy_path, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_poison_pcp_path, fixture_setup_cb, teardown),
	};
	return cmocka_run_group_tests_name("poison", tests, NULL, NULL);
}
