/* SPDX-License-Identifier: MIT */
/* tests/host/test_color_set.c - cache partitioning by color sets
 * (mm/color_set.c): Xen's set syntax and its errors, the sets in force
 * (kernel_colors=, task_colors=, a task's own set), allocation from a set
 * on the real allocator, and what happens when a set runs out (borrowing,
 * counted; or failing with color_borrow=off). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/cmdline.h"
#include "mm/color_set.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

static struct color_set s1, s2;
static char why[200];

static void test_parse_ranges(void **state)
{
	char buf[64];
	(void)state;

	assert_int_equal(color_set_parse(&s1, "0-3,8-11", 64, why, sizeof(why)), 0);
	assert_int_equal(s1.count, 8);
	for (u32 c = 0; c < 64; c++)
		assert_int_equal(color_set_has(&s1, c), c <= 3 || (c >= 8 && c <= 11));
	assert_string_equal(color_set_format(&s1, buf, sizeof(buf)), "0-3,8-11");
	/* single colors, repeats, unsorted items; adjacent ranges merge when formatted */
	assert_int_equal(color_set_parse(&s1, "5,63,2-4,4,0", 64, why, sizeof(why)), 0);
	assert_int_equal(s1.count, 6);
	assert_string_equal(color_set_format(&s1, buf, sizeof(buf)), "0,2-5,63");
	assert_int_equal(color_set_parse(&s1, "0-511", 512, why, sizeof(why)), 0);
	assert_int_equal(s1.count, 512);
	assert_string_equal(color_set_format(&s1, buf, sizeof(buf)), "0-511");
	/* a format cut short says so */
	assert_int_equal(color_set_parse(&s1, "0,2,4,6,8,10,12,14,16,18,20", 64, why, sizeof(why)), 0);
	assert_string_equal(color_set_format(&s1, buf, 12), "0,2,4,6,...");
}

static void test_parse_errors(void **state)
{
	(void)state;

	/* out of range: the message names the color and the number of colors */
	assert_int_equal(color_set_parse(&s1, "0-3,60-64", 64, why, sizeof(why)), -1);
	assert_string_equal(why, "color 64 in '60-64' is out of range: this cache has 64 colors (0-63)");
	assert_int_equal(s1.count, 0); /* nothing half-parsed */
	assert_int_equal(color_set_parse(&s1, "64", 64, why, sizeof(why)), -1);
	assert_int_equal(color_set_parse(&s1, "3-1", 64, why, sizeof(why)), -1);
	assert_string_equal(why, "range '3-1' runs backwards; write it low-high");
	assert_int_equal(color_set_parse(&s1, "", 64, why, sizeof(why)), -1);
	assert_string_equal(why, "empty set; accepted: colors or ranges 0-63, e.g. 0-3,8-11");
	static const char *const bad[] = { "1,,2", "1,", ",1", "a", "1-", "-1", "1-2-3", "1 2", "0x3", "1234567890" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(color_set_parse(&s1, bad[i], 64, why, sizeof(why)), -1);
		assert_non_null(strstr(why, "accepted: colors or ranges 0-63 separated by commas"));
	}
	assert_int_equal(color_set_parse(&s1, "1,x-2", 64, why, sizeof(why)), -1);
	assert_string_equal(why, "bad item 'x-2'; accepted: colors or ranges 0-63 separated by commas, e.g. 0-3,8-11");
}

/* color_sets_boot: a bad set is rejected with the parameter's name and
 * counted as a command-line rejection; the image's colors are reported;
 * kernel_colors and the image's text+data are taken out of task sets. */
static void test_boot_sets(void **state)
{
	struct color_sets_config cfg = COLOR_SETS_CONFIG_DEFAULT_INIT;
	struct kernel_image_pfns img = { 256, 266, 300 }; /* 64 colors: text+data 0-9, bss 10-43 */
	(void)state;

	cmdline_rejections_clear();
	strcpy(cfg.kernel, "0-3");
	strcpy(cfg.task, "0-99");
	capture_reset();
	assert_int_equal(color_sets_boot(&cfg, 64, &img), 1);
	assert_true(capture_contains("colors: kernel image text+data: pfns 256-265 (40 KiB), colors 0-9 (10 of 64)"));
	assert_true(capture_contains("colors: kernel image bss: pfns 266-299 (136 KiB), colors 10-43 (34 of 64)"));
	assert_true(capture_contains("cmdline: task_colors=0-99 rejected: color 99 in '0-99' is out of range"));
	assert_int_equal(cmdline_rejected_count(), 1);
	assert_non_null(color_sets_kernel());
	assert_int_equal(color_sets_kernel()->count, 4);
	assert_true(color_sets_active);

	/* a task set that only has reserved colors is refused: nothing left */
	strcpy(cfg.task, "2-9");
	capture_reset();
	assert_int_equal(color_sets_boot(&cfg, 64, &img), 1);
	assert_true(capture_contains("task_colors=2-9 rejected: no color left once the kernel's colors are taken out"));

	strcpy(cfg.kernel, "40-41");
	strcpy(cfg.task, "0-47");
	capture_reset();
	assert_int_equal(color_sets_boot(&cfg, 64, &img), 0);
	assert_true(capture_contains("colors: kept out of task sets: 0-9,40-41"));
	assert_true(capture_contains("colors: task_colors=0-47: every task's pages use colors 10-39,42-47 (36 of 64)"));
	/* a benchmark's own set loses the reserved colors too */
	assert_int_equal(color_set_parse(&s1, "0-15", 64, why, sizeof(why)), 0);
	assert_int_equal(color_set_for_task(&s2, &s1), 6);
	assert_false(color_set_has(&s2, 9));
	assert_true(color_set_has(&s2, 10));
	cmdline_rejections_clear();
	color_sets_reset();
	assert_false(color_sets_active);
}

