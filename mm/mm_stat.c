/* SPDX-License-Identifier: MIT */
/* mm/mm_stat.c - see mm_stat.h. */
#include "mm/mm_stat.h"
#include "kernel/printk.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"
#include "mm/shuffle.h"
#include "mm/pcp.h"

void mm_print_buddyinfo(const char *when)
{
	struct zone *zone;
	char line[160];

	printk("buddyinfo: %s: free blocks per order 0..%u, as /proc/buddyinfo:\n", when, MAX_ORDER - 1);
	for_each_populated_zone(zone) {
		int n;
		u32 o;

		n = ksnprintf(line, sizeof(line), "Node %u, zone %8s ", 0u, zone->name);
		for (o = 0; o < MAX_ORDER && n < (int)sizeof(line); o++)
			n += ksnprintf(line + n, sizeof(line) - (u32)n, "%6u ", zone->free_area[o].nr_free);
		printk("%s\n", line);
	}
	pcp_print(); /* per zone and CPU: pages on the hot and cold lists (when on) */
}

void mm_print_zones(void)
{
	struct zone *zone;

	for_each_zone(zone)
		printk("zone: name=%s start_pfn=0x%x end_pfn=0x%x spanned=%u present=%u managed=%u free=%u\n",
		       zone->name, zone->zone_start_pfn, zone_end_pfn(zone), zone->spanned_pages, zone->present_pages,
		       zone->managed_pages, zone->free_pages);
}

/* Free pages per color, for every color at once: one pass over every free
 * list (a per-color walk would cost colors x blocks; with 4096 colors and
 * coloring off that took seconds under QEMU). */
static u32 color_free[PAGE_COLOR_MAX];

static void count_block(struct zone *zone, struct page *p, u32 list_idx, void *arg)
{
	u32 o = *(u32 *)arg, first = pfn_color(page_to_pfn(p)), i;

	UNUSED(zone);
	UNUSED(list_idx);
	if ((1u << o) >= page_colors) {
		/* the block covers every color 2^o / colors times */
		for (i = 0; i < page_colors; i++)
			color_free[i] += (1u << o) / page_colors;
	} else {
		for (i = 0; i < (1u << o); i++)
			color_free[first + i]++;
	}
}

static void count_free_per_color(void)
{
	struct zone *zone;
	u32 c;

	for (c = 0; c < page_colors; c++)
		color_free[c] = 0;
	for_each_populated_zone(zone) {
		u32 o;
		for (o = 0; o < MAX_ORDER; o++)
			placement_active->for_each_block(zone, o, count_block, &o);
	}
}

u32 page_color_free_pages(u32 color)
{
	count_free_per_color();
	return color_free[pfn_color(color)];
}

void page_color_print(bool verbose)
{
	char line[200];
	u32 c, lo = 0xffffffffu, hi = 0;
	u64 sum = 0;

	printk("page_color: colors=%u enabled=%d hits=%llu misses=%llu probe_steps=%llu pages_allocated=%llu ballast=%u"
	       " placement=%s\n",
	       page_colors, page_color_enabled ? 1 : 0, (unsigned long long)page_color_stats.hits,
	       (unsigned long long)page_color_stats.misses, (unsigned long long)page_color_stats.probe_steps,
	       (unsigned long long)page_color_stats.pages_allocated, mm_ballast_pages, placement_name());
	count_free_per_color();
	for (c = 0; c < page_colors; c++) {
		lo = MIN(lo, color_free[c]);
		hi = MAX(hi, color_free[c]);
		sum += color_free[c];
	}
	printk("page_color: free per color min=%u max=%u mean=%u\n", lo, hi, (u32)(sum / page_colors));
	if (!verbose && page_colors > 64)
		return;
	for (c = 0; c < page_colors; c += 16) {
		u32 i, last = MIN(c + 16, page_colors) - 1;
		int n = ksnprintf(line, sizeof(line), "page_color: free[%u..%u]", c, last);
		for (i = c; i <= last && n < (int)sizeof(line); i++)
			n += ksnprintf(line + n, sizeof(line) - (u32)n, " %u", color_free[i]);
		printk("%s\n", line);
	}
}

/* Blocks per list index of one zone and order, for the dump. */
static void count_list(struct zone *zone, struct page *p, u32 list_idx, void *arg)
{
	UNUSED(zone);
	UNUSED(p);
	if (list_idx < PAGE_COLOR_MAX)
		((u32 *)arg)[list_idx]++;
}

void mm_dump_free_lists(void)
{
	struct zone *zone;

	for_each_populated_zone(zone) {
		u32 o, i;
		for (o = 0; o < MAX_ORDER; o++) {
			u32 n = placement_active->nr_lists(zone, o);

			for (i = 0; i < n; i++)
				color_free[i] = 0;
			placement_active->for_each_block(zone, o, count_list, color_free);
			printk("freelist zone=%s order=%u lists=%u nr_free=%u counts=", zone->name, o, n,
			       zone->free_area[o].nr_free);
			for (i = 0; i < n; i++)
				printk(i + 1 < n ? "%u " : "%u\n", color_free[i]);
		}
	}
}
