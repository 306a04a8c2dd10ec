/* SPDX-License-Identifier: MIT */
/* arch/alpha/paging.h - mapping pages at chosen virtual addresses (the
 * benchmark buffers' mappings) in the page tables the PALcode walks.
 *
 * Alpha's three-level tables with 8 KiB pages: each level a page of 1024
 * eight-byte entries indexed by va bits 42-33, 32-23 and 22-13; a PTE holds
 * the pfn in bits 63-32, valid in bit 0, kernel read/write enables in bits
 * 8 and 12. qemu-palcode builds the top level and maps it into itself
 * (the virtual page table at the HWRPB's vptb, 0xfffffffe00000000), so the
 * top level is seen at va 0xffffffffffffe000; its self entry gives its pfn,
 * and every table is then reached through KSEG. */
#ifndef ARCH_ALPHA_PAGING_H
#define ARCH_ALPHA_PAGING_H

#include "kernel/types.h"

#define PTE_VALID 0x1ul
#define PTE_KRE	  0x100ul
#define PTE_KWE	  0x1000ul

/* Index of va at level (2: top, 1: middle, 0: last), 0..1023. */
static inline u32 pt_index(unsigned long va, int level)
{
	return (u32)(va >> (13 + 10 * level)) & 0x3ff;
}

/* Finds the top-level table from the self-map at vptb. Returns its pfn, or
 * 0 when the self entry is not where vptb says (nothing can be mapped). */
u32 paging_init(unsigned long vptb);
/* Maps n pages (pfns[i] at va + i * 8 KiB, va 8 KiB-aligned, below KSEG),
 * kernel read and write; missing middle and last tables come from
 * alloc_table() (a zeroed page's pfn, 0 when none). Flushes the TLB.
 * Returns 0, or -1 when a table could not be had (pages mapped so far stay
 * mapped) or paging_init() found no table. */
int vmap(unsigned long va, const u32 *pfns, u32 n, u32 (*alloc_table)(void));
/* Removes the mappings of [va, va + n pages); tables stay. Flushes the TLB. */
void vunmap(unsigned long va, u32 n);

#endif
