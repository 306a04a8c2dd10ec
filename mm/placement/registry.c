/* SPDX-License-Identifier: MIT */
/* mm/placement/registry.c - the placement registry (the policies of
 * PLACEMENT_POLICIES), setup, the run-time switch and the old page_color
 * switch (see registry.h). The per-task state and what the policies share
 * are in mm/placement/task.c. */
#include "mm/placement/registry.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/color_lists.h"
#include "mm/zone_lock.h"
#include "mm/page_color.h"

#define PLACEMENT_OPS_(ID, name) [PLACEMENT_##ID] = &placement_##name##_ops,
static const struct placement_ops *const policies[PLACEMENT_NR] = { PLACEMENT_POLICIES(PLACEMENT_OPS_) };
#undef PLACEMENT_OPS_

/* "|buddy|binhop|..." without its first bar */
#define PLACEMENT_BAR_NAME_(ID, name) "|" #name
static const char bar_names[] = PLACEMENT_POLICIES(PLACEMENT_BAR_NAME_);
#undef PLACEMENT_BAR_NAME_
const char *const placement_names = bar_names + 1;

#define PLACEMENT_CHOICE_(ID, name) #name,
const char *const placement_choices[] = { PLACEMENT_POLICIES(PLACEMENT_CHOICE_) NULL };
#undef PLACEMENT_CHOICE_

const struct placement_ops *placement_active = &placement_buddy_ops;
u8 placement_active_id = PLACEMENT_BUDDY;
u8 placement_active_lists = PLACEMENT_PLAIN;
bool placement_active_pcp = true;

static void *storage[PLACEMENT_NR][MAX_NR_ZONES][MIGRATE_TYPES];
static bool available[PLACEMENT_NR] = { [PLACEMENT_BUDDY] = true };

/* ---- the old page_color switch ---------------------------------------------- */

void page_color_start(void)
{
	placement_select_id(PLACEMENT_BINHOP);
}

void page_color_stop(void)
{
	placement_select_id(PLACEMENT_BUDDY);
}

/* ---- setup ------------------------------------------------------------------------ */

u32 placement_color_cost_pages(u32 colors, u32 sets)
{
	u32 use_pages = ((colors ? colors : 1) * 4 + PAGE_SIZE - 1) / PAGE_SIZE;

	return sets * color_lists_cost_pages(colors ? colors : 1) + PLACEMENT_TASKS * use_pages;
}

u32 placement_colors_fit(u32 colors, u32 sets, u32 free_pages)
{
	u32 budget = free_pages / PLACEMENT_COLOR_SHARE;

	if (colors <= 1)
		return 1;
	while (colors > 1 && placement_color_cost_pages(colors, sets) > budget)
		colors >>= 1;
	return colors;
}

u32 placement_color_sets(void)
{
	struct zone *zone;
	u32 sets = 0;

	for_each_populated_zone(zone)
		sets += zone->mobility_small ? 1 : MIGRATE_TYPES;
	return sets;
}

int placement_setup(const struct placement_config *cfg)
{
	struct zone *zone;
	u32 id, mt;
	int rc = 0;

	placement_active = policies[PLACEMENT_BUDDY];
	placement_active_id = PLACEMENT_BUDDY;
	placement_active_lists = placement_active->lists;
	placement_active_pcp = placement_active->pcp;
	page_color_enabled = false;
	page_colors = 1;
	page_color_stats = (struct page_color_stats){ 0 };
	placement_cfg = *cfg;
	color_lists_forget();
	__placement_tasks_reset();
	for (id = 0; id < PLACEMENT_NR; id++) {
		available[id] = id == PLACEMENT_BUDDY;
		for_each_zone(zone)
			for (mt = 0; mt < MIGRATE_TYPES; mt++)
				storage[id][zone - contig_page_data.node_zones][mt] = NULL;
	}
	for_each_zone(zone)
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			zone->placement[mt] = NULL;
	if (cfg->colors == 0 || cfg->colors > PAGE_COLOR_MAX || (cfg->colors & (cfg->colors - 1))) {
		placement_cfg.colors = 1;
		return -1;
	}
	page_colors = cfg->colors;
	if (__placement_tasks_alloc_use(cfg) < 0) /* bestbin's per-task use counts */
		rc = -1;
	for (id = 1; id < PLACEMENT_NR && !rc; id++) {
		int err = 0;
		for_each_populated_zone(zone) {
			if (!policies[id]->attach)
				continue;
			for (mt = 0; mt < MIGRATE_TYPES; mt++)
				if (!zone->mobility_small || mt == MIGRATE_MOVABLE) /* a zone too small to
					group only ever uses the movable lists (mm/pageblock.h) */
					storage[id][zone - contig_page_data.node_zones][mt] =
					    policies[id]->attach(zone, mt, cfg, &err);
		}
		if (err)
			rc = -1;
		else
			available[id] = true;
	}
	if (rc) {
		for (id = 1; id < PLACEMENT_NR; id++)
			available[id] = false;
		page_colors = 1;
		placement_cfg.colors = 1;
	}
	return rc;
}

