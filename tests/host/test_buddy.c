/* SPDX-License-Identifier: MIT */
/* tests/host/test_buddy.c - the buddy core (mm/page_alloc.c), the e820
 * sanitizer and memblock, run on the host over a private mem_map. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mm/mm_stat.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"
#include "arch/x86/arch.h"

/* A small PC: 640 KiB low memory, 1 MiB .. 64 MiB. The expected values are
 * bytes of it in pages of PAGE_SIZE (the suite runs with 4 and 8 KiB pages:
 * 640 KiB are 160 or 80 pages, the DMA zone's 16 MiB 4096 or 2048, ...). */
static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };
/* bytes -> pages of PAGE_SIZE (whole pages: every figure here is one) */
#define PG(bytes) ((u32)((bytes) >> PAGE_SHIFT))
/* A max-order block: 1024 pages, 4 MiB with 4 KiB pages, 8 MiB with 8 KiB. */
#define MAX_BLOCK_BYTES ((u64)PAGE_SIZE << (MAX_ORDER - 1))

static void test_zones_of_small_pc(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	struct zone *dma = &contig_page_data.node_zones[ZONE_DMA];
	struct zone *normal = &contig_page_data.node_zones[ZONE_NORMAL];
	struct zone *high = &contig_page_data.node_zones[ZONE_HIGHMEM];

	assert_int_equal(dma->zone_start_pfn, 0);
	assert_int_equal(dma->spanned_pages, PG(MB(16)));
	assert_int_equal(dma->present_pages, PG(KB(640)) + PG(MB(15)));
	/* the first MiB is reserved: the 640 KiB low pages are present, not managed */
	assert_int_equal(dma->managed_pages, PG(MB(15)));
	assert_int_equal(normal->zone_start_pfn, PG(MB(16)));
	assert_int_equal(normal->spanned_pages, PG(MB(64)) - PG(MB(16)));
	assert_int_equal(normal->present_pages, PG(MB(48)));
	assert_int_equal(normal->managed_pages, PG(MB(48)));
	assert_int_equal(high->present_pages, 0);
	assert_int_equal(nr_free_pages(), PG(MB(15)) + PG(MB(48)));
	/* Normal is 48 MiB of order-10 blocks: 12 of 4 MiB, or 6 of 8 MiB. */
	assert_int_equal(normal->free_area[MAX_ORDER - 1].nr_free, MB(48) / MAX_BLOCK_BYTES);
	assert_int_equal(normal->free_area[MAX_ORDER - 1].nr_free, BY_PAGE(12, 6));
	assert_int_equal(mm_check(), 0);
}

static void test_alloc_free_restores_state(void **state)
{
	struct buddy_snapshot before, after;
	struct page *p[100];
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	snapshot_take(&before);
	for (int i = 0; i < 100; i++) {
		p[i] = alloc_pages(GFP_KERNEL, (u32)(i % 4));
		assert_non_null(p[i]);
		assert_true(p[i]->flags & PG_head);
		/* aligned to its order */
		assert_int_equal(page_to_pfn(p[i]) & ((1u << (i % 4)) - 1), 0);
	}
	assert_int_equal(mm_check(), 0);
	for (int i = 99; i >= 0; i -= 2)
		assert_int_equal(__free_pages(p[i], (u32)(i % 4)), 0);
	for (int i = 0; i < 100; i += 2)
		assert_int_equal(__free_pages(p[i], (u32)(i % 4)), 0);
	snapshot_take(&after);
	assert_true(snapshot_equal(&before, &after));
	assert_int_equal(mm_check(), 0);
}

