/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_alloc.c - libFuzzer target for the buddy allocator and the
 * page coloring policy: bytes -> a sequence of allocator operations on a
 * small fixed machine with all three zones.
 *
 *   make build/fuzz/fuzz_alloc        (rules: tests/fuzz/fuzz.mk)
 *   build/fuzz/fuzz_alloc -max_total_time=20 tests/fuzz/corpus/alloc
 *
 * Machine: DMA 0..640K + 1M..4M, Normal 16M..19M + 20M..29M (a hole; three
 * page blocks, so that Normal groups by mobility while DMA and HighMem are
 * too small and do not), HighMem 896M..898M (small spans: mm_check walks them). Input: header
 * byte h (colors 1 << (3 * (h & 7) % 15),
 * i.e. 1, 8, 64, 512, 4096 ...; bit 3: start coloring; bit 4: mm_shuffle with
 * ballast (h >> 5) * 12 %), then 2-byte ops (a, b), at most MAX_OPS:
 *   a % 8 = 0..2  alloc order b % 12 (11 is out of range: NULL expected);
 *                 gfp from (a >> 3) & 3: KERNEL, DMA, HIGHUSER, HIGHUSER;
 *                 bit 5 of a adds __GFP_NOCOLOR; bits 6-7 the migrate
 *                 type: none (the gfp's default), __GFP_MOVABLE,
 *                 __GFP_RECLAIMABLE, none
 *           3, 4  free live block b % live
 *           5     switch to placement policy b % 5 (buddy, binhop, vacolor,
 *                 bestbin, random); b >= 250: grouping by mobility on (odd
 *                 b) or off (even b)
 *           6     task_start of one of three names (b % 4 < 3), or task_end
 *           7     a bad free (a tail page, a wrong order, a free, reserved or
 *                 ballast page): must return -1 and change nothing
 * After every op (abort on violation): the allocator's invariants (below);
 * no pfn handed out twice; a block is aligned, in one zone the gfp allows, the first zone of
 * the zonelist with a block that large; NULL only when no such zone;
 * free + live + ballast == managed; while coloring: hit counted iff the zone
 * had a block containing the (predicted) target color, and a hit returns it.
 * At the end everything is freed: nr_free of every zone/order is the initial.
 *
 * Checking the invariants (environment variable FUZZ_ALLOC_CHECK):
 *   incremental (default)  after each op only what it touched, in O(orders)
 *       plus the pages it moved: after an alloc of order n that split a block
 *       of order o, each split-off buddy (orders n..o-1) is a well-formed
 *       listed free block (mm_check_free_block) and no free block covers the
 *       block handed out (mm_check_pfn); after a free, the block it merged
 *       into has exactly the order and start that the model computes from
 *       the state before the free, the buddies it absorbed are no longer
 *       free, and the freed pages are clean; nr_free of every zone and
 *       order and free_pages changed by exactly what the split or merge
 *       implies; the zone counters agree (mm_check_zone_counters); a bad
 *       free changed nothing; a coloring switch kept the counters (it moves
 *       every free block: its lists are left to the next full check, which
 *       after a switch would cost as much as the switch). The full
 *       mm_check() runs every FUZZ_ALLOC_FULL_EVERY ops (default 0: never),
 *       after the last op and after the final free-all. With
 *       FUZZ_ALLOC_FULL_EVERY=1 both run after every op, incremental first:
 *       make fuzz-bugs-quick uses it to show that the incremental checks
 *       catch each injected fault at the op where mm_check() first sees it.
 *   full   mm_check() after every op (the target's old mode, about 15x
 *       slower), and the machine rebuilt with free_area_init() per input.
 * The machine: free_area_init() over the whole mem_map (230k pages) cost
 * more than the ops; the incremental mode runs it once and then restores
 * only the zones' spans and the node from that copy (FUZZ_ALLOC_REBUILD=init
 * forces free_area_init per input, restore the copy; FUZZ_ALLOC_VERIFY=1
 * also runs free_area_init after each restore and aborts unless both agree).
 * Built with -DMM_INJECT_BUG=<name> (make fuzz-bugs), the fault in
 * mm/page_alloc.c is armed once the machine is built. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/asan_interface.h>

#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "arch/x86/e820.h"
#include "mm/memblock.h"
#include "mm/inject.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/pageblock.h"
#include "mm/placement/registry.h"
#include "mm/shuffle.h"

