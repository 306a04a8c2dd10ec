/* SPDX-License-Identifier: MIT */
/* tests/host/test_stress.c - seeded randomized stress of the real mm/ code.
 *
 * Over a 1 GiB machine with all three zones (DMA, Normal, HighMem), a hole
 * in Normal and firmware ranges punched into RAM, each run performs random
 * alloc/free of orders 0..10 (small orders much more likely), with GFP_KERNEL,
 * GFP_HIGHUSER, GFP_DMA (and sometimes __GFP_NOCOLOR), switches coloring on
 * and off, switches tasks (several target colors), and runs phases that
 * exhaust a zonelist until NULL and then recover. Runs differ in colors
 * (1, 64, 512, 4096) and in the boot state (plain release or mm_shuffle
 * ballast). Every operation is checked against a model kept here:
 *  - no page is handed out twice (own bitmap of allocated pfns), a block is
 *    aligned, inside one zone allowed by the gfp, not reserved/ballast/free;
 *  - the zone chosen is the first of the zonelist that had a block of that
 *    order or larger; NULL only when no zone of the list had one;
 *  - free pages + live pages + ballast stay equal to the managed pages;
 *  - while coloring is on: the target color is predicted (rounded up to the
 *    order, first target from a copy of fixture_rng); a hit is counted iff the
 *    served zone had a block containing it, a hit returns exactly that color,
 *    a miss returns the nearest available color above it (checked by brute
 *    force on a sample of misses);
 *  - grouping by mobility: requests state a random migrate type (gfp
 *    flags), grouping is switched on and off now and then; a colored
 *    request that did not fall back to another type hits iff its own
 *    type's lists held the target (mm/placement/ops.h), misses get the
 *    nearest color on those lists;
 *  - mm_check() == 0 every CHECK_EVERY ops and at the end; after freeing
 *    everything nr_free of every zone and order is the initial one.
 * STRESS_SEED=<n> (decimal or 0x-hex) picks the seed; a failure prints
 * "reproduce with STRESS_SEED=...". make test runs a quick slice of every
 * run (a third of the operations; an eighth with mm_check() after every
 * operation); STRESS_LONG=1 (make test-long) runs them whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "kernel/cmdline.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

#define STRESS_SEED_DEFAULT 0x5eed2026u
#define CHECK_EVERY	    10000u

static u32 seed;
static int stress_long;		    /* STRESS_LONG=1: every run at its full length */
static unsigned long long run_nops; /* the current run's length in operations */
static struct mwc rng;		    /* the test's own decisions */
static const char *run_name;
static unsigned long long ops, total_ops;

#define SCHECK(cond, ...)                                                                                              \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			printf("stress: FAIL run '%s' op %llu: %s: ", run_name, ops, #cond);                           \
			printf(__VA_ARGS__);                                                                           \
			printf("\nstress: reproduce with STRESS_SEED=0x%x\n", seed);                                   \
			fail();                                                                                        \
		}                                                                                                      \
	} while (0)

/* ---- the machine ----------------------------------------------------------- */

/* 1 GiB PC: low memory with the EBDA and BIOS ROM reserved, a 4 MiB hole at
 * 256 MiB, ACPI tables punched into the top of RAM. */
static const struct e820_entry machine[] = {
	{ 0, 0x9fc00, E820_TYPE_RAM },
	{ 0x9fc00, 0x400, E820_TYPE_RESERVED },
	{ 0xf0000, 0x10000, E820_TYPE_RESERVED },
	{ MB(1), MB(255), E820_TYPE_RAM },
	{ MB(260), MB(1024 - 260), E820_TYPE_RAM },
	{ MB(1024) - KB(64), KB(64), E820_TYPE_ACPI },
};

/* A machine with all three zones but little memory in them (16 MiB DMA,
 * 32 MiB Normal, 16 MiB HighMem above 896 MiB), so that mm_check() after
 * every operation stays cheap: the every-op runs below use it. */
static const struct e820_entry small_machine[] = {
	{ 0, 0x9fc00, E820_TYPE_RAM },
	{ 0xf0000, 0x10000, E820_TYPE_RESERVED },
	{ MB(1), MB(47), E820_TYPE_RAM },
	{ MB(900), MB(16), E820_TYPE_RAM },
};

static const struct e820_entry *cur_machine = machine;
static int cur_entries = (int)ARRAY_SIZE(machine);
static unsigned long long check_every = CHECK_EVERY; /* ops between full mm_check()s */

