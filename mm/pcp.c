/* SPDX-License-Identifier: MIT */
/* mm/pcp.c - per-CPU hot and cold page lists (see pcp.h). */
#include "mm/pcp.h"
#include <asm/atomic64.h>
#include "kernel/printk.h"
#include "mm/internal.h"
#include "mm/mm_check.h"
#include "mm/pageblock.h"
#include "mm/placement/registry.h"
#include "mm/zone_lock.h"
#include "mm/page_color.h"

#ifdef MM_HOST
#include <stdio.h>
#include <stdlib.h>

__thread u32 host_cpu_id; /* <asm/smp.h> (host): the CPU a test thread plays */
u32 nr_cpus_online = 1;
#ifdef KERNEL_DEBUG
__thread u32 host_irqs_off; /* <asm/irqflags.h> (host) */
void (*spin_assert_hook)(const char *message, const char *file, int line);

/* kernel/spinlock.h's failure, host version: the test's hook (which may
 * longjmp, as cmocka's mock_assert does), else a message and abort(). */
void spin_assert_fail(const char *lock, const char *what, const char *func, const char *file, int line)
{
	if (*lock == '&')
		lock++; /* "zone_lock", not "&zone_lock" */
	char msg[256];

	snprintf(msg, sizeof(msg), "lock assertion: %s %s in %s (%s:%d), CPU %u", lock, what, func, file, line,
		 smp_processor_id());
	if (spin_assert_hook)
		spin_assert_hook(msg, file, line);
	fprintf(stderr, "%s\n", msg);
	abort();
}
#endif
#endif

static struct per_cpu_pageset pagesets[NR_CPUS][MAX_NR_ZONES];
static struct per_cpu_colored colored[NR_CPUS][MAX_NR_ZONES];
/* The colored lists' heads: one block for the CPUs online at the first
 * pcp_setup that turns them on x the populated zones x the colors, kept and
 * reused by later pcp_setup calls (replaced only when they need more). */
static struct list_head *colored_heads;
static u32 colored_cap;	  /* heads colored_heads holds */
static u32 colored_order; /* its order (kernel) */
static u32 colored_cpus;  /* CPUs given heads: colored[c] for c >= this have none */
static u32 colored_zones; /* populated zones given heads */
static bool pcp_on;
static u32 color_high; /* pcp_color_high(); 0: the colored lists are off */
static u32 color_mask; /* colors - 1 at pcp_setup */
static struct per_cpu_marks pcp_marks[PCP_LISTS] = {
	[PCP_HOT] = { .low = 2 * PCP_BATCH_DEFAULT, .high = 6 * PCP_BATCH_DEFAULT, .batch = PCP_BATCH_DEFAULT },
	[PCP_COLD] = { .low = 0, .high = 2 * PCP_BATCH_DEFAULT, .batch = PCP_BATCH_DEFAULT },
};

static inline u32 zone_idx(const struct zone *zone)
{
	return (u32)(zone - contig_page_data.node_zones);
}

static struct page *pcp_alloc(struct zone *zone, bool cold, u32 mt)
{
	irqflags_t flags = arch_irq_save();
	struct per_cpu_pageset *ps = &pagesets[smp_processor_id()][zone_idx(zone)];
	u32 kind = cold ? PCP_COLD : PCP_HOT;
	struct per_cpu_pages *pcp = &ps->pcp[kind][mt];
	struct page *page = NULL;

	if (pcp->count <= pcp_marks[kind].low && zone->free_pages) {
		pcp->count += rmqueue_bulk(zone, pcp_marks[kind].batch, &pcp->list, mt);
		ps->refills++;
	}
	if (pcp->count) {
		page = list_first_entry(&pcp->list, struct page, lru);
		list_del(&page->lru);
		pcp->count--;
		page->flags &= ~PG_pcp;
		ps->allocs++;
	}
	arch_irq_restore(flags);
	return page;
}

static void pcp_free_color(struct page *page, bool cold, u32 mt);

