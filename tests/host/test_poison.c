/* SPDX-License-Identifier: MIT */
/* tests/host/test_poison.c - free-page poisoning (mm/poison.h; the kernel's
 * mm_debug=on and mm_debug=poison).
 *
 * The hook (mm_free_poison, mm/page_alloc.h): every good free calls it once
 * with the block's pfn and order, on the buddy path and on the per-CPU list
 * path alike, before the block can merge; a bad free (double free, wrong
 * order) does not.
 *
 * The check (mm_debug=poison): over a host buffer standing for the pages'
 * memory, every page free when it is turned on and every page freed later
 * holds PAGE_POISON (and only those pages); a word written into a free page
 * is reported at the allocation that returns it (pfn, order, offset,
 * expected, found), counted, and the allocator goes on.
 *
 * The allocation hook (mm_set_alloc_check, mm/page_alloc.h): once
 * installed it sees every allocation of every policy, inlined or not, in
 * every form, with the per-CPU lists on or off; removed, none. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "mm/pcp.h"
#include "mm/poison.h"
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

static u8 *backing;	 /* the pages' memory: PAGE_SIZE bytes per pfn */
static u32 backing_pfns; /* pfns backed (max_pfn) */

static void *host_page_addr(u32 pfn)
{
	return pfn < backing_pfns ? backing + (size_t)pfn * PAGE_SIZE : NULL;
}

