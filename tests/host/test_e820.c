/* SPDX-License-Identifier: MIT */
/* tests/host/test_e820.c - the firmware memory map as the kernel reads it:
 * arch/x86/e820.c (types, overlaps, large maps, merging, the entry limit),
 * arch/x86/multiboot.c's decoding of a Multiboot memory map, and memblock's
 * generic ranges (issue 8 items 1 and 4, issue 9 item 6).
 *
 * Rule under test (ACPI; Linux's e820 sanitizer): type 1 is usable, every
 * other 32-bit value is memory that must not be used and wins over usable
 * RAM where they overlap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <cmocka.h>

#include "arch/x86/multiboot.h"
#include "tests/host/mm_fixture.h"

/* The suite runs with 4 KiB pages (build/h) and 8 KiB pages (build/h8):
 * sizes are bytes, PG(bytes) the whole pages they make; the maps built of
 * 4 KiB pieces round differently with 8 KiB pages, and each test states
 * both roundings (BY_PAGE, tests/host/host_support.h). */
#define PG(bytes) ((u32)((bytes) >> PAGE_SHIFT))

static const u32 bad_types[] = { 0, 2, 3, 4, 5, 7, 12, 0x80000000u, 0xffffffffu };

/* Type of the sanitized entry holding address a, or -1 when none does. */
static s64 type_at(const struct e820_table *t, u64 a)
{
	for (u32 i = 0; i < t->nr_entries; i++)
		if (a >= t->entries[i].addr && a < t->entries[i].addr + t->entries[i].size)
			return t->entries[i].type;
	return -1;
}

/* Issue 8 item 1's input: a type-0 entry inside usable RAM. Before the fix
 * type 0 tied with usable and Normal had 225280 present pages (of 4 KiB:
 * all of [16 MiB, 896 MiB)); now the type-0 MiB is not among them. */
static void test_issue_type0_map(void **state)
{
	static const struct e820_entry map[] = {
		{ 0x0, 0x9fc00, 1 },
		{ 0x100000, 0x7ff00000, 1 },
		{ 0x20000000, 0x100000, 0 },
	};
	(void)state;
	assert_int_equal(fixture_build_map(map, 3, 1, -1, fixture_seed), 0);
	assert_int_equal(contig_page_data.node_zones[ZONE_NORMAL].present_pages, PG(MB(896) - MB(16) - MB(1)));
	assert_int_equal(contig_page_data.node_zones[ZONE_NORMAL].managed_pages, PG(MB(896) - MB(16) - MB(1)));
	assert_int_equal(contig_page_data.node_zones[ZONE_NORMAL].present_pages, BY_PAGE(225024, 112512));
	/* no free page lies under the type-0 entry */
	assert_int_equal(memblock_memory_pages(PG(0x20000000), PG(0x20100000)), 0);
	assert_int_equal(mm_check(), 0);
}

/* Every non-usable type, against usable RAM in four shapes: punched into
 * RAM, overlapping RAM's start (listed first), covering RAM whole, and the
 * same range listed with both types. */
