/* mm/mm_init.h - building the memory manager from memblock, and its
 * command-line parameters. Shared by the kernel, the host tests and
 * tools/zoneinfo, so all three build zones exactly the same way. */
#ifndef MM_MM_INIT_H
#define MM_MM_INIT_H

#include "kernel/types.h"

struct mm_params {
	bool page_color;       /* page_color=on|off: coloring at boot (default on) */
	u32 placement;	       /* placement=NAME: enum placement_id; used when given */
	bool placement_given;  /* placement= was on the command line */
	bool page_color_given; /* page_color= was on the command line (for the log) */
	u32 cache_size;	       /* cache_size=N[K|M]: bytes, power of two when given */
	u32 cache_ways;	       /* cache_ways=N: associativity used for colors */
	bool mm_shuffle;       /* mm_shuffle=on|off: imitate a long-running system */
	u32 mm_ballast;	       /* mm_ballast=N: percent of free pages kept as ballast */
	bool mm_debug;	       /* mm_debug=on|off: junk-fill freed pages, extra checks */
};

/* Defaults: page_color on, cache_size 256K and cache_ways 1 (the 2.4.17 patch's
 * i386 guess and direct-mapped assumption; the kernel replaces both with the
 * largest cache CPUID reports before parsing; init/params.c maps the
 * command line onto these fields),
 * mm_shuffle on, mm_ballast 50, mm_debug off. */
extern struct mm_params mm_params;
/* Builds the node over what memblock describes: allocates mem_map (16 bytes
 * per pfn up to the highest usable pfn) and the color lists through alloc,
 * sets up the zones, attaches colors for mm_params.cache_size/cache_ways,
 * then releases every free page to the buddy allocator -- shuffled with
 * ballast when mm_params.mm_shuffle -- and selects the placement policy:
 * mm_params.placement when placement_given, else binhop when
 * mm_params.page_color, else buddy (mm/placement.h); the log names it.
 * alloc(bytes) returns zeroed or any memory that stays valid, or NULL. Returns 0, or -1 with a message on failure. */
int mm_init(void *(*alloc)(u32 bytes));

#endif