static void test_buddy_merge_worked_example(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	struct zone *normal = &contig_page_data.node_zones[ZONE_NORMAL];
	/* The first order-0 allocation splits an order-10 block: lowest pages first. */
	struct page *a = alloc_pages(GFP_KERNEL, 0);
	struct page *b = alloc_pages(GFP_KERNEL, 0);
	assert_int_equal(page_to_pfn(b), page_to_pfn(a) + 1);
	/* after the split: one free block of each order 1..9 */
	for (u32 o = 1; o < MAX_ORDER - 1; o++)
		assert_int_equal(normal->free_area[o].nr_free, 1);
	assert_int_equal(normal->free_area[0].nr_free, 0);
	__free_pages(a, 0);
	assert_int_equal(normal->free_area[0].nr_free, 1); /* b still allocated: no merge */
	__free_pages(b, 0);
	/* a and b merge, then climb all the way back to order 10 */
	assert_int_equal(normal->free_area[0].nr_free, 0);
	assert_int_equal(normal->free_area[MAX_ORDER - 1].nr_free, MB(48) / MAX_BLOCK_BYTES);
	assert_int_equal(mm_check(), 0);
}

static void test_exhaustion_returns_null_then_recovers(void **state)
{
	struct buddy_snapshot before, after;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	snapshot_take(&before);
	u32 total = nr_free_pages(), n = 0;
	struct page **all = calloc(total, sizeof(*all));
	struct page *p;
	while ((p = alloc_pages(GFP_KERNEL, 0)) != NULL) {
		assert_true(n < total);
		all[n++] = p;
	}
	assert_int_equal(n, total);
	assert_int_equal(nr_free_pages(), 0);
	assert_null(alloc_pages(GFP_KERNEL, 0));
	assert_null(alloc_pages(GFP_HIGHUSER, 3));
	/* no page handed out twice */
	for (u32 i = 0; i < n; i++) {
		assert_true(all[i]->flags & PG_head);
		all[i]->flags |= PG_ballast; /* mark as seen */
	}
	for (u32 i = 0; i < n; i++) {
		all[i]->flags &= ~PG_ballast;
		assert_int_equal(__free_pages(all[i], 0), 0);
	}
	free(all);
	snapshot_take(&after);
	assert_true(snapshot_equal(&before, &after));
	assert_int_equal(mm_check(), 0);
}

static void test_bad_frees_are_reported_not_applied(void **state)
{
	struct buddy_snapshot before, after;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	struct page *p = alloc_pages(GFP_KERNEL, 2);
	assert_non_null(p);
	snapshot_take(&before);
	capture_reset();
	/* wrong order */
	assert_int_equal(__free_pages(p, 1), -1);
	assert_true(capture_contains("order differs from the allocation's"));
	/* a tail page */
	assert_int_equal(__free_pages(p + 1, 0), -1);
	assert_true(capture_contains("not the start of an allocated block"));
	/* a reserved page (the first MiB) */
	assert_int_equal(__free_pages(pfn_to_page(10), 0), -1);
	assert_true(capture_contains("pfn 0xa order 0 zone DMA: page is reserved"));
	/* outside mem_map */
	assert_int_equal(__free_pages(mem_map + max_pfn + 5, 0), -1);
	assert_true(capture_contains("not in mem_map"));
	snapshot_take(&after);
	assert_true(snapshot_equal(&before, &after));
	/* a real free, then the same free again */
	assert_int_equal(__free_pages(p, 2), 0);
	snapshot_take(&before);
	assert_int_equal(__free_pages(p, 2), -1);
	assert_true(capture_contains("double free"));
	snapshot_take(&after);
	assert_true(snapshot_equal(&before, &after));
	assert_int_equal(mm_bad_free_count, 5);
	assert_int_equal(mm_check(), 0);
}

