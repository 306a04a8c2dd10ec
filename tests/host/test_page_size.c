/* SPDX-License-Identifier: MIT */
/* tests/host/test_page_size.c - what changes with the architecture's page
 * size (<asm/page.h>'s PAGE_SHIFT): built in build/h with 4 KiB pages and in
 * build/h8 with 8 KiB pages (Alpha's, -DPAGE_SHIFT=13), and run in both.
 * Each test states the value for both sizes, so a leftover 4 KiB assumption
 * in mm/ (a 4096, a >> 12) fails the 8 KiB build: the colors of a 2 MiB
 * direct-mapped cache (512 at 4 KiB, 256 at 8 KiB: the DS10's L2 of the
 * 2.4.17 page-coloring patch), pfn <-> physical address, the zone limits in
 * bytes, a page block's bytes, the memory map's whole pages, vacolor's color of a virtual page, and the
 * width of the va that alloc_pages_va takes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mm/color_count.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

/* BY_PAGE(v4, v8): tests/host/host_support.h */

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

static void test_page_facts(void **state)
{
	(void)state;
	assert_int_equal(PAGE_SIZE, BY_PAGE(4096, 8192));
	/* the zone limits and the pfn space are bytes of the x86 layout */
	assert_int_equal((u64)ARCH_DMA_LIMIT_PFN << PAGE_SHIFT, 16ull << 20);
	assert_int_equal((u64)ARCH_NORMAL_LIMIT_PFN << PAGE_SHIFT, 896ull << 20);
	assert_int_equal((u64)HIGHMEM_LIMIT_PFN << PAGE_SHIFT, 1ull << 32);
	assert_int_equal(ARCH_DMA_LIMIT_PFN, BY_PAGE(4096, 2048));
	assert_int_equal(HIGHMEM_LIMIT_PFN, BY_PAGE(0x100000, 0x80000));
	/* a page block (the max order) holds 1024 pages: 4 or 8 MiB */
	assert_int_equal((u64)pageblock_nr_pages << PAGE_SHIFT, BY_PAGE(4ull << 20, 8ull << 20));
	/* a va is as wide as the host's pointer (64 bits), not 32 */
	assert_int_equal(sizeof(vaddr_t), sizeof(void *));
	assert_int_equal(sizeof(((struct alloc_hint *)0)->va), sizeof(vaddr_t));
}

/* colors = cache_size / (ways x PAGE_SIZE) */
static void test_colors_follow_page_size(void **state)
{
	(void)state;
	assert_int_equal(page_color_count(2u << 20, 1), BY_PAGE(512, 256)); /* DS10: 2 MiB direct-mapped */
	assert_int_equal(page_color_count(ARCH_CACHE_SIZE_DEFAULT, ARCH_CACHE_WAYS_DEFAULT), BY_PAGE(64, 32));
	assert_int_equal(page_color_count(16u << 20, 16), BY_PAGE(256, 128));
	assert_int_equal(page_color_count(PAGE_SIZE, 1), 1);
	assert_int_equal(page_color_count(2 * PAGE_SIZE, 1), 2);
	capture_start();
	assert_int_equal(page_color_count_explain(256u << 10, 3), BY_PAGE(16, 8));
	assert_string_equal(capture_text(), BY_PAGE("coloring: cache_size=256K cache_ways=3 give 21.33 colors (256K / "
						    "(3 x 4K)): rounded down to 16, a power of two\n",
						    "coloring: cache_size=256K cache_ways=3 give 10.66 colors (256K / "
						    "(3 x 8K)): rounded down to 8, a power of two\n"));
	capture_stop();
}

/* A 64 MiB PC given in bytes: zones, pfns and addresses in pages of
 * PAGE_SIZE; the first MiB reserved. */
static void test_pfn_and_address(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	struct zone *dma = &contig_page_data.node_zones[ZONE_DMA];
	struct zone *normal = &contig_page_data.node_zones[ZONE_NORMAL];

	assert_int_equal(max_pfn, BY_PAGE(16384, 8192));
	assert_int_equal(dma->spanned_pages, BY_PAGE(4096, 2048));
	assert_int_equal(dma->present_pages, (KB(640) + MB(15)) >> PAGE_SHIFT);
	assert_int_equal(dma->managed_pages, BY_PAGE(3840, 1920));
	assert_int_equal(normal->zone_start_pfn, BY_PAGE(4096, 2048));
	assert_int_equal(normal->present_pages, BY_PAGE(12288, 6144));
	/* every page of an order-3 DMA block lies in [1 MiB, 16 MiB) */
	struct page *d = alloc_pages(GFP_DMA, 3);
	assert_non_null(d);
	u64 pa = (u64)page_to_pfn(d) << PAGE_SHIFT;
	assert_true(pa >= MB(1) && pa + (8ull << PAGE_SHIFT) <= MB(16));
	assert_int_equal(pa % (8ull * PAGE_SIZE), 0); /* a block is aligned to its size */
	assert_ptr_equal(pfn_to_page((u32)(pa >> PAGE_SHIFT)), d);
	/* the Normal zone starts at byte 16 MiB */
	assert_int_equal((u64)normal->zone_start_pfn << PAGE_SHIFT, MB(16));
	__free_pages(d, 3);
	assert_int_equal(mm_check(), 0);
}