static void pcp_free(struct page *page, bool cold, u32 mt)
{
	struct zone *zone = page_zone(page);
	struct per_cpu_pageset *ps = &pagesets[smp_processor_id()][zone_idx(zone)];
	u32 kind = cold ? PCP_COLD : PCP_HOT;
	struct per_cpu_pages *pcp = &ps->pcp[kind][mt];

	assert_irqs_disabled(); /* by free_pages_common */
	if (!placement_active_pcp) {
		pcp_free_color(page, cold, mt);
		return;
	}
	page->flags |= PG_pcp;
	if (cold)
		list_add_tail(&page->lru, &pcp->list);
	else
		list_add(&page->lru, &pcp->list);
	pcp->count++;
	ps->frees++;
	if (pcp->count >= pcp_marks[kind].high) {
		pcp->count -= free_pages_bulk(zone, pcp_marks[kind].batch, &pcp->list);
		ps->drains++;
	}
}

/* ---- the colored lists ------------------------------------------------------ */

/* Gives up to count pages of cc back to zone under one zone lock (in
 * free_pages_bulk): the tails (coldest) of lists holding two or more pages
 * first, then of any, walking the colors from the cursor. Returns pages
 * given back. Interrupts off. */
static u32 colored_drain(struct zone *zone, struct per_cpu_colored *cc, u32 count)
{
	struct list_head out;
	u32 n = 0, colors = color_mask + 1;

	INIT_LIST_HEAD(&out);
	/* sweeps over the colors, one page per list each, until a sweep finds
	 * nothing to take: first lists of two or more pages, then any */
	for (u32 pass = 0, took = 1; pass < 2 && n < count && n < cc->count; pass += !took) {
		u32 start = cc->cursor;
		took = 0;
		for (u32 i = 0; i < colors && n < count; i++) {
			u32 k = (start + i) & color_mask;
			struct list_head *head = &cc->lists[k];
			if (head->next == head || (pass == 0 && head->next == head->prev))
				continue;
			struct page *page = list_entry(head->prev, struct page, lru);
			list_del(&page->lru);
			list_add(&page->lru, &out);
			n++;
			took++;
			cc->cursor = (k + 1) & color_mask;
		}
	}
	if (n)
		n = free_pages_bulk(zone, n, &out);
	cc->count -= n;
	return n;
}

/* Under one zone lock: a page of color want, and one of each of the next
 * batch - 1 colors whose lists are empty (the round-robin's next
 * requests), as long as the CPU stays below color_high. Returns the pages
 * taken; 0 when the zone has no page of color want (nothing taken). */
static u32 colored_refill(struct zone *zone, struct per_cpu_colored *cc, u32 mt, u32 want)
{
	u32 batch = pcp_marks[PCP_HOT].batch, n = 0;
	u32 room = color_high > cc->count ? color_high - cc->count : 1;
	irqflags_t flags = zone_lock_irqsave();

	for (u32 i = 0; i < batch && n < room && i <= color_mask; i++) {
		u32 k = (want + i) & color_mask;
		if (i && !list_empty(&cc->lists[k]))
			continue;
		struct page *page = __rmqueue_color(zone, mt, k);
		if (!page) {
			if (!i)
				break; /* no page of the color asked for: the zone path */
			continue;
		}
		page->flags |= PG_pcp;
		list_add_tail(&page->lru, &cc->lists[k]); /* fresh from the zone: cold end */
		n++;
	}
	zone_unlock_irqrestore(flags);
	cc->count += n;
	return n;
}

/* The color binhop or vacolor picks for an order-0 request (their
 * __binhop_pick / __vacolor_pick rule), or -1 when the request goes the
 * zone path (another policy, a color set, any color, state not drawn yet:
 * the zone path draws it under the lock). *rr: the target advances. */
