/* SPDX-License-Identifier: MIT */
/* bench/frag.c - bench=frag: high-order allocations after a churn that
 * imitates a long-running system, with grouping by mobility on and off.
 *
 * Source: "Avoiding fragmentation through different allocator"
 * (linux-kernel, January 2005): under load, 160 order-10 allocations were
 * attempted; the standard allocator got 3 (1%), the grouping allocator 63
 * (39%), helped by a linear scanner that paged out memory ("migrating pages
 * instead of freeing them" was proposed in the replies: mm/compaction.c).
 *
 * The churn (one per measured point, the same MWC sequence for grouping on
 * and off): 60 rounds; each allocates free/40 order-0 pages of a random
 * type (4% unmovable, living 20..219 rounds: few and long-lived; 16%
 * reclaimable, 1..30 rounds; 80% movable, freed in LRU order -- oldest
 * first -- whenever the workload holds more than 85% of the memory free at
 * its start). Every page's owner is a slot of the workload; a reverse map
 * (pfn -> slot) lets compaction move a movable page and update its owner.
 *
 * Then, at order 10 and at orders 9..3, up to 160 attempts (fewer when the
 * memory not pinned by unmovable pages or ballast holds fewer blocks of the
 * order), in four ways: as memory stands; with reclaim (on a failure, the
 * workload's movable and reclaimable pages are freed oldest first until a
 * block of the order is free, as page-out did in the thread); with
 * compaction (on a failure, compact_zone() on Normal, then DMA: it can only
 * assemble the free memory there is); and with reclaim and compaction together (compaction; when it fails,
 * 2^order pages more reclaimed, oldest first, and compaction again). Each
 * (grouping, way, order) starts from a fresh churn, the same for every
 * way and for grouping on and off (the seed depends on run and order); runs repeat with other
 * MWC seeds (at most 3: bench_runs= caps it). Figures per point: attempts,
 * successes, success rate (mean and sd over runs), page blocks holding no
 * unmovable page (clean_blocks: what reclaim or compaction can free at
 * most), page blocks holding one and the fewest that could hold those
 * pages, mixed page blocks, Linux's fragmentation index and unusable free
 * space index at the order (before the attempts; x1000 in Linux, here
 * 0..1, -1 = a block is free), pages reclaimed / moved per success.
 *
 * Runs under the buddy policy (switched and restored: per-task colors
 * would make the points differ). GFP_KERNEL requests (Normal, then DMA; directly mapped memory, so
 * compaction copies pages through <asm/page.h>'s __va). Opt-in: not
 * part of bench=all. */
#include "bench/workload.h"
#include "bench/frag_owner.h"
#include "bench/registry.h"
#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "kernel/task.h"
#include "mm/compaction.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/pageblock.h"
#include "mm/pagetypeinfo.h"
#include "mm/pcp.h"
#include "mm/placement/registry.h"
#include <asm/page.h>
#include <asm/timex.h>

#define FRAG_ROUNDS    60u
#define FRAG_BATCH_DIV 40u  /* pages per round: free / 40 */
#define FRAG_LIVE_PCT  85u  /* the workload holds at most this % of its start's free memory */
#define FRAG_MAX_LIFE  220u /* rounds */
#define FRAG_ATTEMPTS  160u /* the thread's test */
#define FRAG_MAX_RUNS  3u
#define FRAG_ORDERS    8u
#define FRAG_WAYS      4u /* bit 0: reclaim, bit 1: compaction */

static const u32 frag_orders[FRAG_ORDERS] = { 10, 9, 8, 7, 6, 5, 4, 3 };
static const char *const way_names[FRAG_WAYS] = { "as memory stands", "with reclaim", "with compaction",
						  "reclaim+compact" };