static int teardown(void **state)
{
	page_poison_disable();
	free(backing);
	backing = NULL;
	backing_pfns = 0;
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

/* ---- the check: mm_debug=poison -------------------------------------- */

/* The allocator over 64M with memory behind every pfn (marker bytes in
 * every page, so a page that was not poisoned shows), poisoning on with the
 * check. */
static void build_checked(bool lists)
{
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	backing_pfns = max_pfn;
	assert_non_null(backing = malloc((size_t)backing_pfns * PAGE_SIZE));
	memset(backing, 0x5a, (size_t)backing_pfns * PAGE_SIZE);
	pcp_setup(lists, 8, 0);
	page_poison_enable(host_page_addr, true);
}

static bool page_poisoned(u32 pfn)
{
	const u32 *w = host_page_addr(pfn);

	for (u32 i = 0; i < PAGE_SIZE / 4; i++)
		if (w[i] != PAGE_POISON)
			return false;
	return true;
}

static bool page_untouched(u32 pfn)
{
	const u8 *b = host_page_addr(pfn);

	for (u32 i = 0; i < PAGE_SIZE; i++)
		if (b[i] != 0x5a)
			return false;
	return true;
}

/* Turned on, it poisons exactly the free pages: every pfn is either free
 * (PG_buddy block or per-CPU list) and poisoned, or not free and untouched. */
static void test_enable_poisons_free_pages_only(void **state)
{
	u32 pfn, free_seen = 0, poisoned = 0;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	backing_pfns = max_pfn;
	assert_non_null(backing = malloc((size_t)backing_pfns * PAGE_SIZE));
	memset(backing, 0x5a, (size_t)backing_pfns * PAGE_SIZE);
	pcp_setup(true, 8, 0);
	assert_non_null(alloc_page(GFP_KERNEL)); /* fills this CPU's list */
	assert_true(pcp_nr_pages() > 0);
	page_poison_enable(host_page_addr, true);
	for (pfn = 0; pfn < max_pfn;) {
		const struct page *p = pfn_to_page(pfn);
		u32 n = p->flags & PG_buddy ? 1u << p->private : 1, i;
		bool is_free = (p->flags & (PG_buddy | PG_pcp)) != 0;

		for (i = 0; i < n; i++) {
			if (is_free) {
				assert_true(page_poisoned(pfn + i));
				free_seen++;
			} else {
				assert_true(page_untouched(pfn + i));
			}
		}
		pfn += n;
	}
	poisoned = page_poison_stats.filled_pages;
	assert_int_equal(free_seen, nr_free_pages());
	assert_int_equal(poisoned, free_seen);
}

/* Pages the kernel cannot reach (HighMem: page_addr gives NULL) are neither
 * poisoned nor checked, and enabling says how many free pages that leaves
 * out; with every page reachable it says nothing. */
static void test_unreached_pages_said(void **state)
{
	u32 pfn, want = 0;
	char line[160];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	backing_pfns = max_pfn / 2; /* the upper half stands for HighMem */
	assert_non_null(backing = malloc((size_t)backing_pfns * PAGE_SIZE));
	memset(backing, 0x5a, (size_t)backing_pfns * PAGE_SIZE);
	for (pfn = 0; pfn < max_pfn;) { /* the free pages of the upper half, counted here */
		const struct page *p = pfn_to_page(pfn);
		u32 n = p->flags & PG_buddy ? 1u << p->private : 1;

		for (u32 i = 0; i < n; i++)
			want += (p->flags & PG_buddy) && pfn + i >= backing_pfns;
		pfn += n;
	}
	assert_true(want > 1000);
	capture_reset();
	page_poison_enable(host_page_addr, true);
	assert_int_equal(page_poison_stats.unreached_pages, want);
	assert_int_equal(page_poison_stats.filled_pages, nr_free_pages() - want);
	snprintf(line, sizeof(line),
		 "mm: poison: %u free pages (%u KiB) are not mapped by the kernel (HighMem): they are not poisoned or "
		 "checked\n",
		 want, want * (u32)(PAGE_SIZE >> 10));
	assert_true(capture_contains(line));
	/* mm_debug=on: poisoned at free only, so "or checked" is not said */
	page_poison_disable();
	capture_reset();
	page_poison_enable(host_page_addr, false);
	line[strlen(line) - strlen(" or checked\n")] = 0;
	assert_true(capture_contains(line));
	assert_false(capture_contains("or checked"));
	/* everything reachable: nothing to say */
	page_poison_disable();
	backing_pfns = 0;
	free(backing);
	assert_non_null(backing = malloc((size_t)max_pfn * PAGE_SIZE));
	backing_pfns = max_pfn;
	capture_reset();
	page_poison_enable(host_page_addr, true);
	assert_int_equal(page_poison_stats.unreached_pages, 0);
	assert_false(capture_contains("not mapped by the kernel"));
}

/* A word written into a freed block is reported when an allocation returns
 * the block: pfn, the allocation's order, offset, expected and found. */
static void write_after_free(bool lists, u32 order)
{
	struct page *a, *b, *p;
	u32 pfn, bad_pfn, n;
	char want[160];

	build_checked(lists);
	assert_non_null(a = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, order));
	assert_non_null(b = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, order));
	pfn = page_to_pfn(a);
	assert_true(page_poisoned(pfn)); /* free at enable: poisoned, and checked */
	assert_int_equal(page_poison_stats.bad_pages, 0);
	/* the owner's data in both blocks */
	memset(host_page_addr(pfn), 0x5a, PAGE_SIZE << order);
	memset(host_page_addr(page_to_pfn(b)), 0x5a, PAGE_SIZE << order);
	assert_int_equal(__free_pages(a, order), 0);
	assert_int_equal((a->flags & PG_pcp) != 0, lists); /* the path under test */
	for (u32 i = 0; i < (1u << order); i++) {
		assert_true(page_poisoned(pfn + i));
		assert_true(page_untouched(page_to_pfn(b) + i)); /* b was not freed */
	}
	/* the use after free: one word in the block's last page */
	bad_pfn = pfn + (1u << order) - 1;
	*(u32 *)((u8 *)host_page_addr(bad_pfn) + 0x124) = 0xdeadbeef;
	capture_reset();
	for (n = 0; !page_poison_stats.bad_pages; n++)
		if (!(p = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, order)))
			break;
	assert_int_equal(page_poison_stats.bad_pages, 1);
	snprintf(want, sizeof(want),
		 "mm: poison: pfn 0x%x (block of order %u) offset 0x124: expected 0x6b6b6b6b found 0xdeadbeef: "
		 "written while free",
		 bad_pfn, order);
	assert_true(capture_contains(want));
	/* the kernel goes on: more allocations, the lists intact, the count said */
	assert_non_null(alloc_pages(GFP_KERNEL | __GFP_MOVABLE, order));
	assert_int_equal(page_poison_stats.bad_pages, 1);
	assert_int_equal(mm_check(), 0);
	capture_reset();
	assert_int_equal(page_poison_report(), 1);
	assert_true(capture_contains("mm: poison: 1 page(s) were written while free"));
	assert_true(capture_contains("@poison status=fail checked="));
	assert_true(capture_contains(" bad=1\n"));
}