static int colored_want(const struct alloc_hint *hint, struct placement_task *t, bool *rr)
{
	u32 id = placement_active_id;

	if (hint->colors || hint->any_color || hint->migratetype != MIGRATE_MOVABLE)
		return -1;
	if (id == PLACEMENT_VACOLOR && hint->has_va) {
		*rr = false;
		return t->va_init ? (int)(((hint->va >> PAGE_SHIFT) + t->va_offset) & color_mask) : -1;
	}
	if (id != PLACEMENT_BINHOP && id != PLACEMENT_VACOLOR)
		return -1;
	*rr = true;
	return t->rr_init ? (int)(__atomic_load_n(&t->target_color, __ATOMIC_RELAXED) & color_mask) : -1;
}

static struct page *pcp_alloc_color(struct zone *zone, struct alloc_hint *hint, bool cold)
{
	struct placement_task *t;
	struct page *page = NULL;
	bool rr = false;
	int want;

	if (!hint->task || page_colors != color_mask + 1)
		return NULL;
	/* the task's slot, when it has one: claiming one changes shared state,
	 * which the zone path does under the zone lock */
	t = hint->task->placement;
	if (!t || t->owner != hint->task)
		return NULL;
	irqflags_t flags = arch_irq_save();
	struct per_cpu_pageset *ps = &pagesets[smp_processor_id()][zone_idx(zone)];
	struct per_cpu_colored *cc = &colored[smp_processor_id()][zone_idx(zone)];

	if (!cc->lists) { /* a CPU or zone without heads */
		arch_irq_restore(flags);
		return NULL;
	}
	/* a few tries: another CPU of the same task may claim the target first */
	for (u32 tries = 0; tries < 4 && !page; tries++) {
		want = colored_want(hint, t, &rr);
		if (want < 0)
			break;
		struct list_head *head = &cc->lists[want];
		if (list_empty(head)) {
			if (!colored_refill(zone, cc, hint->migratetype, (u32)want))
				break; /* the zone has no page of this color */
			ps->color_refills++;
		}
		u32 w = (u32)want;
		if (rr && !__atomic_compare_exchange_n(&t->target_color, &w, ((u32)want + 1) & color_mask, false,
						       __ATOMIC_RELAXED, __ATOMIC_RELAXED))
			continue; /* claimed by another CPU: the next target */
		page = cold ? list_entry(head->prev, struct page, lru) : list_first_entry(head, struct page, lru);
		list_del(&page->lru);
		cc->count--;
		page->flags &= ~PG_pcp;
		ps->color_allocs++;
		ps->color_off += pfn_color(page_to_pfn(page)) != (u32)want;
		__atomic_add_fetch(&t->hits, 1, __ATOMIC_RELAXED);
		atomic64_inc(&page_color_stats.hits);
		atomic64_inc(&page_color_stats.pages_allocated);
	}
	arch_irq_restore(flags);
	return page;
}

/* A free under a coloring policy: a movable page to this CPU's list of its
 * color (hot: head, cold: tail), draining a batch at color_high; any other
 * page to the zone. Interrupts off. */
static void pcp_free_color(struct page *page, bool cold, u32 mt)
{
	struct zone *zone = page_zone(page);
	struct per_cpu_pageset *ps = &pagesets[smp_processor_id()][zone_idx(zone)];
	struct per_cpu_colored *cc = &colored[smp_processor_id()][zone_idx(zone)];
	u32 id = placement_active_id;

	page->flags |= PG_pcp;
	if (mt != MIGRATE_MOVABLE || (id != PLACEMENT_BINHOP && id != PLACEMENT_VACOLOR) ||
	    page_colors != color_mask + 1 || !cc->lists) {
		struct list_head one;
		INIT_LIST_HEAD(&one);
		list_add(&page->lru, &one);
		free_pages_bulk(zone, 1, &one);
		return;
	}
	struct list_head *head = &cc->lists[pfn_color(page_to_pfn(page))];
	if (cold)
		list_add_tail(&page->lru, head);
	else
		list_add(&page->lru, head);
	cc->count++;
	ps->color_frees++;
	if (cc->count >= color_high) {
		colored_drain(zone, cc, pcp_marks[PCP_HOT].batch);
		ps->color_drains++;
	}
}

