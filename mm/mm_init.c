/* SPDX-License-Identifier: MIT */
/* mm/mm_init.c - see mm_init.h. */
#include "mm/mm_init.h"
#include "kernel/printk.h"
#include "mm/memblock.h"
#include "mm/page_alloc.h"
#include "kernel/mwc.h"
#include "mm/page_color.h"
#include "mm/compaction.h"
#include "mm/pageblock.h"
#include "mm/placement/registry.h"
#include "mm/shuffle.h"

struct mm_config mm_config = MM_CONFIG_DEFAULT_INIT;

static u32 count_free(void)
{
	u32 i, pages = 0, r = 0;
	/* usable pages minus reserved ones, region by region */
	for (i = 0; i < memblock.memory.cnt; i++) {
		u32 b = memblock.memory.regions[i].base_pfn, e = memblock.memory.regions[i].end_pfn;
		pages += e - b;
		for (r = 0; r < memblock.reserved.cnt; r++) {
			u32 lo = MAX(b, memblock.reserved.regions[r].base_pfn);
			u32 hi = MIN(e, memblock.reserved.regions[r].end_pfn);
			if (hi > lo)
				pages -= hi - lo;
		}
	}
	return pages;
}

/* The boot policy: placement= when given, else page_color's (on = binhop,
 * off = buddy); a coloring policy with one color places nothing, so buddy
 * is used instead, and the log says so. */
static void mm_select_boot_placement(void)
{
	u32 id = mm_config.page_color ? PLACEMENT_BINHOP : PLACEMENT_BUDDY;

	if (mm_config.placement_given) {
		id = mm_config.placement < PLACEMENT_NR ? mm_config.placement : PLACEMENT_BINHOP;
		if (mm_config.page_color_given)
			printk("placement: placement=%s and page_color=%s given: placement= wins\n",
			       placement_choices[id], mm_config.page_color ? "on" : "off");
	}
	if (id != PLACEMENT_BUDDY && page_colors <= 1) {
		if (mm_config.placement_given)
			printk("placement: %s needs more than one color (colors=%u); using buddy\n",
			       placement_choices[id], page_colors);
		id = PLACEMENT_BUDDY;
	}
	if (placement_select_id(id) < 0)
		placement_select_id(PLACEMENT_BUDDY);
	printk("placement: %s (%s; colors=%u)\n", placement_name(), placement_active->desc, page_colors);
}

int mm_init(const struct mm_config *config, void *(*alloc)(u32 bytes))
{
	u32 end = memblock_end_pfn(), colors;
	struct placement_config cfg;
	struct page *map;

	mm_config = *config;
	if (!mm_config.max_zone_pfn[MAX_NR_ZONES - 1] || mm_config.max_zone_pfn[0] > mm_config.max_zone_pfn[1] ||
	    mm_config.max_zone_pfn[1] > mm_config.max_zone_pfn[2]) {
		printk("mm: mm_init without ascending zone limits (mm_config.max_zone_pfn)\n");
		return -1;
	}
	if (!mm_config.rng) {
		printk("mm: mm_init without a random generator (mm_config.rng)\n");
		return -1;
	}

	if (!end) {
		printk("mm: no usable memory\n");
		return -1;
	}
	map = alloc(end * (u32)sizeof(struct page));
	if (!map) {
		printk("mm: cannot allocate mem_map for %u pfns (%u bytes)\n", end, end * (u32)sizeof(struct page));
		return -1;
	}
	free_area_init(map, end, mm_config.max_zone_pfn);
	colors = mm_config.cache_colors ? mm_config.cache_colors
					: page_color_count(mm_config.cache_size, mm_config.cache_ways);
	{ /* no more colors than the memory for their lists allows */
		u32 free = count_free(), sets = placement_color_sets();
		u32 fit = placement_colors_fit(colors, sets, free);
		if (fit < colors)
			printk("coloring: %u colors would take %u KiB for their free lists, more than 1/%u of the %u "
			       "KiB free: %u color%s used%s\n",
			       colors, placement_color_cost_pages(colors, sets) * (PAGE_SIZE / 1024),
			       PLACEMENT_COLOR_SHARE, free * (PAGE_SIZE / 1024), fit, fit == 1 ? "" : "s",
			       fit == 1 ? " (coloring is off)" : "");
		colors = fit;
	}
	cfg = (struct placement_config){
		.colors = colors, .mwc = mm_config.rng, .reshuffle = __shuffle_free_lists, .alloc = alloc
	};
	if (placement_setup(&cfg) < 0)
		printk("mm: cannot allocate the placement lists for %u colors; only placement=buddy available\n",
		       colors);
	mm_shuffle_enabled = mm_config.mm_shuffle;
	if (mm_shuffle_enabled) {
		/* the scratch array comes out of memblock before the release */
		u32 n = count_free() + 1024;
		u32 *scratch = alloc(n * 4);
		if (!scratch || shuffle_release_memblock(scratch, n, mm_config.mm_ballast, mm_config.rng) < 0) {
			printk("mm: mm_shuffle: no memory for the shuffle array; booting unshuffled\n");
			mm_shuffle_enabled = false;
			mm_release_memblock();
		}
	} else {
		mm_release_memblock();
	}
	mobility_init(mm_config.mobility_grouping);
	compaction_enabled = mm_config.compaction;
	mm_select_boot_placement();
	return 0;
}