/* Which check caught a violation: printed before the abort, for make
 * fuzz-bugs ("op": the checks after an op; "full": an mm_check() call). */
static const char *caught_by = "setup";
static unsigned caught_op;
static char mm_fail_line[160];
static void print_catch(void);
#define FUZZ_CHECK_HOOK() print_catch()
#include "tests/fuzz/fuzz_check.h"
#include "arch/x86/arch.h"

/* The i386 zone layout (arch/x86/arch.h), passed to free_area_init(). */
static const u32 fuzz_zone_limits[MAX_NR_ZONES] = { ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN, ARCH_HIGHMEM_LIMIT_PFN };

#define MAX_OPS 256
#define MB(x)	((u64)(x) << 20)

static struct zone *zone_of(int z)
{
	return &contig_page_data.node_zones[z];
}

/* ---- the machine, rebuilt for every input ------------------------------------ */
/* Storage for the color lists and the shuffle scratch: one arena reused by
 * every input (under ASan's quarantine each calloc returns new memory, and
 * faulting it in cost as much as the ops). Each block is followed by a
 * poisoned red zone, and all of it is poisoned again between inputs, so an
 * overflow or a stale use still stops under ASan. */
#define ARENA_BYTES   (8u << 20)
#define ARENA_REDZONE 32u
static u8 arena[ARENA_BYTES] __attribute__((aligned(64)));
static size_t arena_used;

static void *track_alloc(u32 bytes)
{
	size_t n = bytes ? ((size_t)bytes + 15) & ~(size_t)15 : 16;
	void *p = arena + arena_used;

	CHECK(arena_used + n + ARENA_REDZONE <= ARENA_BYTES);
	ASAN_UNPOISON_MEMORY_REGION(p, n);
	memset(p, 0, n);
	arena_used += n + ARENA_REDZONE;
	return p;
}

static void free_all(void)
{
	ASAN_POISON_MEMORY_REGION(arena, arena_used);
	arena_used = 0;
}

/* ---- modes (read once, see the head comment) ------------------------------- */
static bool full_mode, rebuild_init, verify_restore;
static u32 full_every;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *c = getenv("FUZZ_ALLOC_CHECK"), *r = getenv("FUZZ_ALLOC_REBUILD");
	const char *e = getenv("FUZZ_ALLOC_FULL_EVERY"), *v = getenv("FUZZ_ALLOC_VERIFY");

	(void)argc;
	(void)argv;
	if (c && strcmp(c, "full") && strcmp(c, "incremental")) {
		fprintf(stderr, "fuzz_alloc: FUZZ_ALLOC_CHECK=%s: expected full or incremental\n", c);
		exit(2);
	}
	if (r && strcmp(r, "init") && strcmp(r, "restore")) {
		fprintf(stderr, "fuzz_alloc: FUZZ_ALLOC_REBUILD=%s: expected init or restore\n", r);
		exit(2);
	}
	full_mode = c && !strcmp(c, "full");
	rebuild_init = r ? !strcmp(r, "init") : full_mode;
	full_every = e ? (u32)strtoul(e, NULL, 0) : 0;
	verify_restore = v && !strcmp(v, "1");
	ASAN_POISON_MEMORY_REGION(arena, sizeof(arena));
	fprintf(stderr, "fuzz_alloc: check=%s rebuild=%s full_every=%u verify_restore=%d\n",
		full_mode ? "full" : "incremental", rebuild_init ? "init" : "restore", full_every, verify_restore);
	return 0;
}

/* free_area_init(), or the copy of its result taken at the first input:
 * only the zones' spans of mem_map and the node change after it (no op
 * writes a page outside a span), so only they are copied back. */
static void init_node(struct page *map, u32 end)
{
	static struct pglist_data node0;
	static struct page *map0;

	if (!map0 || rebuild_init) {
		free_area_init(map, end, fuzz_zone_limits);
		if (map0)
			return;
		map0 = malloc(end * sizeof(*map0));
		CHECK(map0);
		memcpy(map0, map, end * sizeof(*map0));
		node0 = contig_page_data;
		return;
	}
	contig_page_data = node0;
	page_color_enabled = false;
	mm_bad_free_count = 0;
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		const struct zone *zone = zone_of(z);
		memcpy(map + zone->zone_start_pfn, map0 + zone->zone_start_pfn, zone->spanned_pages * sizeof(*map));
	}
	if (verify_restore) {
		struct pglist_data restored = contig_page_data;
		free_area_init(map, end, fuzz_zone_limits);
		CHECK(!memcmp(&restored, &contig_page_data, sizeof(restored)) &&
		      !memcmp(map, map0, end * sizeof(*map)));
	}
}