/* The lists of a pageset as one array: list i is kind i / MIGRATE_TYPES,
 * migrate type i % MIGRATE_TYPES. */
#define PCP_NR_LISTS (PCP_LISTS * MIGRATE_TYPES)
static inline struct per_cpu_pages *pcp_list(struct per_cpu_pageset *ps, u32 i)
{
	return &ps->pcp[i / MIGRATE_TYPES][i % MIGRATE_TYPES];
}

#define PCP_ALL 0xffffffffu
/* Pages on the lists of CPU cpu, zone z, kind and migrate type mt; PCP_ALL
 * for any of them sums over all. */
static u32 pcp_sum(u32 cpu, u32 z, u32 kind, u32 mt)
{
	u32 sum = 0;

	for (u32 c = 0; c < NR_CPUS; c++)
		for (u32 zi = 0; zi < MAX_NR_ZONES; zi++)
			for (u32 i = 0; i < PCP_NR_LISTS; i++)
				if ((cpu == PCP_ALL || cpu == c) && (z == PCP_ALL || z == zi) &&
				    (kind == PCP_ALL || kind == i / MIGRATE_TYPES) &&
				    (mt == PCP_ALL || mt == i % MIGRATE_TYPES))
					sum += pcp_list(&pagesets[c][zi], i)->count;
	return sum;
}

/* On every nr_free_pages(): a plain sum, not pcp_sum's filtered walk (under
 * TCG bench=frag's reclaim loop, which asks once per page, took 99 s
 * instead of 15 with it). */
u32 pcp_nr_pages(void)
{
	u32 sum = 0;

	for (u32 c = 0; c < NR_CPUS; c++)
		for (u32 z = 0; z < MAX_NR_ZONES; z++) {
			for (u32 i = 0; i < PCP_NR_LISTS; i++)
				sum += pcp_list(&pagesets[c][z], i)->count;
			sum += colored[c][z].count;
		}
	return sum;
}

u32 pcp_nr_pages_cpu(u32 cpu, u32 z, u32 list)
{
	return cpu < NR_CPUS && z < MAX_NR_ZONES && list < PCP_LISTS ? pcp_sum(cpu, z, list, PCP_ALL) : 0;
}

static u32 drain_cpu(u32 cpu)
{
	u32 n = 0;

	assert_irqs_disabled();
	for (u32 z = 0; z < MAX_NR_ZONES; z++)
		for (u32 l = 0; l < PCP_NR_LISTS; l++) {
			struct per_cpu_pages *pcp = pcp_list(&pagesets[cpu][z], l);
			if (pcp->count) {
				u32 k = free_pages_bulk(&contig_page_data.node_zones[z], pcp->count, &pcp->list);
				pcp->count -= k;
				n += k;
			}
		}
	for (u32 z = 0; z < MAX_NR_ZONES; z++) {
		struct per_cpu_colored *cc = &colored[cpu][z];
		if (cc->count)
			n += colored_drain(&contig_page_data.node_zones[z], cc, cc->count);
	}
	return n;
}

u32 pcp_drain_all(void)
{
	irqflags_t flags = arch_irq_save();
	u32 n = 0;

	for (u32 c = 0; c < NR_CPUS; c++)
		n += drain_cpu(c);
	arch_irq_restore(flags);
	return n;
}

u32 pcp_drain_local(void)
{
	irqflags_t flags = arch_irq_save();
	u32 n = drain_cpu(smp_processor_id());

	arch_irq_restore(flags);
	return n;
}

static const struct pcp_hooks hooks = { .alloc = pcp_alloc,
					.alloc_color = pcp_alloc_color,
					.free = pcp_free,
					.count = pcp_nr_pages,
					.drain_local = pcp_drain_local };

/* A placement policy switch: every page back to the buddy lists first, so
 * the new policy sees all free pages. */
static void drain_on_switch(void)
{
	pcp_drain_all();
}

