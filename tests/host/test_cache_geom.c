/* SPDX-License-Identifier: MIT */
/* tests/host/test_cache_geom.c - the cache geometry coloring is computed for
 * (mm/cache_geom.c, mm/color_count.c): cache_levels= in the cache model's
 * levels= syntax and its errors, the color count per level and per slice,
 * color_level= and color_per_slice=, CPUID leaf 4 decoded from given
 * registers (arch/x86/cpu_cache.c), and the isolation check of color sets
 * on a sliced, hashed level (mm/color_set.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/x86/cpuinfo.h"
#include "host_support.h"
#include "kernel/cmdline.h"
#include "mm/cache_geom.h"
#include "mm/color_count.h"
#include "mm/color_set.h"
#include "mm/mm_init.h"

/* The linear slice hash of 4-slice Intel client parts (Maurice et al., RAID
 * 2015): slice bit 0 = parity of address bits 6,10,12,14,16,17,18,20,22,24,
 * 25,26,27,28,30,32,33; bit 1 = parity of bits 7,11,13,15,17,19,20,21,22,23,
 * 24,26,28,29,31,32,33,34. */
#define HASH	"hash=0x35f575440+0x7b5faa880"
#define INTEL	"L1:32K:8:64:lru/L2:256K:4:64:plru:incl/L3:8M:16:64:srrip:slices=4:" HASH
#define LOWBITS "L1:32K:8:64:lru/L2:256K:4:64:plru:incl/L3:8M:16:64:srrip:slices=4"

/* The suite runs with 4 KiB pages (build/h) and 8 KiB pages (build/h8). The
 * colors of the L3 above (8M, 16-way, 64-byte lines, 4 slices: 2048 sets of
 * a slice, set index bits 6..16) are
 *   per slice:   2048 x 64 / PAGE_SIZE = 32 with 4 KiB pages, 16 with 8 KiB
 *                (color bits 12..16 or 13..16);
 *   whole level: 8M / (16 x PAGE_SIZE) = 128 or 64 (bits 12..18 or 13..18).
 * With either page size the whole level's colors above the per-slice ones
 * are address bits 17 and 18, the bits the slice hashes read, so every
 * isolation case keeps its shape with the color numbers halved: colors c
 * and c + SLICE_COLORS differ in bit 17, c and c + 2 x SLICE_COLORS in bit
 * 18, c and c + SLICE_COLORS / 2 in bit 16 (a set index bit). L2 (256K
 * 4-way, 1024 sets): 1024 x 64 / PAGE_SIZE = 16 or 8 colors. */
#define SLICE_COLORS BY_PAGE(32u, 16u)
#define WHOLE_COLORS BY_PAGE(128u, 64u)
#define L2_COLORS    BY_PAGE(16u, 8u)

static struct cache_geom g;
static char why[400];

static int setup(void **state)
{
	(void)state;
	cmdline_rejections_clear();
	color_geometry_set(NULL);
	return capture_start();
}

static int teardown(void **state)
{
	(void)state;
	capture_stop();
	color_geometry_set(NULL);
	return 0;
}

static void test_parse_levels(void **state)
{
	(void)state;
	assert_int_equal(cache_levels_parse(INTEL, &g, why, sizeof(why)), 0);
	assert_int_equal(g.n, 3);
	assert_string_equal(g.lv[0].name, "L1");
	assert_int_equal(g.lv[0].size, 32 * 1024);
	assert_int_equal(g.lv[0].ways, 8);
	assert_int_equal(g.lv[1].size, 256 * 1024);
	assert_int_equal(g.lv[2].level, 3);
	assert_int_equal(g.lv[2].size, 8 * 1024 * 1024);
	assert_int_equal(g.lv[2].ways, 16);
	assert_int_equal(g.lv[2].line, 64);
	assert_int_equal(g.lv[2].slices, 4);
	assert_true(g.lv[2].hashed);
	assert_true(g.lv[2].mask[0] == 0x35f575440ull && g.lv[2].mask[1] == 0x7b5faa880ull);
	assert_int_equal(cache_level_sets(&g.lv[2]), 2048);
	/* every option of the model's syntax is accepted; decimal masks, k/m */
	assert_int_equal(cache_levels_parse("L1:32k:8:64:random:seed=7:lat=3/LLC:2m:16:64:lru:excl:slices=2:"
					    "hash=131072",
					    &g, why, sizeof(why)),
			 0);
	assert_int_equal(g.n, 2);
	assert_int_equal(g.lv[1].size, 2 * 1024 * 1024);
	assert_true(g.lv[1].hashed && g.lv[1].mask[0] == 131072);
	/* slices without hash=: chosen by the bits above the set index */
	assert_int_equal(cache_levels_parse(LOWBITS, &g, why, sizeof(why)), 0);
	assert_false(g.lv[2].hashed);
	u64 m[3];
	assert_int_equal(cache_level_slice_masks(&g.lv[2], m), 2);
	assert_true(m[0] == 1ull << 17 && m[1] == 1ull << 18); /* 64-byte lines, 2048 sets: bits 17, 18 */
	/* non-power-of-two ways (a preset may need them) */
	assert_int_equal(cache_levels_parse("L3:12M:12:64:lru", &g, why, sizeof(why)), 0);
	assert_int_equal(cache_level_sets(&g.lv[0]), 16384);
}

