/* SPDX-License-Identifier: MIT */
/* mm/pcp.h - per-CPU page lists: a hot and a cold list of order-0 pages
 * per zone and CPU, in front of the buddy core.
 *
 * From the 2.5.40-mm1 thread (linux-mm, October 2002), which brought them
 * to Linux: an order-0 allocation is served from the CPU's own list with
 * interrupts off and no zone lock; when the list falls to `low` it is
 * refilled with `batch` pages taken under one zone lock (rmqueue_bulk), and
 * a free that lifts it to `high` gives `batch` pages back under one zone
 * lock (free_pages_bulk). So the zone lock is taken about once per batch
 * pages instead of once per page. Freed pages go to the hot list
 * (free_hot_page: the CPU wrote them, they are likely in its cache) or to
 * the cold list (free_cold_page: pages the CPU will not touch soon, such as
 * DMA targets); an allocation with __GFP_COLD takes from the cold list.
 * Linux later merged the two lists (2.6.25) and dropped the cold hint
 * (4.15) after measuring little benefit; bench=pcp measures when it matters.
 *
 * Coloring: a per-CPU list hands out the last freed page whatever its
 * color, which defeats a coloring policy, so the hot and cold lists above
 * serve only the plain buddy policy (placement=buddy). Under binhop and
 * vacolor each CPU keeps instead one list per color and zone (the colored
 * lists, struct per_cpu_colored): list k holds free order-0 pages of color
 * k only, hot ones at the head, cold ones at the tail. A movable order-0
 * request without a color set asks its policy for the color (binhop's
 * round-robin target, vacolor's va + offset) and takes a page of exactly
 * that color from the CPU's list of it; when that list is empty, one zone
 * lock takes a page of that color and of each of the next batch - 1 colors
 * whose lists are empty (the round-robin's next requests), each from the
 * zone's color lists (mm/color_lists.h), splitting a larger block that
 * contains the color when needed. When the zone has no page of the color,
 * the request goes the zone path, where the policy takes the nearest color
 * and counts a miss, as without the lists. The hit is counted as the
 * policy counts it (task and page_color_stats hits). A CPU parks at most
 * pcp_color_high() pages per zone on its colored lists (2 x colors, at
 * least the hot list's high): a free that reaches it gives batch pages
 * back under one zone lock, taken from the tails (the coldest) of lists
 * holding two or more pages first, walking the colors from where the last
 * drain stopped. Other requests (bestbin, random, color sets, unmovable or
 * reclaimable, __GFP_NOCOLOR, order > 0) and their frees go the zone path.
 * With more than PCP_COLORS_MAX colors the colored lists are off (said).
 * The shared task's round-robin target (every CPU runs as the boot task
 * until each has its own) is claimed with compare-and-swap, and the hit
 * counters are added atomically, since the per-CPU path holds no lock.
 *
 * Migrate types (grouping by mobility, mm/pageblock.h): each CPU keeps a
 * hot and a cold list per migrate type, as Linux's lists have been per
 * type since 2.6.24. An allocation takes from its type's list and a
 * refill takes batch pages of that type (rmqueue_bulk falls back and
 * steals as a single request would); a free goes to the list of the type
 * the page was allocated as. So the lists never hand an unmovable request a
 * page from a movable page block that the buddy core would not have given
 * it, and grouping's cost stays in the refills (a chain of splits per
 * batch, not per page).
 *
 * Pages on a per-CPU list are marked PG_pcp; they are off the buddy lists
 * (zone->free_pages does not count them) but count as free in
 * nr_free_pages(). The lists are drained (pcp_drain_all) on a placement
 * policy switch and before the leak check. A list is touched only by its
 * CPU with interrupts off, or by CPU 0 while the others are idle
 * (pcp_drain_all, pcp_check, pcp_print). */
#ifndef MM_PCP_H
#define MM_PCP_H

#include <asm/smp.h>

#include "kernel/list.h"
#include "mm/page_alloc.h"

enum { PCP_HOT, PCP_COLD, PCP_LISTS };

/* One list: the pages of one kind (hot or cold) and one migrate type. */
struct per_cpu_pages {
	u32 count;	       /* pages on the list */
	struct list_head list; /* head = most recently freed (hottest) */
};

/* The marks of a kind of list: the same for every CPU, zone and type
 * (one copy in mm/pcp.c, set by pcp_setup). */
struct per_cpu_marks {
	u32 low;   /* refill when a list's count falls to low or below */
	u32 high;  /* give back batch pages when a list's count reaches high */
	u32 batch; /* pages moved per zone lock */
};

