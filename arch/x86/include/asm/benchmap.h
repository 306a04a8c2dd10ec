/* SPDX-License-Identifier: MIT */
/* asm/benchmap.h (x86) - mapping the benchmark buffers (bench/bench_buf.c)
 * and the cache model's phase-marker pages: the kernel page tables of
 * arch/x86/paging.c (two levels, 4 MiB per page table) and the marker
 * layout of arch/x86/arch.h (PHASE_MARK_BASE, phase_mark_addr). */
#ifndef ASM_X86_BENCHMAP_H
#define ASM_X86_BENCHMAP_H

#include "arch/x86/arch.h"

/* Every benchmark of bench/registry.h builds on x86 */
#define ARCH_BENCH_X86 1
/* Bytes one page table maps (bench/bench_fit.c counts the tables) */
#define BENCH_MAP_TABLE_SPAN (4u * MiB)

/* Makes the page tables for [va, va + bytes) exist (va 4 MiB-aligned), so
 * that later maps there allocate nothing. Returns 0, or -1 when a table
 * could not be had. */
static inline int bench_map_prepare(unsigned long va, unsigned long bytes)
{
	unsigned long a, end = va + bytes;

	/* one map per 4 MiB forces its page table into existence; the dummy
	 * mapping (pfn 0) is removed at once and the table stays */
	for (a = va; a < end; a += 4 * MiB) {
		if (map_page((u32)a, 0, false) < 0)
			return -1;
		vunmap_pages((u32)a, 1);
	}
	return 0;
}

/* Maps pfns[0..n) at va, va + PAGE_SIZE, ... (kernel read/write). Returns
 * 0, or -1 when a page table was missing. */
static inline int bench_map(unsigned long va, const u32 *pfns, u32 n)
{
	return vmap_pages((u32)va, pfns, n);
}

/* Removes the mappings of [va, va + n pages); tables stay. */
static inline void bench_unmap(unsigned long va, u32 n)
{
	vunmap_pages((u32)va, n);
}

/* Maps the cache model's DMA window page (DMA_MARK_BASE, uncached, pfn 0).
 * Returns 0, or -1 when it could not be mapped. */
static inline int bench_dma_mark_map(void)
{
	return map_page(DMA_MARK_BASE, 0, true);
}

/* Maps the phase-marker pages (uncached, pfn 0: stores go nowhere the
 * kernel reads). Returns 0; 1 when the first marker page could not be
 * mapped; 1 + i when high marker page i (0-based) could not. */
static inline int bench_phase_marks_map(void)
{
	u32 i;

	if (map_page(PHASE_MARK_BASE, 0, true) < 0)
		return 1;
	for (i = 0; i < PHASE_MARK_HI_PAGES; i++)
		if (map_page(PHASE_MARK_HI_BASE + i * PAGE_SIZE, 0, true) < 0)
			return 2 + (int)i;
	return 0;
}

#endif