static void test_zone_fallback_order(void **state)
{
	/* 1 GiB machine: DMA, Normal (to 896 MiB) and HighMem. */
	static const u64 pc1g[][2] = { { 0, KB(640) }, { MB(1), MB(1023) } };
	(void)state;

	assert_int_equal(fixture_build(pc1g, 2, 1, -1), 0);
	struct page *h = alloc_pages(GFP_HIGHUSER, 0);
	struct page *k = alloc_pages(GFP_KERNEL, 0);
	struct page *d = alloc_pages(GFP_DMA, 0);
	assert_int_equal(page_zonenum(h), ZONE_HIGHMEM);
	assert_true(page_to_pfn(h) >= ARCH_NORMAL_LIMIT_PFN);
	assert_int_equal(page_zonenum(k), ZONE_NORMAL);
	assert_int_equal(page_zonenum(d), ZONE_DMA);
	assert_true(page_to_pfn(d) < ARCH_DMA_LIMIT_PFN);
	assert_int_equal(contig_page_data.node_zones[ZONE_HIGHMEM].present_pages, PG(MB(1024 - 896)));
	/* empty HighMem: buffers fall back to Normal */
	struct zone *high = &contig_page_data.node_zones[ZONE_HIGHMEM];
	u32 n = 0;
	while (high->free_pages && alloc_pages(GFP_HIGHUSER, 0))
		n++;
	assert_int_equal(n, PG(MB(1024 - 896)) - 1);
	struct page *f = alloc_pages(GFP_HIGHUSER, 0);
	assert_int_equal(page_zonenum(f), ZONE_NORMAL);
	/* GFP_DMA never leaves DMA */
	struct zone *dma = &contig_page_data.node_zones[ZONE_DMA];
	while (dma->free_pages)
		assert_int_equal(page_zonenum(alloc_pages(GFP_DMA, 0)), ZONE_DMA);
	assert_null(alloc_pages(GFP_DMA, 0));
	assert_int_equal(mm_check(), 0);
}

static void test_holes_are_never_allocated(void **state)
{
	/* Normal has a 1 MiB + 12 KiB hole at 20 MiB, and odd edges. */
	static const u64 holey[][2] = {
		{ 0, KB(640) }, { MB(1), MB(19) }, { MB(21) + KB(12), MB(11) - KB(12) }, { MB(40) + 100, MB(8) }
	};
	/* Partial pages are trimmed: the RAM after the hole starts at 21 MiB +
	 * 12 KiB, a page edge with 4 KiB pages; with 8 KiB pages the page
	 * [21M+8K, 21M+16K) is half hole, so RAM starts at 21 MiB + 16 KiB. The
	 * last range starts 100 bytes into a page: its RAM starts one page
	 * later (40 MiB + 4 or 8 KiB) and ends at 48 MiB (the 100 bytes past
	 * it are a partial page). */
	const u64 after_hole = BY_PAGE(MB(21) + KB(12), MB(21) + KB(16));
	(void)state;

	assert_int_equal(fixture_build(holey, 4, 1, -1), 0);
	struct zone *normal = &contig_page_data.node_zones[ZONE_NORMAL];
	/* [16M,20M) + [after_hole, 32M) + [40M + PAGE_SIZE, 48M) */
	assert_int_equal(normal->present_pages,
			 PG(MB(20) - MB(16)) + PG(MB(32) - after_hole) + PG(MB(48) - (MB(40) + PAGE_SIZE)));
	assert_int_equal(normal->present_pages,
			 BY_PAGE(1024 + (11 * 256 - 3) + (8 * 256 - 1), 512 + (11 * 128 - 2) + (8 * 128 - 1)));
	/* the zone ends with the last whole page: the 100 bytes past 48 MiB are not in it */
	assert_int_equal(zone_end_pfn(normal), PG(MB(48)));
	u32 n = 0;
	struct page *p;
	while ((p = alloc_pages(GFP_KERNEL, 0)) != NULL) {
		u32 pfn = page_to_pfn(p);
		u64 a = (u64)pfn << PAGE_SHIFT;
		assert_false(a >= MB(20) && a < after_hole);
		assert_false(a >= MB(32) && a < MB(40) + PAGE_SIZE);
		assert_false(a < MB(1));
		n++;
	}
	assert_int_equal(n, normal->managed_pages + contig_page_data.node_zones[ZONE_DMA].managed_pages);
}