/* The memory map's usable pages are whole pages of PAGE_SIZE: a range
 * that starts or ends inside a page loses that page. (At 8 KiB the map code
 * counted 4 KiB pages: fuzz8_memmap found it.) */
static void test_e820_whole_pages(void **state)
{
	struct e820_table t = { 0 };
	(void)state;
	e820_add(&t, 0, KB(640), E820_TYPE_RAM);
	e820_add(&t, MB(1) + KB(4), MB(1), E820_TYPE_RAM); /* [1M+4K, 2M+4K) */
	e820_add(&t, MB(4), KB(12), E820_TYPE_RAM);	   /* 3 pages of 4 KiB, 1 of 8 KiB */
	assert_int_equal(e820_usable_pages(&t), BY_PAGE(160 + 256 + 3, 80 + 127 + 1));
}

/* vacolor: consecutive virtual pages (PAGE_SIZE apart) take consecutive
 * colors, (va >> PAGE_SHIFT) + the task's offset; half a page apart they
 * share one, at 8 KiB too. Checked twice: from a fresh zone (the colors come
 * out of split blocks) and with single free pages of every color waiting
 * (an order-0 request's direct hit, vacolor's other path). */
static void test_vacolor_by_virtual_page(void **state)
{
	static struct page *held[512];
	const vaddr_t va0 = 0xC0000000u, va1 = 0xD0000000u;
	u32 n = 0, k, singles = 0;
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("vacolor"), 0);
	task_start("va");
	for (k = 0; k < 8; k++) {
		struct page *p = alloc_pages_va(GFP_KERNEL, 0, va0 + k * PAGE_SIZE);
		assert_non_null(p);
		assert_int_equal(pfn_color(page_to_pfn(p)), ((va0 >> PAGE_SHIFT) + fixture_task()->va_offset + k) & 63);
	}
	struct page *half = alloc_pages_va(GFP_KERNEL, 0, va0 + 8 * PAGE_SIZE + PAGE_SIZE / 2);
	assert_int_equal(pfn_color(page_to_pfn(half)), ((va0 >> PAGE_SHIFT) + fixture_task()->va_offset + 8) & 63);
	/* single free pages of every color: of 512 pages held, free one of each
	 * held buddy pair (its buddy stays held, so it stays a single page),
	 * the even one in one 64-page window, the odd one in the next */
	for (n = 0; n < ARRAY_SIZE(held); n++)
		assert_non_null(held[n] = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 0)); /* a va request's type */
	for (k = 0; k < n; k++) {
		u32 pfn = page_to_pfn(held[k]);
		if (!held[k] || (pfn & 1) != ((pfn >> 6) & 1))
			continue;
		for (u32 j = 0; j < n; j++)
			if (held[j] && page_to_pfn(held[j]) == (pfn ^ 1)) {
				__free_pages(held[k], 0);
				held[k] = NULL;
				singles++;
				break;
			}
	}
	assert_true(singles >= 128);
	u32 hits = fixture_task()->hits;
	for (k = 0; k < 64; k++) {
		struct page *p = alloc_pages_va(GFP_KERNEL, 0, va1 + k * PAGE_SIZE);
		assert_non_null(p);
		assert_int_equal(pfn_color(page_to_pfn(p)), ((va1 >> PAGE_SHIFT) + fixture_task()->va_offset + k) & 63);
	}
	assert_int_equal(fixture_task()->hits, hits + 64);
	assert_int_equal(fixture_task()->misses, 0);
	assert_int_equal(mm_check(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page_facts),
		cmocka_unit_test(test_colors_follow_page_size),
		cmocka_unit_test(test_pfn_and_address),
		cmocka_unit_test(test_e820_whole_pages),
		cmocka_unit_test(test_vacolor_by_virtual_page),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