/* What is wrong with a page found on a per-CPU list of zone z (hot, cold
 * or colored), or NULL: the rules every such list shares. */
static const char *pcp_page_bad(const struct page *p, u32 z)
{
	if (!(p->flags & PG_pcp))
		return "page not marked PG_pcp";
	if (p->flags & (PG_buddy | PG_head | PG_reserved | PG_ballast))
		return "page also free in the buddy lists, allocated, reserved or ballast";
	if (page_zonenum(p) != z)
		return "page of another zone";
	return NULL;
}

/* pcp_check's part for the colored lists. */
static int colored_check(void)
{
	for (u32 c = 0; c < NR_CPUS; c++)
		for (u32 z = 0; z < MAX_NR_ZONES; z++) {
			struct per_cpu_colored *cc = &colored[c][z];
			const char *why = NULL;
			u32 n = 0, pfn = 0, k = 0;

			if (!cc->lists) /* no heads */
				continue;
			for (k = 0; k <= color_mask && !why; k++) {
				struct list_head *pos;
				list_for_each(pos, &cc->lists[k]) {
					struct page *p = list_entry(pos, struct page, lru);
					pfn = page_to_pfn(p);
					if (++n > cc->count)
						why = "more pages on the colored lists than their count";
					else if ((pfn & color_mask) != k)
						why = "page of another color";
					else
						why = pcp_page_bad(p, z);
					if (why)
						break;
				}
			}
			if (!why && n != cc->count)
				why = "count differs from the colored lists";
			if (!why && color_high && cc->count > color_high)
				why = "more pages than the colored lists' high";
			if (why) {
				printk("mm_check: FAIL per-CPU list zone %s cpu %u color %u pfn 0x%x: %s (count %u)\n",
				       zone_names[z], c, k ? k - 1 : 0, pfn, why, cc->count);
				return -1;
			}
		}
	return 0;
}

int pcp_check(void)
{
	for (u32 c = 0; c < NR_CPUS; c++)
		for (u32 z = 0; z < MAX_NR_ZONES; z++)
			for (u32 l = 0; l < PCP_NR_LISTS; l++) {
				struct per_cpu_pages *pcp = pcp_list(&pagesets[c][z], l);
				struct list_head *pos;
				const char *why = NULL;
				u32 n = 0, pfn = 0;

				if (!pcp->list.next) /* never set up */
					continue;
				list_for_each(pos, &pcp->list) {
					struct page *p = list_entry(pos, struct page, lru);
					pfn = page_to_pfn(p);
					if (++n > pcp->count)
						why = "more pages on the list than its count";
					else
						why = pcp_page_bad(p, z);
					if (why)
						break;
				}
				if (!why && n != pcp->count)
					why = "count differs from the list";
				if (why) {
					printk("mm_check: FAIL per-CPU list zone %s cpu %u %s %s pfn 0x%x: %s (count "
					       "%u)\n",
					       zone_names[z], c, l / MIGRATE_TYPES == PCP_HOT ? "hot" : "cold",
					       migratetype_names[l % MIGRATE_TYPES], pfn, why, pcp->count);
					return -1;
				}
			}
	return colored_check();
}

#ifdef MM_HOST
/* Host: the heads from a static pool (the tests' pages stay theirs, their
 * free counts exact); the same carving as the kernel's. */
static struct list_head *colored_heads_get(u32 heads, u32 *cap, u32 *order)
{
	static struct list_head pool[NR_CPUS * MAX_NR_ZONES * PCP_COLORS_MAX];

	*order = 0;
	*cap = ARRAY_SIZE(pool);
	return heads <= ARRAY_SIZE(pool) ? pool : NULL;
}
static void colored_heads_put(struct list_head *heads, u32 order)
{
	(void)heads;
	(void)order;
}
#else
/* Kernel: lowmem pages from the buddy allocator (the per-CPU lists'
 * hooks off meanwhile), in lowmem as every GFP_KERNEL block (the
 * architecture's __va/__pa: one to one on x86, KSEG on Alpha). */