static void test_parse_errors(void **state)
{
	static const struct {
		const char *spec, *why;
	} bad[] = {
		{ "", "empty; accepted: " },
		{ "L1:32K:8:64", "level 1 'L1:32K:8:64' has 4 fields, needs at least 5; accepted: " },
		{ "L1:32K:8:64:fifo",
		  "level 1, bad field 'fifo'; accepted: NAME:SIZE:WAYS:LINE:lru|plru|random|srrip" },
		{ "L1:32K:8:48:lru", "level 1, bad field '48'; accepted: " },
		{ "L1:32K:0:64:lru", "level 1, bad field '0'; accepted: " },
		{ "L1:32Q:8:64:lru", "level 1, bad field '32Q'; accepted: " },
		{ "L1:2G:8:64:lru", "level 1, bad field '2G'; accepted: " },
		{ "L1:32K:8:64:lru/L3:8M:16:64:lru:slices=3", "level 2, bad field 'slices=3'; accepted: " },
		{ "L1:32K:8:64:lru/L3:8M:16:64:lru:slices=4:hash=0x20000",
		  "level 2 (L3): 4 slices need 2 hash masks, hash= gives 1" },
		{ "L3:8M:16:64:lru:slices=2:hash=0", "level 1, bad field 'hash=0'; accepted: " },
		{ "L3:8M:16:64:lru:slices=2:hash=0x20000+", "level 1, bad field 'hash=0x20000+'; accepted: " },
		{ "L3:24K:8:64:lru", "level 1 (L3): size 24576 is not a power-of-two multiple of ways x line x slices "
				     "(8 x 64 x 1)" },
		{ "L3:8M:16:64:lru:bogus", "level 1, bad field 'bogus'; accepted: " },
		{ "L1:32K:8:64:lru//L2:256K:4:64:lru", "level 2, bad field ''; accepted: " },
		{ "A:4K:1:64:lru/B:4K:1:64:lru/C:4K:1:64:lru/D:4K:1:64:lru/E:4K:1:64:lru/F:4K:1:64:lru/G:4K:1:64:lru",
		  "at most 6 levels" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		assert_int_equal(cache_levels_parse(bad[i].spec, &g, why, sizeof(why)), -1);
		assert_int_equal(g.n, 0); /* nothing half-parsed */
		if (strncmp(why, bad[i].why, strlen(bad[i].why)) != 0)
			fail_msg("spec '%s': got '%s', expected it to start '%s'", bad[i].spec, why, bad[i].why);
	}
}

static void test_count_per_level_and_slice(void **state)
{
	struct color_derivation d;
	(void)state;

	assert_int_equal(cache_levels_parse(INTEL, &g, why, sizeof(why)), 0);
	/* default: the largest level, per slice: 2048 sets x 64 / PAGE_SIZE */
	assert_int_equal(color_count_derive(&g, 0, true, &d), 0);
	assert_int_equal(d.index, 2);
	assert_int_equal(d.sets, 2048);
	assert_int_equal(d.per_slice, 2048 * 64 / PAGE_SIZE);
	assert_int_equal(d.per_slice, SLICE_COLORS);
	assert_int_equal(d.whole, (8u << 20) / (16 * PAGE_SIZE));
	assert_int_equal(d.whole, WHOLE_COLORS);
	assert_int_equal(d.colors, SLICE_COLORS);
	/* counted from the whole level: the old rule, 8M / (16 x PAGE_SIZE) */
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	assert_int_equal(d.colors, WHOLE_COLORS);
	assert_false(d.per_slice_used);
	/* color_level= picks the N-th level */
	assert_int_equal(color_count_derive(&g, 2, true, &d), 0);
	assert_int_equal(d.index, 1);
	assert_int_equal(d.colors, L2_COLORS); /* 256K 4-way: 1024 sets x 64 / PAGE_SIZE */
	assert_int_equal(color_count_derive(&g, 1, true, &d), 0);
	assert_int_equal(d.colors, 1); /* 32K 8-way: 64 sets, inside a page */
	assert_int_equal(color_count_derive(&g, 4, true, &d), -1);
	/* slices by low bits count alike */
	assert_int_equal(cache_levels_parse(LOWBITS, &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 3, true, &d), 0);
	assert_int_equal(d.colors, SLICE_COLORS);
	/* unsliced: the per-slice count is the whole count (the 2.4.17 patch's
	 * 2M direct-mapped: 2M / PAGE_SIZE, 512 colors of 4 KiB, 256 of 8 KiB) */
	assert_int_equal(cache_levels_parse("L1:32K:8:64:lru/L2:2M:1:64:lru", &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	assert_int_equal(d.colors, BY_PAGE(512, 256));
	assert_true(d.per_slice_used);
	/* 12M 12-way: 16384 sets x 64 / PAGE_SIZE = 256 or 128, a power of two
	 * already; 8 slices of 2048 sets: 32 or 16 per slice */
	assert_int_equal(cache_levels_parse("L3:12M:12:64:lru:slices=8", &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, true, &d), 0);
	assert_int_equal(d.per_slice, SLICE_COLORS);
	assert_int_equal(d.whole, BY_PAGE(256, 128));
}

static void test_leaf4_decoding(void **state)
{
	struct cpu_cache c;
	(void)state;

	/* L3 unified, level 3, shared by 16, 16 ways, 64-byte lines, 8192 sets: 8M */
	assert_true(cpuinfo_decode_leaf4(3u | 3u << 5 | 15u << 14, 63u | 15u << 22, 8191, &c));
	assert_int_equal(c.level, 3);
	assert_int_equal(c.type, 'U');
	assert_int_equal(c.size, 8 * 1024 * 1024);
	assert_int_equal(c.ways, 16);
	assert_int_equal(c.line, 64);
	assert_int_equal(c.sets, 8192);
	assert_int_equal(c.shared_by, 16);
	/* L1 data 48K 12-way (a current Intel core), 2 partitions x 32-byte "lines" would double it */
	assert_true(cpuinfo_decode_leaf4(1u | 1u << 5 | 1u << 14, 63u | 11u << 22, 63, &c));
	assert_int_equal(c.type, 'D');
	assert_int_equal(c.size, 48 * 1024);
	assert_int_equal(c.ways, 12);
	assert_true(cpuinfo_decode_leaf4(1u | 1u << 5, 31u | 1u << 12 | 7u << 22, 63, &c));
	assert_int_equal(c.size, 8 * 2 * 32 * 64);
	/* fully associative (EAX[9]): ways 0, one set */
	assert_true(cpuinfo_decode_leaf4(3u | 2u << 5 | 1u << 9, 63u | 7u << 22, 0, &c));
	assert_int_equal(c.ways, 0);
	assert_int_equal(c.sets, 1);
	/* type 0 ends the list; 4..31 are reserved */
	assert_false(cpuinfo_decode_leaf4(0, 63, 63, &c));
	assert_false(cpuinfo_decode_leaf4(5u | 1u << 5, 63, 63, &c));

	/* the geometry mm/ gets: data and unified caches, instruction caches left out */
	struct cpuinfo ci = { .cache_source = "leaf 4", .ncaches = 4 };
	assert_true(cpuinfo_decode_leaf4(1u | 1u << 5, 63u | 7u << 22, 63, &ci.caches[0]));
	assert_true(cpuinfo_decode_leaf4(2u | 1u << 5, 63u | 7u << 22, 63, &ci.caches[1]));
	assert_true(cpuinfo_decode_leaf4(3u | 2u << 5, 63u | 3u << 22, 1023, &ci.caches[2]));
	assert_true(cpuinfo_decode_leaf4(3u | 3u << 5 | 15u << 14, 63u | 15u << 22, 8191, &ci.caches[3]));
	cpuinfo_cache_geom(&ci, &g);
	assert_int_equal(g.n, 3);
	assert_string_equal(g.lv[0].name, "L1d");
	assert_string_equal(g.lv[1].name, "L2");
	assert_string_equal(g.lv[2].name, "L3");
	assert_int_equal(g.lv[2].shared_by, 16);
	assert_int_equal(g.lv[2].slices, 1);
	assert_string_equal(g.source, "leaf 4");
	struct color_derivation d;
	assert_int_equal(color_count_derive(&g, 0, true, &d), 0);
	assert_int_equal(d.colors, WHOLE_COLORS); /* unsliced: the whole 8M 16-way */
	assert_int_equal(color_count_derive(&g, 2, true, &d), 0);
	assert_int_equal(d.colors, L2_COLORS);
}

static void set_of(struct color_set *s, u32 ncolors, u32 first, u32 last)
{
	color_set_init(s, ncolors);
	color_set_add_range(s, first, last);
}

static void test_isolation(void **state)
{
	static struct color_set a, b;
	struct color_derivation d;
	const u32 W = WHOLE_COLORS, S = SLICE_COLORS;
	u32 x = 99, y = 99;
	(void)state;

	/* hashed L3, colors counted from the whole level (W: 128, or 64 with
	 * 8 KiB pages): the halves 0..W/2-1 and W/2..W-1 are disjoint but every
	 * victim color c meets c + W/2 and c + S + ... of the same residue mod
	 * S: 2 pairs per color */
	assert_int_equal(cache_levels_parse(INTEL, &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	set_of(&a, W, 0, W / 2 - 1);
	set_of(&b, W, W / 2, W - 1);
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), W);
	assert_int_equal(x, 0);
	assert_int_equal(y, W / 2);
	assert_true(color_pair_collides(&d, W, 0, S));	       /* bit 17 */
	assert_true(color_pair_collides(&d, W, 5, 5 + 3 * S)); /* bits 17 + 18 */
	assert_false(color_pair_collides(&d, W, 0, 1));	       /* bit 12 or 13: set index */
	assert_false(color_pair_collides(&d, W, 0, S / 2));    /* bit 16: set index */
	/* within one half too: 0 and S */
	set_of(&a, W, 0, S - 1);
	set_of(&b, W, S, 2 * S - 1);
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), S);
	/* sets that take whole residues isolate even so: 0..S/2-1 + S..3S/2-1 + ... against the rest */
	color_set_init(&a, W);
	color_set_init(&b, W);
	for (u32 k = 0; k < 4; k++) {
		color_set_add_range(&a, S * k, S * k + S / 2 - 1);
		color_set_add_range(&b, S * k + S / 2, S * k + S - 1);
	}
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), 0);
	assert_int_equal(color_sets_check_isolation("colors", &d, &a, "a", &b, "b"), 0);

	/* counted per slice (S): any disjoint sets isolate */
	assert_int_equal(color_count_derive(&g, 0, true, &d), 0);
	set_of(&a, S, 0, S / 2 - 1);
	set_of(&b, S, S / 2, S - 1);
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), 0);

	/* slices by low bits: the whole-level colors are (set, slice) pairs and isolate */
	assert_int_equal(cache_levels_parse(LOWBITS, &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	set_of(&a, W, 0, W / 2 - 1);
	set_of(&b, W, W / 2, W - 1);
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), 0);
	/* a hash of only the color's own bits (17, 18) is as good; one free bit in a mask spoils it */
	assert_int_equal(cache_levels_parse("L3:8M:16:64:lru:slices=4:hash=0x20000+0x40000", &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), 0);
	assert_int_equal(cache_levels_parse("L3:8M:16:64:lru:slices=4:hash=0xa0000+0x40000", &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	assert_true(color_pair_collides(&d, W, 0, S));	    /* bit 17 flips slice bit 0, free bit 19 too */
	assert_false(color_pair_collides(&d, W, 0, 2 * S)); /* bit 18: slice bit 1, which no free bit reaches */
	assert_false(color_pair_collides(&d, W, 0, 3 * S)); /* bits 17+18 */
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), 0); /* the halves differ in bit 18 */
	set_of(&a, W, 0, S - 1);
	set_of(&b, W, S, 2 * S - 1);
	assert_int_equal(color_sets_collisions(&d, &a, &b, &x, &y), S); /* c meets c + S */
}