static struct mwc fuzz_rng; /* the allocator's generator, passed explicitly */

static void build(u8 h)
{
	static const u64 ram[][2] = {
		{ 0, 0x9fc00 }, { MB(1), MB(3) }, { MB(16), MB(3) }, { MB(20), MB(9) }, { MB(896), MB(2) }
	};
	static struct page *map; /* kept across inputs: free_area_init resets every entry */
	struct e820_table raw = { 0 }, e820;
	u32 i, end;

#ifdef MM_INJECT_BUG
	mm_inject_armed = false;
#endif
	for (i = 0; i < sizeof(ram) / sizeof(ram[0]); i++)
		CHECK(e820_add(&raw, ram[i][0], ram[i][1], E820_TYPE_RAM) == 0);
	CHECK(e820_sanitize(&raw, &e820, NULL) == 5);
	memblock_reset();
	CHECK(e820_memblock_add(&e820) > 0);
	CHECK(memblock_reserve(0, MiB) == 0);
	end = memblock_end_pfn();
	if (!map)
		map = calloc(end, sizeof(*map));
	CHECK(map);
	init_node(map, end);
	task_init();
	mwc_init(&fuzz_rng, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	struct placement_config cfg = { .colors = 1u << (3 * (h & 7) % 15),
					.mwc = &fuzz_rng,
					.reshuffle = __shuffle_free_lists,
					.alloc = track_alloc };
	CHECK(placement_setup(&cfg) == 0);
	mm_shuffle_enabled = (h >> 4) & 1;
	mm_ballast_pages = 0;
	if (mm_shuffle_enabled) {
		u32 n = memblock_memory_pages(0, end);
		CHECK(shuffle_release_memblock(track_alloc(n * 4), n, (h >> 5) * 12, &fuzz_rng) >= 0);
	} else {
		mm_release_memblock();
	}
	mobility_stats = (struct mobility_stats){ 0 };
	mobility_grouping_set(true); /* the kernel's default (Normal groups; DMA, HighMem too small) */
	if ((h >> 3) & 1)
		page_color_start();
#ifdef MM_INJECT_BUG
	mm_inject_armed = true;
#endif
}

/* ---- the model ------------------------------------------------------------- */
static u8 *owned;
static u32 live_pfn[MAX_OPS], nlive, live_pages, managed;
static u8 live_order[MAX_OPS];

static bool zone_has_order(int z, u32 order)
{
	for (u32 o = order; o < MAX_ORDER; o++)
		if (zone_of(z)->free_area[o].nr_free)
			return true;
	return false;
}

/* The lists a request of gfp takes from in zone z before any fallback. */
static u32 list_type(int z, gfp_t gfp)
{
	return zone_grouping(zone_of(z)) ? gfp_migratetype(gfp) : MIGRATE_MOVABLE;
}

static u32 fallbacks_total(void)
{
	u32 n = 0;
	for (u32 a = 0; a < MIGRATE_TYPES; a++)
		for (u32 b = 0; b < MIGRATE_TYPES; b++)
			n += mobility_stats.fallbacks[a][b];
	return n;
}

static bool zone_has_color_mt(int z, u32 mt, u32 order, u32 color)
{
	const struct color_lists *cl = zone_of(z)->placement[mt];
	for (u32 o = order; o < MAX_ORDER; o++)
		if (cl && color_bitmap_test(&cl->area[o].nonempty, color >> o))
			return true;
	return false;
}

__attribute__((unused)) static bool zone_has_color(int z, u32 order, u32 color)
{
	for (u32 mt = 0; mt < MIGRATE_TYPES; mt++) {
		const struct color_lists *cl = zone_of(z)->placement[mt];
		for (u32 o = order; o < MAX_ORDER; o++)
			if (cl && color_bitmap_test(&cl->area[o].nonempty, color >> o))
				return true;
	}
	return false;
}

/* Counters before an op, for the incremental check of what it changed. */
struct counts {
	u32 nr_free[MAX_NR_ZONES][MAX_ORDER];
	u32 free_pages[MAX_NR_ZONES];
};

static void count(struct counts *c)
{
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		for (int o = 0; o < MAX_ORDER; o++)
			c->nr_free[z][o] = zone_of(z)->free_area[o].nr_free;
		c->free_pages[z] = zone_of(z)->free_pages;
	}
}