static void test_write_after_free_buddy(void **state)
{
	(void)state;
	write_after_free(false, 2);
}

static void test_write_after_free_pcp(void **state)
{
	(void)state;
	write_after_free(true, 0);
}

/* A write into a page that no allocation takes back is found by the end
 * of the run's check of the free pages. */
static void test_write_found_at_end(void **state)
{
	struct page *a;
	u32 pfn, checked;
	char want[160];
	(void)state;

	build_checked(false);
	assert_non_null(a = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 1));
	pfn = page_to_pfn(a);
	assert_int_equal(__free_pages(a, 1), 0);
	((u32 *)host_page_addr(pfn + 1))[3] = 0; /* offset 0xc of the second page */
	checked = page_poison_stats.checked_pages;
	capture_reset();
	assert_int_equal(page_poison_report(), 1);
	assert_int_equal(page_poison_stats.bad_pages, 1);
	/* every free page was checked at the end */
	assert_int_equal(page_poison_stats.checked_pages - checked, nr_free_pages());
	snprintf(want, sizeof(want), "mm: poison: pfn 0x%x (block of order ", pfn + 1);
	assert_true(capture_contains(want));
	assert_true(capture_contains(") offset 0xc: expected 0x6b6b6b6b found 0x00000000: written while free"));
	assert_true(capture_contains("@poison status=fail checked="));
}

/* Without writes: many allocations and frees, every one checked, none bad. */
static void test_clean_run_reports_ok(void **state)
{
	struct page *pages[64];
	(void)state;

	build_checked(true);
	for (u32 round = 0; round < 8; round++) {
		for (u32 i = 0; i < 64; i++)
			assert_non_null(pages[i] = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, i % 3));
		for (u32 i = 0; i < 64; i++)
			assert_int_equal(__free_pages(pages[i], i % 3), 0);
	}
	assert_true(page_poison_stats.checked_pages >= 8 * 64);
	assert_int_equal(page_poison_stats.bad_pages, 0);
	capture_reset();
	assert_int_equal(page_poison_report(), 0);
	assert_true(capture_contains("@poison status=ok checked="));
	assert_false(capture_contains("written while free"));
	assert_int_equal(mm_check(), 0);
}

static u32 alloc_checks;

static u32 count_check(u32 pfn, u32 order)
{
	(void)pfn;
	(void)order;
	alloc_checks++;
	return 0;
}

/* Every policy of the registry, with and without the per-CPU lists: the
 * installed check runs once for each of alloc_pages, alloc_pages_va and
 * alloc_pages_hint; removed, it runs for none. (The inlined paths of
 * mm/placement/fast.h never test for it: mm_set_alloc_check moves every
 * policy to the checked path.) */
static void test_alloc_check_every_policy(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	for (u32 lists = 0; lists < 2; lists++) {
		pcp_setup(lists != 0, 8, 0);
		for (u32 id = 0; id < PLACEMENT_NR; id++) {
			struct alloc_hint h = { .task = current, .order = 0, .migratetype = MIGRATE_MOVABLE };
			struct page *p[4];

			assert_int_equal(placement_select_id(id), 0);
			mm_set_alloc_check(count_check);
			alloc_checks = 0;
			assert_non_null(p[0] = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 0));
			assert_non_null(p[1] = alloc_pages_va(GFP_HIGHUSER, 1, 0x40000000u));
			assert_non_null(p[2] = alloc_pages_hint(GFP_KERNEL, &h));
			assert_int_equal(alloc_checks, 3);
			mm_set_alloc_check(NULL);
			assert_non_null(p[3] = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 0));
			assert_int_equal(alloc_checks, 3);
			assert_int_equal(__free_pages(p[0], 0), 0);
			assert_int_equal(__free_pages(p[1], 1), 0);
			assert_int_equal(__free_pages(p[2], 0), 0);
			assert_int_equal(__free_pages(p[3], 0), 0);
		}
	}
	assert_int_equal(mm_check(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_poison_buddy_path, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_poison_pcp_path, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_enable_poisons_free_pages_only, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_unreached_pages_said, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_write_after_free_buddy, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_write_after_free_pcp, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_clean_run_reports_ok, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_write_found_at_end, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_alloc_check_every_policy, fixture_setup_cb, teardown),
	};
	return cmocka_run_group_tests_name("poison", tests, NULL, NULL);
}