static void test_every_type_other_than_1_wins(void **state)
{
	(void)state;
	for (u32 k = 0; k < ARRAY_SIZE(bad_types); k++) {
		u32 t = bad_types[k];
		struct e820_table in = { 0 }, out;

		/* punched into RAM */
		e820_add(&in, MB(1), MB(63), E820_TYPE_RAM);
		e820_add(&in, MB(32), MB(1), t);
		assert_int_equal(e820_sanitize(&in, &out, NULL), 3);
		assert_int_equal(out.entries[1].addr, MB(32));
		assert_int_equal(out.entries[1].size, MB(1));
		assert_int_equal(out.entries[1].type, t);
		assert_int_equal(e820_usable_pages(&out), PG(MB(63) - MB(1)));

		/* listed first, overlapping RAM's first MiB */
		e820_reset(&in);
		e820_add(&in, MB(1), MB(2), t);
		e820_add(&in, MB(2), MB(14), E820_TYPE_RAM);
		assert_int_equal(e820_sanitize(&in, &out, NULL), 2);
		assert_int_equal(type_at(&out, MB(2)), t);
		assert_int_equal(type_at(&out, MB(3) - 1), t);
		assert_int_equal(type_at(&out, MB(3)), E820_TYPE_RAM);
		assert_int_equal(e820_usable_pages(&out), PG(MB(13)));

		/* RAM wholly inside the other type: nothing usable */
		e820_reset(&in);
		e820_add(&in, MB(4), MB(4), E820_TYPE_RAM);
		e820_add(&in, MB(2), MB(16), t);
		assert_int_equal(e820_sanitize(&in, &out, NULL), 1);
		assert_int_equal(out.entries[0].type, t);
		assert_int_equal(e820_usable_pages(&out), 0);

		/* the same range twice */
		e820_reset(&in);
		e820_add(&in, MB(4), MB(4), t);
		e820_add(&in, MB(4), MB(4), E820_TYPE_RAM);
		assert_int_equal(e820_sanitize(&in, &out, NULL), 1);
		assert_int_equal(out.entries[0].type, t);
		assert_int_equal(e820_total(&out, E820_TYPE_RAM), 0);
	}
}

/* Between two non-usable types the larger number names the range (both
 * are unusable either way); 0 and 0xffffffff take part like any other. */
static void test_unknown_types_between_themselves(void **state)
{
	struct e820_table in = { 0 }, out;
	(void)state;
	e820_add(&in, MB(1), MB(4), 0);
	e820_add(&in, MB(3), MB(4), 0xffffffffu);
	e820_add(&in, MB(6), MB(4), 2);
	assert_int_equal(e820_sanitize(&in, &out, NULL), 3);
	assert_int_equal(type_at(&out, MB(2)), 0);
	assert_int_equal(type_at(&out, MB(3)), 0xffffffffu);
	assert_int_equal(type_at(&out, MB(6)), 0xffffffffu);
	assert_int_equal(type_at(&out, MB(7)), 2);
	assert_int_equal(out.entries[1].addr + out.entries[1].size, MB(7));
}

static void test_type_names_and_printing(void **state)
{
	struct e820_table in = { 0 }, out;
	(void)state;
	assert_string_equal(e820_type_name(1), "usable");
	assert_string_equal(e820_type_name(2), "reserved");
	assert_string_equal(e820_type_name(3), "ACPI data");
	assert_string_equal(e820_type_name(4), "ACPI NVS");
	assert_string_equal(e820_type_name(5), "unusable");
	assert_string_equal(e820_type_name(7), "persistent");
	assert_string_equal(e820_type_name(0), "type 0");
	assert_string_equal(e820_type_name(12), "type 12");
	assert_string_equal(e820_type_name(0x80000000u), "type 2147483648");
	assert_string_equal(e820_type_name(0xffffffffu), "type 4294967295");
	e820_add(&in, MB(1), MB(1), 12);
	e820_add(&in, MB(2), MB(1), 0);
	e820_sanitize(&in, &out, NULL);
	capture_reset();
	e820_print(&out, "e820");
	assert_true(capture_contains("e820: [mem 0x0000000000100000-0x00000000001fffff] type 12\n"));
	assert_true(capture_contains("e820: [mem 0x0000000000200000-0x00000000002fffff] type 0\n"));
}

/* A UEFI-like map of 300 entries: firmware memory types that Multiboot
 * reports as usable (loader code, boot services, conventional memory) come
 * as runs of adjacent type-1 entries; a few reserved, ACPI and NVS islands
 * sit between them. Built from 1 MiB up in 4 MiB - 4 KiB .. pieces. */
