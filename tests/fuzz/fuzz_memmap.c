/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_memmap.c - libFuzzer target for the boot path of mm/:
 * e820_sanitize -> memblock -> mm_init (free_area_init, colors, release).
 *
 *   make build/fuzz/fuzz_memmap        (rules: tests/fuzz/fuzz.mk)
 *   build/fuzz/fuzz_memmap -max_total_time=20 tests/fuzz/corpus/memmap
 *
 * Input: 2 header bytes, then up to MAX_IN entries of 8 bytes:
 *   header[0]  cache_size = 4K << (h & 15) (so 1 .. 32768 colors); bit 4: page_color
 *   header[1]  bit 7: mm_shuffle; bits 0..6: mm_ballast (mod 91)
 *   entry      u32 LE base, u24 LE size, 1 byte t:
 *                base: low 28 bits are bytes (0 .. 256 MiB); the top nibble
 *                      picks a region: 0..10 as is, 11 base << 4 (up to 4 GiB),
 *                      12 base + 0xF0000000 (just below 4 GiB), 13 base + 4 GiB,
 *                      14 base << 36 (huge), 15 2^64 - 1 - low bits (wraps);
 *                size: u24 << (4 * (t >> 4)) bytes (up to 2^84, so sizes that
 *                      wrap past 2^64 are produced too, as u64 saturated);
 *                type: t & 7 -> { 1, 1, 1, 2, 3, 4, 5, 7 }; bit 3 of t: another
 *                      32-bit type, any_type[t >> 4] (0, 0xffffffff, ...).
 * The entries go through e820_add() (which merges touching entries of one
 * type on input); the reference reads the decoded entries, not the table.
 * Invariants (abort on violation):
 *  - the sanitized map is sorted, non-overlapping, has no zero-length entry,
 *    ends at or below 4 GiB, merges touching entries of one type, and gives
 *    every point below 4 GiB exactly the type a reference computes (the
 *    strongest covering input type: every type other than 1, whatever its
 *    32-bit value, beats usable; larger number beats smaller; nothing where
 *    no input covers it) -- so every usable
 *    output byte was usable in the input and under no non-usable entry;
 *  - dropped_above_4g lies between the union and the sum of the usable
 *    input bytes at or above 4 GiB; e820_usable_pages() counts whole pages;
 *  - e820_memblock_add adds exactly those pages;
 *  - when the highest usable pfn is at most MAX_PFNS (256 MiB): mm_init
 *    succeeds, mm_check() == 0, per zone present = usable pages in the zone,
 *    managed = present minus the first MiB, and the sum of managed pages is
 *    the free pages plus the ballast. Larger maps are skipped after the
 *    e820 checks. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/printk.h"
#include "arch/x86/e820.h"
#include "mm/memblock.h"
#include "mm/mm_check.h"
#include "mm/mm_init.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"
#include "mm/shuffle.h"

#include "tests/fuzz/fuzz_check.h"
#include "kernel/mwc.h"
#include "arch/x86/arch.h"

/* The allocator's generator (mm_config.rng). */
static struct mwc host_rng;

#define MAX_IN	 40
#define MAX_PFNS (256u * 1024 * 1024 / PAGE_SIZE)
#define LIMIT_4G 0x100000000ull

static const u32 type_of[8] = { 1, 1, 1, 2, 3, 4, 5, 7 };
static const u32 any_type[16] = { 0,  6,  8,   9,	   12,	       13,	   14,	       15,
				  16, 20, 255, 0x7fffffff, 0x80000000, 0xefffffff, 0xfffffffe, 0xffffffff };

/* ---- host allocator for mm_init, freed after every input -------------------- */
static void *allocs[256];
static int nallocs;

static void *track_alloc(u32 bytes)
{
	void *p = calloc(1, bytes ? bytes : 1);
	if (p && nallocs < (int)(sizeof(allocs) / sizeof(allocs[0])))
		allocs[nallocs++] = p;
	else if (p) {
		free(p);
		p = NULL;
	}
	return p;
}

static void free_all(void)
{
	while (nallocs > 0)
		free(allocs[--nallocs]);
}

/* ---- decoding ------------------------------------------------------------- */
static u32 le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (u32)p[3] << 24;
}