struct frag {
	struct frag_owner own; /* the slots and the reverse map (frag_owner.h) */
	u32 cap, n;
	u32 death[FRAG_ROUNDS + FRAG_MAX_LIFE]; /* first slot dying in round r */
	u32 live, lru;				/* live pages; first slot not yet checked by LRU freeing */
	struct page *held[FRAG_ATTEMPTS];
};

/* Sums over runs for one (grouping, way, order) point. */
struct frag_sum {
	u32 runs;
	double attempts, successes, pct, pct2, clean, blocks, with_unmov, min_unmov, mixed, fidx, uidx, moved,
	    reclaimed;
};
/* The benchmark's own tables, in pages it allocates (not in the kernel
 * image: small machines count every page): the sums, and every zone's page
 * block types at the benchmark's start, restored before each point (a steal
 * in a block that stays partly in use, e.g. one with the kernel's pages,
 * would otherwise carry over to the next point). */
struct frag_tables {
	struct frag_sum sums[2][FRAG_WAYS][FRAG_ORDERS];
	u32 types0[MAX_NR_ZONES][PAGEBLOCK_MAP_WORDS];
};
static struct frag_sum (*sums)[FRAG_WAYS][FRAG_ORDERS];
static u32 (*types0)[PAGEBLOCK_MAP_WORDS];

static void *frag_pages(u32 bytes, struct page **pg, u32 *order)
{
	u32 o = 0;

	while ((PAGE_SIZE << o) < bytes && o < MAX_ORDER - 1)
		o++;
	if ((PAGE_SIZE << o) < bytes)
		return NULL;
	*pg = alloc_pages(GFP_KERNEL, o);
	*order = o;
	return *pg ? __va((unsigned long)page_to_pfn(*pg) << PAGE_SHIFT) : NULL;
}

/* frag_page_va for compaction's moves in this kernel: the direct map
 * (<asm/page.h>'s __va: identity on x86, KSEG on Alpha). */
static void *frag_direct_va(u32 pfn)
{
	return __va((unsigned long)pfn << PAGE_SHIFT);
}

static void obj_free(struct frag *f, u32 i)
{
	u32 pfn = f->own.obj[i].pfn;

	if (pfn == FRAG_NONE)
		return;
	f->own.rmap[pfn] = FRAG_NONE;
	f->own.obj[i].pfn = FRAG_NONE;
	__free_pages(pfn_to_page(pfn), 0);
	f->live--;
}

/* Frees the oldest live movable page; false when none is left. */
static bool free_lru_movable(struct frag *f)
{
	for (; f->lru < f->n; f->lru++)
		if (f->own.obj[f->lru].pfn != FRAG_NONE && f->own.obj[f->lru].type == MIGRATE_MOVABLE) {
			obj_free(f, f->lru++);
			return true;
		}
	return false;
}

static void free_all(struct frag *f)
{
	u32 i;

	for (i = 0; i < f->n; i++)
		obj_free(f, i);
	f->n = f->live = f->lru = 0;
}

/* The churn: see the file's header. Returns false when the slots ran out
 * (cannot happen with the capacity chosen in bench_frag). */
