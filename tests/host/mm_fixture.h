/* SPDX-License-Identifier: MIT */
/* tests/host/mm_fixture.h - builds the real mm/ allocator over a private,
 * malloc'd mem_map on the host, from a synthetic e820 map (the same path
 * the kernel takes at boot: e820_sanitize -> memblock -> free_area_init ->
 * placement_setup -> release, through mm_init with a struct mm_config).
 * Header-only. */
#ifndef TESTS_HOST_MM_FIXTURE_H
#define TESTS_HOST_MM_FIXTURE_H

#include <stdlib.h>

#include "kernel/mwc.h"
#include "kernel/task.h"
#include "arch/x86/e820.h"
#include "mm/memblock.h"
#include "arch/x86/arch.h"
#include "mm/internal.h"
#include "mm/zone_lock.h"
#include "mm/mm_init.h"
#include "tests/host/host_support.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/pageblock.h"
#include "mm/placement/registry.h"
#include "mm/shuffle.h"

/* Every block the fixture allocates, freed by fixture_teardown(). */
#define FIXTURE_MAX_ALLOCS 1024
static void *fixture_allocs[FIXTURE_MAX_ALLOCS];
/* MWC seed used by fixture_build (the shuffle and starting colors). */
static u32 fixture_seed = MWC_SEED_DEFAULT;
static int fixture_nallocs;

static inline void *fixture_alloc(u32 bytes)
{
	void *p = calloc(1, bytes);
	if (p && fixture_nallocs < FIXTURE_MAX_ALLOCS)
		fixture_allocs[fixture_nallocs++] = p;
	return p;
}

static inline void fixture_teardown(void)
{
	if (fixture_nallocs > 0) /* back to buddy while mem_map still exists */
		placement_select_id(PLACEMENT_BUDDY);
	while (fixture_nallocs > 0)
		free(fixture_allocs[--fixture_nallocs]);
	mm_shuffle_enabled = false;
}

/* The configuration the fixture passes into mm_init() (each test file has
 * its own copy; tests may change fields before building). */
static struct mm_config fixture_mm_config = MM_CONFIG_DEFAULT_INIT;
/* The generator the fixture passes in (tests may copy it to predict picks). */
static struct mwc fixture_rng;

/* Builds the allocator the way the kernel does (mm_init() over memblock)
 * from a full e820 map: entries[n] with their types; the first MiB is
 * reserved as the kernel reserves it. colors: 1 disables coloring (which
 * stays stopped: tests start it). ballast_percent < 0: no shuffle. The MWC
 * generator (shuffle, first targets) is seeded with seed. Returns 0 or -1. */
static inline int fixture_build_map(const struct e820_entry *entries, int n, u32 colors, int ballast_percent, u32 seed)
{
	struct e820_table raw = { 0 }, map;
	int i;

	fixture_teardown();
	for (i = 0; i < n; i++)
		e820_add(&raw, entries[i].addr, entries[i].size, entries[i].type);
	if (e820_sanitize(&raw, &map, NULL) < 0)
		return -1;
	memblock_reset();
	if (e820_memblock_add(&map) < 0 || memblock_reserve(0, 0x100000) < 0)
		return -1;
	task_init();
	mwc_init(&fixture_rng, seed, MWC_CARRY_DEFAULT);
	fixture_mm_config.rng = &fixture_rng;
	{
		static const u32 lim[MAX_NR_ZONES] = { ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN,
						       ARCH_HIGHMEM_LIMIT_PFN };
		memcpy(fixture_mm_config.max_zone_pfn, lim, sizeof(lim)); /* the i386 layout (arch/x86/arch.h) */
	}
	fixture_mm_config.cache_size = colors * PAGE_SIZE;
	fixture_mm_config.cache_ways = 1;
	fixture_mm_config.mm_shuffle = ballast_percent >= 0;
	fixture_mm_config.mm_ballast = ballast_percent >= 0 ? (u32)ballast_percent : 0;
	fixture_mm_config.page_color = false;
	return mm_init(&fixture_mm_config, fixture_alloc);
}

/* The same for usable RAM only: ranges are n pairs of (base, size) bytes. */
static inline int fixture_build(const u64 (*ranges)[2], int n, u32 colors, int ballast_percent)
{
	struct e820_entry e[E820_MAX_ENTRIES];
	int i;

	for (i = 0; i < n && i < E820_MAX_ENTRIES; i++)
		e[i] = (struct e820_entry){ ranges[i][0], ranges[i][1], E820_TYPE_RAM };
	return fixture_build_map(e, i, colors, ballast_percent, fixture_seed);
}

/* Does zone z hold a free block of order >= order? */
static inline bool fixture_zone_has_order(int z, u32 order)
{
	for (u32 o = order; o < MAX_ORDER; o++)
		if (contig_page_data.node_zones[z].free_area[o].nr_free)
			return true;
	return false;
}

/* Does zone z hold a free block of order >= order containing color, on
 * any migrate type's lists (a coloring policy active)? */
static inline bool fixture_zone_has_color(int z, u32 order, u32 color)
{
	for (u32 mt = 0; mt < MIGRATE_TYPES; mt++) {
		const struct color_lists *cl = contig_page_data.node_zones[z].placement[mt];
		for (u32 o = order; cl && o < MAX_ORDER; o++) /* NULL: a small zone's unused type */
			if (color_bitmap_test(&cl->area[o].nonempty, color >> o))
				return true;
	}
	return false;
}

/* The same on the lists of migrate type mt only. */
static inline bool fixture_zone_has_color_mt(int z, u32 mt, u32 order, u32 color)
{
	const struct color_lists *cl = contig_page_data.node_zones[z].placement[mt];
	for (u32 o = order; cl && o < MAX_ORDER; o++)
		if (color_bitmap_test(&cl->area[o].nonempty, color >> o))
			return true;
	return false;
}

/* The current task's placement state. */
static inline struct placement_task *fixture_task(void)
{
	return placement_task_of(current);
}

/* __steal_pageblock as the allocator calls it: under the zone lock (host
 * builds assert it, kernel/spinlock.h). */
static inline bool fixture_steal_pageblock(struct zone *zone, struct page *page, u32 order, u32 mt)
{
	irqflags_t flags = zone_lock_irqsave();
	bool stolen = __steal_pageblock(zone, page, order, mt);

	zone_unlock_irqrestore(flags);
	return stolen;
}

/* cmocka setup/teardown for allocator tests: console captured, allocator
 * torn down afterwards. */
static inline int fixture_setup_cb(void **state)
{
	(void)state;
	capture_start();
	return 0;
}

static inline int fixture_teardown_cb(void **state)
{
	(void)state;
	fixture_teardown();
	capture_stop();
	return 0;
}

#define MB(x) ((u64)(x) << 20)
#define KB(x) ((u64)(x) << 10)

/* Snapshot of nr_free for every zone and order. */
struct buddy_snapshot {
	u32 nr_free[MAX_NR_ZONES][MAX_ORDER];
	u32 free_pages[MAX_NR_ZONES];
};

static inline void snapshot_take(struct buddy_snapshot *s)
{
	for (int z = 0; z < MAX_NR_ZONES; z++) {
		s->free_pages[z] = contig_page_data.node_zones[z].free_pages;
		for (int o = 0; o < MAX_ORDER; o++)
			s->nr_free[z][o] = contig_page_data.node_zones[z].free_area[o].nr_free;
	}
}

static inline int snapshot_equal(const struct buddy_snapshot *a, const struct buddy_snapshot *b)
{
	return memcmp(a, b, sizeof(*a)) == 0;
}

#endif
