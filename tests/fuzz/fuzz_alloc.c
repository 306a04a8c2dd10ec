/* tests/fuzz/fuzz_alloc.c - libFuzzer target for the buddy allocator and the
 * page coloring policy: bytes -> a sequence of allocator operations on a
 * small fixed machine with all three zones.
 *
 *   make build/fuzz/fuzz_alloc        (rules: tests/fuzz/fuzz.mk)
 *   build/fuzz/fuzz_alloc -max_total_time=20 tests/fuzz/corpus/alloc
 *
 * Machine: DMA 0..640K + 1M..4M, Normal 16M..18M + 19M..20M (a hole),
 * HighMem 896M..898M (small spans: mm_check runs after every op). Input: header byte h (colors 1 << (3 * (h & 7) % 15),
 * i.e. 1, 8, 64, 512, 4096 ...; bit 3: start coloring; bit 4: mm_shuffle with
 * ballast (h >> 5) * 12 %), then 2-byte ops (a, b), at most MAX_OPS:
 *   a % 8 = 0..2  alloc order b % 12 (11 is out of range: NULL expected);
 *                 gfp from (a >> 3) & 3: KERNEL, DMA, HIGHUSER, HIGHUSER;
 *                 bit 5 of a adds __GFP_NOCOLOR
 *           3, 4  free live block b % live
 *           5     switch to placement policy b % 5 (buddy, binhop, vacolor,
 *                 bestbin, random)
 *           6     task_start of one of three names (b % 4 < 3), or task_end
 *           7     a bad free (a tail page, a wrong order, a free, reserved or
 *                 ballast page): must return -1 and change nothing
 * After every op (abort on violation): mm_check() == 0; no pfn handed out
 * twice; a block is aligned, in one zone the gfp allows, the first zone of
 * the zonelist with a block that large; NULL only when no such zone;
 * free + live + ballast == managed; while coloring: hit counted iff the zone
 * had a block containing the (predicted) target color, and a hit returns it.
 * At the end everything is freed: nr_free of every zone/order is the initial. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/e820.h"
#include "mm/memblock.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement.h"
#include "mm/shuffle.h"

#include "tests/fuzz/fuzz_check.h"

#define MAX_OPS 256
#define MB(x)	((u64)(x) << 20)

/* ---- the machine, rebuilt for every input ------------------------------------ */
static void *allocs[128];
static int nallocs;

static void *track_alloc(u32 bytes)
{
	void *p = calloc(1, bytes ? bytes : 1);
	CHECK(p && nallocs < (int)(sizeof(allocs) / sizeof(allocs[0])));
	allocs[nallocs++] = p;
	return p;
}

static void free_all(void)
{
	while (nallocs > 0)
		free(allocs[--nallocs]);
}

static void build(u8 h)
{
	static const u64 ram[][2] = {
		{ 0, 0x9fc00 }, { MB(1), MB(3) }, { MB(16), MB(2) }, { MB(19), MB(1) }, { MB(896), MB(2) }
	};
	static struct page *map; /* kept across inputs: free_area_init resets every entry */
	struct e820_table raw = { 0 }, e820;
	u32 i, end;

	for (i = 0; i < sizeof(ram) / sizeof(ram[0]); i++)
		CHECK(e820_add(&raw, ram[i][0], ram[i][1], E820_TYPE_RAM) == 0);
	CHECK(e820_sanitize(&raw, &e820, NULL) == 5);
	memblock_reset();
	CHECK(memblock_add_e820(&e820) > 0);
	CHECK(memblock_reserve(0, MiB) == 0);
	end = memblock_end_pfn();
	if (!map)
		map = calloc(end, sizeof(*map));
	CHECK(map);
	free_area_init(map, end);
	task_init();
	mwc_init(&mwc_global, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT);
	struct placement_config cfg = { .colors = 1u << (3 * (h & 7) % 15),
					.mwc = &mwc_global,
					.reshuffle = __shuffle_free_lists,
					.alloc = track_alloc };
	CHECK(placement_setup(&cfg) == 0);
	mm_shuffle_enabled = (h >> 4) & 1;
	mm_ballast_pages = 0;
	if (mm_shuffle_enabled) {
		u32 n = memblock_memory_pages(0, end);
		CHECK(shuffle_release_memblock(track_alloc(n * 4), n, (h >> 5) * 12) >= 0);
	} else {
		mm_release_memblock();
	}
	if ((h >> 3) & 1)
		page_color_start();
}