/* Counts free pages of the given color (walking mem_map's free block heads). */
static u32 free_pages_of_color(u32 color, u32 colors, int zone)
{
	const struct zone *z = &contig_page_data.node_zones[zone];
	u32 n = 0;

	for (u32 pfn = z->zone_start_pfn; pfn < zone_end_pfn(z); pfn++) {
		struct page *p = pfn_to_page(pfn);
		if (p->flags & PG_buddy) {
			for (u32 i = 0; i < (1u << p->private); i++)
				n += ((pfn + i) & (colors - 1)) == color;
			pfn += (1u << p->private) - 1;
		}
	}
	return n;
}

/* A task's set: every page it gets is of its colors, round-robin inside
 * them; when the set runs out it borrows (counted in pages, globally and
 * for the task) and the pages come from other colors. */
static void test_alloc_from_set_and_borrow(void **state)
{
	static struct page *got[20000];
	u32 n = 0, avail;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("binhop"), 0);
	color_sets_reset();
	assert_int_equal(color_set_parse(&s1, "5,9", 64, why, sizeof(why)), 0);
	task_start("victim");
	color_set_task_assign(current, &s1);
	assert_true(color_sets_active);
	avail = free_pages_of_color(5, 64, ZONE_NORMAL) + free_pages_of_color(9, 64, ZONE_NORMAL) +
		free_pages_of_color(5, 64, ZONE_DMA) + free_pages_of_color(9, 64, ZONE_DMA);
	assert_true(avail > (u32)(MB(50) >> PAGE_SHIFT) / 32); /* 2 of 64 colors: 504 pages of 4 KiB free */
	for (n = 0; n < avail; n++) {
		got[n] = alloc_pages(GFP_HIGHUSER, 0);
		assert_non_null(got[n]);
		u32 c = pfn_color(page_to_pfn(got[n]));
		assert_true(c == 5 || c == 9);
	}
	assert_int_equal(color_set_stats.borrowed, 0);
	assert_int_equal(current->color_borrowed, 0);
	/* the set is empty now: the next pages are borrowed */
	for (u32 i = 0; i < 3; i++) {
		got[n] = alloc_pages(GFP_HIGHUSER, 0);
		assert_non_null(got[n]);
		u32 c = pfn_color(page_to_pfn(got[n]));
		assert_true(c != 5 && c != 9);
		n++;
	}
	got[n] = alloc_pages(GFP_HIGHUSER, 1); /* an order-1 block borrows 2 pages */
	assert_non_null(got[n]);
	assert_int_equal(color_set_stats.borrowed, 5);
	assert_int_equal(current->color_borrowed, 5);
	__free_pages(got[n], 1);

	/* color_borrow=off: the request fails and is counted as refused */
	color_sets_set_borrow(false);
	assert_null(alloc_pages(GFP_HIGHUSER, 0));
	assert_int_equal(color_set_stats.refused, 1);
	assert_int_equal(color_set_stats.borrowed, 5);
	/* a page of the set freed is found again */
	__free_pages(got[0], 0);
	got[0] = alloc_pages(GFP_HIGHUSER, 0);
	assert_non_null(got[0]);
	/* kernel requests are not the task's: no kernel set, any color */
	struct page *k = alloc_pages(GFP_KERNEL, 0);
	assert_non_null(k);
	__free_pages(k, 0);
	for (u32 i = 0; i < n; i++)
		__free_pages(got[i], 0);
	assert_int_equal(mm_check(), 0);
	color_sets_reset();
}

/* kernel_colors: kernel requests (GFP_KERNEL, __GFP_NOCOLOR page tables
 * included) come from the kernel's set; a task's pages from task_colors=,
 * without the kernel's colors. */
static void test_kernel_and_task_default(void **state)
{
	struct color_sets_config cfg = COLOR_SETS_CONFIG_DEFAULT_INIT;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("binhop"), 0);
	strcpy(cfg.kernel, "60-63");
	strcpy(cfg.task, "32-63");
	assert_int_equal(color_sets_boot(&cfg, 64, NULL), 0);
	task_start("t");
	for (u32 i = 0; i < 40; i++) {
		struct page *k = alloc_pages(GFP_KERNEL | (i & 1 ? __GFP_NOCOLOR : 0), 0);
		struct page *u = alloc_pages_va(GFP_HIGHUSER, 0, 0xC0000000u + i * PAGE_SIZE);
		u32 kc = pfn_color(page_to_pfn(k)), uc = pfn_color(page_to_pfn(u));
		assert_true(kc >= 60);
		assert_true(uc >= 32 && uc < 60);
		__free_pages(k, 0);
		__free_pages(u, 0);
	}
	/* the boot task (pid 0) keeps every color for user requests */
	task_end();
	assert_int_equal(color_set_stats.borrowed, 0);
	assert_int_equal(mm_check(), 0);
	color_sets_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_parse_ranges, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_parse_errors, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_boot_sets, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_alloc_from_set_and_borrow, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_kernel_and_task_default, fixture_setup_cb, fixture_teardown_cb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
