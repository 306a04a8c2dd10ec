/* SPDX-License-Identifier: MIT */
/* kernel/string.c - memory and string routines for the kernel (no libc).
 *
 * Kernel-only: the host build uses the C library instead. GCC may itself emit
 * calls to memset/memcpy/memmove/memcmp (struct copies, zeroing), so these
 * must not be written in a way the compiler turns back into calls to
 * themselves; -ffreestanding keeps it from doing so for these loops. */
#include "kernel/string.h"

#include <asm/string.h>

/* memset: fills n bytes of s with (unsigned char)c. Returns s. */
void *memset(void *s, int c, size_t n)
{
	arch_memset(s, c, n); /* <asm/string.h>: the arch's way to fill */
	return s;
}

void *(*memcpy_hook)(void *dst, const void *src, size_t n);
size_t memcpy_hook_min;

/* memcpy: copies n bytes; the areas must not overlap. Returns dst. */
void *memcpy(void *dst, const void *src, size_t n)
{
	if (memcpy_hook && n >= memcpy_hook_min)
		return memcpy_hook(dst, src, n);
	arch_memcpy(dst, src, n); /* <asm/string.h>: the arch's way to copy */
	return dst;
}

/* memmove: copies n bytes; the areas may overlap. Returns dst. */
void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d == s || n == 0)
		return dst;
	if (d < s || d >= s + n) {
		while (n--)
			*d++ = *s++;
	} else {
		d += n;
		s += n;
		while (n--)
			*--d = *--s;
	}
	return dst;
}

/* memcmp: compares n bytes as unsigned char. Returns <0, 0 or >0. */
int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

/* strlen: length of s without the NUL. */
size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

/* strcmp: compares as unsigned char. Returns <0, 0 or >0. */
int strcmp(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a;
	const unsigned char *q = (const unsigned char *)b;

	while (*p && *p == *q) {
		p++;
		q++;
	}
	return *p - *q;
}

/* strncmp: compares at most n characters. Returns <0, 0 or >0. */
int strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a;
	const unsigned char *q = (const unsigned char *)b;

	for (; n; n--, p++, q++) {
		if (*p != *q)
			return *p - *q;
		if (!*p)
			return 0;
	}
	return 0;
}

/* strchr: first occurrence of (char)c in s (the NUL counts when c is 0).
 * Returns NULL when absent. */
char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}