struct per_cpu_pageset {
	struct per_cpu_pages pcp[PCP_LISTS][MIGRATE_TYPES];
	u32 refills, drains; /* bulk operations (each one zone lock) */
	u32 allocs, frees;   /* pages served from / freed to the lists */
	/* the colored lists: bulk operations, pages served and freed, and
	 * pages served whose color (from the pfn) was not the one asked for */
	u32 color_refills, color_drains, color_allocs, color_frees, color_off;
} __attribute__((aligned(64)));

/* The colored lists: at most this many colors (more: the lists are off). */
#define PCP_COLORS_MAX 512u

/* One CPU's colored lists of one zone. */
struct per_cpu_colored {
	struct list_head *lists; /* page_colors heads (pcp_setup's block); list k: pages of color k, head
				    hottest, tail coldest; NULL: none (a CPU or zone without heads: the zone path) */
	u32 count;		 /* pages on all of them (at most pcp_color_high()) */
	u32 cursor;		 /* the color the next drain starts at */
};

/* Defaults: batch 16 pages; hot list low 2 x batch, high 6 x batch; cold
 * list low 0, high 2 x batch (the proportions of the 2.5.40-mm1 patch). */
#define PCP_BATCH_DEFAULT 16u
#define PCP_BATCH_MAX	  256u
#define PCP_HIGH_MAX	  4096u

/* Turns the lists on (installing the hooks of page_alloc.c, placement/registry.c
 * and mm_check.c) or off (draining them first). batch 1..PCP_BATCH_MAX;
 * high (the hot list's; 0 = 6 x batch) must be at least 2 x batch + 1 so
 * that a refill does not drain at once: a smaller value is raised to that
 * and said. Call on CPU 0 while the other CPUs are idle. */
void pcp_setup(bool on, u32 batch, u32 high);
/* True when the lists are on. */
bool pcp_enabled(void);
/* True when the colored lists are on (the lists on, 2..PCP_COLORS_MAX
 * colors at pcp_setup); they serve binhop's and vacolor's requests. */
bool pcp_colored(void);
/* The most pages one CPU parks on its colored lists of one zone:
 * max(hot list high, 2 x colors); 0 when the colored lists are off. */
u32 pcp_color_high(void);
/* The bytes of the colored lists' heads (0: none taken yet); *cpus and
 * *zones: the CPUs and populated zones the last pcp_setup gave heads. The
 * block is taken once, from lowmem pages, when the lists first go on. */
u32 pcp_colored_heads(u32 *cpus, u32 *zones);
/* Pages on CPU cpu's colored lists of zone z (all colors). */
u32 pcp_nr_colored_cpu(u32 cpu, u32 z);
/* The colored lists' counters since pcp_setup, summed over CPUs and
 * zones: bulk refills and drains (one zone lock each), pages served and
 * freed, and pages served off the color asked for (0 unless broken). */
void pcp_color_stats(u32 *refills, u32 *drains, u32 *allocs, u32 *frees, u32 *off);
/* Current batch and hot-list high (after pcp_setup's adjustment). */
u32 pcp_batch(void);
u32 pcp_high(void);

/* Gives every page on every CPU's lists back to the buddy lists (one zone
 * lock per list). CPU 0 only, the others idle. Returns pages drained. */
u32 pcp_drain_all(void);
/* Drains only the calling CPU's lists (safe from any CPU). */
u32 pcp_drain_local(void);
/* Pages on all lists (exact while the other CPUs are idle). */
u32 pcp_nr_pages(void);
/* Pages on CPU cpu's lists of kind list (PCP_HOT or PCP_COLD) of zone z,
 * all migrate types. */
u32 pcp_nr_pages_cpu(u32 cpu, u32 z, u32 list);
/* Checks every list: count equals the list's length, every page is order
 * 0 of the list's zone, PG_pcp and neither free in the buddy sense nor
 * allocated, and on one list only; on a colored list also of the list's
 * color, and the lists' pages add up to their count. Prints "mm_check:
 * FAIL per-CPU list ..." and returns -1, else 0. Run by mm_check() when the lists are on. */
int pcp_check(void);
/* Prints per zone and CPU the pages on the hot and cold lists, all types,
 * and on the colored lists when they are on ("pcp: zone Normal cpu0 hot 12
 * cold 0 colored 40 ..."), then one line per migrate
 * type ("pcp: by migrate type, ...: Unmovable 5 Movable 7 Reclaimable 0");
 * nothing when off. */
void pcp_print(void);
/* Counters since pcp_setup: bulk refills and drains, pages served from and
 * freed to the lists, summed over CPUs. */
void pcp_stats(u32 *refills, u32 *drains, u32 *allocs, u32 *frees);
/* The zone lock's counters (kernel/spinlock.h): acquisitions, acquisitions
 * that found it held, and wait-loop iterations, since boot. */
void pcp_zone_lock_stats(u32 *acquisitions, u32 *contended, u64 *spins);

#endif
