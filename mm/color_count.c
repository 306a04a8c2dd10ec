/* SPDX-License-Identifier: MIT */
/* mm/color_count.c - see color_count.h. */
#include "mm/color_count.h"
#include "mm/cache_geom.h"
#include "mm/mm_init.h"
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

static void reject(const char *name, const char *value, const char *why, const char *keeping)
{
	static char text[CACHE_LEVELS_TEXT + 32];

	printk("cmdline: %s=%s rejected: %s; keeping %s\n", name, value, why, keeping);
	ksnprintf(text, sizeof(text), "%s=%s", name, value);
	cmdline_reject_late(text, why);
}

bool color_geometry_boot(struct mm_config *mm, const struct cache_geom *cpuid, bool size_given, bool ways_given)
{
	static struct cache_geom g;
	static char why[320];
	struct color_derivation d;
	bool levels = false, level_given = mm->color_level != 0;

	if (mm->cache_levels[0]) {
		if (cache_levels_parse(mm->cache_levels, &g, why, sizeof(why)) < 0)
			reject("cache_levels", mm->cache_levels, why,
			       size_given || ways_given || !cpuid->n ? "cache_size= and cache_ways="
								     : "the levels CPUID reports");
		else
			levels = true;
	}
	if (levels) {
		if (size_given || ways_given)
			printk("coloring: cache_size=/cache_ways= not honoured: cache_levels= gives the geometry\n");
	} else if (size_given || ways_given || !cpuid->n) {
		cache_geom_one_level(&g, mm->cache_size, mm->cache_ways,
				     size_given || ways_given ? "cache_size=" : "the default");
	} else {
		g = *cpuid;
	}
	if (mm->color_level > g.n) {
		ksnprintf(why, sizeof(why), "%s gives %u level%s; accepted: a number from 1 to %u", g.source, g.n,
			  g.n == 1 ? "" : "s", g.n);
		static char val[12];
		ksnprintf(val, sizeof(val), "%u", mm->color_level);
		reject("color_level", val, why, "the default (the largest level)");
		mm->color_level = 0;
		level_given = false;
	}
	if (color_count_derive(&g, mm->color_level, mm->color_per_slice, &d) < 0)
		return false;
	color_geometry_set(&d);
	if (!levels && !level_given)
		return false;
	printk("coloring: the levels, from %s:", g.source);
	for (u32 i = 0; i < g.n; i++) {
		char sz[16];
		format_size(sz, sizeof(sz), g.lv[i].size);
		printk(" %s %s %u-way%s", g.lv[i].name, sz, g.lv[i].ways, i + 1 < g.n ? "," : "");
	}
	printk("; colors for %s (%s)\n", d.lv.name, level_given ? "color_level=" : "the largest");
	color_count_log(&d, g.n);
	mm->cache_size = d.lv.size;
	mm->cache_ways = d.lv.ways;
	mm->cache_colors = d.colors;
	return true;
}