static struct list_head *colored_heads_get(u32 heads, u32 *cap, u32 *order)
{
	u32 o = 0;
	struct page *page;

	while ((PAGE_SIZE << o) < heads * sizeof(struct list_head))
		o++;
	page = alloc_pages(GFP_KERNEL | __GFP_NOCOLOR, o);
	if (!page)
		return NULL;
	*order = o;
	*cap = (PAGE_SIZE << o) / sizeof(struct list_head);
	return __va((unsigned long)page_to_pfn(page) << PAGE_SHIFT);
}
static void colored_heads_put(struct list_head *heads, u32 order)
{
	__free_pages(pfn_to_page((u32)(__pa(heads) >> PAGE_SHIFT)), order);
}
#endif

/* Gives each CPU online (up to NR_CPUS) and each populated zone colors
 * empty list heads from colored_heads, getting a block on first use or
 * when the one held is too small (the old one, empty after pcp_setup's
 * drain, goes back). Other CPUs and zones get none (lists NULL: their
 * colored requests take the zone path). Called with the lists drained and
 * mm_pcp's hooks not yet (re)installed. Returns 0, or -1 (said) when no
 * block could be had: the colored lists stay off. */
static int colored_heads_setup(u32 colors)
{
	const struct pcp_hooks *was = mm_pcp;
	struct zone *zone;
	u32 cpus = MIN(nr_cpus_online, NR_CPUS), zones = 0, i = 0;

	for_each_populated_zone(zone)
		zones++;
	if (cpus * zones * colors > colored_cap) {
		u32 cap, order;
		struct list_head *heads;

		mm_pcp = NULL; /* the block comes from the zones, not from the lists being set up */
		heads = colored_heads_get(cpus * zones * colors, &cap, &order);
		if (!heads) {
			mm_pcp = was;
			printk("pcp: colored lists off: no %u bytes for their %u heads (%u CPUs x %u zones x %u "
			       "colors)\n",
			       cpus * zones * colors * (u32)sizeof(struct list_head), cpus * zones * colors, cpus,
			       zones, colors);
			return -1;
		}
		if (colored_heads)
			colored_heads_put(colored_heads, colored_order);
		mm_pcp = was;
		colored_heads = heads;
		colored_cap = cap;
		colored_order = order;
	}
	colored_cpus = cpus;
	colored_zones = zones;
	for (u32 c = 0; c < cpus; c++)
		for_each_populated_zone(zone) {
			struct per_cpu_colored *cc = &colored[c][zone_idx(zone)];
			cc->lists = colored_heads + colors * i++;
			for (u32 k = 0; k < colors; k++)
				INIT_LIST_HEAD(&cc->lists[k]);
		}
	return 0;
}

void pcp_setup(bool on, u32 batch, u32 high)
{
	if (!on) {
		if (pcp_on)
			pcp_drain_all();
		mm_pcp = NULL;
		mm_pcp_colors = false;
		color_high = 0;
		placement_switch_hook = NULL;
		mm_check_extra = NULL;
		pcp_on = false;
		return;
	}
	if (pcp_on)
		pcp_drain_all();
	batch = MIN(MAX(batch, 1u), PCP_BATCH_MAX);
	if (!high)
		high = 6 * batch;
	if (high < 2 * batch + 1) {
		printk("pcp: pcp_high=%u raised to %u: the hot list's high must exceed low (2 x pcp_batch=%u)\n", high,
		       2 * batch + 1, batch);
		high = 2 * batch + 1;
	}
	pcp_marks[PCP_HOT] = (struct per_cpu_marks){ .low = 2 * batch, .high = high, .batch = batch };
	pcp_marks[PCP_COLD] = (struct per_cpu_marks){ .low = 0, .high = 2 * batch, .batch = batch };
	for (u32 c = 0; c < NR_CPUS; c++)
		for (u32 z = 0; z < MAX_NR_ZONES; z++) {
			struct per_cpu_pageset *ps = &pagesets[c][z];
			*ps = (struct per_cpu_pageset){ 0 };
			for (u32 l = 0; l < PCP_NR_LISTS; l++)
				INIT_LIST_HEAD(&pcp_list(ps, l)->list);
			colored[c][z] = (struct per_cpu_colored){ 0 };
		}
	color_mask = page_colors - 1;
	color_high = page_colors > 1 && page_colors <= PCP_COLORS_MAX ? MAX(high, 2 * page_colors) : 0;
	if (color_high && colored_heads_setup(page_colors) < 0)
		color_high = 0;
	mm_pcp_colors = color_high != 0;
	placement_switch_hook = drain_on_switch;
	mm_check_extra = pcp_check;
	pcp_on = true;
	mm_pcp = &hooks;
}

