/* SPDX-License-Identifier: MIT */
/* mm/placement/ops.h - the interface a placement policy implements.
 *
 * The buddy core (mm/page_alloc.c) owns blocks: it splits them (__expand),
 * merges them with their buddies, marks them free (PG_buddy, private =
 * order) and keeps the counts (free_area[order].nr_free, zone->free_pages).
 * A placement policy owns *where* a free block waits and *which* block a
 * request gets: it fills in a struct placement_ops (below) and never calls
 * back into page_alloc.c (pick returns a block and the core takes and splits
 * it). This header is a leaf of the placement part: it includes neither the
 * registry nor any policy; they include it.
 *
 *     page_alloc.c --> placement/registry.h --> placement/ops.h (this file)
 *                 \--> placement/fast.h --> placement/{buddy,binhop,vacolor}.h
 *     placement/registry.c --> every policy's placement_<name>_ops
 *     placement/<name>.c --> ops.h, or mm/color_lists.h (--> ops.h): the
 *                            coloring policies' shared lists and pick
 *
 * The policies (one file each, mm/placement/<name>.c; the list is
 * PLACEMENT_POLICIES in mm/placement/registry.h):
 *   buddy    plain lists, no coloring: Linux's order
 *   binhop   per-task round-robin over the colors from a random first color:
 *            Kessler & Hill's "bin hopping", the page coloring patch for
 *            Linux 2.4.17 (linux-mm, January 2002)
 *   vacolor  color = virtual page number + a per-task offset: Kessler &
 *            Hill's "page coloring", as FreeBSD and Solaris do it
 *   bestbin  the color the task has used least so far: Kessler & Hill's
 *            "best bin"
 *   random   a uniformly random free block of the requested order: what a
 *            long-running system hands out
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
 *    policy that chooses pages (the list hands out the last freed page
 *    whatever its color), so the plain lists serve only a policy with
 *    placement_ops.pcp set. With the lists on, binhop's and vacolor's
 *    movable order-0 requests of a task with a placement slot go to
 *    per-CPU lists kept per color instead (mm/pcp.c: pcp_alloc_color,
 *    pcp_free_color), which hand out the color the policy aims at; every
 *    other request of a coloring policy bypasses the lists and comes here.
 *  - Per-task state belongs to the policies: struct placement_task below,
 *    kept in mm/placement/task.c and found from struct task's opaque pointer
 *    (kernel/task.h forward-declares the type and never looks inside).
 *  - Switching at run time is generic: the registry walks mem_map's PG_buddy
 *    heads and re-adds every free block to the new policy (placement_select).
 *
 * Locking: every "__" function runs with the zone lock held. */
#ifndef MM_PLACEMENT_OPS_H
#define MM_PLACEMENT_OPS_H

#include "kernel/mwc.h"
#include "kernel/task.h"
#include "mm/mmzone.h"
#include "mm/page_color.h"

/* (enum migratetype is in mm/mmzone.h.) */

struct color_bitmap; /* mm/color_bitmap.h */

/* What a request tells the policy. */
struct alloc_hint {
	struct task *task;		   /* whose placement state; never NULL */
	vaddr_t va;			   /* virtual address the block will be mapped at (the arch's width) */
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
 * or a color; 0 keeps the lowest sub-block). page NULL: nothing. 16 bytes
 * on 64-bit hosts, so that it is returned in registers. */
struct placement_pick {
	struct page *page;
	u32 order;
	u32 keep;
};

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
	bool pcp;	  /* the per-CPU lists may serve its order-0 requests (mm/pcp.h):
			   * only a policy for which any free page will do */
	/* Allocates the policy's storage for zone and migrate type mt through
	 * cfg->alloc and returns it (only MIGRATE_MOVABLE's in a zone too
	 * small to group, whose other types' storage stays NULL; the registry
	 * stores it in zone->placement[mt] while the policy is active); NULL
	 * for none.
	 * *err = -1 when alloc failed. At boot. */
	void *(*attach)(struct zone *zone, u32 mt, const struct placement_config *cfg, int *err);
	/* Empties the policy's lists of zone, every type (the blocks are then re-added). */
	void (*reset)(struct zone *zone);
	/* Puts a free block on / takes it off the lists of its type
	 * (page_mt(page), set by the core). The core calls them for
	 * PLACEMENT_OWN, and for every policy in a -DPLACEMENT_INDIRECT build
	 * (the indirection's cost, tools/bench-host). */
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

/* The configuration the policies were set up with (mm/placement/task.c). */
extern struct placement_config placement_cfg;

/* ---- per-task state (mm/placement/task.c) ------------------------------------- */

/* A task's placement state, kept by mm/placement/task.c for up to PLACEMENT_TASKS
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
/* For placement_setup (mm/placement/registry.c): forgets every task's state;
 * gives each slot a use-count array of cfg->colors u32s through cfg->alloc
 * (returns 0, or -1 when an allocation failed). */
void __placement_tasks_reset(void);
int __placement_tasks_alloc_use(const struct placement_config *cfg);

/* ---- helpers the policies share ------------------------------------------------ */

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

#endif