static bool churn(struct frag *f, u32 seed)
{
	struct mwc g;
	u32 free0 = nr_free_pages(), batch = free0 / FRAG_BATCH_DIV + 1, target = free0 / 100 * FRAG_LIVE_PCT, r, i;

	mwc_init(&g, seed, MWC_CARRY_DEFAULT);
	for (r = 0; r < ARRAY_SIZE(f->death); r++)
		f->death[r] = FRAG_NONE;
	f->n = f->live = f->lru = 0;
	for (r = 0; r < FRAG_ROUNDS; r++) {
		for (i = 0; i < batch; i++) {
			u32 d = mwc_below(&g, 100), type = d < 4    ? MIGRATE_UNMOVABLE
							   : d < 20 ? MIGRATE_RECLAIMABLE
								    : MIGRATE_MOVABLE;
			gfp_t gfp = GFP_KERNEL | (type == MIGRATE_MOVABLE	? __GFP_MOVABLE
						  : type == MIGRATE_RECLAIMABLE ? __GFP_RECLAIMABLE
										: 0);
			struct page *p;
			u32 life = 0;

			if (f->n == f->cap)
				return false;
			p = alloc_pages(gfp, 0);
			while (!p && free_lru_movable(f)) /* memory full: page out the oldest */
				p = alloc_pages(gfp, 0);
			if (!p)
				break;
			f->own.obj[f->n] =
			    (struct frag_obj){ .pfn = page_to_pfn(p), .next = FRAG_NONE, .type = (u8)type };
			f->own.rmap[page_to_pfn(p)] = f->n;
			if (type == MIGRATE_UNMOVABLE)
				life = 20 + mwc_below(&g, 200);
			else if (type == MIGRATE_RECLAIMABLE)
				life = 1 + mwc_below(&g, 30);
			if (life) {
				f->own.obj[f->n].next = f->death[r + life];
				f->death[r + life] = f->n;
			}
			f->n++;
			f->live++;
		}
		for (i = f->death[r]; i != FRAG_NONE; i = f->own.obj[i].next)
			obj_free(f, i);
		while (f->live > target && free_lru_movable(f))
			;
	}
	return true;
}

/* Linux's fragmentation index and unusable free space index (mm/vmstat.c)
 * for `order` over the zones GFP_KERNEL may use, as 0..1 (-1: a block of
 * the order is free). */
static void frag_indices(u32 order, double *fidx, double *uidx)
{
	static const int zl[] = { ZONE_NORMAL, ZONE_DMA };
	u32 free_pages = 0, blocks = 0, suitable = 0, z, o;

	for (z = 0; z < ARRAY_SIZE(zl); z++) {
		const struct zone *zone = &contig_page_data.node_zones[zl[z]];
		for (o = 0; o < MAX_ORDER; o++) {
			u32 n = zone->free_area[o].nr_free;
			blocks += n;
			free_pages += n << o;
			if (o >= order)
				suitable += n << (o - order);
		}
	}
	if (!blocks)
		*fidx = 0;
	else if (suitable)
		*fidx = -1;
	else
		*fidx = 1.0 - (1.0 + (double)free_pages / (double)(1u << order)) / (double)blocks;
	*uidx = free_pages ? (double)(free_pages - (suitable << order)) / (double)free_pages : 1.0;
}

static bool any_zone_has(u32 order)
{
	return zone_has_free_order(&contig_page_data.node_zones[ZONE_NORMAL], order) ||
	       zone_has_free_order(&contig_page_data.node_zones[ZONE_DMA], order);
}

