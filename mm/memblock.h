/* SPDX-License-Identifier: MIT */
/* mm/memblock.h - the boot-time memory allocator.
 *
 * Before the buddy allocator exists, memory is described by two sets of
 * page ranges (Linux's memblock): `memory`, the usable RAM the architecture
 * reports (on x86 the sanitized e820 map, fed by arch/x86/e820.c),
 * and `reserved`, what is already taken (the first MiB, the kernel image, the
 * boot loader's data, mem_map, early page tables). memblock_alloc() carves
 * from memory minus reserved; mm_release_memblock() later hands everything
 * still free to the buddy allocator. Ranges are in pfns, half-open. */
#ifndef MM_MEMBLOCK_H
#define MM_MEMBLOCK_H

#include "kernel/types.h"

/* Regions per set: enough for the usable ranges of a full sanitized e820 map
 * (E820_MAX_ENTRIES raw entries); an add beyond it fails and is reported. */
#define MEMBLOCK_MAX_REGIONS 1024

struct memblock_region {
	u32 base_pfn;
	u32 end_pfn; /* exclusive */
};

struct memblock_type {
	u32 cnt; /* regions, sorted by base, non-overlapping, non-adjacent */
	struct memblock_region regions[MEMBLOCK_MAX_REGIONS];
};

struct memblock {
	struct memblock_type memory;
	struct memblock_type reserved;
};

extern struct memblock memblock;

/* Empties both sets. */
void memblock_reset(void);
/* Adds [base, base+size) bytes of usable RAM to `memory`, rounded inward to
 * whole pages and cut at 4 GiB (HIGHMEM_LIMIT_PFN); overlapping and touching
 * ranges merge. A range with no whole page is ignored. Returns 0, or -1 when
 * the region table is full (MEMBLOCK_MAX_REGIONS; nothing is added). */
int memblock_add(u64 base, u64 size);
/* Adds [base, base+size) bytes to `reserved`, rounded outward to pages.
 * Returns 0, or -1 when the region table is full. */
int memblock_reserve(u64 base, u64 size);
/* Allocates size bytes aligned to align (a power of two, >= PAGE_SIZE is
 * typical) from memory not reserved, entirely below limit_pfn: the lowest
 * fit at or above the low limit (memblock_set_low_limit), else the lowest at
 * or above 1 MiB; the range is reserved. Returns the physical address, or 0 when
 * nothing fits. */
phys_addr_t memblock_alloc(u32 size, u32 align, u32 limit_pfn);
/* Sets the pfn below which memblock_alloc() goes only when nothing fits
 * above it (the kernel gives the DMA zone's end, so that boot allocations
 * spare the DMA zone); 0, the default, means none. Kept across
 * memblock_reset(). */
void memblock_set_low_limit(u32 pfn);
/* Highest usable pfn + 1 (0 when memory is empty). */
u32 memblock_end_pfn(void);
/* Usable pages in [start_pfn, end_pfn). */
u32 memblock_memory_pages(u32 start_pfn, u32 end_pfn);
/* Calls fn(start_pfn, end_pfn, arg) for each maximal range of usable,
 * unreserved pages, in address order. */
void memblock_for_each_free_range(void (*fn)(u32 start_pfn, u32 end_pfn, void *arg), void *arg);

#endif
