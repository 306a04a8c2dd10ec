/* SPDX-License-Identifier: MIT */
/* tests/host/copy_check.h - the check every copy strategy must pass, shared
 * by the cmocka test (tests/host/test_copy.c, x86-64, ASan+UBSan) and the
 * 32-bit build (tests/host/copy32/copy32_main.c, -m32 with ASan+UBSan, no
 * cmocka): the kernel runs the strategies in 32-bit mode.
 *
 * For every source offset 0..COPY_CHECK_MAX_OFF and destination offset
 * 0..COPY_CHECK_MAX_OFF (both from a 64-byte-aligned base) and every length
 * 0..COPY_CHECK_MAX_LEN, the strategy must return dst, produce exactly what
 * the C library's memcpy produces from the same source, write nothing in the
 * 64 guard bytes on either side of the destination and leave the source
 * unchanged. Then a few long copies (4 KiB to 64 KiB plus odd tails) at
 * several alignments. ASan cannot see accesses made by inline assembly, so
 * the guard bytes are what catch an overrun; ASan and UBSan cover the test's
 * own C code. */
#ifndef TESTS_HOST_COPY_CHECK_H
#define TESTS_HOST_COPY_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/x86/copy_strategies.h"

#define COPY_CHECK_MAX_OFF 33
#define COPY_CHECK_MAX_LEN 300
#define COPY_CHECK_GUARD   64
#define COPY_CHECK_LONG	   (64 * 1024 + 67)
#define ALIGN64(x)	   (((x) + 63) & ~(size_t)63)

/* Does this host CPU have what strategy id needs? */
static inline int copy_check_supported(enum copy_strategy_id id)
{
	switch (copy_strategy_table[id].needs) {
	case COPY_NEEDS_MMX:
		return __builtin_cpu_supports("mmx");
	case COPY_NEEDS_SSE2:
		return __builtin_cpu_supports("sse2");
	default:
		return 1;
	}
}

static inline void copy_check_fill(unsigned char *p, size_t n, uint32_t x)
{
	size_t i;

	for (i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		p[i] = (unsigned char)(x >> 16);
	}
}

/* One copy of len bytes from src_base + so to dst_base + dof, checked as
 * above; the buffers hold GUARD + MAX_OFF + len + GUARD bytes (64-byte
 * aligned). Returns 0, or 1 after writing what went wrong into why. */
static inline int copy_check_one(copy_fn fn, unsigned char *src_base, unsigned char *dst_base, unsigned char *ref,
				 unsigned char *src_copy, size_t so, size_t dof, size_t len, char *why, size_t whylen)
{
	size_t total = 2 * COPY_CHECK_GUARD + COPY_CHECK_MAX_OFF + len, i;
	unsigned char *src = src_base + COPY_CHECK_GUARD + so, *dst = dst_base + COPY_CHECK_GUARD + dof;
	void *ret;

	copy_check_fill(src_base, total, (uint32_t)(so * 7919u + dof * 104729u + len));
	memset(dst_base, 0xA5, total);
	memcpy(ref, dst_base, total);
	memcpy(ref + COPY_CHECK_GUARD + dof, src, len); /* what the C library's memcpy gives */
	memcpy(src_copy, src_base, total);
	ret = fn(dst, src, len);
	if (ret != dst) {
		snprintf(why, whylen, "src+%zu dst+%zu len %zu: returned %p, not dst %p", so, dof, len, ret,
			 (void *)dst);
		return 1;
	}
	if (memcmp(dst_base, ref, total) != 0) {
		for (i = 0; i < total && dst_base[i] == ref[i]; i++)
			;
		snprintf(why, whylen, "src+%zu dst+%zu len %zu: byte %ld relative to dst is 0x%02x, expected 0x%02x%s",
			 so, dof, len, (long)i - (long)(COPY_CHECK_GUARD + dof), dst_base[i], ref[i],
			 i < COPY_CHECK_GUARD + dof || i >= COPY_CHECK_GUARD + dof + len ? " (outside the copy)" : "");
		return 1;
	}
	if (memcmp(src_copy, src_base, total) != 0) {
		snprintf(why, whylen, "src+%zu dst+%zu len %zu: the source was changed", so, dof, len);
		return 1;
	}
	return 0;
}

/* Runs every case on strategy fn. Returns the number of failing cases (the
 * first one described in why), or -1 when memory ran out. *cases counts
 * the copies checked. */
static inline long copy_check_strategy(copy_fn fn, char *why, size_t whylen, unsigned long *cases)
{
	static const size_t long_lens[] = { 4096, 4096 + 1, 8192 + 63, 65536, COPY_CHECK_LONG };
	static const size_t long_offs[] = { 0, 1, 3, 8, 13, 16, 31, 32 };
	size_t cap = 2 * COPY_CHECK_GUARD + COPY_CHECK_MAX_OFF + COPY_CHECK_LONG;
	unsigned char *src = aligned_alloc(64, ALIGN64(cap)), *dst = aligned_alloc(64, ALIGN64(cap));
	unsigned char *ref = malloc(cap), *src_copy = malloc(cap);
	long bad = 0;
	size_t so, dof, len, i, j, k;

	*cases = 0;
	why[0] = '\0';
	if (!src || !dst || !ref || !src_copy) {
		bad = -1;
		goto out;
	}
	for (so = 0; so <= COPY_CHECK_MAX_OFF; so++)
		for (dof = 0; dof <= COPY_CHECK_MAX_OFF; dof++)
			for (len = 0; len <= COPY_CHECK_MAX_LEN; len++) {
				(*cases)++;
				if (copy_check_one(fn, src, dst, ref, src_copy, so, dof, len, why, bad ? 0 : whylen))
					bad++;
			}
	for (i = 0; i < sizeof(long_lens) / sizeof(long_lens[0]); i++)
		for (j = 0; j < sizeof(long_offs) / sizeof(long_offs[0]); j++)
			for (k = 0; k < sizeof(long_offs) / sizeof(long_offs[0]); k++) {
				(*cases)++;
				if (copy_check_one(fn, src, dst, ref, src_copy, long_offs[j], long_offs[k],
						   long_lens[i], why, bad ? 0 : whylen))
					bad++;
			}
out:
	free(src);
	free(dst);
	free(ref);
	free(src_copy);
	return bad;
}

#endif
