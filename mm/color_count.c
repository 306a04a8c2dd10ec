/* SPDX-License-Identifier: MIT */
/* mm/color_count.c - see color_count.h. */
#include "mm/color_count.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "mm/mmzone.h"
#include "mm/page_color.h"

u32 page_color_count_explain(u32 cache_size, u32 ways)
{
	u32 colors, exact, hundredths;
	u64 per_way;
	char cs[16];

	if (ways == 0)
		ways = 1;
	colors = page_color_count(cache_size, ways);
	per_way = (u64)ways * PAGE_SIZE;
	exact = (u32)(cache_size / per_way);
	hundredths = (u32)((u64)cache_size * 100 / per_way % 100);
	format_size(cs, sizeof(cs), cache_size);
	if (colors >= 2 && exact == colors && hundredths == 0)
		return colors;
	printk("coloring: cache_size=%s cache_ways=%u give %u", cs, ways, exact);
	if (hundredths)
		printk(".%02u", hundredths);
	printk(" color%s (%s / (%u x 4K)): ", exact == 1 && !hundredths ? "" : "s", cs, ways);
	if (colors < 2)
		printk("1 color, coloring has nothing to do and is off\n");
	else if (exact > PAGE_COLOR_MAX)
		printk("capped to %u, the most the color lists support\n", colors);
	else
		printk("rounded down to %u, a power of two\n", colors);
	return colors;
}
