/* SPDX-License-Identifier: MIT */
/* mm/mm_init.h - building the memory manager from memblock, and its
 * command-line parameters. Shared by the kernel, the host tests and
 * tools/zoneinfo, so all three build zones exactly the same way. */
#ifndef MM_MM_INIT_H
#define MM_MM_INIT_H

#include "kernel/types.h"
#include "mm/cache_geom.h"
#include "mm/mmzone.h"
#include "mm/placement/registry.h"
#include <asm/cache.h> /* the cache geometry defaults */

struct mwc;

struct mm_config {
	bool page_color;		/* page_color=on|off: coloring at boot (default on) */
	u32 placement;			/* placement=NAME: enum placement_id; used when given */
	bool placement_given;		/* placement= was on the command line */
	bool page_color_given;		/* page_color= was on the command line (for the log) */
	u32 cache_size;			/* cache_size=N[K|M]: bytes, power of two when given */
	u32 cache_ways;			/* cache_ways=N: associativity used for colors */
	bool mm_shuffle;		/* mm_shuffle=on|off: imitate a long-running system */
	u32 mm_ballast;			/* mm_ballast=N: percent of free pages kept as ballast */
	u32 mm_debug;			/* mm_debug=off|on|poison: enum mm_debug_mode */
	bool mobility_grouping;		/* mobility_grouping=on|off: group pages by mobility
					   (mm/pageblock.h; default on) */
	bool compaction;		/* compaction=on|off: bench=frag may compact (default on) */
	struct mwc *rng;		/* the generator of the shuffle and of the policies' random
				  choices: the caller's state, passed explicitly (required) */
	u32 max_zone_pfn[MAX_NR_ZONES]; /* end pfn of each zone (exclusive): the
					  architecture's limits (required) */

	/* the geometry colors are computed for (color_geometry_boot, mm/color_count.h) */
	char cache_levels[CACHE_LEVELS_TEXT]; /* cache_levels=SPEC (mm/cache_geom.h), "" = none */
	u32 color_level;		      /* color_level=N: the N-th level, 0 = the largest */
	bool color_per_slice;		      /* color_per_slice=on|off: a sliced level's colors per slice */
	u32 cache_colors;		      /* colors derived at boot (0: from cache_size/cache_ways) */
};

/* mm_debug=: off; on (freed pages junk-filled, mm_check() after every
 * benchmark run, the full per-color dump); poison (on, and every free page
 * poisoned and the poison checked at allocation, mm/poison.h). The index of
 * init/params.c's choices. */
enum mm_debug_mode { MM_DEBUG_OFF, MM_DEBUG_ON, MM_DEBUG_POISON };
#define MM_DEBUG_CHOICES                                                                                               \
	{                                                                                                              \
		"off", "on", "poison", NULL                                                                            \
	}

/* The memory manager's configuration, passed into mm_init() (init/params.c
 * fills the kernel's from the command line; tests and tools fill their own).
 * Defaults: page_color on, cache_size and cache_ways the architecture's
 * (<asm/cache.h>; x86: 256K and 1, the 2.4.17 patch's i386 guess and
 * direct-mapped assumption; the kernel replaces both with the
 * largest cache CPUID reports before parsing; the kernel fills in CPUID's),
 * mm_shuffle on, mm_ballast 50, mm_debug off, mobility_grouping on,
 * compaction on. */
/* The defaults above, as an initializer: every user starts from them. */
#define MM_CONFIG_DEFAULT_INIT                                                                                         \
	{                                                                                                              \
		.page_color = true, .placement = PLACEMENT_BINHOP, .cache_size = ARCH_CACHE_SIZE_DEFAULT,              \
		.cache_ways = ARCH_CACHE_WAYS_DEFAULT, .mm_shuffle = true, .mm_ballast = 50, .mm_debug = MM_DEBUG_OFF, \
		.mobility_grouping = true, .compaction = true, .color_per_slice = true                                 \
	}
/* The configuration mm_init() was given (mm's own copy; read-only). */
extern struct mm_config mm_config;
/* Builds the node over what memblock describes: allocates mem_map (16 bytes
 * per pfn up to the highest usable pfn) and the color lists through alloc,
 * sets up the zones, attaches colors for cfg->cache_size/cache_ways,
 * then releases every free page to the buddy allocator -- shuffled with
 * ballast when cfg->mm_shuffle --, sets grouping by mobility
 * (cfg->mobility_grouping; mm/pageblock.h) and selects the placement policy:
 * cfg->placement when placement_given, else binhop when
 * cfg->page_color, else buddy (mm/placement/registry.h); the log names it.
 * alloc(bytes) returns zeroed or any memory that stays valid, or NULL. Returns 0, or -1 with a message on failure. */
int mm_init(const struct mm_config *cfg, void *(*alloc)(u32 bytes));

#endif
