/* SPDX-License-Identifier: MIT */
/* mm/placement/registry.h - the placement registry: which policies exist,
 * which one is active, setup and the run-time switch. The front door of
 * the placement part for the buddy core, bench/ and init/; the interface a
 * policy implements is mm/placement/ops.h.
 *
 * Adding a policy: write mm/placement/<name>.c defining
 * `const struct placement_ops placement_<name>_ops` (including only
 * mm/placement/ops.h and what it needs below it), and add one line
 * X(<ID>, <name>) to PLACEMENT_POLICIES below. The Makefiles build every
 * .c file of mm/placement/; placement= accepts the name, and the id
 * PLACEMENT_<ID> exists for tests and benchmarks. */
#ifndef MM_PLACEMENT_REGISTRY_H
#define MM_PLACEMENT_REGISTRY_H

#include "mm/color_lists.h"
#include "mm/placement/ops.h"

/* Every policy, in id order, one line each: X(ID, name) for
 * placement_<name>_ops (mm/placement/<name>.c), id PLACEMENT_<ID>. buddy
 * comes first (id 0: the policy before setup and when setup fails); a new
 * policy's line goes last, above the closing comment. */
#define PLACEMENT_POLICIES(X)                                                                                          \
	X(BUDDY, buddy)                                                                                                \
	X(BINHOP, binhop)                                                                                              \
	X(VACOLOR, vacolor)                                                                                            \
	X(BESTBIN, bestbin)                                                                                            \
	X(RANDOM, random)                                                                                              \
	/* (the end of the list) */

#define PLACEMENT_ID_(ID, name) PLACEMENT_##ID,
enum placement_id { PLACEMENT_POLICIES(PLACEMENT_ID_) PLACEMENT_NR };
#undef PLACEMENT_ID_

#define PLACEMENT_OPS_DECL_(ID, name) extern const struct placement_ops placement_##name##_ops;
PLACEMENT_POLICIES(PLACEMENT_OPS_DECL_)
#undef PLACEMENT_OPS_DECL_

/* The active policy (written only by mm/placement/registry.c, under the
 * zone lock). The core reads placement_active_id once per request to
 * choose its allocation path (mm/placement/fast.h), and the storage kind
 * and the per-CPU lists' rule in the free path. */
extern const struct placement_ops *placement_active;
extern u8 placement_active_id;	  /* enum placement_id */
extern u8 placement_active_lists; /* placement_active->lists, for the inline add/del */
extern bool placement_active_pcp; /* placement_active->pcp */

/* Called (when set) before a switch to another policy, without the zone
 * lock: mm/pcp.c drains the per-CPU lists there. */
extern void (*placement_switch_hook)(void);

/* ---- setup and selection ---------------------------------------------------- */

/* Attaches every policy to every populated zone for `colors` colors (a
 * power of two, 1..PAGE_COLOR_MAX), allocating their storage through
 * cfg->alloc; the buddy policy is active afterwards. Must run after
 * free_area_init() and before any block is freed. Returns 0, or -1 (bad
 * colors, or alloc returned NULL: only buddy is then available and
 * page_colors is 1). Resets the counters. */
int placement_setup(const struct placement_config *cfg);

/* Sizing the colors by memory. The color lists of placement_setup() cost
 * color_lists_cost_pages(colors) for each of `sets` (zone, migrate type)
 * pairs, plus one use-count array of colors u32s per task slot (bestbin);
 * placement_color_cost_pages() gives that total in pages (every allocation
 * rounded up to whole pages). The rule: the lists may take at most
 * 1/PLACEMENT_COLOR_SHARE of the pages free before them, so that the
 * machine keeps the rest for its work (a 4 MiB machine with 32768 colors
 * kept 27 free pages and failed its self-tests). placement_colors_fit()
 * returns the largest power of two <= colors whose cost fits in
 * free_pages / PLACEMENT_COLOR_SHARE, or 1 (coloring off) when none above 1
 * does; colors itself when it fits. placement_color_sets() counts the pairs
 * of the zones set up now: every populated zone, one migrate type when it is
 * too small to group (zone->mobility_small), else MIGRATE_TYPES. */
#define PLACEMENT_COLOR_SHARE 8
u32 placement_color_cost_pages(u32 colors, u32 sets);
u32 placement_colors_fit(u32 colors, u32 sets, u32 free_pages);
u32 placement_color_sets(void);

/* Switches to the policy `name` (one of placement_names) at run time:
 * every free block is moved to the new policy's lists (the generic switch
 * walks mem_map). Idempotent. Returns 0; -1 for an unknown name (a message
 * lists the accepted names) or a policy that is not available (setup
 * failed; said in a message). placement_select_id() takes an enum
 * placement_id. */
int placement_select(const char *name);
int placement_select_id(u32 id);
/* The policy's id for a name, or -1. */
int placement_lookup(const char *name);
/* The active policy's name ("buddy", ...), for the log and @header. */
const char *placement_name(void);
/* "buddy|binhop|vacolor|bestbin|random": every policy, in id order. */
extern const char *const placement_names;
/* The same names as an array indexed by enum placement_id, NULL-terminated
 * (the placement= parameter's choices). */
extern const char *const placement_choices[];

/* For a regrouping of free blocks (mm/page_alloc.c, when grouping is
 * switched on or off): empties the active policy's lists of zone, every
 * type; then re-adds every free block of zone (mem_map's PG_buddy heads) to
 * the lists of the type its head records. Zone lock held. */
void __placement_reset_zone(struct zone *zone);
void __placement_readd_zone(struct zone *zone);

/* ---- the core's entry points (zone lock held) ------------------------------- */

/* Puts the free block (page, order) on the active policy's lists of its
 * type (page_mt(page)). `lists` is placement_active_lists, or the constant
 * that a path compiled for one policy knows it to be (mm/placement/fast.h):
 * then the test folds away. */
static inline __attribute__((always_inline)) void __placement_add_as(struct zone *zone, struct page *page, u32 pfn,
								     u32 order, u32 lists)
{
#ifndef PLACEMENT_INDIRECT
	if (lists == PLACEMENT_PLAIN) {
		list_add(&page->lru, &zone->free_area[order].free_list[page_mt(page)]);
		return;
	}
	if (lists == PLACEMENT_COLOR) {
		__color_lists_add(zone->placement[page_mt(page)], page, pfn, order);
		return;
	}
#else
	(void)lists;
#endif
	placement_active->add(zone, page, pfn, order);
}
static inline void __placement_add(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
	__placement_add_as(zone, page, pfn, order, placement_active_lists);
}

/* Takes the free block (page, order) off the active policy's lists
 * (`lists` as for __placement_add_as). */
static inline __attribute__((always_inline)) void __placement_del_as(struct zone *zone, struct page *page, u32 order,
								     u32 lists)
{
#ifndef PLACEMENT_INDIRECT
	if (lists == PLACEMENT_PLAIN) {
		list_del(&page->lru);
		return;
	}
	if (lists == PLACEMENT_COLOR) {
		__color_lists_del(zone->placement[page_mt(page)], page, order);
		return;
	}
#else
	(void)lists;
#endif
	placement_active->del(zone, page, page_to_pfn(page), order);
}
static inline void __placement_del(struct zone *zone, struct page *page, u32 order)
{
	__placement_del_as(zone, page, order, placement_active_lists);
}

#endif
