/* SPDX-License-Identifier: MIT */
/* asm/cache.h (alpha) - the cache the memory manager colors for when no
 * cache_size= is given: the 2.4.17 thread's DS10 (21264, 466 MHz) with a
 * 2 MiB direct-mapped board cache and 64-byte lines, i.e. 256 colors of
 * 8 KiB pages. The Alpha has no CPUID to ask. */
#ifndef ASM_ALPHA_CACHE_H
#define ASM_ALPHA_CACHE_H

#define ARCH_CACHE_SIZE_DEFAULT (2048u * 1024) /* bytes */
#define ARCH_CACHE_WAYS_DEFAULT 1u

#endif
