/* SPDX-License-Identifier: MIT */
/* asm/string.h (x86) - the string instructions kernel/string.c fills and
 * copies with: rep stosb and rep movsb (ERMS makes them fast on recent CPUs;
 * on every i686 they are correct). */
#ifndef ASM_X86_STRING_H
#define ASM_X86_STRING_H

#include <stddef.h>

/* Fills n bytes at s with the byte c. */
static inline void arch_memset(void *s, int c, size_t n)
{
	__asm__ volatile("rep stosb" : "+D"(s), "+c"(n) : "a"(c) : "memory");
}

/* Copies n bytes from src to dst (no overlap), lowest address first. */
static inline void arch_memcpy(void *dst, const void *src, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(dst), "+S"(src), "+c"(n) : : "memory");
}

#endif
