/* mm/mm_init.c - see mm_init.h. */
#include "mm/mm_init.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/shuffle.h"

struct mm_params mm_params = {
	.page_color = true,
	.cache_size = 256 * 1024,
	.cache_ways = 1,
	.mm_shuffle = true,
	.mm_ballast = 50,
	.mm_debug = false,
};

struct kernel_param mm_param_table[] = {
	{ .name = "page_color",
	  .type = PARAM_BOOL,
	  .value = &mm_params.page_color,
	  .help = "page coloring at boot (the benchmarks switch it per run)" },
	{ .name = "cache_size",
	  .type = PARAM_SIZE,
	  .value = &mm_params.cache_size,
	  .min = 4096,
	  .max = 1u << 30,
	  .pow2 = true,
	  .help = "cache that coloring targets; default: largest cache CPUID reports" },
	{ .name = "cache_ways",
	  .type = PARAM_UINT,
	  .value = &mm_params.cache_ways,
	  .min = 1,
	  .max = 64,
	  .help = "its ways; colors = cache_size / (ways * 4K); default: CPUID's, else 1 (the seed's)" },
	{ .name = "mm_shuffle",
	  .type = PARAM_BOOL,
	  .value = &mm_params.mm_shuffle,
	  .help = "randomise free lists at boot, imitating a long-running system" },
	{ .name = "mm_ballast",
	  .type = PARAM_UINT,
	  .value = &mm_params.mm_ballast,
	  .min = 0,
	  .max = 90,
	  .help = "percent of the pages of fragmented 4M blocks (3 in 4) mm_shuffle keeps as ballast" },
	{ .name = "mm_debug",
	  .type = PARAM_BOOL,
	  .value = &mm_params.mm_debug,
	  .help = "junk-fill freed pages and run mm_check() after every benchmark run" },
};
const size_t mm_param_count = ARRAY_SIZE(mm_param_table);

struct kernel_param *mm_param(const char *name)
{
	size_t i;
	for (i = 0; i < mm_param_count; i++)
		if (!strcmp(mm_param_table[i].name, name))
			return &mm_param_table[i];
	return NULL;
}

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

int mm_init(void *(*alloc)(u32 bytes))
{
	u32 end = memblock_end_pfn(), colors;
	struct page *map;

	if (!end) {
		printk("mm: no usable memory\n");
		return -1;
	}
	map = alloc(end * (u32)sizeof(struct page));
	if (!map) {
		printk("mm: cannot allocate mem_map for %u pfns (%u bytes)\n", end, end * (u32)sizeof(struct page));
		return -1;
	}
	free_area_init(map, end);
	colors = page_color_count(mm_params.cache_size, mm_params.cache_ways);
	if (page_color_setup(colors, alloc) < 0) {
		printk("mm: cannot allocate the lists for %u colors; coloring unavailable\n", colors);
		page_color_setup(1, alloc);
	}
	mm_shuffle_enabled = mm_params.mm_shuffle;
	if (mm_shuffle_enabled) {
		/* the scratch array comes out of memblock before the release */
		u32 n = count_free() + 1024;
		u32 *scratch = alloc(n * 4);
		if (!scratch || shuffle_release_memblock(scratch, n, mm_params.mm_ballast) < 0) {
			printk("mm: mm_shuffle: no memory for the shuffle array; booting unshuffled\n");
			mm_shuffle_enabled = false;
			mm_release_memblock();
		}
	} else {
		mm_release_memblock();
	}
	if (mm_params.page_color && page_colors > 1)
		page_color_start();
	return 0;
}
