/* SPDX-License-Identifier: MIT */
/* tests/host/test_shuffle_small.c - mm/shuffle.c on small and odd machines.
 *
 * The rule under test (mm/shuffle.h): every populated zone keeps a reserve
 * of its largest free blocks, SHUFFLE_ZONE_RESERVE_PAGES pages or the whole
 * zone, that never takes ballast, whatever the random offset of the
 * "every fourth 4 MiB block stays whole" rule. Before it, an 8 MiB machine
 * with seed=2 had no free block of order 3 after the shuffle and the boot
 * self-test alloc_free_roundtrip failed ("allocation failed").
 *
 * Each case builds the allocator the way the kernel does at boot (e820 map
 * as QEMU's BIOS gives it for -m SIZE: 639 KiB low, RAM from 1 MiB to
 * SIZE - 128 KiB; the first MiB and a kernel image plus boot allocations
 * reserved above 1 MiB), then, for every seed:
 *  - runs the self-tests' allocation mix (alloc_free_roundtrip: sixteen
 *    GFP_KERNEL blocks of orders 0,1,2,3,0,1,... held at once, with coloring
 *    on as at boot) and asserts every allocation succeeds and freeing them
 *    restores the free page count;
 *  - asserts ballast is still placed (mm_ballast_pages > 0: the reserve
 *    did not swallow the fragmented blocks), except on a machine whose
 *    zone has no more free pages than the reserve (a count of pages, so
 *    twice the bytes with 8 KiB pages): there the whole zone is the
 *    reserve and no ballast is placed, asserted as such;
 *  - asserts each populated zone's reserve is at least
 *    min(SHUFFLE_ZONE_RESERVE_PAGES, free pages of the zone), and mm_check().
 * SHUFFLE_SEEDS=<n> changes the number of seeds (default 200). The suite
 * runs with 4 KiB pages (build/h) and 8 KiB pages (build/h8); the "4 MiB
 * blocks" of mm/shuffle.h are max-order blocks of 1024 pages, 8 MiB then. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

#define LOW_RAM_END 0x9fc00u /* 639 KiB, as SeaBIOS reports it */
#define COLORS	    256u     /* QEMU's 16M 16-way L3: 256 colors */

static u32 nseeds = 200;

/* One machine: RAM size, the kernel image and boot allocations above 1 MiB,
 * and up to 8 holes (base, size bytes) punched into the RAM as reserved. */
struct machine {
	const char *name;
	u64 mem;
	u64 kernel;
	u64 holes[8][2];
	int nholes;
	/* with 8 KiB pages the zone's free pages are fewer than
	 * SHUFFLE_ZONE_RESERVE_PAGES: all of them are the reserve, no ballast */
	bool all_reserve_8k;
};

/* The e820 map of the machine (sanitize resolves overlaps: reserved wins). */
static int build(const struct machine *m, u32 seed, int ballast)
{
	struct e820_table raw = { 0 }, map;
	int i;

	fixture_teardown();
	e820_add(&raw, 0, LOW_RAM_END, E820_TYPE_RAM);
	e820_add(&raw, LOW_RAM_END, 0xa0000 - LOW_RAM_END, E820_TYPE_RESERVED);
	e820_add(&raw, 0xf0000, 0x10000, E820_TYPE_RESERVED);
	e820_add(&raw, MB(1), m->mem - MB(1) - KB(128), E820_TYPE_RAM);
	e820_add(&raw, m->mem - KB(128), KB(128), E820_TYPE_RESERVED);
	for (i = 0; i < m->nholes; i++)
		e820_add(&raw, m->holes[i][0], m->holes[i][1], E820_TYPE_RESERVED);
	if (e820_sanitize(&raw, &map, NULL) < 0)
		return -1;
	memblock_reset();
	if (e820_memblock_add(&map) < 0 || memblock_reserve(0, MB(1)) < 0 || memblock_reserve(MB(1), m->kernel) < 0)
		return -1;
	task_init();
	mwc_init(&fixture_rng, seed, MWC_CARRY_DEFAULT);
	fixture_mm_config.rng = &fixture_rng;
	{
		static const u32 lim[MAX_NR_ZONES] = { ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN,
						       ARCH_HIGHMEM_LIMIT_PFN };
		memcpy(fixture_mm_config.max_zone_pfn, lim, sizeof(lim)); /* the i386 layout (arch/x86/arch.h) */
	}
	fixture_mm_config.cache_size = COLORS * PAGE_SIZE;
	fixture_mm_config.cache_ways = 1;
	fixture_mm_config.mm_shuffle = ballast >= 0;
	fixture_mm_config.mm_ballast = ballast >= 0 ? (u32)ballast : 0;
	fixture_mm_config.page_color = true; /* as at boot: the self-tests run with coloring on */
	return mm_init(&fixture_mm_config, fixture_alloc);
}