/* Builds the allocator over cur_machine like the kernel does; the
 * allocator's generator is seeded from the test seed (so shuffle and first
 * targets vary with it). ballast < 0: plain release. Returns 0 or -1. */
static int build(u32 colors, int ballast)
{
	return fixture_build_map(cur_machine, cur_entries, colors, ballast, seed ^ 0x9e3779b9u);
}

/* ---- the model ------------------------------------------------------------- */

static u8 *owned;     /* per pfn: 1 while handed out by us */
static u32 *live_pfn; /* live blocks, unordered */
static u8 *live_order;
static u32 nlive, live_cap, live_pages, managed_total;

static struct zone *zone_of(int z)
{
	return &contig_page_data.node_zones[z];
}

/* Brute force: the nearest color >= want (cyclic) with a block of order >=
 * order containing it in zone z on type mt's lists, as page_color.h promises. */
static u32 nearest_color(int z, u32 mt, u32 order, u32 want)
{
	for (u32 d = 0; d < page_colors; d += 1u << order) {
		u32 c = (want + d) & (page_colors - 1);
		if (fixture_zone_has_color_mt(z, mt, order, c))
			return c;
	}
	return COLOR_BITMAP_NONE;
}

/* The lists a request of gfp takes from in zone z before any fallback. */
static u32 list_type(int z, gfp_t gfp)
{
	return zone_grouping(&contig_page_data.node_zones[z]) ? gfp_migratetype(gfp) : MIGRATE_MOVABLE;
}

static u32 fallbacks_total(void)
{
	u32 n = 0;
	for (u32 a = 0; a < MIGRATE_TYPES; a++)
		for (u32 b = 0; b < MIGRATE_TYPES; b++)
			n += mobility_stats.fallbacks[a][b];
	return n;
}

static const int *zonelist(gfp_t gfp)
{
	static const int dma[] = { ZONE_DMA, -1 };
	static const int kernel[] = { ZONE_NORMAL, ZONE_DMA, -1 };
	static const int high[] = { ZONE_HIGHMEM, ZONE_NORMAL, ZONE_DMA, -1 };
	return (gfp & GFP_DMA) ? dma : (gfp & GFP_HIGHUSER) ? high : kernel;
}

static u32 pick_order(void)
{
	u32 r = mwc_next(&rng);
	if ((r & 31) == 0) /* 1 in 32: uniform over all orders */
		return mwc_below(&rng, MAX_ORDER);
	r >>= 5; /* geometric: order k with probability about 2^-(k+1) */
	return MIN((u32)__builtin_ctz(r | (1u << 26)), MAX_ORDER - 1);
}

static gfp_t pick_gfp(void)
{
	u32 r = mwc_below(&rng, 100);
	gfp_t g = r < 40 ? GFP_KERNEL : r < 88 ? GFP_HIGHUSER : GFP_DMA;
	static const gfp_t types[] = { 0, 0, __GFP_MOVABLE, __GFP_RECLAIMABLE };
	if (mwc_below(&rng, 20) == 0)
		g |= __GFP_NOCOLOR;
	return g | types[mwc_below(&rng, ARRAY_SIZE(types))]; /* a random migrate type */
}

static void check_accounting(void)
{
	SCHECK(nr_free_pages() + live_pages + mm_ballast_pages * (mm_shuffle_enabled ? 1 : 0) == managed_total,
	       "free %u + live %u + ballast %u != managed %u", nr_free_pages(), live_pages, mm_ballast_pages,
	       managed_total);
}

static u32 run_policy;
static unsigned long long nulls, hits, misses, nearest_checked, exhausts, full_frees, toggles, switches;
static unsigned long long fell_back, grouping_switches;