static void test_isolation_message(void **state)
{
	static struct color_set a, b;
	struct color_derivation d;
	(void)state;

	/* the halves of the whole level's colors (test_isolation) */
	assert_int_equal(cache_levels_parse(INTEL, &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	set_of(&a, WHOLE_COLORS, 0, WHOLE_COLORS / 2 - 1);
	set_of(&b, WHOLE_COLORS, WHOLE_COLORS / 2, WHOLE_COLORS - 1);
	capture_reset();
	assert_int_equal(color_sets_check_isolation("interfere", &d, &a, "victim colors", &b, "aggressor colors"),
			 WHOLE_COLORS);
	assert_non_null(
	    strstr(capture_text(), BY_PAGE("interfere: victim colors (0-63) and aggressor colors (64-127) cannot "
					   "isolate on L3: 128 pairs of colors share cache sets, e.g. 0 and 64\n",
					   "interfere: victim colors (0-31) and aggressor colors (32-63) cannot "
					   "isolate on L3: 64 pairs of colors share cache sets, e.g. 0 and 32\n")));
	assert_non_null(
	    strstr(capture_text(), BY_PAGE("128 colors were counted from the whole level, but it has 32 colors "
					   "per slice; 0 and 64 have the same set index (0 mod 32) and the slice "
					   "hash puts pages of both in every slice",
					   "64 colors were counted from the whole level, but it has 16 colors "
					   "per slice; 0 and 32 have the same set index (0 mod 16) and the slice "
					   "hash puts pages of both in every slice")));
	assert_non_null(strstr(capture_text(),
			       BY_PAGE("color_per_slice=on counts 32 colors", "color_per_slice=on counts 16 colors")));
	/* no geometry known: nothing to say */
	capture_reset();
	assert_int_equal(color_sets_check_isolation("colors", NULL, &a, "a", &b, "b"), 0);
	assert_string_equal(capture_text(), "");
}

static void test_boot_geometry(void **state)
{
	struct mm_config mm = MM_CONFIG_DEFAULT_INIT;
	struct cache_geom cpuid = { 0 };
	(void)state;

	/* no cache_levels=, no color_level=: the one-level lines stay the caller's */
	cpuid.n = 0;
	assert_false(color_geometry_boot(&mm, &cpuid, false, false));
	assert_int_equal(mm.cache_colors, 0);
	assert_non_null(color_geometry());

	/* cache_levels= on a hashed L3: per-slice colors, the derivation said */
	strcpy(mm.cache_levels, INTEL);
	capture_reset();
	assert_true(color_geometry_boot(&mm, &cpuid, false, false));
	assert_int_equal(mm.cache_colors, SLICE_COLORS);
	assert_int_equal(mm.cache_size, 8 * 1024 * 1024);
	assert_int_equal(mm.cache_ways, 16);
	assert_non_null(strstr(capture_text(), "coloring: L3 (level 3 of 3): 8M 16-way, 64-byte lines, 4 slices by "
					       "hash 0x35f575440+0x7b5faa880: 2048 sets per slice\n"));
	assert_non_null(
	    strstr(capture_text(), BY_PAGE("coloring: colors = sets per slice x line / 4K = 2048 x 64 / 4K = 32 "
					   "per slice; counting the whole level, 8M / (16 x 4K), would give 128\n",
					   "coloring: colors = sets per slice x line / 8K = 2048 x 64 / 8K = 16 "
					   "per slice; counting the whole level, 8M / (16 x 8K), would give 64\n")));
	assert_non_null(strstr(capture_text(), BY_PAGE("coloring: 32 colors used (per slice)\n",
						       "coloring: 16 colors used (per slice)\n")));
	assert_int_equal(cmdline_rejected_count(), 0);

	/* color_level=2 and cache_size= given: L2's colors, cache_size= not honoured (said) */
	mm.color_level = 2;
	capture_reset();
	assert_true(color_geometry_boot(&mm, &cpuid, true, false));
	assert_int_equal(mm.cache_colors, L2_COLORS);
	assert_non_null(strstr(capture_text(), "cache_size=/cache_ways= not honoured: cache_levels= gives"));

	/* color_level beyond the levels: rejected, the largest used */
	mm.color_level = 5;
	capture_reset();
	assert_true(color_geometry_boot(&mm, &cpuid, false, false));
	assert_int_equal(mm.cache_colors, SLICE_COLORS);
	assert_int_equal(cmdline_rejected_count(), 1);
	assert_non_null(strstr(capture_text(),
			       "cmdline: color_level=5 rejected: cache_levels= gives 3 levels; "
			       "accepted: a number from 1 to 3; keeping the default (the largest level)\n"));

	/* a bad cache_levels=: rejected with the form, the one-level default kept */
	struct mm_config mm2 = MM_CONFIG_DEFAULT_INIT;
	strcpy(mm2.cache_levels, "L3:8M:16:64");
	capture_reset();
	assert_false(color_geometry_boot(&mm2, &cpuid, false, false));
	assert_int_equal(mm2.cache_colors, 0);
	assert_int_equal(mm2.cache_size, 256 * 1024);
	assert_int_equal(cmdline_rejected_count(), 2);
	assert_non_null(strstr(capture_text(), "cmdline: cache_levels=L3:8M:16:64 rejected: level 1 'L3:8M:16:64' has "
					       "4 fields, needs at least 5; accepted: NAME:SIZE:WAYS:LINE:"));
	assert_non_null(strstr(capture_text(), "; keeping cache_size= and cache_ways=\n"));

	/* color_per_slice=off: the whole level, and what that means said */
	struct mm_config mm3 = MM_CONFIG_DEFAULT_INIT;
	strcpy(mm3.cache_levels, INTEL);
	mm3.color_per_slice = false;
	capture_reset();
	assert_true(color_geometry_boot(&mm3, &cpuid, false, false));
	assert_int_equal(mm3.cache_colors, WHOLE_COLORS);
	assert_non_null(
	    strstr(capture_text(), BY_PAGE("colors that differ only above the 32 colors per slice share sets",
					   "colors that differ only above the 16 colors per slice share sets")));
}

/* kernel_colors= and task_colors= checked against the slice hash at boot:
 * the kernel takes one slice's worth of the whole level's colors (0-31 of
 * 128, or 0-15 of 64 with 8 KiB pages), the tasks the rest; each task color
 * meets the one kernel color of its residue mod SLICE_COLORS (96 or 48 pairs) */
static void test_boot_sets_checked(void **state)
{
	struct color_sets_config cfg = COLOR_SETS_CONFIG_DEFAULT_INIT;
	struct color_derivation d;
	(void)state;

	assert_int_equal(cache_levels_parse(INTEL, &g, why, sizeof(why)), 0);
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	color_geometry_set(&d);
	strcpy(cfg.kernel, BY_PAGE("0-31", "0-15"));
	strcpy(cfg.task, BY_PAGE("32-127", "16-63"));
	capture_reset();
	assert_int_equal(color_sets_boot(&cfg, WHOLE_COLORS, NULL), 0);
	assert_non_null(
	    strstr(capture_text(), BY_PAGE("colors: task_colors (32-127) and kernel_colors (0-31) cannot isolate on "
					   "L3: 96 pairs of colors share cache sets, e.g. 32 and 0\n",
					   "colors: task_colors (16-63) and kernel_colors (0-15) cannot isolate on "
					   "L3: 48 pairs of colors share cache sets, e.g. 16 and 0\n")));
	/* per slice: the same request isolates, nothing said */
	assert_int_equal(color_count_derive(&g, 0, true, &d), 0);
	color_geometry_set(&d);
	strcpy(cfg.kernel, BY_PAGE("0-7", "0-3"));
	strcpy(cfg.task, BY_PAGE("8-31", "4-15"));
	capture_reset();
	assert_int_equal(color_sets_boot(&cfg, SLICE_COLORS, NULL), 0);
	assert_null(strstr(capture_text(), "cannot isolate"));
	/* task_colors= alone, against the colors it leaves */
	assert_int_equal(color_count_derive(&g, 0, false, &d), 0);
	color_geometry_set(&d);
	cfg.kernel[0] = '\0';
	strcpy(cfg.task, BY_PAGE("0-63", "0-31"));
	capture_reset();
	assert_int_equal(color_sets_boot(&cfg, WHOLE_COLORS, NULL), 0);
	assert_non_null(
	    strstr(capture_text(), BY_PAGE("colors: task_colors (0-63) and the other colors (64-127) cannot isolate",
					   "colors: task_colors (0-31) and the other colors (32-63) cannot isolate")));
	color_sets_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_parse_levels, setup, teardown),
		cmocka_unit_test_setup_teardown(test_parse_errors, setup, teardown),
		cmocka_unit_test_setup_teardown(test_count_per_level_and_slice, setup, teardown),
		cmocka_unit_test_setup_teardown(test_leaf4_decoding, setup, teardown),
		cmocka_unit_test_setup_teardown(test_isolation, setup, teardown),
		cmocka_unit_test_setup_teardown(test_isolation_message, setup, teardown),
		cmocka_unit_test_setup_teardown(test_boot_geometry, setup, teardown),
		cmocka_unit_test_setup_teardown(test_boot_sets_checked, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