static void test_uefi_like_300_entries(void **state)
{
	static struct e820_table in, out;
	u64 addr = MB(1), ram_bytes = 0;
	u32 islands = 0, mid_8k = 0; /* run edges in the middle of an 8 KiB page */
	(void)state;
	e820_reset(&in);
	e820_add(&in, 0, KB(636), 1);
	e820_add(&in, KB(636), KB(4), 2);
	e820_add(&in, KB(960), KB(64), 2);
	/* 297 entries: every 50th an island of 1 MiB of type 2, 3 or 4 */
	for (u32 i = 0; i < 297; i++) {
		if (i % 50 == 25) {
			mid_8k += 2 * ((addr & KB(4)) != 0); /* a RAM run's end, the next one's start */
			e820_add(&in, addr, MB(1), 2 + islands % 3);
			addr += MB(1);
			islands++;
		} else {
			u64 size = KB(4) * (1 + (i * 37) % 700); /* 4 KiB .. 2.7 MiB */
			e820_add(&in, addr, size, 1);
			addr += size;
			ram_bytes += size;
		}
	}
	mid_8k += (addr & KB(4)) != 0; /* the last run's end */
	assert_int_equal(in.nr_input, 300);
	assert_int_equal(islands, 6);
	/* runs of RAM merge on input: 3 low entries + 6 islands + 7 RAM runs */
	assert_int_equal(in.nr_entries, 3 + 6 + 7);
	assert_int_equal(in.nr_merged, 300 - 16);
	assert_int_equal(e820_sanitize(&in, &out, NULL), 16);
	/* 636 KiB are 159 pages of 4 KiB or 79 of 8 KiB (+ 4 KiB). The RAM
	 * runs are whole 4 KiB pages; with 8 KiB pages each of the 7 run edges
	 * (of 14) that fall in the middle of a page loses that half page. */
	assert_int_equal(mid_8k, 7);
	assert_int_equal(e820_usable_pages(&out),
			 BY_PAGE(159 + ram_bytes / KB(4), 79 + (ram_bytes - 7 * KB(4)) / KB(8)));
	assert_int_equal(out.entries[out.nr_entries - 1].addr + out.entries[out.nr_entries - 1].size, addr);
	capture_reset();
	e820_print_input(&in, &out, "memory map");
	assert_true(capture_contains("memory: map from memory map has 300 entries, merged to 16, sanitized to 16:\n"));
}

/* The most fragmented map that fits: 1024 entries alternating 8 KiB usable
 * and 4 KiB reserved, none mergeable. All are used. With 8 KiB pages only
 * the usable entries at an even index j (16 MiB + j x 12 KiB, a multiple of
 * 24 KiB) are a whole page; the odd ones start and end in the middle of a
 * page and give none: 256 pages in 256 ranges (4 KiB: 1024 in 512). */
static void test_1024_unmergeable_entries_all_used(void **state)
{
	static struct e820_table in, out;
	(void)state;
	e820_reset(&in);
	for (u32 i = 0; i < 1024; i++)
		assert_int_equal(e820_add(&in, MB(16) + (u64)i / 2 * KB(12) + (i & 1) * KB(8), (i & 1) ? KB(4) : KB(8),
					  (i & 1) ? 2 : 1),
				 0);
	assert_int_equal(in.nr_entries, 1024);
	assert_int_equal(in.nr_refused, 0);
	assert_int_equal(e820_sanitize(&in, &out, NULL), 1024);
	assert_int_equal(e820_usable_pages(&out), BY_PAGE(512 * 2, 256));
	memblock_reset();
	assert_int_equal(e820_memblock_add(&out), BY_PAGE(512 * 2, 256));
	assert_int_equal(memblock.memory.cnt, BY_PAGE(512, 256));
}

/* 1100 entries that a firmware lists page by page: merged as they come. */
static void test_1100_mergeable_entries(void **state)
{
	static struct e820_table in, out;
	(void)state;
	e820_reset(&in);
	for (u32 i = 0; i < 1100; i++)
		assert_int_equal(e820_add(&in, MB(1) + (u64)i * KB(64), KB(64), 1), 0);
	assert_int_equal(in.nr_input, 1100);
	assert_int_equal(in.nr_entries, 1);
	assert_int_equal(e820_sanitize(&in, &out, NULL), 1);
	assert_int_equal(out.entries[0].size, 1100 * KB(64));
	capture_reset();
	e820_print_input(&in, &out, "memory map");
	assert_true(capture_contains("has 1100 entries, merged to 1, sanitized to 1:\n"));
	assert_false(capture_contains("not read"));
}