/* One checked allocation. Returns true when a block was handed out. */
static bool do_alloc(gfp_t gfp, u32 order)
{
	const int *zl = zonelist(gfp);
	bool colored = page_color_enabled && !(gfp & __GFP_NOCOLOR);
	/* binhop and vacolor (no va here: its round-robin) are predicted
	 * exactly; bestbin's target is checked by its own tests */
	bool predict = colored && (placement_active_id == PLACEMENT_BINHOP || placement_active_id == PLACEMENT_VACOLOR);
	struct placement_task before = *placement_task_of(current);
	struct mwc peek = fixture_rng;
	u32 mask = page_colors - 1, want = 0, pfn, i;
	int expect_zone = -1, z;
	bool had_color[MAX_NR_ZONES] = { false };
	u64 stat_hits = page_color_stats.hits, stat_misses = page_color_stats.misses;

	for (i = 0; zl[i] >= 0; i++)
		if (expect_zone < 0 && fixture_zone_has_order(zl[i], order))
			expect_zone = zl[i];
	if (predict) {
		u32 t = before.rr_init ? before.target_color : mwc_next(&peek) & mask;
		want = ((t + (1u << order) - 1) & ~((1u << order) - 1)) & mask;
		for (z = 0; z < MAX_NR_ZONES; z++)
			had_color[z] =
			    zone_populated(zone_of(z)) && fixture_zone_has_color_mt(z, list_type(z, gfp), order, want);
	}
	u32 nearest = COLOR_BITMAP_NONE, fb = fallbacks_total();
	bool check_nearest =
	    predict && expect_zone >= 0 && !had_color[expect_zone] && (page_colors <= 512 || (misses & 3) == 0);
	if (check_nearest)
		nearest = nearest_color(expect_zone, list_type(expect_zone, gfp), order, want);

	struct page *p = alloc_pages(gfp, order);
	ops++;
	if (p && fallbacks_total() != fb) {
		/* the type's lists had no block: the pick ran on the lists
		 * the fallback chose, which the model does not predict */
		fell_back++;
		predict = check_nearest = false;
	}
	if (p)
		SCHECK(page_mt(p) == gfp_migratetype(gfp), "block records type %u, gfp %#x states %u", page_mt(p), gfp,
		       gfp_migratetype(gfp));
	if (!p) {
		nulls++;
		SCHECK(expect_zone < 0, "NULL for gfp %#x order %u but zone %d had a block", gfp, order, expect_zone);
		return false;
	}
	SCHECK(p >= mem_map && p < mem_map + max_pfn, "page outside mem_map");
	pfn = page_to_pfn(p);
	z = page_zonenum(p);
	SCHECK(z == expect_zone, "gfp %#x order %u served by zone %d, expected %d (pfn %#x)", gfp, order, z,
	       expect_zone, pfn);
	SCHECK((pfn & ((1u << order) - 1)) == 0, "pfn %#x not aligned to order %u", pfn, order);
	SCHECK(zone_spans_pfn(zone_of(z), pfn) && zone_spans_pfn(zone_of(z), pfn + (1u << order) - 1),
	       "block %#x order %u leaves zone %d", pfn, order, z);
	SCHECK((p->flags & PG_head) && p->private == order, "head pfn %#x flags %#x private %u", pfn, p->flags,
	       p->private);
	for (i = 0; i < (1u << order); i++) {
		const struct page *q = p + i;
		SCHECK(!owned[pfn + i], "pfn %#x handed out twice (block %#x order %u)", pfn + i, pfn, order);
		SCHECK(!(q->flags & (PG_reserved | PG_buddy | PG_ballast)) && (i == 0 || !(q->flags & PG_head)),
		       "pfn %#x of new block has flags %#x", pfn + i, q->flags);
		owned[pfn + i] = 1;
	}
	if (colored) {
		const struct placement_task *t = placement_task_of(current);
		bool hit = t->hits == before.hits + 1;
		SCHECK(hit != (t->misses == before.misses + 1) &&
			   t->hits + t->misses == before.hits + before.misses + 1,
		       "task counters hits %u->%u misses %u->%u", before.hits, t->hits, before.misses, t->misses);
		SCHECK(page_color_stats.hits + page_color_stats.misses == stat_hits + stat_misses + 1,
		       "global counters did not move by one");
		if (hit)
			hits++;
		else
			misses++;
	}
	if (predict) {
		const struct placement_task *t = placement_task_of(current);
		bool hit = t->hits == before.hits + 1;
		SCHECK(hit == had_color[z], "zone %d had color %u for order %u: %d, but hit=%d", z, want, order,
		       had_color[z], hit);
		if (hit)
			SCHECK(pfn_color(pfn) == want, "hit but pfn %#x has color %u, want %u", pfn, pfn_color(pfn),
			       want);
		else
			SCHECK(pfn_color(pfn) != want, "miss but pfn %#x has the wanted color %u", pfn, want);
		if (check_nearest) {
			nearest_checked++;
			SCHECK(pfn_color(pfn) == nearest, "miss: color %u, nearest available is %u (want %u order %u)",
			       pfn_color(pfn), nearest, want, order);
		}
		SCHECK(t->target_color == ((pfn_color(pfn) + (1u << order)) & mask),
		       "next target %u after color %u order %u", t->target_color, pfn_color(pfn), order);
	}
	if (!colored) {
		const struct placement_task *t = placement_task_of(current);
		SCHECK(t->hits == before.hits && t->misses == before.misses && page_color_stats.hits == stat_hits &&
			   page_color_stats.misses == stat_misses,
		       "uncolored allocation moved the color counters");
	}
	SCHECK(nlive < live_cap, "model overflow");
	live_pfn[nlive] = pfn;
	live_order[nlive++] = (u8)order;
	live_pages += 1u << order;
	return true;
}