static bool counters_as_expected(const struct counts *want, const struct counts *now)
{
	return !memcmp(want, now, sizeof(*now));
}

/* The counters now equal `before` with free_pages of zone z changed by
 * dpages, nr_free[z][k] by -top for k in [lo, hi) and by top at hi (a split:
 * top = -1, a merge: top = +1); then the zone's counters agree. */
static void check_counts(const struct counts *before, int z, s32 dpages, u32 lo, u32 hi, s32 top)
{
	struct counts want = *before, now;

	want.free_pages[z] += (u32)dpages;
	for (u32 k = lo; k < hi; k++)
		want.nr_free[z][k] += (u32)(top < 0 ? 1 : -1);
	want.nr_free[z][hi] += (u32)top;
	count(&now);
	CHECK(counters_as_expected(&want, &now));
	CHECK(mm_check_zone_counters(zone_of(z)) == 0);
}

/* Whether pfn heads a free block of `order` in zone z (page_is_buddy's rule,
 * restated here so that a broken allocator cannot vouch for itself). */
static void check_unchanged(const struct counts *before)
{
	struct counts now;

	count(&now);
	CHECK(!memcmp(before, &now, sizeof(now)));
}

static bool free_head(int z, u32 pfn, u32 order)
{
	const struct page *p;

	if (!zone_spans_pfn(zone_of(z), pfn))
		return false;
	p = pfn_to_page(pfn);
	return (p->flags & PG_buddy) && p->private == order && (int)page_zonenum(p) == z;
}

static void full_check(void);

static void check_state(void)
{
	if (full_mode)
		full_check();
	CHECK(nr_free_pages() + live_pages + mm_ballast_pages == managed);
	CHECK(page_color_stats.hits + page_color_stats.misses <= page_color_stats.pages_allocated);
}

/* After an alloc of (pfn, order) from zone z: the block split was of the
 * order o where the chain of free buddies of the block handed out ends (the
 * halves split off are exactly those buddies); each is a well-formed listed
 * free block; no free block covers the block handed out; the counters moved
 * by one split of order o down to `order`. */
static void check_alloc(const struct counts *before, int z, u32 pfn, u32 order)
{
	struct zone *zone = zone_of(z);
	u32 o = order;

	while (o < MAX_ORDER - 1 && free_head(z, (pfn & ~((1u << o) - 1)) ^ (1u << o), o))
		o++;
	for (u32 k = order; k < o; k++)
		CHECK(mm_check_free_block(zone, (pfn & ~((1u << k) - 1)) ^ (1u << k), k) == 0);
	CHECK(mm_check_pfn(pfn, true) == 0);
	check_counts(before, z, -(s32)(1u << order), order, o, -1);
}

