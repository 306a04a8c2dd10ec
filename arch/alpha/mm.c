// SPDX-License-Identifier: MIT
/* arch/alpha/mm.c - the memory manager built over the HWRPB's memory (in
 * memblock), checked, and a first colored allocation round checked; with
 * cachesim=on two of its rounds are phases of the cache model
 * (tools/cachesim). */
#include "arch/alpha/mm.h"
#include "arch/alpha/arch.h"
#include "arch/alpha/paging.h"
#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"
#include "mm/mm_check.h"
#include "mm/mm_init.h"
#include "mm/mm_stat.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/poison.h"

/* mm_init()'s allocations (mem_map, color lists): zeroed, reached by KSEG. */
static void *boot_alloc(u32 bytes)
{
	phys_addr_t pa = memblock_alloc(bytes, PAGE_SIZE, ARCH_NORMAL_LIMIT_PFN);

	if (!pa)
		return NULL;
	memset(__va(pa), 0, bytes);
	return __va(pa);
}

#define CHECK_PAGES 512u

bool alpha_phase_marks;

/* The ids of the check rounds' phases: the highest two, so that they never
 * meet the benchmarks' ids, which count up from 1. */
#define PHASE_KSEG  PHASE_MARK_MAX
#define PHASE_ALIAS (PHASE_MARK_MAX - 1u)

/* Begins phase id: stores id at its marker (arch.h); its @phase label was
 * printed before, outside the phase. */
static void phase_start(u32 id)
{
	*(volatile u32 *)phase_mark_addr(id) = id;
}

/* Ends the current phase. */
static void phase_end(void)
{
	*(volatile u32 *)PHASE_MARK_BASE = 0;
}

/* One store of a word at the start of each of the n pages, through KSEG,
 * as the model's phase PHASE_KSEG: n stores and n loads of the addresses. */
static void kseg_phase(struct page *const *pages, u32 n)
{
	static unsigned long va[CHECK_PAGES];

	for (u32 i = 0; i < n; i++)
		va[i] = (unsigned long)__va((unsigned long)page_to_pfn(pages[i]) << PAGE_SHIFT);
	printk("@phase id=%u bench=mmcheck map=kseg pages=%u colors=%u\n", PHASE_KSEG, n, page_colors);
	phase_start(PHASE_KSEG);
	for (u32 i = 0; i < n; i++)
		*(volatile u64 *)va[i] = i;
	phase_end();
}

/* Where mm_debug= fills and checks a free page (mm/poison.h): KSEG maps
 * every physical page, so every page is reached. */
static void *kseg_page_addr(u32 pfn)
{
	return __va((unsigned long)pfn << PAGE_SHIFT);
}

unsigned alpha_mm_init(const struct mm_config *base, u32 seed)
{
	static struct mwc rng;
	static struct page *pages[CHECK_PAGES];
	static u8 seen[PAGE_COLOR_MAX];
	struct mm_config cfg = *base;
	unsigned failures = 0;
	u32 free_before, distinct = 0, want;

	mwc_init(&rng, seed, 0);
	cfg.rng = &rng;
	cfg.max_zone_pfn[ZONE_DMA] = ARCH_DMA_LIMIT_PFN;
	cfg.max_zone_pfn[ZONE_NORMAL] = ARCH_NORMAL_LIMIT_PFN;
	cfg.max_zone_pfn[ZONE_HIGHMEM] = ARCH_HIGHMEM_LIMIT_PFN;
	if (mm_init(&cfg, boot_alloc) < 0) {
		printk("mm: mm_init failed\n");
		return 1;
	}
	/* mm_debug=on fills freed pages; poison also checks the fill at every
	 * allocation (@poison at the end of the run), as on x86 */
	if (cfg.mm_debug)
		page_poison_enable(kseg_page_addr, cfg.mm_debug == MM_DEBUG_POISON);
	mm_print_zones();
	mm_print_buddyinfo("after boot");
	if (mm_check() != 0) {
		printk("mm: the allocator's check failed after boot\n");
		failures++;
	}
	/* one page per color, round-robin: CHECK_PAGES order-0 pages cover
	 * min(CHECK_PAGES, colors) colors when coloring works */
	free_before = nr_free_pages();
	for (u32 i = 0; i < CHECK_PAGES; i++) {
		pages[i] = alloc_page(GFP_KERNEL);
		if (!pages[i]) {
			printk("mm: order-0 allocation %u of %u failed\n", i + 1, CHECK_PAGES);
			failures++;
			break;
		}
		u32 c = pfn_color(page_to_pfn(pages[i]));
		distinct += !seen[c];
		seen[c] = 1;
	}
	if (alpha_phase_marks) {
		u32 n = 0;

		printk("@marks base=0x%lx pa=0x%lx page=4096 (the cache model's phase markers, KSEG)\n",
		       PHASE_MARK_BASE, PHASE_MARK_PA);
		while (n < CHECK_PAGES && pages[n])
			n++;
		kseg_phase(pages, n);
	}
	for (u32 i = 0; i < CHECK_PAGES && pages[i]; i++)
		__free_pages(pages[i], 0);
	want = MIN(CHECK_PAGES, page_colors);
	printk("@mmcheck pages=%u colors=%u distinct=%u want=%u free_before=%u free_after=%u check=%s\n", CHECK_PAGES,
	       page_colors, distinct, want, free_before, nr_free_pages(), mm_check() == 0 ? "ok" : "fail");
	if (distinct != want || nr_free_pages() != free_before || mm_check() != 0)
		failures++;
	page_color_print(false);
	return failures;
}

