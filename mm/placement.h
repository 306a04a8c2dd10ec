/* SPDX-License-Identifier: MIT */
/* mm/placement.h - the one interface between the buddy core and a placement policy.
 *
 * The buddy core (mm/page_alloc.c) owns blocks: it splits them (__expand),
 * merges them with their buddies, marks them free (PG_buddy, private =
 * order) and keeps the counts (free_area[order].nr_free, zone->free_pages).
 * A placement policy owns *where* a free block waits and *which* block a
 * request gets. The core calls the policy through the functions below and
 * nothing else; the policy never calls back into page_alloc.c (pick returns
 * a block and the core takes and splits it), so there is no circle:
 *
 *     page_alloc.c --> placement.h (this file) --> placement_*.c --> color_lists.c
 *
 * The policies (each in its own file; mm/placement.c is the registry and
 * the run-time switch):
 *   buddy    plain lists, no coloring: Linux's order (placement_buddy.c)
 *   binhop   per-task round-robin over the colors from a random first color:
 *            Kessler & Hill's "bin hopping", the page coloring patch for
 *            Linux 2.4.17 (linux-mm, January 2002) (placement_binhop.c)
 *   vacolor  color = virtual page number + a per-task offset: Kessler &
 *            Hill's "page coloring", as FreeBSD and Solaris do it
 *            (placement_vacolor.c)
 *   bestbin  the color the task has used least so far: Kessler & Hill's
 *            "best bin" (placement_bestbin.c)
 *   random   a uniformly random free block of the requested order: what a
 *            long-running system hands out (placement_random.c)
 * (R. E. Kessler and M. D. Hill, "Page placement algorithms for large
 * real-indexed caches", ACM TOCS 10(4), 1992.)
 *
 * Design, for the work that builds on it:
 *  - Lists. Free lists per order and migrate type are the buddy core's
 *    domain, as in Linux: a request states its type (alloc_hint.migratetype,
 *    from the gfp flags) and the core tells the policy which type's lists
 *    to pick from (alloc_hint.list_mt: the request's type; with grouping
 *    off the one set of lists, MIGRATE_MOVABLE's; on a fallback another
 *    type's). A fallback to another type, and stealing its page block, is
 *    the core's decision, never the policy's (mm/page_alloc.c,
 *    mm/pageblock.c). A policy keeps its storage per zone and type behind
 *    zone->placement[mt]; a free block's type is in its head page
 *    (page_mt, set by the core before __placement_add). A colored request
 *    of a type therefore takes its target color from that type's lists
 *    first; only when the type has no block of any color does the core
 *    fall back to another type (coloring and grouping together).
 *  - Color sets (cache partitioning). alloc_hint.colors, when not NULL,
 *    restricts the colors a coloring policy may pick (a task's partition);
 *    the policy takes the nearest allowed color that has a block and counts
 *    a miss when it is not the target. buddy and random do not look at
 *    colors and ignore the set (a partitioned task needs a coloring policy).
 *  - Per-CPU page lists sit in front of the core: an order-0 request is
 *    served from the CPU's list without asking the policy. That defeats a
 *    coloring policy (the list hands out the last freed page whatever its
 *    color), so colored requests (policy colors_pages, or a hint with a
 *    color set or a virtual address) must either bypass the per-CPU lists
 *    and come here, or use per-color per-CPU lists refilled through pick.
 *  - Per-task state belongs to the policy: struct placement_task below,
 *    kept in mm/placement.c and found from struct task's opaque pointer
 *    (kernel/task.h forward-declares the type and never looks inside).
 *  - Switching at run time is generic: the core walks mem_map's PG_buddy
 *    heads and re-adds every free block to the new policy (placement_select).
 *
 * Locking: every "__" function runs with the zone lock held. */
#ifndef MM_PLACEMENT_H
#define MM_PLACEMENT_H

#include "kernel/mwc.h"
#include "kernel/task.h"
#include "mm/color_lists.h"
#include "mm/mmzone.h"
#include "mm/page_color.h"

/* (enum migratetype is in mm/mmzone.h.) */

