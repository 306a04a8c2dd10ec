/* SPDX-License-Identifier: MIT */
/* mm/memblock.c - see memblock.h. */
#include "mm/memblock.h"
#include "mm/mmzone.h"

/* Boot allocations go below this pfn only when nothing fits above it
 * (memblock_set_low_limit; 0 = no preference). */
static u32 alloc_low_limit_pfn;

void memblock_set_low_limit(u32 pfn)
{
	alloc_low_limit_pfn = pfn;
}

struct memblock memblock;

void memblock_reset(void)
{
	memblock.memory.cnt = 0;
	memblock.reserved.cnt = 0;
}

/* Inserts [base, end) into a sorted region set, merging overlapping and
 * adjacent regions. Returns 0, or -1 when the set is full. */
static int region_insert(struct memblock_type *t, u32 base, u32 end)
{
	u32 i, j;

	if (base >= end)
		return 0;
	/* Find the first region that ends at or after base (may merge). */
	for (i = 0; i < t->cnt && t->regions[i].end_pfn < base; i++)
		;
	if (i < t->cnt && t->regions[i].base_pfn <= end) {
		/* Overlaps or touches region i: grow it, then swallow followers. */
		struct memblock_region *r = &t->regions[i];
		if (base < r->base_pfn)
			r->base_pfn = base;
		if (end > r->end_pfn)
			r->end_pfn = end;
		for (j = i + 1; j < t->cnt && t->regions[j].base_pfn <= r->end_pfn; j++)
			if (t->regions[j].end_pfn > r->end_pfn)
				r->end_pfn = t->regions[j].end_pfn;
		if (j > i + 1) {
			u32 gone = j - (i + 1), k;
			for (k = i + 1; k + gone < t->cnt; k++)
				t->regions[k] = t->regions[k + gone];
			t->cnt -= gone;
		}
		return 0;
	}
	if (t->cnt >= MEMBLOCK_MAX_REGIONS)
		return -1;
	for (j = t->cnt; j > i; j--)
		t->regions[j] = t->regions[j - 1];
	t->regions[i].base_pfn = base;
	t->regions[i].end_pfn = end;
	t->cnt++;
	return 0;
}

int memblock_add(u64 base, u64 size)
{
	u64 end_byte = base + size;
	u64 start, end;

	if (end_byte < base) /* wraps past 2^64 */
		end_byte = ~0ull;
	start = (base + PAGE_SIZE - 1) >> PAGE_SHIFT;
	end = end_byte >> PAGE_SHIFT;
	if (base > ~0ull - (PAGE_SIZE - 1)) /* rounding up would wrap */
		return 0;
	if (end > HIGHMEM_LIMIT_PFN)
		end = HIGHMEM_LIMIT_PFN;
	if (size == 0 || start >= end)
		return 0;
	return region_insert(&memblock.memory, (u32)start, (u32)end);
}

int memblock_reserve(u64 base, u64 size)
{
	u64 start = base >> PAGE_SHIFT;
	u64 end = (base + size + PAGE_SIZE - 1) >> PAGE_SHIFT;

	if (size == 0 || start >= HIGHMEM_LIMIT_PFN)
		return 0;
	if (end > HIGHMEM_LIMIT_PFN)
		end = HIGHMEM_LIMIT_PFN;
	return region_insert(&memblock.reserved, (u32)start, (u32)end);
}

/* First reserved region that ends after pfn, or cnt. */
static u32 first_reserved_after(u32 pfn)
{
	u32 i;
	for (i = 0; i < memblock.reserved.cnt && memblock.reserved.regions[i].end_pfn <= pfn; i++)
		;
	return i;
}

void memblock_for_each_free_range(void (*fn)(u32, u32, void *), void *arg)
{
	u32 m;

	for (m = 0; m < memblock.memory.cnt; m++) {
		u32 cur = memblock.memory.regions[m].base_pfn;
		u32 end = memblock.memory.regions[m].end_pfn;
		u32 r = first_reserved_after(cur);

		while (cur < end) {
			const struct memblock_region *res =
			    r < memblock.reserved.cnt ? &memblock.reserved.regions[r] : NULL;
			if (!res || res->base_pfn >= end) {
				fn(cur, end, arg);
				break;
			}
			if (res->base_pfn > cur)
				fn(cur, res->base_pfn, arg);
			cur = res->end_pfn;
			r++;
		}
	}
}

struct alloc_search {
	u32 pages, align_pages, min_pfn, limit_pfn;
	u32 found; /* pfn, 0 = none */
};

static void alloc_fit(u32 start, u32 end, void *arg)
{
	struct alloc_search *s = arg;
	u32 base;

	if (s->found)
		return;
	if (start < s->min_pfn)
		start = s->min_pfn;
	if (end > s->limit_pfn)
		end = s->limit_pfn;
	base = ALIGN_UP(start, s->align_pages);
	if (base >= start && base < end && end - base >= s->pages)
		s->found = base;
}

phys_addr_t memblock_alloc(u32 size, u32 align, u32 limit_pfn)
{
	struct alloc_search s;

	if (size == 0 || (align & (align - 1)))
		return 0;
	s.pages = (u32)(((u64)size + PAGE_SIZE - 1) >> PAGE_SHIFT);
	s.align_pages = align > PAGE_SIZE ? align >> PAGE_SHIFT : 1;
	s.limit_pfn = limit_pfn;
	s.found = 0;
	/* Above 16 MiB first, so that boot allocations (mem_map alone is 14 MiB
	 * on a 3.5 GiB machine) leave the small DMA zone to its users; then
	 * anywhere from 1 MiB up. */
	s.min_pfn = alloc_low_limit_pfn;
	memblock_for_each_free_range(alloc_fit, &s);
	s.min_pfn = MiB >> PAGE_SHIFT;
	if (!s.found)
		memblock_for_each_free_range(alloc_fit, &s);
	if (!s.found || region_insert(&memblock.reserved, s.found, s.found + s.pages) < 0)
		return 0;
	return (phys_addr_t)s.found << PAGE_SHIFT;
}

u32 memblock_end_pfn(void)
{
	return memblock.memory.cnt ? memblock.memory.regions[memblock.memory.cnt - 1].end_pfn : 0;
}

u32 memblock_memory_pages(u32 start_pfn, u32 end_pfn)
{
	u32 i, pages = 0;
	for (i = 0; i < memblock.memory.cnt; i++) {
		u32 lo = MAX(start_pfn, memblock.memory.regions[i].base_pfn);
		u32 hi = MIN(end_pfn, memblock.memory.regions[i].end_pfn);
		if (hi > lo)
			pages += hi - lo;
	}
	return pages;
}
