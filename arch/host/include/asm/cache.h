/* SPDX-License-Identifier: MIT */
/* asm/cache.h (host) - the cache geometry defaults of the host
 * pseudo-architecture: x86's (arch/x86/include/asm/cache.h), whatever the
 * page size, so the host suites' colors follow cache_size / (ways x
 * PAGE_SIZE). */
#ifndef ASM_HOST_CACHE_H
#define ASM_HOST_CACHE_H

#define ARCH_CACHE_SIZE_DEFAULT (256u * 1024) /* bytes */
#define ARCH_CACHE_WAYS_DEFAULT 1u

#endif
