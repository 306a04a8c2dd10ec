// SPDX-License-Identifier: MIT
/* arch/alpha/mm.c - the memory manager built over the HWRPB's memory (in
 * memblock), checked, and a first colored allocation round checked. */
#include "arch/alpha/mm.h"
#include "arch/alpha/arch.h"
#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"
#include "mm/mm_check.h"
#include "mm/mm_init.h"
#include "mm/mm_stat.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"

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

unsigned alpha_mm_init(u32 seed)
{
	static struct mwc rng;
	static struct page *pages[CHECK_PAGES];
	static u8 seen[PAGE_COLOR_MAX];
	struct mm_config cfg = MM_CONFIG_DEFAULT_INIT;
	unsigned failures = 0;
	u32 free_before, distinct = 0, want;

	mwc_init(&rng, seed, 0);
	cfg.rng = &rng;
	cfg.mm_shuffle = false;
	cfg.max_zone_pfn[ZONE_DMA] = ARCH_DMA_LIMIT_PFN;
	cfg.max_zone_pfn[ZONE_NORMAL] = ARCH_NORMAL_LIMIT_PFN;
	cfg.max_zone_pfn[ZONE_HIGHMEM] = ARCH_HIGHMEM_LIMIT_PFN;
	if (mm_init(&cfg, boot_alloc) < 0) {
		printk("mm: mm_init failed\n");
		return 1;
	}
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
