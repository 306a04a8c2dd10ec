/* SPDX-License-Identifier: MIT */
/* asm/string.h (alpha) - how kernel/string.c fills and copies: Alpha has no
 * string instructions, so byte loops (byte stores: -mcpu=ev67's BWX). */
#ifndef ASM_ALPHA_STRING_H
#define ASM_ALPHA_STRING_H

#include <stddef.h>

/* Fills n bytes at s with the byte c. */
static inline void arch_memset(void *s, int c, size_t n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
}

/* Copies n bytes from src to dst (no overlap), lowest address first. */
static inline void arch_memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
}

#endif