static void do_free(u32 idx)
{
	u32 pfn = live_pfn[idx], order = live_order[idx], i;

	live_pfn[idx] = live_pfn[--nlive];
	live_order[idx] = live_order[nlive];
	for (i = 0; i < (1u << order); i++)
		owned[pfn + i] = 0;
	live_pages -= 1u << order;
	SCHECK(__free_pages(pfn_to_page(pfn), order) == 0, "free of pfn %#x order %u refused", pfn, order);
	ops++;
}

/* A bad free (double free, wrong order, tail page) must be refused and change nothing. */
static void do_bad_free(void)
{
	struct buddy_snapshot a, b;
	u32 bad = mm_bad_free_count, idx = mwc_below(&rng, nlive);
	u32 pfn = live_pfn[idx], order = live_order[idx];

	snapshot_take(&a);
	if (order > 0 && mwc_below(&rng, 2))
		SCHECK(__free_pages(pfn_to_page(pfn + 1), 0) == -1, "free of a tail page accepted");
	else
		SCHECK(__free_pages(pfn_to_page(pfn), (order + 1) % MAX_ORDER) == -1,
		       "free with the wrong order accepted");
	snapshot_take(&b);
	SCHECK(mm_bad_free_count == bad + 1 && snapshot_equal(&a, &b), "bad free changed the state");
	ops++;
}

static unsigned long long next_check;

static void periodic_check(void)
{
	if (ops < next_check)
		return;
	next_check = ops + check_every;
	SCHECK(mm_check() == 0, "mm_check failed");
	check_accounting();
}

static void maybe_switch(void)
{
	static const char *const names[] = { "fft", "matmul", "stream", "qsort", "lbm", "kernel" };
	u32 r = mwc_below(&rng, 4000);

	if (r == 0) {
		/* any policy, as often back to the run's own */
		u32 id = mwc_below(&rng, 2) ? run_policy : mwc_below(&rng, PLACEMENT_NR);
		SCHECK(placement_select_id(id) == 0, "switch to policy %u failed", id);
		toggles++;
		ops++;
	} else if (r == 3) {
		mobility_grouping_set(mwc_below(&rng, 4) != 0); /* on three times in four */
		grouping_switches++;
		ops++;
	} else if (r <= 2) {
		u32 n = mwc_below(&rng, ARRAY_SIZE(names));
		if (n == ARRAY_SIZE(names) - 1)
			task_end();
		else
			task_start(names[n]);
		switches++;
		ops++;
	}
}

/* Allocates from gfp's zonelist until even order 0 fails; then every zone
 * of the list must be empty. */
static void exhaust(gfp_t gfp)
{
	const int *zl = zonelist(gfp);
	u32 order = pick_order();

	for (;;) {
		maybe_switch();
		if (!do_alloc(gfp, order)) {
			if (order == 0)
				break;
			order = mwc_below(&rng, order); /* smaller requests may still fit */
		} else if (mwc_below(&rng, 4) == 0) {
			order = pick_order();
		}
		periodic_check();
	}
	exhausts++;
	for (int i = 0; zl[i] >= 0; i++)
		SCHECK(zone_of(zl[i])->free_pages == 0, "zone %d has %u free pages after exhaustion", zl[i],
		       zone_of(zl[i])->free_pages);
}

/* Random alloc/free with alloc probability p_alloc percent for `len` ops. */
static void churn(u32 len, u32 p_alloc)
{
	unsigned long long stop = ops + len;

	if (!stress_long && stop > run_nops) /* the quick slice ends within a churn */
		stop = run_nops;
	while (ops < stop) {
		maybe_switch();
		if (nlive && mwc_below(&rng, 2000) == 0)
			do_bad_free();
		else if (nlive == 0 || mwc_below(&rng, 100) < p_alloc)
			do_alloc(pick_gfp(), pick_order());
		else
			do_free(mwc_below(&rng, nlive));
		periodic_check();
	}
}