static void op_alloc(u8 a, u8 b)
{
	static const gfp_t gfps[4] = { GFP_KERNEL, GFP_DMA, GFP_HIGHUSER, GFP_HIGHUSER };
	static const int lists[4][4] = { { ZONE_NORMAL, ZONE_DMA, -1 },
					 { ZONE_DMA, -1 },
					 { ZONE_HIGHMEM, ZONE_NORMAL, ZONE_DMA, -1 },
					 { ZONE_HIGHMEM, ZONE_NORMAL, ZONE_DMA, -1 } };
	static const gfp_t types[4] = { 0, __GFP_MOVABLE, __GFP_RECLAIMABLE, 0 };
	gfp_t gfp = gfps[(a >> 3) & 3] | ((a >> 5) & 1 ? __GFP_NOCOLOR : 0) | types[(a >> 6) & 3];
	const int *zl = lists[(a >> 3) & 3];
	u32 order = b % 12, pfn, i, want = 0, mask = page_colors - 1;
	bool colored = page_color_enabled && !(gfp & __GFP_NOCOLOR) && order < MAX_ORDER;
	/* binhop and vacolor without a va: the round-robin target, predicted */
	bool predict = colored && (placement_active_id == PLACEMENT_BINHOP || placement_active_id == PLACEMENT_VACOLOR);
	struct placement_task before = *placement_task_of(current);
	struct mwc peek = fuzz_rng;
	bool had_color[MAX_NR_ZONES] = { false };
	int expect = -1, z;
	struct page *p;

	for (i = 0; order < MAX_ORDER && zl[i] >= 0; i++)
		if (expect < 0 && zone_has_order(zl[i], order))
			expect = zl[i];
	if (predict) {
		u32 t = before.rr_init ? before.target_color : mwc_next(&peek) & mask;
		want = ((t + (1u << order) - 1) & ~((1u << order) - 1)) & mask;
		for (z = 0; z < MAX_NR_ZONES; z++)
			had_color[z] =
			    zone_populated(zone_of(z)) && zone_has_color_mt(z, list_type(z, gfp), order, want);
	}
	struct counts c;
	u32 fb = fallbacks_total();

	count(&c);
	p = alloc_pages(gfp, order);
	if (p && fallbacks_total() != fb)
		predict = false; /* the type's lists were empty: the pick ran on the fallback's lists */
	if (p)
		CHECK(page_mt(p) == gfp_migratetype(gfp));
	if (!p) {
		CHECK(expect < 0);
		check_unchanged(&c);
		return;
	}
	CHECK(order < MAX_ORDER && p >= mem_map && p < mem_map + max_pfn);
	pfn = page_to_pfn(p);
	z = page_zonenum(p);
	CHECK(z == expect);
	CHECK((pfn & ((1u << order) - 1)) == 0);
	CHECK(zone_spans_pfn(zone_of(z), pfn) && zone_spans_pfn(zone_of(z), pfn + (1u << order) - 1));
	CHECK((p->flags & PG_head) && p->private == order);
	for (i = 0; i < (1u << order); i++) {
		CHECK(!owned[pfn + i]); /* handed out twice */
		CHECK(!(p[i].flags & (PG_reserved | PG_buddy | PG_ballast)));
		owned[pfn + i] = 1;
	}
	if (colored) {
		const struct placement_task *t = placement_task_of(current);
		bool hit = t->hits == before.hits + 1;
		CHECK(hit != (t->misses == before.misses + 1));
		if (predict) {
			CHECK(hit == had_color[z]);
			CHECK(!hit || pfn_color(pfn) == want);
			CHECK(t->target_color == ((pfn_color(pfn) + (1u << order)) & mask));
		}
	}
	CHECK(nlive < MAX_OPS);
	live_pfn[nlive] = pfn;
	live_order[nlive++] = (u8)order;
	live_pages += 1u << order;
	if (!full_mode)
		check_alloc(&c, z, pfn, order);
}

static void op_free(u32 idx)
{
	u32 pfn = live_pfn[idx], order = live_order[idx], i, head = pfn, top = order, nabs = 0;
	u32 absorbed[MAX_ORDER];
	int z = page_zonenum(pfn_to_page(pfn));
	struct counts c;

	live_pfn[idx] = live_pfn[--nlive];
	live_order[idx] = live_order[nlive];
	for (i = 0; i < (1u << order); i++)
		owned[pfn + i] = 0;
	live_pages -= 1u << order;
	/* The model's merge: while the buddy heads a free block of the same
	 * order, take it and go one order up. */
	while (top < MAX_ORDER - 1 && free_head(z, head ^ (1u << top), top)) {
		absorbed[nabs++] = head ^ (1u << top);
		head &= ~(1u << top);
		top++;
	}
	count(&c);
	CHECK(__free_pages(pfn_to_page(pfn), order) == 0);
	if (full_mode)
		return;
	CHECK(free_head(z, head, top)); /* merged as the model predicts */
	CHECK(mm_check_free_block(zone_of(z), head, top) == 0);
	for (i = 0; i < nabs; i++)
		CHECK(absorbed[i] == head || !(pfn_to_page(absorbed[i])->flags & PG_buddy));
	for (i = 0; i < (1u << order); i++)
		CHECK(pfn + i == head ||
		      !(pfn_to_page(pfn + i)->flags & (PG_buddy | PG_head | PG_reserved | PG_ballast)));
	CHECK(mm_check_pfn(pfn, false) == 0);
	/* nr_free: -1 at each absorbed order [order, top), +1 at top. */
	check_counts(&c, z, (s32)(1u << order), order, top, 1);
}

static bool snap_equal(u32 a[MAX_NR_ZONES][MAX_ORDER])
{
	for (int z = 0; z < MAX_NR_ZONES; z++)
		for (int o = 0; o < MAX_ORDER; o++)
			if (a[z][o] != zone_of(z)->free_area[o].nr_free)
				return false;
	return true;
}

