/* SPDX-License-Identifier: MIT */
/* asm/benchmap.h (Alpha) - mapping the benchmark buffers (bench/bench_buf.c)
 * in the three-level page tables the PALcode walks (arch/alpha/paging.c:
 * tables from the page allocator, 8 MiB per last-level table), and the
 * cache model's phase markers, which sit in KSEG (arch/alpha/arch.h) and
 * need no mapping. arch/alpha/bench_arch.c. */
#ifndef ASM_ALPHA_BENCHMAP_H
#define ASM_ALPHA_BENCHMAP_H

#include "arch/alpha/arch.h"

/* Only the portable benchmarks (bench/registry.h) build on Alpha */
#define ARCH_BENCH_X86 0
/* Bytes one last-level page table maps (bench/bench_fit.c counts them) */
#define BENCH_MAP_TABLE_SPAN (1024u * PAGE_SIZE)

/* Makes the page tables for [va, va + bytes) exist, so that later maps
 * there allocate nothing. Returns 0, or -1 when a table could not be had
 * or the top-level table was not found (paging_init). */
int bench_map_prepare(unsigned long va, unsigned long bytes);
/* Maps pfns[0..n) at va, va + PAGE_SIZE, ... (kernel read/write); missing
 * tables come from the page allocator. Returns 0, or -1 when a table could
 * not be had. */
int bench_map(unsigned long va, const u32 *pfns, u32 n);
/* Removes the mappings of [va, va + n pages); tables stay. */
void bench_unmap(unsigned long va, u32 n);

/* The DMA window's page is a KSEG address too (reserved memory, arch.h):
 * 0. */
static inline int bench_dma_mark_map(void)
{
	return 0;
}

/* The markers are KSEG addresses, always mapped: 0 (nothing failed). */
static inline int bench_phase_marks_map(void)
{
	return 0;
}

#endif
