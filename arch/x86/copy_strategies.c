/* SPDX-License-Identifier: MIT */
/* arch/x86/copy_strategies.c - the copy strategies (contracts in
 * copy_strategies.h). Inline assembly written for both the 32-bit kernel
 * and the x86-64 host tests: pointers and counts are register operands of
 * the native width (%1 is ESI or RSI), data moves through 32-bit, MMX or
 * XMM registers. The kernel is built with -mno-mmx -mno-sse, so the MMX/XMM
 * clobbers are only named where the compiler itself may use those registers
 * (the host); in the kernel the caller saves that state
 * (arch/x86/kernel_fpu.h). */
#include "arch/x86/copy_strategies.h"

#if defined(__MMX__)
#define MMX_CLOBBERS , "mm0", "mm1", "mm2", "mm3", "mm4", "mm5", "mm6", "mm7"
#else
#define MMX_CLOBBERS
#endif
#if defined(__SSE__)
#define XMM_CLOBBERS , "xmm0", "xmm1", "xmm2", "xmm3"
#else
#define XMM_CLOBBERS
#endif

/* rep movsl over n / 4 dwords, rep movsb over the rest; advances *d, *s. */
static inline void movsl_tail(unsigned char **d, const unsigned char **s, size_t n)
{
	size_t dw = n >> 2, b = n & 3;

	__asm__ volatile("rep movsl" : "+D"(*d), "+S"(*s), "+c"(dw) : : "memory");
	__asm__ volatile("rep movsb" : "+D"(*d), "+S"(*s), "+c"(b) : : "memory");
}

/* rep movsb over n bytes; advances *d, *s. */
static inline void movsb_n(unsigned char **d, const unsigned char **s, size_t n)
{
	__asm__ volatile("rep movsb" : "+D"(*d), "+S"(*s), "+c"(n) : : "memory");
}

/* Bytes to copy first so that d becomes `align`-aligned (align a power of
 * two), at most n. */
static inline size_t head_bytes(const void *d, size_t align, size_t n)
{
	size_t h = (size_t)(-(unsigned long)d & (align - 1));

	return h < n ? h : n;
}

void *copy_movsl(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	movsl_tail(&d, &s, n);
	return dst;
}

void *copy_movsb(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	movsb_n(&d, &s, n);
	return dst;
}

void *copy_align(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t h = head_bytes(d, 8, n);

	movsb_n(&d, &s, h);
	movsl_tail(&d, &s, n - h);
	return dst;
}

void *copy_int64(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t blocks = n >> 6;

	if (blocks) {
		/* Per 64-byte block: pairs of loads into EAX/EDX, then their
		 * stores, 8 pairs. Written from the idea of the intel-user-copy
		 * patch (Mala Anand, 2.5.40-mm1), not from its code. */
		__asm__ volatile("1:\n\t"
				 "movl 0(%1), %%eax\n\t"
				 "movl 4(%1), %%edx\n\t"
				 "movl %%eax, 0(%0)\n\t"
				 "movl %%edx, 4(%0)\n\t"
				 "movl 8(%1), %%eax\n\t"
				 "movl 12(%1), %%edx\n\t"
				 "movl %%eax, 8(%0)\n\t"
				 "movl %%edx, 12(%0)\n\t"
				 "movl 16(%1), %%eax\n\t"
				 "movl 20(%1), %%edx\n\t"
				 "movl %%eax, 16(%0)\n\t"
				 "movl %%edx, 20(%0)\n\t"
				 "movl 24(%1), %%eax\n\t"
				 "movl 28(%1), %%edx\n\t"
				 "movl %%eax, 24(%0)\n\t"
				 "movl %%edx, 28(%0)\n\t"
				 "movl 32(%1), %%eax\n\t"
				 "movl 36(%1), %%edx\n\t"
				 "movl %%eax, 32(%0)\n\t"
				 "movl %%edx, 36(%0)\n\t"
				 "movl 40(%1), %%eax\n\t"
				 "movl 44(%1), %%edx\n\t"
				 "movl %%eax, 40(%0)\n\t"
				 "movl %%edx, 44(%0)\n\t"
				 "movl 48(%1), %%eax\n\t"
				 "movl 52(%1), %%edx\n\t"
				 "movl %%eax, 48(%0)\n\t"
				 "movl %%edx, 52(%0)\n\t"
				 "movl 56(%1), %%eax\n\t"
				 "movl 60(%1), %%edx\n\t"
				 "movl %%eax, 56(%0)\n\t"
				 "movl %%edx, 60(%0)\n\t"
				 "add $64, %1\n\t"
				 "add $64, %0\n\t"
				 "dec %2\n\t"
				 "jnz 1b"
				 : "+r"(d), "+r"(s), "+r"(blocks)
				 :
				 : "eax", "edx", "memory", "cc");
	}
	movsl_tail(&d, &s, n & 63);
	return dst;
}

