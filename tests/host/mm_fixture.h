/* tests/host/mm_fixture.h - builds the real mm/ allocator over a private,
 * malloc'd mem_map on the host, from a synthetic e820 map (the same path
 * the kernel takes at boot: e820_sanitize -> memblock -> free_area_init ->
 * page_color_setup -> release). Header-only. */
#ifndef TESTS_HOST_MM_FIXTURE_H
#define TESTS_HOST_MM_FIXTURE_H

#include <stdlib.h>

#include "kernel/mwc.h"
#include "kernel/task.h"
#include "mm/e820.h"
#include "mm/memblock.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/shuffle.h"

/* Every block the fixture allocates, freed by fixture_teardown(). */
#define FIXTURE_MAX_ALLOCS 256
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
	while (fixture_nallocs > 0)
		free(fixture_allocs[--fixture_nallocs]);
	page_color_enabled = false;
	mm_shuffle_enabled = false;
}

/* Builds the allocator. ranges: n pairs of (base, size) bytes of usable RAM
 * (type 1); the first MiB is reserved as the kernel reserves it. colors: 1
 * disables coloring. ballast_percent < 0: no shuffle. Returns 0 or -1. */
static inline int fixture_build(const u64 (*ranges)[2], int n, u32 colors, int ballast_percent)
{
	struct e820_table raw = { 0 }, map;
	struct page *pages;
	u32 end, free_pages = 0;
	int i;

	fixture_teardown();
	for (i = 0; i < n; i++)
		e820_add(&raw, ranges[i][0], ranges[i][1], E820_TYPE_RAM);
	if (e820_sanitize(&raw, &map, NULL) < 0)
		return -1;
	memblock_reset();
	if (memblock_add_e820(&map) < 0)
		return -1;
	memblock_reserve(0, 0x100000);
	end = memblock_end_pfn();
	pages = fixture_alloc(end * (u32)sizeof(struct page));
	if (!pages)
		return -1;
	free_area_init(pages, end);
	if (page_color_setup(colors, fixture_alloc) < 0)
		return -1;
	task_init();
	mwc_init(&mwc_global, fixture_seed, MWC_CARRY_DEFAULT);
	if (ballast_percent >= 0) {
		u32 *scratch;
		free_pages = memblock_memory_pages(0, end);
		scratch = fixture_alloc(free_pages * 4);
		mm_shuffle_enabled = true;
		if (shuffle_release_memblock(scratch, free_pages, (u32)ballast_percent) < 0)
			return -1;
	} else {
		mm_release_memblock();
	}
	return 0;
}

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