/* A page-table page: any page, zeroed through KSEG; its pfn (0: none). */
static u32 table_alloc(void)
{
	struct page *p = alloc_page(GFP_KERNEL | __GFP_NOCOLOR);

	if (!p)
		return 0;
	memset(__va((unsigned long)page_to_pfn(p) << PAGE_SHIFT), 0, PAGE_SIZE);
	return page_to_pfn(p);
}

#define VMAP_PAGES 64u
#define ALIASES	   4u
/* The aliases' pages: after the check's, never touched before the phase. */
#define ALIAS_VA (ALPHA_VMAP_CHECK_VA + VMAP_PAGES * PAGE_SIZE)

/*
 * One page seen at ALIASES virtual pages (ALIAS_VA on, through the page
 * tables) and through KSEG, as the model's phase PHASE_ALIAS: a store and a
 * load of the first word through each of the 1 + ALIASES addresses, all one
 * physical line. A model indexed by physical address sees one line there (at
 * most one L1 miss); by virtual address, 1 + ALIASES. Every address then
 * reads the last value stored (5): their sum, 25, checks the mapping.
 * Returns the failures (0 or 1).
 */
static unsigned alias_phase(void)
{
	struct page *p = alloc_page(GFP_KERNEL);
	u32 pfns[ALIASES];
	volatile u64 *k, *v = (volatile u64 *)ALIAS_VA;
	u64 sum;

	if (!p) {
		printk("paging: no page for the alias phase\n");
		return 1;
	}
	for (u32 i = 0; i < ALIASES; i++)
		pfns[i] = page_to_pfn(p);
	if (vmap(ALIAS_VA, pfns, ALIASES, table_alloc) < 0) {
		printk("paging: the alias phase's tables could not be had\n");
		__free_pages(p, 0);
		return 1;
	}
	k = __va((unsigned long)pfns[0] << PAGE_SHIFT);
	printk("@phase id=%u bench=mmcheck map=alias aliases=%u\n", PHASE_ALIAS, ALIASES + 1);
	phase_start(PHASE_ALIAS);
	k[0] = 1;
	v[0] = 2;
	v[PAGE_SIZE / 8] = 3;
	v[2 * PAGE_SIZE / 8] = 4;
	v[3 * PAGE_SIZE / 8] = 5;
	sum = k[0] + v[0] + v[PAGE_SIZE / 8] + v[2 * PAGE_SIZE / 8] + v[3 * PAGE_SIZE / 8];
	phase_end();
	vunmap(ALIAS_VA, ALIASES);
	__free_pages(p, 0);
	printk("@alias va=0x%lx aliases=%u pfn=0x%x sum=%llu want=25\n", ALIAS_VA, ALIASES, pfns[0],
	       (unsigned long long)sum);
	return sum != 25;
}

unsigned alpha_vmap_check(unsigned long vptb)
{
	static u32 pfns[VMAP_PAGES];
	u32 top_pfn = paging_init(vptb), n = 0, mismatches = 0, in_order = 0;
	volatile u64 *buf = (volatile u64 *)ALPHA_VMAP_CHECK_VA;

	if (!top_pfn) {
		printk("paging: no self-mapped page table at vptb 0x%lx: nothing can be mapped\n", vptb);
		return 1;
	}
	for (; n < VMAP_PAGES; n++) {
		struct page *p = alloc_page(GFP_KERNEL);

		if (!p)
			break;
		pfns[n] = page_to_pfn(p);
	}
	if (n < VMAP_PAGES || vmap(ALPHA_VMAP_CHECK_VA, pfns, n, table_alloc) < 0) {
		printk("paging: %u of %u pages or their tables could not be had\n", n, VMAP_PAGES);
		for (u32 i = 0; i < n; i++)
			__free_pages(pfn_to_page(pfns[i]), 0);
		return 1;
	}
	/* written through the new mapping, read back through KSEG */
	for (u32 i = 0; i < n; i++) {
		buf[i * (PAGE_SIZE / 8)] = ((u64)i << 32) | 0xa1;
		buf[i * (PAGE_SIZE / 8) + PAGE_SIZE / 8 - 1] = ((u64)i << 32) | 0xf7;
	}
	for (u32 i = 0; i < n; i++) {
		const u64 *k = __va((unsigned long)pfns[i] << PAGE_SHIFT);

		mismatches += k[0] != (((u64)i << 32) | 0xa1);
		mismatches += k[PAGE_SIZE / 8 - 1] != (((u64)i << 32) | 0xf7);
		if (i + 1 < n)
			in_order += pfn_color(pfns[i + 1]) == (pfn_color(pfns[i]) + 1) % page_colors;
	}
	vunmap(ALPHA_VMAP_CHECK_VA, n);
	for (u32 i = 0; i < n; i++)
		__free_pages(pfn_to_page(pfns[i]), 0);
	printk("@vmap va=0x%lx pages=%u levels=3 top_pfn=0x%x mismatches=%u colors_in_order=%u\n", ALPHA_VMAP_CHECK_VA,
	       n, top_pfn, mismatches, in_order);
	return (mismatches != 0) + (alpha_phase_marks ? alias_phase() : 0);
}
