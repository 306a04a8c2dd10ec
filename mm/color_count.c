/* SPDX-License-Identifier: MIT */
/* mm/color_count.c - see color_count.h. */
#include "mm/color_count.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "mm/mmzone.h"
#include "mm/page_color.h"

u32 page_color_count(u32 cache_size, u32 ways)
{
	u32 colors;

	if (ways == 0)
		return 1; /* fully associative: one set, so every page maps onto all of it */
	colors = cache_size / ways / PAGE_SIZE;
	if (colors == 0)
		colors = 1;
	if (colors > PAGE_COLOR_MAX)
		colors = PAGE_COLOR_MAX;
	while (colors & (colors - 1)) /* round down to a power of two */
		colors &= colors - 1;
	return colors;
}

u32 page_color_count_explain(u32 cache_size, u32 ways)
{
	u32 colors, exact, hundredths;
	u64 per_way;
	char cs[16];

	colors = page_color_count(cache_size, ways);
	format_size(cs, sizeof(cs), cache_size);
	if (ways == 0) {
		printk("coloring: cache_size=%s cache_ways=0 (fully associative: one set) give 1 color,"
		       " coloring has nothing to do and is off\n",
		       cs);
		return colors;
	}
	per_way = (u64)ways * PAGE_SIZE;
	exact = (u32)(cache_size / per_way);
	hundredths = (u32)((u64)cache_size * 100 / per_way % 100);
	if (colors >= 2 && exact == colors && hundredths == 0)
		return colors;
	printk("coloring: cache_size=%s cache_ways=%u give %u", cs, ways, exact);
	if (hundredths)
		printk(".%02u", hundredths);
	printk(" color%s (%s / (%u x %uK)): ", exact == 1 && !hundredths ? "" : "s", cs, ways, PAGE_SIZE >> 10);
	if (colors < 2)
		printk("1 color, coloring has nothing to do and is off\n");
	else if (exact > PAGE_COLOR_MAX)
		printk("capped to %u, the most the color lists support\n", colors);
	else
		printk("rounded down to %u, a power of two\n", colors);
	return colors;
}