static void test_e820_sanitize(void **state)
{
	struct e820_table in = { 0 }, out;
	u64 dropped;
	(void)state;

	/* unsorted, overlapping, zero-length, above and across 4 GiB */
	e820_add(&in, MB(1), MB(511), E820_TYPE_RAM);
	e820_add(&in, 0, KB(639), E820_TYPE_RAM);
	e820_add(&in, MB(100), MB(1), E820_TYPE_RESERVED); /* punched into RAM */
	e820_add(&in, MB(200), 0, E820_TYPE_RESERVED);	   /* zero length */
	e820_add(&in, MB(300), MB(2), E820_TYPE_ACPI);
	e820_add(&in, MB(301), MB(2), E820_TYPE_NVS);		    /* overlaps ACPI: NVS (4) wins over 3 */
	e820_add(&in, 0xF0000000ull, 0x20000000ull, E820_TYPE_RAM); /* crosses 4 GiB */
	e820_add(&in, 0x100000000ull, MB(1024), E820_TYPE_RAM);	    /* above */
	assert_int_equal(e820_sanitize(&in, &out, &dropped), 8);
	assert_int_equal(out.entries[0].addr, 0);
	assert_int_equal(out.entries[0].size, KB(639));
	assert_int_equal(out.entries[1].addr, MB(1));
	assert_int_equal(out.entries[1].size, MB(99));
	assert_int_equal(out.entries[2].type, E820_TYPE_RESERVED);
	assert_int_equal(out.entries[3].addr, MB(101));
	assert_int_equal(out.entries[3].size, MB(199));
	assert_int_equal(out.entries[4].type, E820_TYPE_ACPI);
	assert_int_equal(out.entries[4].size, MB(1));
	assert_int_equal(out.entries[5].type, E820_TYPE_NVS);
	assert_int_equal(out.entries[5].addr, MB(301));
	assert_int_equal(out.entries[5].size, MB(2));
	assert_int_equal(out.entries[6].addr, MB(303));
	assert_int_equal(out.entries[6].size, MB(209));
	assert_int_equal(out.entries[7].addr, 0xF0000000ull);
	assert_int_equal(out.entries[7].size, 0x10000000ull);
	/* [4G, 4.25G) of the crossing entry lies inside [4G, 5G): counted once */
	assert_int_equal(dropped, MB(1024));
	/* partial pages trimmed: 639 KiB is 159 whole 4 KiB pages (+ 3 KiB) or
	 * 79 whole 8 KiB pages (+ 7 KiB); the other RAM entries are whole MiB */
	assert_int_equal(e820_usable_pages(&out), BY_PAGE(159, 79) + PG(MB(99) + MB(199) + MB(209) + 0x10000000ull));
	assert_int_equal(e820_total(&out, E820_TYPE_RESERVED), MB(1));
	/* the Linux boot-log form */
	capture_reset();
	e820_print(&out, "e820");
	assert_true(capture_contains("e820: [mem 0x0000000000100000-0x00000000063fffff] usable\n"));
	assert_true(capture_contains("e820: [mem 0x0000000012d00000-0x0000000012efffff] ACPI NVS\n"));
}

/* From a fuzz_memmap input: reserved memory over RAM above 4 GiB is not
 * counted as dropped usable memory (the same rule as below 4 GiB). */
static void test_e820_dropped_respects_reserved(void **state)
{
	struct e820_table in = { 0 }, out;
	u64 dropped;
	(void)state;
	e820_add(&in, MB(1), MB(15), E820_TYPE_RAM);
	e820_add(&in, 0x100000000ull, MB(1024), E820_TYPE_RAM);
	e820_add(&in, 0x100000000ull + MB(512), MB(256), E820_TYPE_RESERVED);
	e820_add(&in, 0x100000000ull + MB(600), MB(100), E820_TYPE_RAM); /* inside the reserved part */
	assert_int_equal(e820_sanitize(&in, &out, &dropped), 1);
	assert_int_equal(dropped, MB(768));
}