/* One point: churn, census, attempts. */
static void frag_point(struct frag *f, u32 seed, u32 way, u32 oi, struct frag_sum *s)
{
	static const int zl[] = { ZONE_NORMAL, ZONE_DMA };
	u32 order = frag_orders[oi], attempts, successes = 0, a, z, moved0, reclaimed = 0, movable = 0, i;
	struct pageblock_census c, t = { 0 };
	double fidx, uidx;

	/* every point from the same start: the workload's pages are all
	 * freed, the page block types are the benchmark's start's, free
	 * blocks move to their lists (address order); the per-CPU lists
	 * are emptied first, or pages the previous point freed would come
	 * back typed by the old page block types */
	if (pcp_enabled())
		pcp_drain_all(); /* CPU 0, the others idle */
	for (z = 0; z < MAX_NR_ZONES; z++)
		memcpy(contig_page_data.node_zones[z].pageblock_flags, types0[z],
		       sizeof(types0[z][0]) * PAGEBLOCK_MAP_WORDS);
	mobility_grouping_set(mobility_grouping_enabled);
	churn(f, seed);
	if (pcp_enabled())
		pcp_drain_all(); /* the census counts the lists' pages as free */
	for (z = 0; z < ARRAY_SIZE(zl); z++) {
		pageblock_census(&contig_page_data.node_zones[zl[z]], &c);
		t.nr_blocks += c.nr_blocks;
		t.with_unmovable += c.with_unmovable;
		t.unmovable_pages += c.unmovable_pages;
		t.mixed += c.mixed;
	}
	frag_indices(order, &fidx, &uidx);
	for (i = 0; i < f->n; i++)
		movable += f->own.obj[i].pfn != FRAG_NONE && f->own.obj[i].type != MIGRATE_UNMOVABLE;
	attempts = MIN(FRAG_ATTEMPTS, (nr_free_pages() + movable) >> order);
	moved0 = compact_stats.moved;
	for (a = 0; a < attempts; a++) {
		struct page *p = alloc_pages(GFP_KERNEL, order);

		if (!p && way == 1) {
			/* reclaim: the workload's movable and reclaimable pages, oldest first */
			for (i = 0; i < f->n && !any_zone_has(order); i++)
				if (f->own.obj[i].pfn != FRAG_NONE && f->own.obj[i].type != MIGRATE_UNMOVABLE) {
					obj_free(f, i);
					reclaimed++;
				}
			p = alloc_pages(GFP_KERNEL, order);
		}
		while (!p && way >= 2) {
			/* compaction; with reclaim too (way 3): when compaction
			 * fails, 2^order more pages are reclaimed (oldest
			 * first) and it runs again (Linux's direct reclaim and
			 * compaction) */
			u32 want = nr_free_pages() + (1u << order);
			bool any = false;

			for (z = 0; z < ARRAY_SIZE(zl) && !p; z++)
				if (compact_zone(&contig_page_data.node_zones[zl[z]], order, frag_move, &f->own))
					p = alloc_pages(GFP_KERNEL, order);
			if (p || way == 2)
				break;
			for (i = 0; i < f->n && nr_free_pages() < want; i++)
				if (f->own.obj[i].pfn != FRAG_NONE && f->own.obj[i].type != MIGRATE_UNMOVABLE) {
					obj_free(f, i);
					reclaimed++;
					any = true;
				}
			if (!any)
				break;
		}
		if (p)
			f->held[successes++] = p;
	}
	for (a = 0; a < successes; a++)
		__free_pages(f->held[a], order);
	free_all(f);
	s->runs++;
	s->attempts += attempts;
	s->successes += successes;
	{
		double pct = attempts ? 100.0 * successes / attempts : 0;
		s->pct += pct;
		s->pct2 += pct * pct;
	}
	s->clean += t.nr_blocks - t.with_unmovable;
	s->blocks += t.nr_blocks;
	s->with_unmov += t.with_unmovable;
	s->min_unmov += (t.unmovable_pages + pageblock_nr_pages - 1) / pageblock_nr_pages;
	s->mixed += t.mixed;
	s->fidx += fidx;
	s->uidx += uidx;
	s->moved += compact_stats.moved - moved0;
	s->reclaimed += reclaimed;
}

static char *fx(char *buf, double x, u32 d)
{
	return fmt_fixed(buf, 24, x, d);
}

static void frag_report(u32 g, u32 way, u32 oi)
{
	const struct frag_sum *s = &sums[g][way][oi];
	double n = s->runs, mean = s->pct / n, var = n > 1 ? (s->pct2 - n * mean * mean) / (n - 1) : 0;
	char b1[24], b2[24], b3[24], b4[24], b5[24], b6[24];

	if (!s->runs)
		return;
	printk("@result bench=frag grouping=%s reclaim=%s compaction=%s order=%u runs=%u attempts=%u successes=%u "
	       "clean_blocks=%u success_pct=%s success_pct_sd=%s blocks=%u with_unmovable=%u min_unmovable_blocks=%u "
	       "mixed=%u frag_index=%s unusable_index=%s moved_per_success=%s reclaimed_per_success=%s\n",
	       g ? "on" : "off", (way & 1) ? "on" : "off", (way & 2) ? "on" : "off", frag_orders[oi], s->runs,
	       (u32)(s->attempts / n + 0.5), (u32)(s->successes / n + 0.5), (u32)(s->clean / n + 0.5), fx(b1, mean, 1),
	       fx(b2, var > 0 ? bench_sqrt(var) : 0, 1), (u32)(s->blocks / n + 0.5), (u32)(s->with_unmov / n + 0.5),
	       (u32)(s->min_unmov / n + 0.5), (u32)(s->mixed / n + 0.5), fx(b3, s->fidx / n, 3), fx(b4, s->uidx / n, 3),
	       fx(b5, s->successes ? s->moved / s->successes : 0, 1),
	       fx(b6, s->successes ? s->reclaimed / s->successes : 0, 1));
}