/* What a request tells the policy. */
struct alloc_hint {
	struct task *task;		   /* whose placement state; never NULL */
	u32 va;				   /* virtual address the block will be mapped at */
	bool has_va;			   /* va is valid */
	bool any_color;			   /* __GFP_NOCOLOR: any block will do */
	u8 migratetype;			   /* enum migratetype: what the caller states */
	u8 list_mt;			   /* the type's lists to pick from: set by the core */
	u8 order;			   /* 0 .. MAX_ORDER-1 */
	const struct color_bitmap *colors; /* allowed colors (bit c = color c), NULL = all */
};

/* What pick chose: the free block at page (order `order`, still on the
 * policy's lists), and the sub-block to keep when the core splits it: the
 * kept sub-block's pfn bits [hint order, order) equal those of `keep` (a pfn
 * or a color; 0 keeps the lowest sub-block). */
/* (struct placement_pick {page, order, keep} is defined in mm/color_lists.h.) */

/* How a policy stores free blocks. The core's inline add/del handle the two
 * list kinds shared by several policies without an indirect call (the
 * hot path); PLACEMENT_OWN calls the policy's add/del. */
enum placement_lists {
	PLACEMENT_PLAIN, /* free_area[order].free_list[mt] (the core's lists) */
	PLACEMENT_COLOR, /* struct color_lists (mm/color_lists.h) */
	PLACEMENT_OWN,	 /* the policy's own storage */
};

/* Configuration every policy gets at attach. */
struct placement_config {
	u32 colors;		   /* power of two, 1 .. PAGE_COLOR_MAX */
	struct mwc *mwc;	   /* random numbers (first colors, random picks) */
	void (*reshuffle)(void);   /* re-randomises the plain lists (mm_shuffle), or NULL */
	void *(*alloc)(u32 bytes); /* boot allocator: zeroed or any memory, or NULL */
};

typedef void (*placement_visit_fn)(struct zone *zone, struct page *page, u32 list_idx, void *arg);

struct placement_ops {
	const char *name;
	const char *desc; /* one line, for the log */
	u8 lists;	  /* enum placement_lists */
	bool colors;	  /* places by color (counts as page_color_enabled) */
	/* Allocates the policy's storage for zone and migrate type mt through
	 * cfg->alloc and returns it (only MIGRATE_MOVABLE's in a zone too
	 * small to group, whose other types' storage stays NULL) (the core stores it in
	 * zone->placement[mt] while the policy is active); NULL for none.
	 * *err = -1 when alloc failed. At boot. */
	void *(*attach)(struct zone *zone, u32 mt, const struct placement_config *cfg, int *err);
	/* Empties the policy's lists of zone, every type (the blocks are then re-added). */
	void (*reset)(struct zone *zone);
	/* PLACEMENT_OWN only: puts a free block on / takes it off the lists
	 * of its type (page_mt(page), set by the core). */
	void (*add)(struct zone *zone, struct page *page, u32 pfn, u32 order);
	void (*del)(struct zone *zone, struct page *page, u32 pfn, u32 order);
	/* Chooses a free block of order >= hint->order on zone's lists of type
	 * hint->list_mt and updates the policy's (and the task's) state for
	 * it. Returns false when those lists have no such block. Must not
	 * change any list. */
	bool (*pick)(struct zone *zone, struct alloc_hint *hint, struct placement_pick *out);
	/* Called after the switch moved every free block in (may be NULL). */
	void (*started)(const struct placement_config *cfg);
	/* Visits every free block of zone and order on the policy's lists of
	 * every type, with the index of its list (mm_check, mm_stat). */
	void (*for_each_block)(struct zone *zone, u32 order, placement_visit_fn fn, void *arg);
	/* Lists per order and type (for dumps), and the policy's own
	 * consistency check of zone and order, every type: NULL, or what is
	 * wrong (bitmaps, slots, a block on another type's lists). */
	u32 (*nr_lists)(const struct zone *zone, u32 order);
	const char *(*check)(struct zone *zone, u32 order);
};

enum placement_id {
	PLACEMENT_BUDDY,
	PLACEMENT_BINHOP,
	PLACEMENT_VACOLOR,
	PLACEMENT_BESTBIN,
	PLACEMENT_RANDOM,
	PLACEMENT_NR
};