/* The number of operations of a run: nops with STRESS_LONG=1, else nops /
 * div (the quick slice of make test). */
static unsigned long long slice(unsigned long long nops, unsigned div)
{
	return stress_long ? nops : nops / div;
}

static void run(const char *name, u32 policy, u32 colors, int ballast, unsigned long long nops)
{
	struct buddy_snapshot initial, final;
	struct zone *z;
	struct timespec t0, t1;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	run_name = name;
	run_nops = nops;
	ops = nulls = hits = misses = nearest_checked = exhausts = full_frees = toggles = switches = 0;
	fell_back = grouping_switches = 0;
	next_check = check_every;
	mwc_init(&rng, seed + colors, MWC_CARRY_DEFAULT); /* each run on its own stream */
	SCHECK(build(colors, ballast) == 0, "build failed");
	SCHECK(mm_check() == 0, "mm_check after build");
	for (int i = 0; i < MAX_NR_ZONES; i++)
		SCHECK(zone_populated(zone_of(i)), "zone %d not populated", i);
	managed_total = 0;
	for_each_zone(z)
		managed_total += z->managed_pages;
	live_cap = max_pfn;
	owned = calloc(max_pfn, 1);
	live_pfn = calloc(live_cap, sizeof(*live_pfn));
	live_order = calloc(live_cap, 1);
	nlive = live_pages = 0;
	SCHECK(owned && live_pfn && live_order, "out of host memory");
	run_policy = policy;
	SCHECK(placement_select_id(policy) == 0, "selecting policy %u", policy);
	snapshot_take(&initial);
	check_accounting();

	while (ops < nops) {
		u32 r = mwc_below(&rng, 10);
		if (r < 5) {
			churn(5000 + mwc_below(&rng, 25000), 35 + mwc_below(&rng, 30));
		} else if (r < 9) {
			static const gfp_t g[] = { GFP_DMA, GFP_KERNEL, GFP_HIGHUSER };
			exhaust(g[mwc_below(&rng, 3)]);
			/* recover: free 50..100% of what is live */
			u32 keep = mwc_below(&rng, nlive / 2 + 1);
			while (nlive > keep)
				do_free(mwc_below(&rng, nlive));
		} else {
			while (nlive) /* everything back */
				do_free(mwc_below(&rng, nlive));
			snapshot_take(&final);
			SCHECK(snapshot_equal(&initial, &final), "buddy state differs after a full free");
			full_frees++;
		}
		check_accounting();
	}
	while (nlive)
		do_free(mwc_below(&rng, nlive));
	SCHECK(mm_check() == 0, "final mm_check");
	check_accounting();
	snapshot_take(&final);
	SCHECK(snapshot_equal(&initial, &final), "buddy state differs after freeing everything");
	SCHECK(mm_bad_free_count > 0 || ops < 100000, "no bad free was exercised");
	for (u32 id = 0; id < PLACEMENT_NR; id++) { /* every policy takes every block */
		SCHECK(placement_select_id(id) == 0, "final switch to policy %u", id);
		SCHECK(mm_check() == 0, "mm_check after switching to policy %u", id);
	}
	page_color_stop();
	SCHECK(mm_check() == 0, "mm_check after stopping coloring");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("stress: run '%s': %llu ops in %.1f s: %llu exhaustions, %llu full frees, %llu policy "
	       "switches, %llu task switches, %llu NULL, %llu hits, %llu misses (%llu nearest-checked), "
	       "%u bad frees refused, %llu fallbacks, %llu grouping switches, %u steals\n",
	       name, ops, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, exhausts,
	       full_frees, toggles, switches, nulls, hits, misses, nearest_checked, mm_bad_free_count, fell_back,
	       grouping_switches, mobility_stats.steals);
	total_ops += ops;
	free(owned);
	free(live_pfn);
	free(live_order);
	fixture_teardown();
}