static void snap(u32 a[MAX_NR_ZONES][MAX_ORDER])
{
	for (int z = 0; z < MAX_NR_ZONES; z++)
		for (int o = 0; o < MAX_ORDER; o++)
			a[z][o] = zone_of(z)->free_area[o].nr_free;
}

static void op_bad_free(u8 a, u8 b, u32 k)
{
	u32 before[MAX_NR_ZONES][MAX_ORDER], bad = mm_bad_free_count, order = b % 12;
	u32 pfn = (u32)(((u64)(a | b << 8 | k << 16) * 2654435761u) % max_pfn);
	struct page *p = pfn_to_page(pfn);

	if ((p->flags & PG_head) && owned[pfn]) /* a live block: free it with the wrong order */
		order = (p->private + 1 + order % 10) % 11;
	u32 flags = p->flags, private = p->private;
	struct counts c;

	snap(before);
	count(&c);
	CHECK(__free_pages(p, order) == -1);
	CHECK(mm_bad_free_count == bad + 1 && snap_equal(before));
	check_unchanged(&c);
	CHECK(p->flags == flags && p->private == private);
	if (a & 0x80) {
		CHECK(__free_pages(NULL, 0) == -1);
		CHECK(mm_bad_free_count == bad + 2);
	}
}

static void print_catch(void)
{
	fprintf(stderr, "fuzz_alloc: caught_by=%s op=%u%s%s\n", caught_by, caught_op, mm_fail_line[0] ? " last: " : "",
		mm_fail_line);
}

/* The console: keeps the last "mm_check: FAIL" line for print_catch(). */
static void quiet(const char *s, size_t n)
{
	static char line[sizeof(mm_fail_line)];
	static size_t len;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			line[len] = 0;
			if (!strncmp(line, "mm_check: FAIL", 14))
				memcpy(mm_fail_line, line, len + 1);
			len = 0;
		} else if (len + 1 < sizeof(line)) {
			line[len++] = s[i];
		}
	}
}

/* The full check, mm_check(). */
static void full_check(void)
{
	const char *was = caught_by;

	caught_by = "full";
	CHECK(mm_check() == 0);
	caught_by = was;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "fft", "stream", "matmul" };
	u32 initial[MAX_NR_ZONES][MAX_ORDER], k, nops;
	struct zone *zone;

	if (size < 1)
		return 0;
	console_unregister_all();
	console_register(quiet);
	caught_by = "setup";
	caught_op = 0;
	mm_fail_line[0] = 0;
	build(data[0]);
	managed = 0;
	for_each_zone(zone)
		managed += zone->managed_pages;
	if (!owned)
		owned = calloc(max_pfn, 1); /* kept: all 0 again once everything is freed */
	CHECK(owned);
	nlive = live_pages = 0;
	snap(initial);
	check_state();

	caught_by = "op";
	nops = (u32)((size - 1) / 2);
	if (nops > MAX_OPS)
		nops = MAX_OPS;
	for (k = 0; k < nops; k++) {
		u8 a = data[1 + 2 * k], b = data[2 + 2 * k];

		caught_op = k;
		switch (a % 8) {
		case 0:
		case 1:
		case 2:
			op_alloc(a, b);
			break;
		case 3:
		case 4:
			if (nlive)
				op_free(b % nlive);
			break;
		case 5:
			if (b >= 250)
				mobility_grouping_set(b & 1); /* grouping off (250, 252, 254) or on */
			else
				CHECK(placement_select_id(b % PLACEMENT_NR) == 0);
			/* Every block moved: the counters stay, the lists are
			 * checked by the next full check. */
			for (int z = 0; z < MAX_NR_ZONES; z++)
				CHECK(mm_check_zone_counters(zone_of(z)) == 0);
			break;
		case 6:
			if (b % 4 < 3)
				task_start(names[b % 4]);
			else
				task_end();
			break;
		default:
			op_bad_free(a, b, k);
			break;
		}
		check_state();
		if (!full_mode && full_every && (k + 1) % full_every == 0)
			full_check();
	}
	if (!full_mode)
		full_check();
	caught_op = nops; /* the final frees count as op nops */
	while (nlive)
		op_free(nlive - 1);
	check_state();
	full_check();
	CHECK(snap_equal(initial));
	placement_select_id(PLACEMENT_BUDDY); /* while the lists still exist */
	free_all();
	mm_shuffle_enabled = false;
	console_unregister_all();
	return 0;
}
