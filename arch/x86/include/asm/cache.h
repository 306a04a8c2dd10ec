/* SPDX-License-Identifier: MIT */
/* asm/cache.h (x86) - the cache geometry the memory manager assumes until
 * the machine says otherwise (on x86 the kernel replaces it with the largest
 * cache CPUID reports; the host tools keep it): 256 KiB direct-mapped, the
 * 2.4.17 page-coloring patch's i386 guess. An architecture
 * with no CPUID would give its usual machine's here (Alpha's DS10: 2 MiB
 * direct-mapped L2, 64-byte lines: 256 colors of 8 KiB pages). */
#ifndef ASM_X86_CACHE_H
#define ASM_X86_CACHE_H

#define ARCH_CACHE_SIZE_DEFAULT (256u * 1024) /* bytes */
#define ARCH_CACHE_WAYS_DEFAULT 1u

#endif