extern const struct placement_ops placement_buddy_ops, placement_binhop_ops, placement_vacolor_ops,
    placement_bestbin_ops, placement_random_ops;

/* The active policy (written only by mm/placement.c). */
extern const struct placement_ops *placement_active;
extern u8 placement_active_id;	  /* enum placement_id */
extern u8 placement_active_lists; /* placement_active->lists, for the inline path */
extern struct placement_config placement_cfg;

/* ---- per-task state --------------------------------------------------------- */

/* A task's placement state, kept by mm/placement.c for up to PLACEMENT_TASKS
 * tasks at once (this kernel runs two: the boot task and a benchmark task);
 * a further task takes the slot claimed longest ago, whose task then starts
 * afresh. Found by placement_task_of() through task->placement (cleared by
 * task_start(), so a new task never inherits a slot). */
#define PLACEMENT_TASKS 4
struct placement_task {
	const struct task *owner;
	u32 pid;
	u32 stamp;	  /* last use, for the slot's replacement */
	bool rr_init;	  /* target_color drawn (binhop, fallbacks) */
	bool va_init;	  /* va_offset drawn (vacolor) */
	bool use_init;	  /* use[] cleared (bestbin) */
	u32 target_color; /* round-robin target: the next color to hand out */
	u32 va_offset;	  /* vacolor: color = (vpn + va_offset) mod colors */
	u32 hits;	  /* allocations that got their target color */
	u32 misses;	  /* allocations that had to take another color */
	u32 *use;	  /* bestbin: pages allocated per color (colors entries), or NULL */
	u32 use_min;	  /* bestbin: a lower bound of min(use[]) (use[] only grows) */
};

struct placement_task *__placement_task_claim(struct task *t);

/* The placement state of task t (never NULL). */
static inline struct placement_task *placement_task_of(struct task *t)
{
	struct placement_task *p = t->placement;

	/* task_start() clears t->placement, so a new pid never finds an old
	 * slot; a slot handed to another task has another owner */
	if (__builtin_expect(p && p->owner == t, 1))
		return p;
	return __placement_task_claim(t);
}

/* Task t's coloring counters (allocations that got / missed their target
 * color under a coloring policy), for bench/bench_buf.c. */
void placement_task_stats(struct task *t, u32 *hits, u32 *misses);
/* For placement_setup (mm/placement_task.c): forgets every task's state;
 * gives each slot a use-count array of cfg->colors u32s through cfg->alloc
 * (returns 0, or -1 when an allocation failed). */
void __placement_tasks_reset(void);
int __placement_tasks_alloc_use(const struct placement_config *cfg);

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

/* Switches to the policy `name` (buddy, binhop, vacolor, bestbin, random)
 * at run time: every free block is moved to the new policy's lists (the
 * generic switch walks mem_map). Idempotent. Returns 0; -1 for an unknown
 * name (a message lists the accepted names) or a policy that is not
 * available (setup failed; said in a message). */
int placement_select(const char *name);
int placement_select_id(u32 id);
/* The policy's id for a name, or -1. */
int placement_lookup(const char *name);
/* The active policy's name ("buddy", ...), for the log and @header. */
const char *placement_name(void);
/* "buddy|binhop|vacolor|bestbin|random" */
extern const char placement_names[];
/* The same names as an array indexed by enum placement_id, NULL-terminated
 * (the placement= parameter's choices). */
extern const char *const placement_choices[];

/* For a regrouping of free blocks (mm/pageblock.c: grouping switched on
 * or off): empties the active policy's lists of zone, every type; then
 * re-adds every free block of zone (mem_map's PG_buddy heads) to the lists
 * of the type its head records. Zone lock held. */
void __placement_reset_zone(struct zone *zone);
void __placement_readd_zone(struct zone *zone);

/* ---- the core's entry points (zone lock held) ------------------------------- */

/* Puts the free block (page, order) on the active policy's lists of its
 * type (page_mt(page)). */