/* Entries that touch only out of order: a full table is compacted instead
 * of refusing (600 even pages, then 600 odd pages, of one type). */
static void test_full_table_is_compacted(void **state)
{
	static struct e820_table in, out;
	(void)state;
	e820_reset(&in);
	for (u32 i = 0; i < 1200; i++) {
		u32 page = i < 600 ? 2 * i : 2 * (i - 600) + 1;
		assert_int_equal(e820_add(&in, MB(16) + (u64)page * 4096, 4096, 1), 0);
	}
	assert_true(in.nr_compacted >= 1);
	assert_int_equal(in.nr_refused, 0);
	assert_int_equal(e820_sanitize(&in, &out, NULL), 1);
	assert_int_equal(out.entries[0].addr, MB(16));
	assert_int_equal(out.entries[0].size, 1200 * 4096);
}

/* Beyond the limit: 1100 unmergeable entries. The first 1024 are used, the
 * 76 others counted and said; the refused reserved ones are reserved as one
 * range, so nothing they cover is handed out. */
static void test_beyond_the_limit_the_rest_is_used(void **state)
{
	static struct e820_table in, out;
	u64 hull_lo, hull_hi;
	(void)state;
	e820_reset(&in);
	for (u32 i = 0; i < 1100; i++)
		e820_add(&in, MB(16) + (u64)i / 2 * KB(12) + (i & 1) * KB(8), (i & 1) ? KB(4) : KB(8), (i & 1) ? 2 : 1);
	assert_int_equal(in.nr_input, 1100);
	assert_int_equal(in.nr_entries, 1024);
	assert_int_equal(in.nr_refused, 76);
	assert_int_equal(in.nr_refused_ram, 38);
	/* refused reserved entries: i = 1025, 1027, ..., 1099 */
	hull_lo = MB(16) + 512 * KB(12) + KB(8);
	hull_hi = MB(16) + 549 * KB(12) + KB(12);
	assert_int_equal(in.refused_lo, hull_lo);
	assert_int_equal(in.refused_hi, hull_hi);
	e820_sanitize(&in, &out, NULL);
	/* the refused RAM is not used: the 512 usable entries read give 2
	 * pages each of 4 KiB, or (test_1024_unmergeable_entries_all_used) one
	 * page of 8 KiB every other one */
	assert_int_equal(e820_usable_pages(&out), BY_PAGE(512 * 2, 256));
	assert_int_equal(type_at(&out, hull_lo), 2);
	assert_int_equal(type_at(&out, hull_hi - 1), 2);
	capture_reset();
	e820_print_input(&in, &out, "memory map");
	assert_true(capture_contains("memory: map from memory map has 1100 entries, merged to 1025"));
	assert_true(capture_contains("76 entries not read (38 usable, not used); the other 38 reserved as one range "
				     "[mem 0x0000000001602000-0x0000000001671fff]; the 1024 entries read are used\n"));
}

/* A refused reserved entry over RAM that was read: its memory stays unused. */
static void test_refused_reserved_entry_still_wins(void **state)
{
	static struct e820_table in, out;
	(void)state;
	e820_reset(&in);
	for (u32 i = 0; i < 1024; i++) /* usable pages 16 MiB + 0, 2, 4, ... pages */
		e820_add(&in, MB(16) + (u64)i * 2 * PAGE_SIZE, PAGE_SIZE, 1);
	assert_int_equal(e820_add(&in, MB(16) + 100 * 2 * PAGE_SIZE, PAGE_SIZE, 0), -1);
	assert_int_equal(in.nr_refused, 1);
	e820_sanitize(&in, &out, NULL);
	assert_int_equal(type_at(&out, MB(16) + 100 * 2 * PAGE_SIZE), 2);
	assert_int_equal(e820_usable_pages(&out), 1023);
}

