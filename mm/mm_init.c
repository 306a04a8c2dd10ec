/* mm/mm_init.c - see mm_init.h. */
#include "mm/mm_init.h"
#include "kernel/printk.h"
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
