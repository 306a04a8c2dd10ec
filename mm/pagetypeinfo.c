/* SPDX-License-Identifier: MIT */
/* mm/pagetypeinfo.c - see pagetypeinfo.h. */
#include "mm/pagetypeinfo.h"
#include "kernel/printk.h"
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
	for_each_zone(zone) {
		if (!zone_populated(zone))
			continue;
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
	for_each_zone(zone) {
		struct pageblock_census c;

		if (!zone_populated(zone))
			continue;
		pageblock_census(zone, &c);
		printk("Node %u, zone %8s ", 0u, zone->name);
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			printk("%12u ", c.blocks[mt]);
		printk("%12u\n", c.mixed);
	}
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
}