static void decode_entry(const uint8_t *p, struct e820_entry *e)
{
	u32 raw = le32(p), low = raw & 0x0fffffffu, region = raw >> 28;
	u32 size24 = p[4] | p[5] << 8 | p[6] << 16, t = p[7];
	u32 shift = 4 * (t >> 4);

	switch (region) {
	case 11:
		e->addr = (u64)low << 4;
		break;
	case 12:
		e->addr = 0xF0000000ull + low;
		break;
	case 13:
		e->addr = LIMIT_4G + low;
		break;
	case 14:
		e->addr = (u64)low << 36;
		break;
	case 15:
		e->addr = ~0ull - low;
		break;
	default:
		e->addr = low;
		break;
	}
	if (shift >= 40 && size24 >> (64 - shift)) /* would not fit: saturate */
		e->size = ~0ull;
	else
		e->size = (u64)size24 << shift;
	e->type = (t & 8) ? any_type[t >> 4] : type_of[t & 7];
}

/* ---- reference for the sanitizer ------------------------------------------ */
static u64 entry_end(const struct e820_entry *e)
{
	u64 end = e->addr + e->size;
	return end < e->addr ? ~0ull : end;
}

static u64 strength(u32 type)
{
	return type == E820_TYPE_RAM ? 1 : (u64)type + 2;
}

/* The decoded input entries, as given (before e820_add merges any). */
static struct e820_entry given[MAX_IN];
static u32 ngiven;

/* Type the reference gives to address a; *covered says whether any input
 * entry covers it (type 0 is a type like any other). */
static u32 ref_type(u64 a, bool *covered)
{
	u32 i, type = 0;
	u64 best = 0;
	for (i = 0; i < ngiven; i++) {
		const struct e820_entry *e = &given[i];
		if (e->size && a >= e->addr && a < entry_end(e) && strength(e->type) > best) {
			best = strength(e->type);
			type = e->type;
		}
	}
	*covered = best != 0;
	return type;
}

/* Type the sanitized table gives to address a; *covered as above. */
static u32 out_type(const struct e820_table *out, u64 a, bool *covered)
{
	u32 i;
	for (i = 0; i < out->nr_entries; i++)
		if (a >= out->entries[i].addr && a < out->entries[i].addr + out->entries[i].size) {
			*covered = true;
			return out->entries[i].type;
		}
	*covered = false;
	return 0;
}

/* The sanitized table and the reference agree on address a. */
static void check_point(const struct e820_table *out, u64 a)
{
	bool c1, c2;
	u32 t1 = out_type(out, a, &c1), t2 = ref_type(a, &c2);
	CHECK(c1 == c2 && (!c1 || t1 == t2));
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;
	return x < y ? -1 : x > y;
}

static void check_sanitized(const struct e820_table *out, u64 dropped)
{
	static u64 pts[2 * MAX_IN + 4];
	u32 i, n = 0, pages = 0;
	u64 union_above = 0;

	for (i = 0; i < out->nr_entries; i++) {
		const struct e820_entry *e = &out->entries[i];
		CHECK(e->size > 0);
		CHECK(e->addr < LIMIT_4G && e->addr + e->size <= LIMIT_4G);
		if (i) {
			const struct e820_entry *p = &out->entries[i - 1];
			CHECK(p->addr + p->size <= e->addr);			  /* sorted, no overlap */
			CHECK(p->addr + p->size < e->addr || p->type != e->type); /* merged */
		}
		if (e->type == E820_TYPE_RAM && (e->addr + e->size) / PAGE_SIZE > (e->addr + PAGE_SIZE - 1) / PAGE_SIZE)
			pages += (u32)((e->addr + e->size) / PAGE_SIZE - (e->addr + PAGE_SIZE - 1) / PAGE_SIZE);
	}
	CHECK(e820_usable_pages(out) == pages);

	/* every elementary interval below 4 GiB has the reference's type */
	for (i = 0; i < ngiven; i++) {
		if (!given[i].size)
			continue;
		pts[n++] = given[i].addr;
		pts[n++] = entry_end(&given[i]);
	}
	pts[n++] = 0;
	pts[n++] = LIMIT_4G; /* so no interval straddles 4 GiB */
	qsort(pts, n, sizeof(pts[0]), cmp_u64);
	for (i = 0; i + 1 < n; i++) {
		u64 a = pts[i], b = pts[i + 1];
		if (a == b || a >= LIMIT_4G)
			continue;
		check_point(out, a);
		check_point(out, b - 1);
	}

	/* usable bytes at or above 4 GiB: exactly the bytes whose strongest
	 * covering type is usable (RAM listed twice counts once; reserved over
	 * RAM wins), as below 4 GiB */
	for (i = 0; i + 1 < n; i++) {
		u64 a = pts[i], b = pts[i + 1];
		bool covered;
		if (a >= LIMIT_4G && b > a && ref_type(a, &covered) == E820_TYPE_RAM && covered)
			union_above += b - a;
	}
	CHECK(dropped == union_above);
}

/* The configuration passed into mm_init(). */
static struct mm_config fuzz_mm_config = MM_CONFIG_DEFAULT_INIT;