static void test_stress_64_colors_plain(void **state)
{
	(void)state;
	run("binhop, 64 colors, plain release", PLACEMENT_BINHOP, 64, -1, slice(1000000, 3));
}
static void test_stress_512_colors_ballast(void **state)
{
	(void)state;
	run("binhop, 512 colors, ballast 30%", PLACEMENT_BINHOP, 512, 30, slice(1000000, 3));
}
static void test_stress_4096_colors_ballast(void **state)
{
	(void)state;
	run("binhop, 4096 colors, ballast 50%", PLACEMENT_BINHOP, 4096, 50, slice(1000000, 3));
}
static void test_stress_1_color_ballast(void **state)
{
	(void)state;
	run("buddy, 1 color, ballast 10%", PLACEMENT_BUDDY, 1, 10, slice(300000, 3));
}
static void test_stress_vacolor(void **state)
{
	(void)state;
	run("vacolor, 512 colors, ballast 50%", PLACEMENT_VACOLOR, 512, 50, slice(400000, 3));
}
static void test_stress_bestbin(void **state)
{
	(void)state;
	run("bestbin, 64 colors, plain release", PLACEMENT_BESTBIN, 64, -1, slice(300000, 3));
}
static void test_stress_random(void **state)
{
	(void)state;
	run("random, 4096 colors, ballast 30%", PLACEMENT_RANDOM, 4096, 30, slice(400000, 3));
}
static void test_stress_buddy(void **state)
{
	(void)state;
	run("buddy, 64 colors, ballast 50%", PLACEMENT_BUDDY, 64, 50, slice(300000, 3));
}

/* Every policy on the small machine with mm_check() after every operation
 * (allocations, frees, bad frees, task and policy switches): the full
 * invariant check sees each intermediate state, not one in 10,000. */
static void run_every_op(const char *name, u32 policy, u32 colors, int ballast, unsigned long long nops)
{
	cur_machine = small_machine;
	cur_entries = (int)ARRAY_SIZE(small_machine);
	check_every = 1;
	run(name, policy, colors, ballast, nops);
	cur_machine = machine;
	cur_entries = (int)ARRAY_SIZE(machine);
	check_every = CHECK_EVERY;
}
static void test_every_op_buddy(void **state)
{
	(void)state;
	run_every_op("every op: buddy, 64 colors, ballast 30%", PLACEMENT_BUDDY, 64, 30, slice(15000, 8));
}
static void test_every_op_binhop(void **state)
{
	(void)state;
	run_every_op("every op: binhop, 512 colors, ballast 30%", PLACEMENT_BINHOP, 512, 30, slice(15000, 8));
}
static void test_every_op_vacolor(void **state)
{
	(void)state;
	run_every_op("every op: vacolor, 64 colors, plain release", PLACEMENT_VACOLOR, 64, -1, slice(15000, 8));
}
static void test_every_op_bestbin(void **state)
{
	(void)state;
	run_every_op("every op: bestbin, 4096 colors, ballast 50%", PLACEMENT_BESTBIN, 4096, 50, slice(15000, 8));
}
static void test_every_op_random(void **state)
{
	(void)state;
	run_every_op("every op: random, 64 colors, ballast 30%", PLACEMENT_RANDOM, 64, 30, slice(15000, 8));
}

static int setup(void **state)
{
	(void)state;
	capture_start(); /* bad-free messages go to the capture buffer */
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	capture_stop();
	return 0;
}

int main(void)
{
	const char *env = getenv("STRESS_SEED");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_stress_64_colors_plain, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stress_512_colors_ballast, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stress_4096_colors_ballast, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stress_1_color_ballast, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stress_vacolor, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stress_bestbin, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stress_random, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stress_buddy, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_op_buddy, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_op_binhop, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_op_vacolor, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_op_bestbin, setup, teardown),
		cmocka_unit_test_setup_teardown(test_every_op_random, setup, teardown),
	};
	int rc;

	setvbuf(stdout, NULL, _IOLBF, 0);
	seed = STRESS_SEED_DEFAULT;
	stress_long = getenv("STRESS_LONG") && strcmp(getenv("STRESS_LONG"), "1") == 0;
	if (env && *env && parse_u32(env, &seed) < 0) {
		printf("stress: STRESS_SEED='%s' is not a decimal or 0x-hex u32\n", env);
		return 2;
	}
	printf("stress: seed 0x%x (set STRESS_SEED to change); %s\n", seed,
	       stress_long ? "full runs (STRESS_LONG=1)"
			   : "quick slice: 1/3 of each run's operations, 1/8 with mm_check() after every one "
			     "(STRESS_LONG=1 or make test-long: the full runs)");
	rc = cmocka_run_group_tests(tests, NULL, NULL);
	printf("stress: %llu operations in total, seed 0x%x\n", total_ops, seed);
	fflush(stdout);
	return rc;
}
