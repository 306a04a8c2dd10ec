/* SPDX-License-Identifier: MIT */
/* mm/shuffle.c - see shuffle.h. */
#include "mm/shuffle.h"
#include "kernel/mwc.h"
#include "mm/zone_lock.h"
#include "mm/internal.h"
#include "mm/memblock.h"
#include "mm/page_color.h"
#include "mm/page_alloc.h"
#include "mm/pageblock.h"

bool mm_shuffle_enabled;
u32 mm_ballast_pages;
static u32 *shuffle_scratch;
static u32 shuffle_scratch_len;

struct collect {
	u32 *pfns;
	u32 n, cap;
};

static void collect_range(u32 start, u32 end, void *arg)
{
	struct collect *c = arg;
	for (; start < end && start < max_pfn; start++)
		if (c->n < c->cap)
			c->pfns[c->n++] = start;
		else
			c->n++; /* count what does not fit */
}

/* Fisher-Yates: every permutation of v[0..n) equally likely. */
static struct mwc *shuffle_rng; /* the caller's generator (shuffle_release_memblock) */

static void fisher_yates(u32 *v, u32 n)
{
	u32 i;
	for (i = n; i > 1; i--) {
		u32 j = mwc_below(shuffle_rng, i), t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

/* One bit per max-order block (order MAX_ORDER-1: 4 MiB with 4 KiB pages) of the 4 GiB pfn space: set
 * when the block takes ballast. Every fourth block, from a random offset,
 * is left whole (see shuffle.h for the rule and the per-zone reserve). */
#define BLOCK_SHIFT (MAX_ORDER - 1)
static u32 fragmented[(HIGHMEM_LIMIT_PFN >> BLOCK_SHIFT) / 32];

/* page->private of a page in a reserve block, during the release only
 * (reserved pages otherwise have private 0; the release clears it). */
#define SHUFFLE_KEEP_WHOLE 0x5a4f4e45u

static bool block_fragmented(u32 pfn)
{
	u32 b = pfn >> BLOCK_SHIFT;
	return (fragmented[b / 32] >> (b % 32)) & 1;
}

/* Does this free page take part in the ballast draw? */
static bool takes_ballast(u32 pfn)
{
	return block_fragmented(pfn) && pfn_to_page(pfn)->private != SHUFFLE_KEEP_WHOLE;
}

/* Calls fn(pfn, order) for every block of the buddy decomposition of the
 * free pfns (ascending, pfns[0..n)): each run of consecutive pfns inside one
 * zone is cut into the largest naturally aligned blocks, the blocks the
 * buddy allocator builds from those pages however they are freed. */
static void for_each_free_block(const u32 *pfns, u32 n, void (*fn)(u32 pfn, u32 order, void *arg), void *arg)
{
	u32 i = 0;

	while (i < n) {
		u32 start = pfns[i], end, z = page_zonenum(pfn_to_page(start));

		for (i++; i < n && pfns[i] == pfns[i - 1] + 1 && page_zonenum(pfn_to_page(pfns[i])) == z; i++)
			;
		end = pfns[i - 1] + 1;
		while (start < end) {
			u32 o = 0;
			while (o + 1 < MAX_ORDER && !(start & ((2u << o) - 1)) && start + (2u << o) <= end)
				o++;
			fn(start, o, arg);
			start += 1u << o;
		}
	}
}

/* The reserve choice, per zone (see shuffle.h). */
struct reserve_plan {
	u32 blocks[MAX_NR_ZONES][MAX_ORDER];	   /* free blocks per order */
	u32 whole_blocks[MAX_NR_ZONES][MAX_ORDER]; /* of them, in 4 MiB blocks left whole */
	int cut[MAX_NR_ZONES];			   /* every block above this order is kept */
	u32 cut_frag[MAX_NR_ZONES];		   /* fragmented-block blocks kept at the cut order */
	u32 taken[MAX_NR_ZONES];		   /* marked so far at the cut order (pass 2) */
	u32 reserve_pages[MAX_NR_ZONES];	   /* the reserve's size */
};

static void count_block(u32 pfn, u32 order, void *arg)
{
	struct reserve_plan *plan = arg;
	u32 z = page_zonenum(pfn_to_page(pfn));

	plan->blocks[z][order]++;
	if (!block_fragmented(pfn))
		plan->whole_blocks[z][order]++;
}

static void mark_block(u32 pfn, u32 order, void *arg)
{
	struct reserve_plan *plan = arg;
	u32 z = page_zonenum(pfn_to_page(pfn)), i;

	if (!block_fragmented(pfn) || (int)order < plan->cut[z])
		return;
	if ((int)order == plan->cut[z]) {
		if (plan->taken[z] >= plan->cut_frag[z])
			return;
		plan->taken[z]++;
	}
	for (i = 0; i < 1u << order; i++)
		pfn_to_page(pfn + i)->private = SHUFFLE_KEEP_WHOLE;
}

/* Chooses and marks every zone's reserve: its largest free blocks, largest
 * first, until they hold SHUFFLE_ZONE_RESERVE_PAGES (or the whole zone);
 * at each order, blocks inside 4 MiB blocks that stay whole anyway first. */
static void mark_reserve(const u32 *pfns, u32 n, struct reserve_plan *plan)
{
	u32 z;
	int o;

	for (z = 0; z < MAX_NR_ZONES; z++) {
		for (o = 0; o < MAX_ORDER; o++)
			plan->blocks[z][o] = plan->whole_blocks[z][o] = 0;
		plan->taken[z] = plan->cut_frag[z] = plan->reserve_pages[z] = 0;
	}
	for_each_free_block(pfns, n, count_block, plan);
	for (z = 0; z < MAX_NR_ZONES; z++) {
		u32 need = SHUFFLE_ZONE_RESERVE_PAGES;

		plan->cut[z] = -1; /* the whole zone, when it is smaller */
		for (o = MAX_ORDER - 1; o >= 0; o--) {
			u32 size = 1u << o, have = plan->blocks[z][o];
			if ((u64)have * size >= need) {
				u32 take = (need + size - 1) / size;
				plan->cut[z] = o;
				plan->cut_frag[z] =
				    take > plan->whole_blocks[z][o] ? take - plan->whole_blocks[z][o] : 0;
				plan->reserve_pages[z] += take * size;
				break;
			}
			need -= have * size;
			plan->reserve_pages[z] += have * size;
		}
	}
	for_each_free_block(pfns, n, mark_block, plan);
}

u32 shuffle_reserve_pages[MAX_NR_ZONES];

int shuffle_release_memblock(u32 *scratch, u32 scratch_len, u32 ballast_percent, struct mwc *rng)
{
	static struct reserve_plan plan;
	struct collect c = { scratch, 0, scratch_len };
	u32 i, keep, candidates = 0, freed = 0;
	irqflags_t flags;

	if (ballast_percent > 90)
		ballast_percent = 90;
	memblock_for_each_free_range(collect_range, &c);
	if (c.n > scratch_len)
		return -1;
	shuffle_scratch = scratch;
	shuffle_rng = rng;
	shuffle_scratch_len = scratch_len;
	{
		u32 offset = mwc_below(rng, 4), b;
		for (b = 0; b < ARRAY_SIZE(fragmented) * 32; b++) {
			if ((b + offset) % 4)
				fragmented[b / 32] |= 1u << (b % 32);
			else
				fragmented[b / 32] &= ~(1u << (b % 32));
		}
	}
	{
		/* A zone touching fewer than four 4 MiB blocks gets none whole
		 * by the offset (its reserve keeps its high orders instead), so
		 * its ballast does not depend on the luck of the offset. */
		struct zone *zone;
		for_each_zone(zone) {
			u32 b, first = zone->zone_start_pfn >> BLOCK_SHIFT;
			u32 last = (zone_end_pfn(zone) + (1u << BLOCK_SHIFT) - 1) >> BLOCK_SHIFT;
			if (!zone->spanned_pages || last - first >= 4)
				continue;
			for (b = first; b < last; b++)
				fragmented[b / 32] |= 1u << (b % 32);
		}
	}
	/* scratch is still in address order here */
	mark_reserve(scratch, c.n, &plan);
	for (i = 0; i < MAX_NR_ZONES; i++)
		shuffle_reserve_pages[i] = plan.reserve_pages[i];
	for (i = 0; i < c.n; i++)
		candidates += takes_ballast(scratch[i]);
	fisher_yates(scratch, c.n);
	keep = (u32)((u64)candidates * ballast_percent / 100);

	flags = zone_lock_irqsave();
	mm_ballast_pages = 0;
	for (i = 0; i < c.n; i++) {
		struct page *page = pfn_to_page(scratch[i]);
		struct zone *zone = page_zone(page);
		bool ballast = keep && takes_ballast(scratch[i]);

		page->flags &= ~PG_reserved;
		page->private = 0;
		zone->managed_pages++;
		if (ballast) {
			keep--;
			page->flags |= PG_ballast;
			set_page_mt(page, BALLAST_MIGRATETYPE); /* documented in mm/pageblock.h */
			mm_ballast_pages++;
			continue;
		}
		/* A free order-0 page; __free_pages merges it with free buddies. */
		page->flags |= PG_head;
		zone_unlock_irqrestore(flags);
		__free_pages(page, 0);
		flags = zone_lock_irqsave();
		freed++;
	}
	zone_unlock_irqrestore(flags);
	return (int)freed;
}

void __shuffle_free_lists(void)
{
	struct zone *zone;

	assert_zone_locked();
	if (!mm_shuffle_enabled || page_color_enabled || !shuffle_scratch)
		return;
	for_each_zone(zone) {
		u32 o;
		for (o = 0; o < MAX_ORDER; o++) {
			for (u32 mt = 0; mt < MIGRATE_TYPES; mt++) {
				struct list_head *head = &zone->free_area[o].free_list[mt];
				struct page *p;
				u32 n = 0, i;

				list_for_each_entry(p, head, lru) {
					if (n == shuffle_scratch_len)
						break;
					shuffle_scratch[n++] = page_to_pfn(p);
				}
				if (n < 2 || n == shuffle_scratch_len)
					continue; /* cannot happen: scratch covers every free page */
				fisher_yates(shuffle_scratch, n);
				INIT_LIST_HEAD(head);
				for (i = 0; i < n; i++)
					list_add_tail(&pfn_to_page(shuffle_scratch[i])->lru, head);
			}
		}
	}
}

void shuffle_free_lists(void)
{
	irqflags_t flags;

	/* the pages freed last may sit on this CPU's per-CPU lists, which give
	 * them back last in, first out: to the buddy lists first, or the next
	 * uncolored run would get exactly the same pages again */
	if (mm_shuffle_enabled && !page_color_enabled && mm_pcp)
		mm_pcp->drain_local();
	flags = zone_lock_irqsave();
	__shuffle_free_lists();
	zone_unlock_irqrestore(flags);
}
