/* SPDX-License-Identifier: MIT */
/* asm/page.h (host) - the host pseudo-architecture's page facts (what
 * arch/x86/include/asm/page.h gives the kernel): the host tests, fuzzers and
 * tools run mm/ on the x86 layout, with the page size a build chooses:
 * 4 KiB by default, 8 KiB (Alpha's) with -DPAGE_SHIFT=13 (build/h8/, the
 * second build of the host suites). Virtual addresses are the host's
 * (64 bits), so mm/ is also run with a va wider than 32 bits. */
#ifndef ASM_HOST_PAGE_H
#define ASM_HOST_PAGE_H

#include "kernel/types.h"

#ifndef PAGE_SHIFT
#define PAGE_SHIFT 12
#endif
#if PAGE_SHIFT < 12 || PAGE_SHIFT > 16
#error "PAGE_SHIFT: 12 (4 KiB) to 16 (64 KiB)"
#endif
#define PAGE_SIZE (1u << PAGE_SHIFT)

/* A virtual address, as wide as the host's. */
typedef unsigned long vaddr_t;

/* The x86 layout, in pages of PAGE_SIZE (arch/x86/include/asm/page.h). */
#define ARCH_PHYS_LIMIT_PFN    ((u32)(0x100000000ull >> PAGE_SHIFT))	   /* 4 GiB */
#define ARCH_DMA_LIMIT_PFN     ((u32)(16ull * 1024 * 1024 >> PAGE_SHIFT))  /* 16 MiB */
#define ARCH_NORMAL_LIMIT_PFN  ((u32)(896ull * 1024 * 1024 >> PAGE_SHIFT)) /* 896 MiB */
#define ARCH_HIGHMEM_LIMIT_PFN ARCH_PHYS_LIMIT_PFN

#endif