/* ---- selection ------------------------------------------------------------------- */

int placement_lookup(const char *name)
{
	u32 id;

	for (id = 0; id < PLACEMENT_NR; id++)
		if (!strcmp(policies[id]->name, name))
			return (int)id;
	return -1;
}

const char *placement_name(void)
{
	return placement_active->name;
}

/* Moves every free block of zone to the active policy: mem_map's PG_buddy
 * heads, walked downward so that list_add leaves lists in address order;
 * each goes to the lists of the type its head records. */
void __placement_readd_zone(struct zone *zone)
{
	u32 pfn = zone_end_pfn(zone), start = zone->zone_start_pfn;

	while (pfn > start) {
		struct page *p = pfn_to_page(--pfn);
		if (p->flags & PG_buddy)
			__placement_add(zone, p, pfn, p->private);
	}
}

static void reset_plain(struct zone *zone)
{
	u32 o, mt;
	for (o = 0; o < MAX_ORDER; o++)
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			INIT_LIST_HEAD(&zone->free_area[o].free_list[mt]);
}

void __placement_reset_zone(struct zone *zone)
{
	if (placement_active->reset)
		placement_active->reset(zone);
	reset_plain(zone);
}

void (*placement_switch_hook)(void);

int placement_select_id(u32 id)
{
	const struct placement_ops *ops;
	struct zone *zone;
	irqflags_t flags;
	u32 mt;

	if (id >= PLACEMENT_NR) {
		printk("placement: no policy with id %u; accepted: 0..%u (%s)\n", id, PLACEMENT_NR - 1,
		       placement_names);
		return -1;
	}
	ops = policies[id];
	if (!available[id]) {
		printk("placement: %s unavailable (its lists could not be allocated); keeping %s\n", ops->name,
		       placement_active->name);
		return -1;
	}
	if (id == placement_active_id)
		return 0;
	if (placement_switch_hook)
		placement_switch_hook(); /* the per-CPU lists drain (mm/pcp.c) */
	flags = zone_lock_irqsave();
	for_each_populated_zone(zone) {
		if (placement_active->reset)
			placement_active->reset(zone);
		reset_plain(zone);
	}
	placement_active = ops;
	placement_active_id = (u8)id;
	placement_active_lists = ops->lists;
	placement_active_pcp = ops->pcp;
	page_color_enabled = ops->colors;
	for_each_populated_zone(zone) {
		for (mt = 0; mt < MIGRATE_TYPES; mt++)
			zone->placement[mt] = storage[id][zone - contig_page_data.node_zones][mt];
		if (ops->reset)
			ops->reset(zone);
		__placement_readd_zone(zone);
	}
	if (ops->started)
		ops->started(&placement_cfg);
	zone_unlock_irqrestore(flags);
	return 0;
}

int placement_select(const char *name)
{
	int id = name ? placement_lookup(name) : -1;

	if (id < 0) {
		printk("placement: unknown policy '%s'; accepted: %s\n", name ? name : "(null)", placement_names);
		return -1;
	}
	return placement_select_id((u32)id);
}
