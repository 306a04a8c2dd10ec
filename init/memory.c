/* SPDX-License-Identifier: MIT */
/* init/memory.c - see memory.h. */
#include "init/memory.h"
#include "init/params.h"
#include "init/min_ram.h"
#include "arch/x86/arch.h"
#include "arch/x86/fbcon.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"
#include "mm/mm_init.h"
#include "mm/page_alloc.h"
#include "mm/poison.h"

extern char _kernel_start[], _kernel_end[];

static bool buddy_ready;

/* Page-table pages: from memblock until the buddy allocator exists. */
static phys_addr_t pt_alloc(void)
{
	struct page *p;

	if (!buddy_ready)
		return memblock_alloc(PAGE_SIZE, PAGE_SIZE, ARCH_NORMAL_LIMIT_PFN);
	p = alloc_page(GFP_KERNEL | __GFP_NOCOLOR);
	return p ? page_to_pfn(p) << PAGE_SHIFT : 0;
}

/* mm_init()'s allocations (mem_map, color lists): zeroed low memory. */
static void *boot_alloc(u32 bytes)
{
	phys_addr_t pa = memblock_alloc(bytes, PAGE_SIZE, ARCH_NORMAL_LIMIT_PFN);

	if (!pa)
		return NULL;
	memset((void *)pa, 0, bytes);
	return (void *)pa;
}

/* The pages mm_debug= poisons (mm/poison.h): low memory above the first
 * MiB, where the identity map reaches them; none in highmem. */
static void *poison_page_addr(u32 pfn)
{
	return pfn < ARCH_NORMAL_LIMIT_PFN && pfn >= (MiB >> PAGE_SHIFT) ? (void *)(pfn << PAGE_SHIFT) : NULL;
}

u64 setup_memory(const struct multiboot_info *mbi)
{
	static struct e820_table map;
	const char *source;
	const struct e820_table *raw = multiboot_memory_map(&source);
	u64 dropped, usable;
	phys_addr_t lowmem_end;

	if (!raw)
		panic("the boot loader gave no memory information (Multiboot flags 0x%x)", mbi->flags);
	if (e820_sanitize(raw, &map, &dropped) <= 0)
		panic("no memory described by the boot loader's map");
	e820_print_input(raw, &map, source);
	e820_print(&map, "e820");
	if (dropped)
		printk("memory: %llu MiB of usable memory at or above 4 GiB ignored (no PAE)\n",
		       (unsigned long long)(dropped >> 20));
	usable = e820_total(&map, E820_TYPE_RAM);
	min_ram_check(usable); /* stops below 4 MiB machines */

	memblock_reset();
	memblock_set_low_limit(ARCH_DMA_LIMIT_PFN); /* boot allocations spare the DMA zone */
	if (e820_memblock_add(&map) <= 0)
		panic("no usable memory in the map");
	memblock_reserve(0, MiB); /* BIOS data, real-mode IVT, VGA, option ROMs */
	memblock_reserve((u32)_kernel_start, (u32)(_kernel_end - _kernel_start));
	multiboot_reserve(mbi);

	lowmem_end = MIN(memblock_end_pfn(), ARCH_NORMAL_LIMIT_PFN) << PAGE_SHIFT;
	if (paging_init(lowmem_end, pt_alloc, fbcon_map) < 0)
		panic("paging_init: out of memory for page tables");
	boot_config.mm.max_zone_pfn[ZONE_DMA] = ARCH_DMA_LIMIT_PFN; /* arch supplies the facts */
	boot_config.mm.max_zone_pfn[ZONE_NORMAL] = ARCH_NORMAL_LIMIT_PFN;
	boot_config.mm.max_zone_pfn[ZONE_HIGHMEM] = ARCH_HIGHMEM_LIMIT_PFN;
	if (mm_init(&boot_config.mm, boot_alloc) < 0)
		panic("mm_init failed");
	buddy_ready = true;
	if (boot_config.mm.mm_debug)
		page_poison_enable(poison_page_addr, boot_config.mm.mm_debug == MM_DEBUG_POISON);
	return usable;
}
