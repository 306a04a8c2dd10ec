/* SPDX-License-Identifier: MIT */
/* tests/host/test_recolor.c - recoloring a task's pages (mm/recolor.c) on
 * the real allocator: pages outside the new set move into it (the copy
 * callback sees each old/new pair), pages already in it stay, a set that
 * runs out leaves the rest where they were, a failed copy changes nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mm/recolor.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

static struct color_set from, to;
static char why[200];

struct copy_log {
	u32 n, fail_at;
	u32 index[64], dst[64], src[64];
};

static int copy_cb(void *ctx, u32 index, u32 dst, u32 src)
{
	struct copy_log *l = ctx;

	if (l->n + 1 == l->fail_at) {
		l->fail_at = 0;
		return -1;
	}
	l->index[l->n] = index;
	l->dst[l->n] = dst;
	l->src[l->n] = src;
	l->n++;
	return 0;
}

static void alloc_in(struct task *t, const struct color_set *s, u32 *pfns, u32 n)
{
	color_set_task_assign(t, s);
	for (u32 i = 0; i < n; i++) {
		struct page *p = alloc_pages(GFP_HIGHUSER, 0);
		assert_non_null(p);
		pfns[i] = page_to_pfn(p);
		assert_true(color_set_has(s, pfn_color(pfns[i])));
	}
}

static void test_recolor_moves_pages(void **state)
{
	static struct copy_log log;
	struct recolor_stats st = { 0 };
	u32 pfns[24], old[24], free0;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("binhop"), 0);
	color_sets_reset();
	assert_int_equal(color_set_parse(&from, "0-7", 64, why, sizeof(why)), 0);
	assert_int_equal(color_set_parse(&to, "4-11", 64, why, sizeof(why)), 0);
	task_start("moving");
	free0 = nr_free_pages();
	alloc_in(current, &from, pfns, 24);
	memcpy(old, pfns, sizeof(old));
	u32 outside = 0;
	for (u32 i = 0; i < 24; i++)
		outside += pfn_color(pfns[i]) < 4;
	assert_int_equal(outside, 12); /* round-robin over 0-7: half are 0-3 */

	assert_int_equal(recolor_pages(current, &to, pfns, 24, GFP_HIGHUSER, copy_cb, &log, &st), 0);
	assert_int_equal(st.scanned, 24);
	assert_int_equal(st.kept, 12);
	assert_int_equal(st.copied, 12);
	assert_int_equal(st.failed, 0);
	assert_int_equal(log.n, 12);
	for (u32 k = 0; k < log.n; k++) {
		u32 i = log.index[k];
		assert_int_equal(log.src[k], old[i]);  /* the old page is copied ... */
		assert_int_equal(log.dst[k], pfns[i]); /* ... into the page now in pfns[] */
		assert_true(pfn_color(log.dst[k]) >= 4 && pfn_color(log.dst[k]) <= 11);
	}
	for (u32 i = 0; i < 24; i++)
		assert_true(color_set_has(&to, pfn_color(pfns[i])));
	assert_ptr_equal(current->colors, &to.map); /* the task's set is the new one */
	/* the old pages were freed: only the 24 current ones are out */
	assert_int_equal(nr_free_pages(), free0 - 24);
	for (u32 i = 0; i < 24; i++)
		__free_pages(pfn_to_page(pfns[i]), 0);
	assert_int_equal(nr_free_pages(), free0);
	assert_int_equal(mm_check(), 0);
	color_sets_reset();
}

/* The new set runs out (one color, its pages taken): the remaining pages
 * stay, counted as failed; a borrowed page is not used and not counted as
 * borrowed; a copy that fails leaves the page alone. */
static void test_recolor_exhaustion_and_copy_failure(void **state)
{
	static struct copy_log log;
	static u32 hog[4096];
	struct recolor_stats st = { 0 };
	u32 pfns[8], nhog = 0;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("binhop"), 0);
	color_sets_reset();
	assert_int_equal(color_set_parse(&from, "0-1", 64, why, sizeof(why)), 0);
	assert_int_equal(color_set_parse(&to, "40", 64, why, sizeof(why)), 0);
	task_start("hog");
	color_set_task_assign(current, &to);
	for (;;) { /* take every page of color 40 but three */
		struct page *p = alloc_pages(GFP_HIGHUSER, 0);
		assert_non_null(p);
		if (pfn_color(page_to_pfn(p)) != 40) {
			__free_pages(p, 0);
			break;
		}
		hog[nhog++] = page_to_pfn(p);
	}
	for (u32 k = 0; k < 3; k++)
		__free_pages(pfn_to_page(hog[--nhog]), 0);
	u32 borrowed0 = color_set_stats.borrowed;
	task_start("victim");
	alloc_in(current, &from, pfns, 8);
	log.fail_at = 2; /* the second copy fails */
	assert_int_equal(recolor_pages(current, &to, pfns, 8, GFP_HIGHUSER, copy_cb, &log, &st), -1);
	assert_int_equal(st.scanned, 8);
	assert_int_equal(st.copied, 3); /* the three free pages of color 40 ... */
	assert_int_equal(st.failed, 5); /* ... one copy failed, then the set ran out */
	assert_int_equal(current->color_borrowed, 0);
	assert_int_equal(color_set_stats.borrowed, borrowed0);
	u32 in40 = 0;
	for (u32 i = 0; i < 8; i++) {
		in40 += pfn_color(pfns[i]) == 40;
		__free_pages(pfn_to_page(pfns[i]), 0);
	}
	assert_int_equal(in40, 3);
	while (nhog)
		__free_pages(pfn_to_page(hog[--nhog]), 0);
	assert_int_equal(mm_check(), 0);
	color_sets_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_recolor_moves_pages, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_recolor_exhaustion_and_copy_failure, fixture_setup_cb,
						fixture_teardown_cb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