/* ---- the model ------------------------------------------------------------- */
static u8 *owned;
static u32 live_pfn[MAX_OPS], nlive, live_pages, managed;
static u8 live_order[MAX_OPS];

static struct zone *zone_of(int z)
{
	return &contig_page_data.node_zones[z];
}

static bool zone_has_order(int z, u32 order)
{
	for (u32 o = order; o < MAX_ORDER; o++)
		if (zone_of(z)->free_area[o].nr_free)
			return true;
	return false;
}

static bool zone_has_color(int z, u32 order, u32 color)
{
	const struct color_lists *cl = zone_of(z)->placement;
	for (u32 o = order; o < MAX_ORDER; o++)
		if (cl && color_bitmap_test(&cl->area[o].nonempty, color >> o))
			return true;
	return false;
}

static void check_state(void)
{
	CHECK(mm_check() == 0);
	CHECK(nr_free_pages() + live_pages + mm_ballast_pages == managed);
}

static void op_alloc(u8 a, u8 b)
{
	static const gfp_t gfps[4] = { GFP_KERNEL, GFP_DMA, GFP_HIGHUSER, GFP_HIGHUSER };
	static const int lists[4][4] = { { ZONE_NORMAL, ZONE_DMA, -1 },
					 { ZONE_DMA, -1 },
					 { ZONE_HIGHMEM, ZONE_NORMAL, ZONE_DMA, -1 },
					 { ZONE_HIGHMEM, ZONE_NORMAL, ZONE_DMA, -1 } };
	gfp_t gfp = gfps[(a >> 3) & 3] | ((a >> 5) & 1 ? __GFP_NOCOLOR : 0);
	const int *zl = lists[(a >> 3) & 3];
	u32 order = b % 12, pfn, i, want = 0, mask = page_colors - 1;
	bool colored = page_color_enabled && !(gfp & __GFP_NOCOLOR) && order < MAX_ORDER;
	/* binhop and vacolor without a va: the round-robin target, predicted */
	bool predict = colored && (placement_active_id == PLACEMENT_BINHOP || placement_active_id == PLACEMENT_VACOLOR);
	struct placement_task before = *placement_task_of(current);
	struct mwc peek = mwc_global;
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
			had_color[z] = zone_has_color(z, order, want);
	}
	p = alloc_pages(gfp, order);
	if (!p) {
		CHECK(expect < 0);
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
}

static void op_free(u32 idx)
{
	u32 pfn = live_pfn[idx], order = live_order[idx], i;

	live_pfn[idx] = live_pfn[--nlive];
	live_order[idx] = live_order[nlive];
	for (i = 0; i < (1u << order); i++)
		owned[pfn + i] = 0;
	live_pages -= 1u << order;
	CHECK(__free_pages(pfn_to_page(pfn), order) == 0);
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
	snap(before);
	CHECK(__free_pages(p, order) == -1);
	CHECK(mm_bad_free_count == bad + 1 && snap_equal(before));
	if (a & 0x80) {
		CHECK(__free_pages(NULL, 0) == -1);
		CHECK(mm_bad_free_count == bad + 2);
	}
}

static void quiet(const char *s, size_t n)
{
	(void)s;
	(void)n;
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
	build(data[0]);
	managed = 0;
	for_each_zone(zone) managed += zone->managed_pages;
	owned = calloc(max_pfn, 1);
	CHECK(owned);
	nlive = live_pages = 0;
	snap(initial);
	check_state();

	nops = (u32)((size - 1) / 2);
	if (nops > MAX_OPS)
		nops = MAX_OPS;
	for (k = 0; k < nops; k++) {
		u8 a = data[1 + 2 * k], b = data[2 + 2 * k];
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
			CHECK(placement_select_id(b % PLACEMENT_NR) == 0);
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
	}
	while (nlive)
		op_free(nlive - 1);
	check_state();
	CHECK(snap_equal(initial));
	free(owned);
	placement_select_id(PLACEMENT_BUDDY); /* while the lists still exist */
	free_all();
	mm_shuffle_enabled = false;
	console_unregister_all();
	return 0;
}