void *copy_mmx(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t h = head_bytes(d, 8, n), blocks;

	movsb_n(&d, &s, h);
	n -= h;
	blocks = n >> 6;
	if (blocks) {
		__asm__ volatile("1:\n\t"
				 "movq 0(%1), %%mm0\n\t"
				 "movq 8(%1), %%mm1\n\t"
				 "movq 16(%1), %%mm2\n\t"
				 "movq 24(%1), %%mm3\n\t"
				 "movq 32(%1), %%mm4\n\t"
				 "movq 40(%1), %%mm5\n\t"
				 "movq 48(%1), %%mm6\n\t"
				 "movq 56(%1), %%mm7\n\t"
				 "movq %%mm0, 0(%0)\n\t"
				 "movq %%mm1, 8(%0)\n\t"
				 "movq %%mm2, 16(%0)\n\t"
				 "movq %%mm3, 24(%0)\n\t"
				 "movq %%mm4, 32(%0)\n\t"
				 "movq %%mm5, 40(%0)\n\t"
				 "movq %%mm6, 48(%0)\n\t"
				 "movq %%mm7, 56(%0)\n\t"
				 "add $64, %1\n\t"
				 "add $64, %0\n\t"
				 "dec %2\n\t"
				 "jnz 1b\n\t"
				 "emms"
				 : "+r"(d), "+r"(s), "+r"(blocks)
				 :
				 : "memory", "cc" MMX_CLOBBERS);
	}
	movsl_tail(&d, &s, n & 63);
	return dst;
}

/* The SSE2 loop with `store` as the 16-byte store (movdqa or movntdq); dst
 * is 16-byte aligned on entry. */
#define SSE2_BLOCKS(store, d, s, blocks)                                                                               \
	__asm__ volatile("1:\n\t"                                                                                      \
			 "movdqu 0(%1), %%xmm0\n\t"                                                                    \
			 "movdqu 16(%1), %%xmm1\n\t"                                                                   \
			 "movdqu 32(%1), %%xmm2\n\t"                                                                   \
			 "movdqu 48(%1), %%xmm3\n\t" store " %%xmm0, 0(%0)\n\t" store " %%xmm1, 16(%0)\n\t" store      \
			 " %%xmm2, 32(%0)\n\t" store " %%xmm3, 48(%0)\n\t"                                             \
			 "add $64, %1\n\t"                                                                             \
			 "add $64, %0\n\t"                                                                             \
			 "dec %2\n\t"                                                                                  \
			 "jnz 1b"                                                                                      \
			 : "+r"(d), "+r"(s), "+r"(blocks)                                                              \
			 :                                                                                             \
			 : "memory", "cc" XMM_CLOBBERS)

void *copy_sse2(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t h = head_bytes(d, 16, n), blocks;

	movsb_n(&d, &s, h);
	n -= h;
	blocks = n >> 6;
	if (blocks)
		SSE2_BLOCKS("movdqa", d, s, blocks);
	movsl_tail(&d, &s, n & 63);
	return dst;
}

void *copy_nt(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;
	size_t h = head_bytes(d, 16, n), blocks;

	movsb_n(&d, &s, h);
	n -= h;
	blocks = n >> 6;
	if (blocks) {
		SSE2_BLOCKS("movntdq", d, s, blocks);
		__asm__ volatile("sfence" ::: "memory");
	}
	movsl_tail(&d, &s, n & 63);
	return dst;
}

const struct copy_strategy copy_strategy_table[COPY_NR] = {
	[COPY_MOVSL] = { "movsl", copy_movsl, COPY_NEEDS_NONE, "rep movsl + byte tail (2.5.40 baseline)" },
	[COPY_INT64] = { "int64", copy_int64, COPY_NEEDS_NONE,
			 "unrolled 32-bit copy, 64-byte blocks (intel-user-copy)" },
	[COPY_MOVSB] = { "movsb", copy_movsb, COPY_NEEDS_NONE, "rep movsb" },
	[COPY_ALIGN] = { "align", copy_align, COPY_NEEDS_NONE, "dst aligned to 8 by a byte head, then rep movsl" },
	[COPY_MMX] = { "mmx", copy_mmx, COPY_NEEDS_MMX, "MMX movq, 64-byte blocks, dst aligned to 8" },
	[COPY_SSE2] = { "sse2", copy_sse2, COPY_NEEDS_SSE2, "SSE2 movdqu/movdqa, 64-byte blocks, dst aligned to 16" },
	[COPY_NT] = { "nt", copy_nt, COPY_NEEDS_SSE2, "SSE2 non-temporal movntdq stores + sfence" },
};

const char *const copy_strategy_names[COPY_NR + 1] = { "movsl", "int64", "movsb", "align", "mmx", "sse2", "nt", NULL };

const char *const copy_class_names[COPY_CLASS_NR] = { "aligned", "same", "skewed" };