/* aim9's page_test, in the kernel: one pair = 16 order-0 pages of mixed
 * types (unmovable, movable, reclaimable in turn) allocated, every byte
 * written, freed. Cycles per pair (median of 5 runs of 500 pairs), grouping
 * on and off; under a hypervisor these are emulated cycles (INFO, the
 * instruction counts of make bench-host are the figure). */
#define PT_BATCH 16u
#define PT_PAIRS 500u
static void page_test(bool grouping)
{
	static const gfp_t types[3] = { GFP_KERNEL, GFP_KERNEL | __GFP_MOVABLE, GFP_KERNEL | __GFP_RECLAIMABLE };
	double c[5];
	struct bench_stats st;
	char b1[24];
	u32 r, i, k;

	mobility_grouping_set(grouping);
	for (r = 0; r < 5; r++) {
		u64 t0 = get_cycles();
		for (i = 0; i < PT_PAIRS; i++) {
			struct page *p[PT_BATCH];
			for (k = 0; k < PT_BATCH; k++) {
				p[k] = alloc_pages(types[k % 3], 0);
				if (p[k])
					memset(__va((unsigned long)page_to_pfn(p[k]) << PAGE_SHIFT), (int)k, PAGE_SIZE);
			}
			for (k = 0; k < PT_BATCH; k++)
				if (p[k])
					__free_pages(p[k], 0);
		}
		c[r] = (double)(get_cycles() - t0) / PT_PAIRS;
	}
	bench_stats(c, 5, &st);
	printk("@result bench=page_test grouping=%s pcp=%s pairs=%u pages_per_pair=%u cycles_per_pair=%s "
	       "status=INFO\n",
	       grouping ? "on" : "off", pcp_enabled() ? "on" : "off", PT_PAIRS, PT_BATCH,
	       fmt_fixed(b1, sizeof(b1), st.median, 0));
}