/* memblock takes generic byte ranges (no e820 table). */
static void test_memblock_add_generic_ranges(void **state)
{
	static struct e820_table out;
	(void)state;
	memblock_reset();
	assert_int_equal(memblock_add(MB(1) + 1, MB(1)), 0); /* rounded inward: a page less than 1 MiB */
	assert_int_equal(memblock_memory_pages(0, PG(1ull << 32)), PG(MB(1)) - 1);
	assert_int_equal(memblock_memory_pages(0, PG(1ull << 32)), BY_PAGE(255, 127));
	assert_int_equal(memblock_add(MB(2), MB(2)), 0); /* touches: merged */
	assert_int_equal(memblock.memory.cnt, 1);
	assert_int_equal(memblock_add(MB(8), 100), 0); /* no whole page: ignored */
	assert_int_equal(memblock.memory.cnt, 1);
	assert_int_equal(memblock_add(0xFFF00000ull, MB(2)), 0); /* cut at 4 GiB */
	assert_int_equal(memblock_end_pfn(), PG(1ull << 32));
	assert_int_equal(memblock_add(~0ull - 10, 100), 0); /* wraps: ignored */
	/* a full region table refuses, and e820_memblock_add says so */
	memblock_reset();
	for (u32 i = 0; i < MEMBLOCK_MAX_REGIONS; i++)
		assert_int_equal(memblock_add(MB(16) + (u64)i * 2 * PAGE_SIZE, PAGE_SIZE), 0);
	assert_int_equal(memblock_add(MB(512), PAGE_SIZE), -1);
	memblock_reset();
	e820_reset(&out);
	for (u32 i = 0; i < MEMBLOCK_MAX_REGIONS + 3; i++) {
		out.entries[i] = (struct e820_entry){ MB(16) + (u64)i * 2 * PAGE_SIZE, PAGE_SIZE, 1 };
		out.nr_entries++;
	}
	capture_reset();
	assert_int_equal(e820_memblock_add(&out), MEMBLOCK_MAX_REGIONS);
	assert_true(capture_contains("memory: memblock holds 1024 ranges: 3 usable ranges of the map not added\n"));
}

/* ---- the Multiboot memory map, as the loader hands it over ------------------ */

static u32 put_entry(u8 *buf, u32 off, u32 size, u64 addr, u64 len, u32 type)
{
	memset(buf + off, 0, size + 4);
	memcpy(buf + off, &size, 4);
	memcpy(buf + off + 4, &addr, 8);
	memcpy(buf + off + 12, &len, 8);
	memcpy(buf + off + 20, &type, 4);
	return off + 4 + size;
}

static void test_multiboot_mmap_decoding(void **state)
{
	static struct e820_table raw, out;
	u8 buf[256];
	u32 off = 0;
	(void)state;
	off = put_entry(buf, off, 20, 0, 0x9fc00, 1);
	off = put_entry(buf, off, 24, 0x100000, 0x7ff00000, 1); /* a larger entry size: skipped by size */
	off = put_entry(buf, off, 20, 0x20000000, 0x100000, 0); /* type 0 */
	off = put_entry(buf, off, 20, 0xfffc0000, 0x40000, 0xffffffffu);
	e820_reset(&raw);
	capture_reset();
	assert_int_equal(multiboot_parse_mmap(buf, off, &raw), 4);
	assert_int_equal(capture_length(), 0);
	assert_int_equal(raw.nr_entries, 4);
	assert_int_equal(raw.entries[1].size, 0x7ff00000);
	assert_int_equal(raw.entries[2].type, 0);
	e820_sanitize(&raw, &out, NULL);
	assert_int_equal(type_at(&out, 0x20000000), 0);
	assert_int_equal(type_at(&out, 0xfffc0000), 0xffffffffu);
	/* 639 KiB: 159 whole pages of 4 KiB, 79 of 8 KiB; [1 MiB, 2 GiB) but the
	 * type-0 MiB */
	assert_int_equal(e820_usable_pages(&out), BY_PAGE(159, 79) + PG(0x80000000ull - MB(1) - MB(1)));
}

/* A malformed entry no longer drops the whole map: the entries before it
 * are used and the message says where it stopped. */