static void test_e820_too_many_entries(void **state)
{
	static struct e820_table in, out;
	(void)state;
	in.nr_entries = E820_MAX_ENTRIES + 1;
	assert_int_equal(e820_sanitize(&in, &out, NULL), -1);
	assert_int_equal(out.nr_entries, 0);
	/* the most fragmented legal input: alternating types, all fit */
	in.nr_entries = 0;
	for (u32 i = 0; i < E820_MAX_ENTRIES; i++)
		e820_add(&in, (u64)i * MB(2), MB(3), (i & 1) ? E820_TYPE_RESERVED : E820_TYPE_RAM);
	assert_true(e820_sanitize(&in, &out, NULL) > 0);
	for (u32 i = 1; i < out.nr_entries; i++)
		assert_true(out.entries[i].addr == out.entries[i - 1].addr + out.entries[i - 1].size);
}

static void test_memblock_alloc_and_reserve(void **state)
{
	struct e820_table in = { 0 }, map;
	(void)state;
	e820_add(&in, 0, KB(640), E820_TYPE_RAM);
	e820_add(&in, MB(1), MB(15), E820_TYPE_RAM);
	e820_sanitize(&in, &map, NULL);
	/* memblock_alloc's limit is a pfn: 4 GiB */
	const u32 limit_4g = PG(0x100000000ull);
	memblock_reset();
	assert_int_equal(e820_memblock_add(&map), PG(KB(640)) + PG(MB(15)));
	memblock_reserve(0, MB(1));
	memblock_reserve(MB(1), PAGE_SIZE + 1); /* a page and a byte round outward to 2 pages */
	/* lowest fit at or above 1 MiB, after the reservations */
	assert_int_equal(memblock_alloc(PAGE_SIZE, PAGE_SIZE, limit_4g), MB(1) + 2 * PAGE_SIZE);
	assert_int_equal(memblock_alloc(2 * PAGE_SIZE, MB(1), limit_4g), MB(2));
	assert_int_equal(memblock_alloc(MB(64), PAGE_SIZE, limit_4g), 0);     /* does not fit */
	assert_int_equal(memblock_alloc(PAGE_SIZE, PAGE_SIZE, PG(MB(1))), 0); /* limit at 1 MiB */
	assert_int_equal(memblock.reserved.cnt, 2);
	assert_int_equal(memblock_end_pfn(), PG(MB(16)));
	assert_int_equal(memblock_memory_pages(0, PG(MB(16))), PG(KB(640)) + PG(MB(15)));
	/* with memory above 16 MiB, boot allocations go there first */
	e820_add(&in, MB(16), MB(16), E820_TYPE_RAM);
	e820_sanitize(&in, &map, NULL);
	memblock_reset();
	e820_memblock_add(&map);
	memblock_reserve(0, MB(1));
	memblock_set_low_limit(ARCH_DMA_LIMIT_PFN); /* as the kernel sets it */
	assert_int_equal(memblock_alloc(PAGE_SIZE, PAGE_SIZE, limit_4g), MB(16));
	assert_int_equal(memblock_alloc(MB(15), PAGE_SIZE, limit_4g), MB(16) + PAGE_SIZE);
	/* what no longer fits above 16 MiB falls back to low memory */
	assert_int_equal(memblock_alloc(MB(2), PAGE_SIZE, limit_4g), MB(1));
	memblock_set_low_limit(0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_zones_of_small_pc, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_alloc_free_restores_state, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_buddy_merge_worked_example, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_exhaustion_returns_null_then_recovers, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_bad_frees_are_reported_not_applied, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_zone_fallback_order, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_holes_are_never_allocated, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_e820_sanitize, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_e820_dropped_respects_reserved, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_e820_too_many_entries, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_memblock_alloc_and_reserve, fixture_setup_cb, fixture_teardown_cb),
	};
	return cmocka_run_group_tests_name("buddy", tests, NULL, NULL);
}