/* Free pages per zone right after the boot release, without ballast: what
 * the reserve is measured against. */
static void zone_free_without_ballast(const struct machine *m, u32 out[MAX_NR_ZONES])
{
	int z;

	assert_int_equal(build(m, 1, 0), 0);
	for (z = 0; z < MAX_NR_ZONES; z++)
		out[z] = contig_page_data.node_zones[z].free_pages;
}

/* The self-tests' mix (init/selftest.c, st_alloc_free_roundtrip). Returns
 * the number of allocations that failed; frees what it got. */
static u32 selftest_mix(void)
{
	struct page *p[16];
	u32 before = nr_free_pages(), i, failed = 0;

	for (i = 0; i < 16; i++)
		if (!(p[i] = alloc_pages(GFP_KERNEL, i % 4)))
			failed++;
	for (i = 0; i < 16; i++)
		if (p[i])
			__free_pages(p[i], i % 4);
	assert_int_equal(nr_free_pages(), before);
	return failed;
}

static void check_machine(const struct machine *m, int ballast)
{
	u32 free0[MAX_NR_ZONES], seed, z, failures = 0, no_ballast = 0;
	const bool all_reserve = PAGE_SHIFT == 13 && m->all_reserve_8k;

	zone_free_without_ballast(m, free0);
	for (seed = 0; seed < nseeds; seed++) {
		u32 failed;

		assert_int_equal(build(m, seed, ballast), 0);
		assert_true(mm_shuffle_enabled);
		for (z = 0; z < MAX_NR_ZONES; z++) {
			u32 want = free0[z] < SHUFFLE_ZONE_RESERVE_PAGES ? free0[z] : SHUFFLE_ZONE_RESERVE_PAGES;
			if (shuffle_reserve_pages[z] < want)
				fail_msg("%s seed=%u zone %s: reserve %u pages, want >= %u", m->name, seed,
					 zone_names[z], shuffle_reserve_pages[z], want);
		}
		if (ballast > 0 && mm_ballast_pages == 0)
			no_ballast++;
		if (all_reserve)
			assert_int_equal(shuffle_reserve_pages[ZONE_DMA], free0[ZONE_DMA]);
		failed = selftest_mix();
		if (failed) {
			failures++;
			print_message("%s ballast=%d seed=%u: %u of 16 self-test allocations failed\n", m->name,
				      ballast, seed, failed);
		}
		assert_int_equal(mm_check(), 0);
	}
	assert_int_equal(failures, 0);
	assert_int_equal(no_ballast, all_reserve && ballast > 0 ? nseeds : 0);
}

/* QEMU -m sizes, the kernel image and boot allocations (today ~790 KiB at
 * 4M: kernel 668 KiB, mem_map, color lists, shuffle array) with room to
 * grow. */
static const struct machine machines[] = {
	{ "4M", MB(4), KB(800), { { 0 } }, 0, false },
	/* free: 4 MiB - 128 KiB (firmware) - 1 MiB - 1280 KiB = 1664 KiB, 416
	 * pages of 4 KiB, 208 of 8 KiB (< 256: test_all_reserve_machine) */
	{ "4M-big-kernel", MB(4), KB(1280), { { 0 } }, 0, true },
	{ "5M", MB(5), KB(800), { { 0 } }, 0, false },
	{ "6M", MB(6), KB(800), { { 0 } }, 0, false },
	{ "8M", MB(8), KB(800), { { 0 } }, 0, false },
	{ "8M-big-kernel", MB(8), MB(2), { { 0 } }, 0, false },
	{ "12M", MB(12), KB(800), { { 0 } }, 0, false },
	{ "16M", MB(16), KB(800), { { 0 } }, 0, false },
	{ "24M", MB(24), KB(800), { { 0 } }, 0, false },
	{ "32M", MB(32), KB(900), { { 0 } }, 0, false },
	{ "64M", MB(64), MB(1), { { 0 } }, 0, false },
	/* odd sizes: RAM ends off any 4 MiB or even 64 KiB boundary */
	{ "4M+200K", MB(4) + KB(200), KB(800), { { 0 } }, 0, false },
	{ "7M+132K", MB(7) + KB(132), KB(800), { { 0 } }, 0, false },
	{ "17M", MB(17), KB(800), { { 0 } }, 0, false },
	{ "20M+36K", MB(20) + KB(36), KB(800), { { 0 } }, 0, false },
	/* holes: firmware ranges punched into RAM */
	{ "8M-hole-at-4M", MB(8), KB(800), { { MB(4), KB(512) } }, 1, false },
	{ "12M-holes-each-MiB",
	  MB(12),
	  KB(800),
	  { { MB(3), KB(4) },
	    { MB(4) + KB(4), KB(4) },
	    { MB(5) + KB(8), KB(4) },
	    { MB(6), KB(12) },
	    { MB(7) + KB(60), KB(4) },
	    { MB(8) + KB(4), KB(4) },
	    { MB(9) + KB(124), KB(4) },
	    { MB(10), KB(4) } },
	  8,
	  false },
	{ "20M-Normal-mostly-hole", MB(20), KB(800), { { MB(16), MB(3) + KB(512) } }, 1, false },
	{ "6M-hole-above-kernel", MB(6), KB(800), { { MB(2), KB(768) } }, 1, false },
};

