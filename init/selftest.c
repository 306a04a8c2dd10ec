/* SPDX-License-Identifier: MIT */
/* init/selftest.c - quick checks of the live allocator at boot. Each test
 * returns NULL when it passed, or a short reason. Every test frees what it
 * took on every path, passed or failed: the leak check compares the free
 * pages with a baseline taken before the self-tests (init/main.c), so a
 * self-test that loses a page fails the run.
 *
 * selftest_inject= provokes the failure paths (tests/boot/test_small.py):
 *   alloc_fail  the second allocation of every self-test fails, as if
 *               memory had run out (each test then fails and must still
 *               give back what it holds: the leak check stays clean)
 *   leak        alloc_free_roundtrip keeps one order-0 page and still
 *               passes, a deliberate leak that only the leak check sees
 *   use_after_free  alloc_free_roundtrip writes one word into a block it
 *               has freed and still passes: a write after free that only
 *               mm_debug=poison sees (at the allocation that takes the
 *               page back, or at the end of the run) */
#include "init/selftest.h"
#include "init/params.h"
#include "arch/x86/arch.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"

enum { INJECT_NONE, INJECT_ALLOC_FAIL, INJECT_LEAK, INJECT_USE_AFTER_FREE };
static u32 st_allocs; /* allocations of the running self-test */

/* Every self-test allocation goes through here (selftest_inject=alloc_fail
 * makes the second one of each test fail). */
static struct page *st_alloc(u32 gfp, u32 order)
{
	if (boot_config.selftest_inject == INJECT_ALLOC_FAIL && ++st_allocs == 2)
		return NULL;
	return alloc_pages(gfp, order);
}

static const char *st_mm_check(void)
{
	return mm_check() == 0 ? NULL : "mm_check reported a violation";
}

/* selftest_inject=use_after_free: one word written into a freed block,
 * when the kernel reaches it (low memory above the first MiB). */
static void write_after_free(struct page *page)
{
	u32 pfn = page_to_pfn(page);

	if (pfn >= ARCH_NORMAL_LIMIT_PFN || pfn < (MiB >> PAGE_SHIFT))
		return;
	printk("selftest: (selftest_inject=use_after_free: 0x0badf00d written at pfn 0x%x offset 0x40 after it "
	       "was freed)\n",
	       pfn);
	*(volatile u32 *)((pfn << PAGE_SHIFT) + 0x40) = 0x0badf00d;
}

/* Sixteen blocks held at once, orders 0,1,2,3,0,1,... (60 pages). */
static const char *st_alloc_free_roundtrip(void)
{
	struct page *p[16];
	u32 before = nr_free_pages(), i, n;
	const char *why = NULL;

	for (n = 0; n < 16; n++)
		if (!(p[n] = st_alloc(GFP_KERNEL, n % 4))) {
			why = "allocation failed";
			break;
		}
	for (i = 0; i < n; i++) {
		if (boot_config.selftest_inject == INJECT_LEAK && i == 0) {
			printk("selftest: (selftest_inject=leak: one page at pfn 0x%x is kept)\n", page_to_pfn(p[0]));
			before -= 1;
			continue;
		}
		__free_pages(p[i], i % 4);
		if (boot_config.selftest_inject == INJECT_USE_AFTER_FREE && i == 1)
			write_after_free(p[1]);
	}
	if (!why && nr_free_pages() != before)
		why = "free page count changed";
	return why;
}

static const char *st_bad_free_detected(void)
{
	u32 bad = mm_bad_free_count, before;
	struct page *p = st_alloc(GFP_KERNEL, 0);

	if (!p)
		return "allocation failed";
	__free_pages(p, 0);
	before = nr_free_pages();
	printk("selftest: (a deliberate double free follows)\n");
	if (__free_pages(p, 0) != -1 || mm_bad_free_count != bad + 1)
		return "double free not reported";
	return nr_free_pages() == before ? NULL : "double free changed the free lists";
}

