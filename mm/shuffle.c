/* mm/shuffle.c - see shuffle.h. */
#include "mm/shuffle.h"
#include "kernel/mwc.h"
#include "mm/internal.h"
#include "mm/memblock.h"
#include "mm/page_color.h"

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
static void fisher_yates(u32 *v, u32 n)
{
	u32 i;
	for (i = n; i > 1; i--) {
		u32 j = mwc_below(&mwc_global, i), t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

/* One bit per 4 MiB (order MAX_ORDER-1) block of the 4 GiB pfn space: set
 * when the block takes ballast. Every fourth block, from a random offset,
 * is left whole, so a fragmented system still has high-order blocks in
 * every zone of 16 MiB or more (as real ones do) and order > 0 allocations
 * keep working. */
#define BLOCK_SHIFT (MAX_ORDER - 1)
static u32 fragmented[(HIGHMEM_LIMIT_PFN >> BLOCK_SHIFT) / 32];

static bool block_fragmented(u32 pfn)
{
	u32 b = pfn >> BLOCK_SHIFT;
	return (fragmented[b / 32] >> (b % 32)) & 1;
}

int shuffle_release_memblock(u32 *scratch, u32 scratch_len, u32 ballast_percent)
{
	struct collect c = { scratch, 0, scratch_len };
	u32 i, keep, candidates = 0, freed = 0;
	irqflags_t flags;

	if (ballast_percent > 90)
		ballast_percent = 90;
	memblock_for_each_free_range(collect_range, &c);
	if (c.n > scratch_len)
		return -1;
	shuffle_scratch = scratch;
	shuffle_scratch_len = scratch_len;
	{
		u32 offset = mwc_below(&mwc_global, 4), b;
		for (b = 0; b < ARRAY_SIZE(fragmented) * 32; b++) {
			if ((b + offset) % 4)
				fragmented[b / 32] |= 1u << (b % 32);
			else
				fragmented[b / 32] &= ~(1u << (b % 32));
		}
	}
	for (i = 0; i < c.n; i++)
		candidates += block_fragmented(scratch[i]);
	fisher_yates(scratch, c.n);
	keep = (u32)((u64)candidates * ballast_percent / 100);

	flags = zone_lock_irqsave();
	mm_ballast_pages = 0;
	for (i = 0; i < c.n; i++) {
		struct page *page = pfn_to_page(scratch[i]);
		struct zone *zone = page_zone(page);

		page->flags &= ~PG_reserved;
		zone->managed_pages++;
		if (keep && block_fragmented(scratch[i])) {
			keep--;
			page->flags |= PG_ballast;
			mm_ballast_pages++;
			continue;
		}
		/* A free order-0 page; __free_pages merges it with free buddies. */
		page->flags |= PG_head;
		page->private = 0;
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

	if (!mm_shuffle_enabled || page_color_enabled || !shuffle_scratch)
		return;
	for_each_zone(zone)
	{
		u32 o;
		for (o = 0; o < MAX_ORDER; o++) {
			struct list_head *head = &zone->free_area[o].free_list;
			struct page *p;
			u32 n = 0, i;

			list_for_each_entry(p, head, lru)
			{
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

void shuffle_free_lists(void)
{
	irqflags_t flags = zone_lock_irqsave();
	__shuffle_free_lists();
	zone_unlock_irqrestore(flags);
}