static void test_small_machines_default_ballast(void **state)
{
	size_t i;
	(void)state;
	for (i = 0; i < ARRAY_SIZE(machines); i++)
		check_machine(&machines[i], 50);
}

static void test_small_machines_max_ballast(void **state)
{
	size_t i;
	(void)state;
	for (i = 0; i < ARRAY_SIZE(machines); i++)
		check_machine(&machines[i], 90);
}

/* The failing input of issue 8, item 2: 8 MiB, seed=2 (the kernel's shuffle
 * then picks an offset that keeps no 4 MiB block whole). The DMA zone is
 * the only one; it must still hold a free block of order >= 3 after the
 * release, and one of the largest order it could hold at all: with the
 * kernel below 2 MiB, [2 MiB, 4 MiB) is free and whole, 512 pages of 4 KiB
 * (order 9) or 256 of 8 KiB (order 8). */
static void test_8m_seed_2(void **state)
{
	const struct machine m = { "8M", MB(8), KB(800), { { 0 } }, 0, false };
	const u32 order_2m = BY_PAGE(9, 8);
	(void)state;
	assert_int_equal((u64)PAGE_SIZE << order_2m, MB(2));
	assert_int_equal(build(&m, 2, 50), 0);
	assert_true(mm_ballast_pages > 0);
	assert_true(fixture_zone_has_order(ZONE_DMA, order_2m));
	assert_true(shuffle_reserve_pages[ZONE_DMA] >= SHUFFLE_ZONE_RESERVE_PAGES);
	assert_int_equal(selftest_mix(), 0);
}

/* The machine whose zone, with 8 KiB pages, has fewer free pages than the
 * reserve (4M-big-kernel: 208 < 256): with 4 KiB pages it has 416 and gets
 * ballast for every seed; with 8 KiB pages the reserve is the whole zone,
 * no seed gets ballast, and the self-tests' mix is met (check_machine). */
static void test_all_reserve_machine(void **state)
{
	const struct machine *m = &machines[1];
	u32 free0[MAX_NR_ZONES];
	(void)state;
	assert_string_equal(m->name, "4M-big-kernel");
	zone_free_without_ballast(m, free0);
	assert_int_equal(free0[ZONE_DMA], (MB(4) - KB(128) - MB(1) - KB(1280)) >> PAGE_SHIFT);
	assert_int_equal(free0[ZONE_DMA] < SHUFFLE_ZONE_RESERVE_PAGES, PAGE_SHIFT == 13);
	assert_true(m->all_reserve_8k);
	assert_int_equal(build(m, 2, 50), 0);
	assert_int_equal(mm_ballast_pages == 0, PAGE_SHIFT == 13);
	assert_int_equal(selftest_mix(), 0);
}

/* On a larger machine the reserve costs at most whole 4 MiB blocks (a zone
 * whose whole-by-offset block is block 0, with the kernel in it, gets one
 * more), and the ballast is still mm_ballast percent of the free pages of
 * the blocks that take ballast. */
static void test_large_zone_ballast_unchanged(void **state)
{
	const struct machine m = { "64M", MB(64), MB(1), { { 0 } }, 0, false };
	u32 seed;
	(void)state;
	for (seed = 0; seed < 20; seed++) {
		u32 pfn, frag_free = 0, b;
		assert_int_equal(build(&m, seed, 50), 0);
		/* count free + ballast pages in max-order blocks (1024 pages) that hold ballast */
		for (b = 0; b < (max_pfn + 1023) >> 10; b++) {
			u32 n = 0, ballast = 0;
			for (pfn = b << 10; pfn < ((b + 1) << 10) && pfn < max_pfn; pfn++) {
				struct page *p = pfn_to_page(pfn);
				ballast += !!(p->flags & PG_ballast);
				n += !(p->flags & PG_reserved) || (p->flags & PG_ballast);
			}
			if (ballast)
				frag_free += n;
		}
		/* keep = candidates * 50 / 100, rounded down */
		assert_true(mm_ballast_pages >= frag_free / 2 - 2 && mm_ballast_pages <= frag_free / 2 + 2);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_8m_seed_2, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_all_reserve_machine, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_small_machines_default_ballast, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_small_machines_max_ballast, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_large_zone_ballast_unchanged, fixture_setup_cb,
						fixture_teardown_cb),
	};
	const char *s = getenv("SHUFFLE_SEEDS");
	if (s)
		nseeds = (u32)strtoul(s, NULL, 0);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
