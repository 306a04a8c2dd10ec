/* SPDX-License-Identifier: MIT */
/* mm/pagetypeinfo.c - see pagetypeinfo.h. */
#include "mm/pagetypeinfo.h"
#include "kernel/printk.h"
#include "mm/page_color.h"
#include "mm/pageblock.h"

void pagetypeinfo_print(void)
{
	struct zone *zone;
	u32 o, mt;

	printk("Page block order: %u\n", pageblock_order);
	printk("Pages per block:  %u\n", pageblock_nr_pages);
	printk("%-43s ", "Free pages count per migrate type at order");
	for (o = 0; o < MAX_ORDER; o++)
		printk("%6u ", o);
	printk("\n");
	for_each_populated_zone(zone) {
		for (mt = 0; mt < MIGRATE_TYPES; mt++) {
			printk("Node %4u, zone %8s, type %12s ", 0u, zone->name, migratetype_names[mt]);
			for (o = 0; o < MAX_ORDER; o++)
				printk("%6u ", zone->free_area[o].nr_free_mt[mt]);
			printk("\n");
		}
	}
	printk("%-23s", "Number of blocks type ");
	for (mt = 0; mt < MIGRATE_TYPES; mt++)
		printk("%12s ", migratetype_names[mt]);
	printk("%12s\n", "Mixed");
	for_each_populated_zone(zone) {
		struct pageblock_census c;

		pageblock_census(zone, &c);
		printk("Node %u, zone %8s ", 0u, zone->name);
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			printk("%12u ", c.blocks[mt]);
		printk("%12u\n", c.mixed);
	}
	pagetypeinfo_print_colors("boot");
}

void pagetypeinfo_summary(const char *after)
{
	struct pageblock_census total = { 0 };
	struct zone *zone;
	u32 mt, fallbacks = 0, i;

	for_each_zone(zone) {
		struct pageblock_census c;

		pageblock_census(zone, &c);
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			total.blocks[mt] += c.blocks[mt];
		total.mixed += c.mixed;
		total.with_unmovable += c.with_unmovable;
	}
	for (mt = 0; mt < MIGRATE_TYPES; mt++)
		for (i = 0; i < MIGRATE_TYPES; i++)
			fallbacks += mobility_stats.fallbacks[mt][i];
	printk("pagetypeinfo: after=%s grouping=%s blocks Unmovable=%u Movable=%u Reclaimable=%u mixed=%u "
	       "with_unmovable=%u fallbacks=%u steals=%u\n",
	       after, mobility_grouping_enabled ? "on" : "off", total.blocks[MIGRATE_UNMOVABLE],
	       total.blocks[MIGRATE_MOVABLE], total.blocks[MIGRATE_RECLAIMABLE], total.mixed, total.with_unmovable,
	       fallbacks, mobility_stats.steals);
	pagetypeinfo_print_colors(after);
}

#define COLOR_CHUNK 256u /* colors counted per walk of the zone: 1 KiB of .bss */
static u32 color_count[COLOR_CHUNK];

/* Free pages of type mt in zone per color for colors [first, first + n),
 * into color_count[0..n); returns the free pages of the type (all colors). */
static u32 count_colors(const struct zone *zone, u32 mt, u32 first, u32 n)
{
	u32 pfn, i, free = 0, colors = page_colors;

	for (i = 0; i < n; i++)
		color_count[i] = 0;
	for (pfn = zone->zone_start_pfn; pfn < zone_end_pfn(zone); pfn++) {
		const struct page *p = pfn_to_page(pfn);
		u32 size;

		if (!(p->flags & PG_buddy) || page_mt(p) != mt)
			continue;
		size = 1u << p->private;
		free += size;
		if (size >= colors) /* aligned, at least `colors` pages: size / colors of each */
			for (i = 0; i < n; i++)
				color_count[i] += size / colors;
		else
			for (i = 0; i < size; i++) {
				u32 c = pfn_color(pfn + i);
				if (c >= first && c < first + n)
					color_count[c - first]++;
			}
		pfn += size - 1;
	}
	return free;
}

void pagetypeinfo_color_spread(const struct zone *zone, u32 mt, struct color_spread *s)
{
	u32 first, i, n, colors = page_colors;

	s->colors = colors <= PAGETYPEINFO_MAX_COLORS ? colors : 0;
	s->min = s->colors ? ~0u : 0;
	s->max = 0;
	if (!s->colors) {
		s->free = count_colors(zone, mt, 0, 0);
		return;
	}
	for (first = 0; first < colors; first += COLOR_CHUNK) {
		n = colors - first < COLOR_CHUNK ? colors - first : COLOR_CHUNK;
		s->free = count_colors(zone, mt, first, n);
		for (i = 0; i < n; i++) {
			s->min = color_count[i] < s->min ? color_count[i] : s->min;
			s->max = color_count[i] > s->max ? color_count[i] : s->max;
		}
	}
}

void pagetypeinfo_print_colors(const char *after)
{
	struct zone *zone;
	u32 mt;

	for_each_populated_zone(zone) {
		for (mt = 0; mt < MIGRATE_TYPES; mt++) {
			struct color_spread s;
			u32 mean100;

			pagetypeinfo_color_spread(zone, mt, &s);
			printk("pagetypeinfo: colors after=%s zone=%s type=%s free=%u ", after, zone->name,
			       migratetype_names[mt], s.free);
			if (!s.colors) {
				printk("colors=%u not counted (over %u)\n", page_colors, PAGETYPEINFO_MAX_COLORS);
				continue;
			}
			mean100 = s.free * 100 / s.colors; /* free < 2^20 pages: no overflow */
			printk("colors=%u min=%u max=%u mean=%u.%02u\n", s.colors, s.min, s.max, mean100 / 100,
			       mean100 % 100);
		}
	}
}