static void test_multiboot_mmap_malformed_keeps_the_rest(void **state)
{
	static struct e820_table raw;
	u8 buf[256];
	u32 off = 0;
	(void)state;
	off = put_entry(buf, off, 20, 0, 0x9fc00, 1);
	off = put_entry(buf, off, 20, 0x100000, MB(31), 1);
	put_entry(buf, off, 12, 0x2000000, MB(1), 2); /* size below 20 */
	off += 4 + 20;
	e820_reset(&raw);
	capture_reset();
	assert_int_equal(multiboot_parse_mmap(buf, off, &raw), 2);
	assert_true(capture_contains("multiboot: memory map entry 2 at offset 48 has size 12 (expected 20..20); the 24 "
				     "bytes from there on are ignored, the 2 entries before it are used\n"));
	assert_int_equal(raw.nr_entries, 2);
	/* an entry running past mmap_length */
	e820_reset(&raw);
	capture_reset();
	assert_int_equal(multiboot_parse_mmap(buf, 24 + 10, &raw), 1);
	assert_true(capture_contains("entry 1 at offset 24 has size 20 (expected 20..6)"));
	/* stray bytes after the last entry */
	e820_reset(&raw);
	capture_reset();
	assert_int_equal(multiboot_parse_mmap(buf, 24 + 2, &raw), 1);
	assert_true(capture_contains("multiboot: memory map: 2 stray bytes at offset 24 after 1 entries ignored\n"));
}

/* The 128-entry limit's failing input (129 entries: the kernel ignored the
 * map and fell back to mem_upper), and a 300-entry UEFI-sized map, through
 * the kernel's own decoding. */
static void test_multiboot_mmap_129_and_300_entries(void **state)
{
	static u8 buf[1100 * 24];
	static struct e820_table raw, out;
	u32 counts[] = { 129, 300, 1100 };
	(void)state;
	for (u32 k = 0; k < ARRAY_SIZE(counts); k++) {
		u32 off = 0, n = counts[k];
		for (u32 i = 0; i < n; i++) /* usable 8 KiB, a 4 KiB gap, ... */
			off = put_entry(buf, off, 20, MB(16) + (u64)i * KB(12), KB(8), 1);
		e820_reset(&raw);
		capture_reset();
		assert_int_equal(multiboot_parse_mmap(buf, off, &raw), n);
		assert_int_equal(raw.nr_input, n);
		e820_sanitize(&raw, &out, NULL);
		/* 8 KiB each: 2 pages of 4 KiB; with 8 KiB pages one page for
		 * an entry at an even index (i x 12 KiB a multiple of 24 KiB),
		 * none for an odd one (it starts and ends mid-page) */
		if (n <= E820_MAX_ENTRIES) {
			assert_int_equal(raw.nr_refused, 0);
			assert_int_equal(e820_usable_pages(&out), BY_PAGE(2 * n, (n + 1) / 2));
		} else { /* disjoint usable ranges: the first 1024 are used */
			assert_int_equal(raw.nr_refused, n - E820_MAX_ENTRIES);
			assert_int_equal(raw.nr_refused_ram, n - E820_MAX_ENTRIES);
			assert_int_equal(e820_usable_pages(&out), BY_PAGE(2 * E820_MAX_ENTRIES, E820_MAX_ENTRIES / 2));
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_issue_type0_map, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_every_type_other_than_1_wins, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_unknown_types_between_themselves, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_type_names_and_printing, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_uefi_like_300_entries, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_1024_unmergeable_entries_all_used, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_1100_mergeable_entries, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_full_table_is_compacted, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_beyond_the_limit_the_rest_is_used, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_refused_reserved_entry_still_wins, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_memblock_add_generic_ranges, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_multiboot_mmap_decoding, fixture_setup_cb, fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_multiboot_mmap_malformed_keeps_the_rest, fixture_setup_cb,
						fixture_teardown_cb),
		cmocka_unit_test_setup_teardown(test_multiboot_mmap_129_and_300_entries, fixture_setup_cb,
						fixture_teardown_cb),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
