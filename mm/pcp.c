/* SPDX-License-Identifier: MIT */
/* mm/pcp.c - per-CPU hot and cold page lists (see pcp.h). */
#include "mm/pcp.h"
#include "kernel/printk.h"
#include "mm/internal.h"
#include "mm/mm_check.h"
#include "mm/pageblock.h"
#include "mm/placement/registry.h"
#include "mm/zone_lock.h"

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
static bool pcp_on;
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

static void pcp_free(struct page *page, bool cold, u32 mt)
{
	struct zone *zone = page_zone(page);
	struct per_cpu_pageset *ps = &pagesets[smp_processor_id()][zone_idx(zone)];
	u32 kind = cold ? PCP_COLD : PCP_HOT;
	struct per_cpu_pages *pcp = &ps->pcp[kind][mt];

	assert_irqs_disabled(); /* by free_pages_common */
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
		for (u32 z = 0; z < MAX_NR_ZONES; z++)
			for (u32 i = 0; i < PCP_NR_LISTS; i++)
				sum += pcp_list(&pagesets[c][z], i)->count;
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

static const struct pcp_hooks hooks = {
	.alloc = pcp_alloc, .free = pcp_free, .count = pcp_nr_pages, .drain_local = pcp_drain_local
};

/* A placement policy switch: every page back to the buddy lists first, so
 * the new policy sees all free pages. */
static void drain_on_switch(void)
{
	pcp_drain_all();
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
					else if (!(p->flags & PG_pcp))
						why = "page not marked PG_pcp";
					else if (p->flags & (PG_buddy | PG_head | PG_reserved | PG_ballast))
						why =
						    "page also free in the buddy lists, allocated, reserved or ballast";
					else if (page_zonenum(p) != z)
						why = "page of another zone";
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
	return 0;
}

void pcp_setup(bool on, u32 batch, u32 high)
{
	if (!on) {
		if (pcp_on)
			pcp_drain_all();
		mm_pcp = NULL;
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
		}
	placement_switch_hook = drain_on_switch;
	mm_check_extra = pcp_check;
	pcp_on = true;
	mm_pcp = &hooks;
}

bool pcp_enabled(void)
{
	return pcp_on;
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
		for (u32 c = 0; c < nr_cpus_online && c < NR_CPUS; c++)
			printk(" cpu%u hot %u cold %u", c, pcp_nr_pages_cpu(c, z, PCP_HOT),
			       pcp_nr_pages_cpu(c, z, PCP_COLD));
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