u32 bench_frag(const struct bench_config *cfg)
{
	static struct frag f;
	struct page *objs_pg, *rmap_pg, *tab_pg;
	struct frag_tables *tab;
	u32 objs_order, rmap_order, tab_order, runs = MIN(MAX(cfg->runs, 1u), FRAG_MAX_RUNS), run, g, way, oi, i,
					       failures = 0;
	bool grouping0 = mobility_grouping_enabled;
	u32 policy0;
	u32 ways = compaction_enabled ? FRAG_WAYS : 2; /* without compaction: ways 0 and 1 */

	printk("\nbench=frag: churn of %u rounds (4%% unmovable long-lived, 16%% reclaimable, 80%% movable in LRU "
	       "order), then up to %u high-order attempts per order and way; grouping on and off, %u run(s)\n",
	       FRAG_ROUNDS, FRAG_ATTEMPTS, runs);
	if (!compaction_enabled)
		printk("bench=frag: compaction=off: the compaction way is not run\n");
	frag_page_va = frag_direct_va;
	f.cap = nr_free_pages() * 3 / 2 + 64;
	f.own.rmap_len = max_pfn;
	f.own.obj = frag_pages(f.cap * (u32)sizeof(*f.own.obj), &objs_pg, &objs_order);
	f.own.rmap = frag_pages(f.own.rmap_len * 4, &rmap_pg, &rmap_order);
	tab = frag_pages((u32)sizeof(*tab), &tab_pg, &tab_order);
	if (!f.own.obj || !f.own.rmap || !tab) {
		printk("bench=frag: no contiguous low memory for the workload's tables\n");
		printk("@skip bench=frag reason=no_memory runs=0\n");
		if (f.own.obj)
			__free_pages(objs_pg, objs_order);
		if (f.own.rmap)
			__free_pages(rmap_pg, rmap_order);
		if (tab)
			__free_pages(tab_pg, tab_order);
		return 0;
	}
	sums = tab->sums;
	types0 = tab->types0;
	for (i = 0; i < f.own.rmap_len; i++)
		f.own.rmap[i] = FRAG_NONE;
	memset(tab, 0, sizeof(*tab));
	if (placement_active_id != PLACEMENT_BUDDY) /* deterministic picks: no per-task colors */
		printk("bench=frag: placement %s -> buddy for its runs (restored after)\n", placement_name());
	policy0 = placement_active_id;
	placement_select_id(PLACEMENT_BUDDY);
	mobility_grouping_set(true); /* wholly free page blocks movable */
	for (i = 0; i < MAX_NR_ZONES; i++)
		memcpy(types0[i], contig_page_data.node_zones[i].pageblock_flags,
		       sizeof(types0[i][0]) * PAGEBLOCK_MAP_WORDS);
	task_start("frag");
	for (run = 0; run < runs; run++)
		for (g = 0; g < 2; g++) {
			mobility_grouping_set(g == 1); /* the workload's pages are all freed here */
			for (way = 0; way < ways; way++)
				for (oi = 0; oi < FRAG_ORDERS; oi++)
					frag_point(&f, 0xf7a90000u + run * 977u + oi * 131u, way, oi,
						   &sums[g][way][oi]);
			pagetypeinfo_summary(g ? "frag-grouping-on" : "frag-grouping-off");
		}
	page_test(false);
	page_test(true);
	task_end();
	mobility_grouping_set(grouping0);
	placement_select_id(policy0);
	for (g = 2; g-- > 0;)
		for (way = 0; way < ways; way++)
			for (oi = 0; oi < FRAG_ORDERS; oi++)
				frag_report(g, way, oi);
	printk("frag: success rate %% (mean of %u run(s)), grouping on | off; clean = page blocks holding no "
	       "unmovable page\n",
	       runs);
	printk("frag: %-17s", "order");
	for (oi = 0; oi < FRAG_ORDERS; oi++)
		printk(" %11u", frag_orders[oi]);
	printk("\n");
	for (way = 0; way < ways; way++) {
		printk("frag: %-17s", way_names[way]);
		for (oi = 0; oi < FRAG_ORDERS; oi++) {
			char b1[24], b2[24];
			printk(" %5s|%5s", fx(b1, sums[1][way][oi].pct / runs, 1),
			       fx(b2, sums[0][way][oi].pct / runs, 1));
		}
		printk("\n");
	}
	for (g = 2; g-- > 0;) {
		const struct frag_sum *s = &sums[g][0][0];
		char b1[24], b2[24], b3[24], b4[24];
		printk("frag: grouping=%-3s clean blocks %s of %s, blocks with an unmovable page %s (fewest possible "
		       "%s)\n",
		       g ? "on" : "off", fx(b1, s->clean / runs, 1), fx(b2, s->blocks / runs, 1),
		       fx(b3, s->with_unmov / runs, 1), fx(b4, s->min_unmov / runs, 1));
	}
	__free_pages(objs_pg, objs_order);
	__free_pages(rmap_pg, rmap_order);
	__free_pages(tab_pg, tab_order);
	if (cfg->check && mm_check() != 0)
		failures++;
	return failures;
}