/* ---- the zones ------------------------------------------------------------ */
static void check_zones(void)
{
	static const u32 lo[MAX_NR_ZONES] = { 0, ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN };
	static const u32 hi[MAX_NR_ZONES] = { ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN, ARCH_HIGHMEM_LIMIT_PFN };
	u32 z, o, managed = 0, present = 0;

	CHECK(mm_check() == 0);
	for (z = 0; z < MAX_NR_ZONES; z++) {
		const struct zone *zone = &contig_page_data.node_zones[z];
		u32 usable = memblock_memory_pages(lo[z], hi[z]);
		u32 low_mib = memblock_memory_pages(lo[z], MIN(hi[z], 0x100000u >> PAGE_SHIFT)); /* the first MiB */
		u32 free_pages = 0;

		CHECK(zone->present_pages == usable);
		CHECK(zone->managed_pages == usable - low_mib);
		CHECK(zone->spanned_pages >= zone->present_pages);
		if (zone->present_pages) {
			CHECK(zone->zone_start_pfn >= lo[z] && zone_end_pfn(zone) <= hi[z]);
			CHECK(memblock_memory_pages(zone->zone_start_pfn, zone->zone_start_pfn + 1) == 1);
			CHECK(memblock_memory_pages(zone_end_pfn(zone) - 1, zone_end_pfn(zone)) == 1);
		}
		for (o = 0; o < MAX_ORDER; o++)
			free_pages += zone->free_area[o].nr_free << o;
		CHECK(free_pages == zone->free_pages);
		managed += zone->managed_pages;
		present += zone->present_pages;
	}
	CHECK(present == memblock_memory_pages(0, HIGHMEM_LIMIT_PFN));
	CHECK(managed == nr_free_pages() + (mm_shuffle_enabled ? mm_ballast_pages : 0));
	if (mm_shuffle_enabled)
		CHECK(mm_ballast_pages <= managed * (u64)fuzz_mm_config.mm_ballast / 100);
	CHECK(page_color_enabled == (fuzz_mm_config.page_color && page_colors > 1));
}

static void quiet(const char *s, size_t n)
{
	(void)s;
	(void)n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct e820_table in, out;
	u64 dropped = 0;
	u32 i, n, end;
	int rc, pages;

	if (size < 2)
		return 0;
	console_unregister_all();
	console_register(quiet);
	e820_reset(&in);
	n = (u32)MIN((size - 2) / 8, (size_t)MAX_IN);
	for (i = 0; i < n; i++) {
		decode_entry(data + 2 + 8 * i, &given[i]);
		CHECK(e820_add(&in, given[i].addr, given[i].size, given[i].type) == 0);
	}
	ngiven = n;
	CHECK(in.nr_entries + in.nr_merged == in.nr_input && in.nr_input <= n && in.nr_refused == 0);
	rc = e820_sanitize(&in, &out, &dropped);
	CHECK(rc >= 0 && (u32)rc == out.nr_entries && out.nr_entries <= 2 * n);
	check_sanitized(&out, dropped);

	memblock_reset();
	pages = e820_memblock_add(&out);
	CHECK(pages >= 0 && (u32)pages == e820_usable_pages(&out));
	CHECK(memblock_memory_pages(0, HIGHMEM_LIMIT_PFN) == (u32)pages);
	CHECK(memblock_reserve(0, MiB) == 0);
	end = memblock_end_pfn();
	if (end == 0 || end > MAX_PFNS)
		return 0;

	fuzz_mm_config.cache_size = PAGE_SIZE << (data[0] & 15); /* 1 .. 32768 colors */
	fuzz_mm_config.cache_ways = 1;
	fuzz_mm_config.page_color = (data[0] >> 4) & 1;
	fuzz_mm_config.mm_shuffle = data[1] >> 7;
	fuzz_mm_config.mm_ballast = (data[1] & 0x7f) % 91;
	mwc_init(&host_rng, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT); /* fixed: deterministic output */
	fuzz_mm_config.rng = &host_rng;
	{
		static const u32 lim[MAX_NR_ZONES] = { ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN,
						       ARCH_HIGHMEM_LIMIT_PFN };
		memcpy(fuzz_mm_config.max_zone_pfn, lim, sizeof(lim)); /* the i386 layout (arch/x86/arch.h) */
	}
	CHECK(mm_init(&fuzz_mm_config, track_alloc) == 0);
	check_zones();
	if (page_color_enabled) { /* and the same lists after a stop */
		page_color_stop();
		CHECK(mm_check() == 0);
	}
	mm_shuffle_enabled = false;
	placement_select_id(PLACEMENT_BUDDY); /* while the lists still exist */
	free_all();
	console_unregister_all();
	return 0;
}
