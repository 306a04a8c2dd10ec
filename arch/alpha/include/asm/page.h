/* SPDX-License-Identifier: MIT */
/* asm/page.h (alpha) - the Alpha's page facts for mm/, bench/ and kernel/:
 * 8 KiB pages (the 21264's and every Alpha's), 64-bit virtual addresses.
 * The physical space the allocator addresses stays below 4 GiB (phys_addr_t
 * is 32 bits; QEMU's clipper machine gives at most a few GiB anyway).
 * Alpha has no ISA DMA limit like the PC's 16 MiB and no highmem (KSEG maps
 * all of physical memory): every page is in the Normal zone; the DMA limit
 * is 0 and the highmem limit equals the normal one. */
#ifndef ASM_ALPHA_PAGE_H
#define ASM_ALPHA_PAGE_H

#include "kernel/types.h"

#define PAGE_SHIFT 13
#define PAGE_SIZE  (1u << PAGE_SHIFT)

/* A virtual address: 64 bits on Alpha. */
typedef unsigned long vaddr_t;

#define ARCH_PHYS_LIMIT_PFN    ((u32)(0x100000000ull >> PAGE_SHIFT)) /* 4 GiB */
#define ARCH_DMA_LIMIT_PFN     0u
#define ARCH_NORMAL_LIMIT_PFN  ARCH_PHYS_LIMIT_PFN
#define ARCH_HIGHMEM_LIMIT_PFN ARCH_PHYS_LIMIT_PFN

/* KSEG: the kernel's direct map of physical memory (superpage). */
#define ALPHA_KSEG_BASE 0xfffffc0000000000ul
#define __va(pa)	((void *)((unsigned long)(pa) + ALPHA_KSEG_BASE))
#define __pa(va)	((unsigned long)(va)-ALPHA_KSEG_BASE)

#endif