static const char *st_coloring_round_robin(void)
{
	u32 was = placement_active_id;
	struct page *p[8];
	const char *why = NULL;
	u32 i, first;

	if (page_colors < 8)
		return NULL; /* nothing to see with fewer colors */
	page_color_start();
	task_start("selftest-color");
	for (i = 0; i < 8; i++)
		if (!(p[i] = st_alloc(GFP_HIGHUSER, 0)))
			why = "allocation failed";
	first = why ? 0 : pfn_color(page_to_pfn(p[0]));
	for (i = 0; i < 8 && !why; i++)
		if (pfn_color(page_to_pfn(p[i])) != ((first + i) & (page_colors - 1)) &&
		    placement_task_of(current)->misses == 0)
			why = "consecutive allocations did not get consecutive colors";
	for (i = 0; i < 8; i++)
		if (p[i])
			__free_pages(p[i], 0);
	task_end();
	placement_select_id(was);
	return why;
}

static const char *st_color_toggle(void)
{
	u32 was = placement_active_id;
	u32 before = nr_free_pages();
	const char *why = NULL;

	page_color_stop();
	if (mm_check())
		why = "check failed with coloring off";
	page_color_start();
	if (!why && page_colors > 1 && mm_check())
		why = "check failed with coloring on";
	placement_select_id(was);
	if (!why && nr_free_pages() != before)
		why = "free page count changed";
	return why;
}

static const char *st_vmap_contiguous(void)
{
	struct page *p[4];
	u32 pfns[4], i, n;
	const char *why = NULL;
	volatile u32 *va = (volatile u32 *)VMALLOC_START, *alias = (volatile u32 *)(VMALLOC_START + 16 * PAGE_SIZE);

	for (n = 0; n < 4; n++) {
		p[n] = st_alloc(GFP_HIGHUSER | __GFP_NOCOLOR, 0);
		if (!p[n]) {
			why = "allocation failed";
			break;
		}
		pfns[n] = page_to_pfn(p[n]);
	}
	if (!why) {
		if (vmap_pages((u32)va, pfns, 4) < 0 || map_page((u32)alias, pfns[2], false) < 0) {
			why = "mapping failed";
		} else {
			for (i = 0; i < 4; i++)
				va[i * PAGE_SIZE / 4] = 0xC0105000u + i;
			if (alias[0] != 0xC0105002u)
				why = "page 2 seen through a second mapping holds the wrong value";
		}
		vunmap_pages((u32)va, 4);
		vunmap_pages((u32)alias, 1);
	}
	for (i = 0; i < n; i++)
		__free_pages(p[i], 0);
	return why;
}

struct selftest {
	const char *name;
	const char *(*fn)(void);
};

static const struct selftest selftests[] = {
	{ "mm_check", st_mm_check },
	{ "alloc_free_roundtrip", st_alloc_free_roundtrip },
	{ "bad_free_detected", st_bad_free_detected },
	{ "coloring_round_robin", st_coloring_round_robin },
	{ "color_toggle", st_color_toggle },
	{ "vmap_contiguous", st_vmap_contiguous },
};

u32 selftest_run_all(void)
{
	u32 i, failed = 0;

	if (boot_config.selftest_inject)
		printk("selftest: selftest_inject=%s: failures below are deliberate\n",
		       selftest_inject_names[boot_config.selftest_inject]);
	for (i = 0; i < ARRAY_SIZE(selftests); i++) {
		const char *why;

		st_allocs = 0;
		why = selftests[i].fn();
		if (why) {
			failed++;
			printk("selftest: %s FAIL (%s)\n", selftests[i].name, why);
		} else {
			printk("selftest: %s ok\n", selftests[i].name);
		}
	}
	printk("@selftest passed=%u failed=%u\n", (u32)ARRAY_SIZE(selftests) - failed, failed);
	return failed;
}