bool pcp_enabled(void)
{
	return pcp_on;
}
bool pcp_colored(void)
{
	return pcp_on && color_high;
}
u32 pcp_color_high(void)
{
	return pcp_on ? color_high : 0;
}
u32 pcp_colored_heads(u32 *cpus, u32 *zones)
{
	*cpus = colored_cpus;
	*zones = colored_zones;
	return colored_heads ? colored_cap * (u32)sizeof(struct list_head) : 0;
}
u32 pcp_nr_colored_cpu(u32 cpu, u32 z)
{
	return cpu < NR_CPUS && z < MAX_NR_ZONES ? colored[cpu][z].count : 0;
}
void pcp_color_stats(u32 *refills, u32 *drains, u32 *allocs, u32 *frees, u32 *off)
{
	*refills = *drains = *allocs = *frees = *off = 0;
	for (u32 c = 0; c < NR_CPUS; c++)
		for (u32 z = 0; z < MAX_NR_ZONES; z++) {
			const struct per_cpu_pageset *ps = &pagesets[c][z];
			*refills += ps->color_refills;
			*drains += ps->color_drains;
			*allocs += ps->color_allocs;
			*frees += ps->color_frees;
			*off += ps->color_off;
		}
}
u32 pcp_batch(void)
{
	return pcp_marks[PCP_HOT].batch;
}
u32 pcp_high(void)
{
	return pcp_marks[PCP_HOT].high;
}

void pcp_print(void)
{
	struct zone *zone;

	if (!pcp_on)
		return;
	for_each_populated_zone(zone) {
		u32 z = zone_idx(zone);

		printk("pcp: zone %-7s", zone->name);
		for (u32 c = 0; c < nr_cpus_online && c < NR_CPUS; c++) {
			printk(" cpu%u hot %u cold %u", c, pcp_nr_pages_cpu(c, z, PCP_HOT),
			       pcp_nr_pages_cpu(c, z, PCP_COLD));
			if (color_high)
				printk(" colored %u", colored[c][z].count);
		}
		printk("\n");
	}
	printk("pcp: by migrate type, all CPUs and zones, hot+cold:");
	for (u32 mt = 0; mt < MIGRATE_TYPES; mt++)
		printk(" %s %u", migratetype_names[mt], pcp_sum(PCP_ALL, PCP_ALL, PCP_ALL, mt));
	printk("\n");
}

void pcp_stats(u32 *refills, u32 *drains, u32 *allocs, u32 *frees)
{
	*refills = *drains = *allocs = *frees = 0;
	for (u32 c = 0; c < NR_CPUS; c++)
		for (u32 z = 0; z < MAX_NR_ZONES; z++) {
			*refills += pagesets[c][z].refills;
			*drains += pagesets[c][z].drains;
			*allocs += pagesets[c][z].allocs;
			*frees += pagesets[c][z].frees;
		}
}

void pcp_zone_lock_stats(u32 *acquisitions, u32 *contended, u64 *spins)
{
	static u32 snapshots; /* this function's own acquisitions, not counted */
	irqflags_t f = zone_lock_irqsave();

	*acquisitions = zone_lock.acquisitions - ++snapshots;
	*contended = zone_lock.contended;
	*spins = zone_lock.spins;
	zone_unlock_irqrestore(f);
}