static inline void __placement_add(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
#ifndef PLACEMENT_INDIRECT
	if (placement_active_lists == PLACEMENT_PLAIN) {
		list_add(&page->lru, &zone->free_area[order].free_list[page_mt(page)]);
		return;
	}
	if (placement_active_lists == PLACEMENT_COLOR) {
		__color_lists_add(zone->placement[page_mt(page)], page, pfn, order);
		return;
	}
#endif
	placement_active->add(zone, page, pfn, order);
}

/* Takes the free block (page, order) off the active policy's lists. */
static inline void __placement_del(struct zone *zone, struct page *page, u32 order)
{
#ifndef PLACEMENT_INDIRECT
	if (placement_active_lists == PLACEMENT_PLAIN) {
		list_del(&page->lru);
		return;
	}
	if (placement_active_lists == PLACEMENT_COLOR) {
		__color_lists_del(zone->placement[page_mt(page)], page, order);
		return;
	}
#endif
	placement_active->del(zone, page, page_to_pfn(page), order);
}

/* Task t's round-robin target color (0 .. mask), drawn from placement_cfg.mwc
 * at its first use (binhop, and the fallbacks of vacolor and bestbin). */
static inline u32 placement_rr_target(struct placement_task *t, u32 mask)
{
	if (__builtin_expect(!t->rr_init, 0)) {
		t->rr_init = true;
		t->target_color = mwc_next(placement_cfg.mwc) & mask;
	}
	return t->target_color;
}

/* The shared colored pick (see __color_lists_pick_slow in color_lists.h),
 * its usual case inline: no color set, and a free block containing the
 * target (a hit); misses and color sets go out of line. */
static inline __attribute__((always_inline)) bool __color_lists_pick(struct zone *zone, const struct alloc_hint *hint,
								     struct placement_task *t, u32 want,
								     struct placement_pick *out)
{
	struct color_lists *cl = zone->placement[hint->list_mt];
	u32 order = hint->order, o;

	if (__builtin_expect(!hint->any_color && !hint->colors, 1)) {
		/* a hit: the smallest block containing want, one list head per
		 * order (at high color counts the target is often inside a
		 * block split for an earlier target) */
		for (o = order; o < MAX_ORDER; o++) {
			struct list_head *head = &cl->area[o].lists[want >> o];
			if (head->next != head) {
				t->hits++;
				page_color_stats.hits++;
				page_color_stats.pages_allocated += 1u << order;
				out->page = list_first_entry(head, struct page, lru);
				out->order = o;
				out->keep = want;
				return true;
			}
		}
	}
	*out = __color_lists_pick_slow(zone, hint->list_mt, order, hint->any_color, hint->colors, t, want);
	return out->page != NULL;
}

#include "mm/placement_binhop.h"
#include "mm/placement_buddy.h"
#include "mm/placement_vacolor.h"

/* Asks the active policy for a block (see placement_ops.pick). `policy`
 * is a compile-time constant at every call: the buddy core compiles one
 * allocation path per common policy (buddy, binhop, vacolor: picks inlined)
 * and one that calls placement_active->pick (any policy), and chooses
 * between them once per request (__placement_dispatch_id). */
static inline __attribute__((always_inline)) bool __placement_pick(struct zone *zone, struct alloc_hint *hint,
								   struct placement_pick *out, u32 policy)
{
	if (policy == PLACEMENT_BUDDY)
		return __buddy_pick(zone, hint, out);
	if (policy == PLACEMENT_BINHOP)
		return __binhop_pick(zone, hint, out);
	if (policy == PLACEMENT_VACOLOR)
		return __vacolor_pick(zone, hint, out);
	return placement_active->pick(zone, hint, out);
}

/* Which of the core's allocation paths serves the active policy:
 * PLACEMENT_BUDDY, PLACEMENT_BINHOP, PLACEMENT_VACOLOR (inlined picks), or PLACEMENT_NR (through
 * ops; always with -DPLACEMENT_INDIRECT, to measure the indirection). */
static inline u32 __placement_dispatch_id(void)
{
#ifndef PLACEMENT_INDIRECT
	if (placement_active_id <= PLACEMENT_VACOLOR)
		return placement_active_id;
#endif
	return PLACEMENT_NR;
}

#endif
