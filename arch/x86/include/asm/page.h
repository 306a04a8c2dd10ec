/* SPDX-License-Identifier: MIT */
/* asm/page.h (x86) - the architecture's facts mm/, bench/ and kernel/ take
 * instead of assuming x86's: the page size, the width of a virtual address,
 * the pfn space and the zone limits. mm/ reads them through <asm/page.h>
 * (the include path names the architecture; mm/ has no #ifdef on it).
 *
 * i686 without PAE: 4 KiB pages, 32-bit virtual and physical addresses. */
#ifndef ASM_X86_PAGE_H
#define ASM_X86_PAGE_H

#include "kernel/types.h"

#define PAGE_SHIFT 12
#define PAGE_SIZE  (1u << PAGE_SHIFT)

/* A virtual address, as wide as the architecture's (32 bits here). */
typedef unsigned long vaddr_t;

/* The kernel's address of a lowmem physical address and back: lowmem
 * (below ARCH_NORMAL_LIMIT_PFN) is mapped one to one (arch/x86/paging.c). */
#define __va(pa) ((void *)(unsigned long)(pa))
#define __pa(va) ((unsigned long)(va))

/* The pfn space this kernel addresses: 32-bit physical addresses, no PAE
 * (4 GiB). */
#define ARCH_PHYS_LIMIT_PFN ((u32)(0x100000000ull >> PAGE_SHIFT))

/* Zone limits, in page frame numbers (the i386 layout Linux uses): DMA below
 * 16 MiB (the ISA DMA limit), Normal to 896 MiB (the directly mapped low
 * memory), HighMem above, to the end of the pfn space. An architecture
 * without an ISA DMA limit and with every page directly mapped (Alpha) would
 * give ARCH_DMA_LIMIT_PFN = ARCH_NORMAL_LIMIT_PFN = its pfn space's end: all
 * memory in ZONE_DMA, Normal and HighMem empty (Linux's Alpha: ZONE_DMA
 * only). */
#define ARCH_DMA_LIMIT_PFN     ((u32)(16ull * 1024 * 1024 >> PAGE_SHIFT))  /* 16 MiB */
#define ARCH_NORMAL_LIMIT_PFN  ((u32)(896ull * 1024 * 1024 >> PAGE_SHIFT)) /* 896 MiB */
#define ARCH_HIGHMEM_LIMIT_PFN ARCH_PHYS_LIMIT_PFN			   /* 4 GiB */

#endif
