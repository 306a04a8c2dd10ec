/* SPDX-License-Identifier: MIT */
/* arch/x86/copy_strategies.h - ways to copy memory on x86, each one function.
 *
 * The copy alignment study of the 2.5.40-mm1 thread (linux-mm, October
 * 2002): reading a cached file in 8192-byte chunks into a user buffer took
 * 4.4 s aligned and 10 s misaligned with `rep movsl` on a Pentium III, and
 * 6.4 s at every alignment with an unrolled integer copy (Mala Anand's
 * intel-user-copy patch); a Pentium 4 fell from 1.3 GB/s aligned to
 * 0.32 GB/s at 1-byte misalignment. bench/copy.c measures these strategies
 * at every alignment; arch/x86/copy_select.c picks the fastest per alignment
 * class at boot for the kernel's memcpy.
 *
 * Every strategy: copy_<name>(dst, src, n) copies n bytes (0 allowed) from
 * src to dst, the areas must not overlap, any alignment of either, returns
 * dst; it touches no byte outside [dst, dst + n) and reads none outside
 * [src, src + n). The code is inline assembly that builds both for the
 * 32-bit kernel and for the x86-64 host tests (tests/host/test_copy.c, also
 * built with -m32 by `make test-copy32`).
 *
 * MMX, SSE2 and non-temporal strategies use MMX/XMM registers and are
 * "raw": the caller must own the FPU/SSE state (in the kernel,
 * kernel_fpu_begin()/kernel_fpu_end(), arch/x86/kernel_fpu.h) and the CPU
 * must have the feature (CPUID: MMX = leaf 1 EDX bit 23, SSE2 = bit 26, and
 * the OS must have set CR4.OSFXSR for SSE2). copy_strategy_table[].needs says
 * which. */
#ifndef ARCH_X86_COPY_STRATEGIES_H
#define ARCH_X86_COPY_STRATEGIES_H

#include <stddef.h>

typedef void *(*copy_fn)(void *dst, const void *src, size_t n);

/* rep movsl over n / 4 dwords, then rep movsb over the n % 4 tail: the
 * i386 __copy_user of Linux 2.5.40, the thread's baseline. No fix-up: a
 * misaligned destination stays misaligned for every dword. */
void *copy_movsl(void *dst, const void *src, size_t n);
/* The intel-user-copy idea: 64-byte blocks, each 16 32-bit loads and stores
 * through two integer registers (loads of a block issued ahead of its
 * stores); the n % 64 tail by rep movsl + rep movsb. */
void *copy_int64(void *dst, const void *src, size_t n);
/* rep movsb over all n bytes (fast strings / ERMSB make this the fastest on
 * recent CPUs; byte by byte on old ones). */
void *copy_movsb(void *dst, const void *src, size_t n);
/* Head fix-up: up to 7 bytes by movsb until dst is 8-byte aligned, then rep
 * movsl, then the byte tail (what later Linux __copy_user does for long
 * copies). */
void *copy_align(void *dst, const void *src, size_t n);
/* MMX: dst aligned to 8 by a byte head, then 64-byte blocks through mm0-mm7
 * (movq loads, movq stores), EMMS, then the tail by movsl/movsb. Raw: needs
 * MMX and the FPU state owned by the caller. */
void *copy_mmx(void *dst, const void *src, size_t n);
/* SSE2: dst aligned to 16 by a byte head, then 64-byte blocks through
 * xmm0-xmm3 (movdqu loads, movdqa stores), then the tail. Raw: needs SSE2
 * with CR4.OSFXSR and the SSE state owned by the caller. */
void *copy_sse2(void *dst, const void *src, size_t n);
/* Non-temporal stores: as copy_sse2 but movntdq stores (they bypass the
 * caches, for copies larger than the cache), then SFENCE so the stores are
 * globally visible before return. Raw, as copy_sse2. */
void *copy_nt(void *dst, const void *src, size_t n);

/* What a strategy needs from the CPU. */
enum copy_needs {
	COPY_NEEDS_NONE, /* integer registers only: usable anywhere */
	COPY_NEEDS_MMX,	 /* MMX and the x87 state (kernel_fpu_begin) */
	COPY_NEEDS_SSE2, /* SSE2 enabled by the OS and the SSE state */
};

enum copy_strategy_id { COPY_MOVSL, COPY_INT64, COPY_MOVSB, COPY_ALIGN, COPY_MMX, COPY_SSE2, COPY_NT, COPY_NR };

struct copy_strategy {
	const char *name; /* as in memcpy= and @result strategy= */
	copy_fn fn;
	enum copy_needs needs;
	const char *what; /* one line for the log and the README */
};

/* Indexed by enum copy_strategy_id. */
extern const struct copy_strategy copy_strategy_table[COPY_NR];
/* The names in table order, then NULL (the choices of memcpy=, after
 * "auto"). */
extern const char *const copy_strategy_names[COPY_NR + 1];
/* The choices of the memcpy= parameter: "auto" (index 0), then the
 * strategies in table order (index id + 1). A macro so the parameter table
 * (init/params.c, also linked into host tools) needs no kernel object. */
#define COPY_MEMCPY_CHOICES                                                                                            \
	{                                                                                                              \
		"auto", "movsl", "int64", "movsb", "align", "mmx", "sse2", "nt", NULL                                  \
	}
/* The choices of copy_strategies= (bench=copy), bit id per strategy. */
#define COPY_STRATEGY_CHOICES                                                                                          \
	{                                                                                                              \
		"movsl", "int64", "movsb", "align", "mmx", "sse2", "nt", NULL                                          \
	}

/* Alignment classes of a copy, for the per-class choice of memcpy:
 *   COPY_CLASS_ALIGNED  src and dst both 8-byte aligned
 *   COPY_CLASS_SAME     src and dst equally misaligned modulo 8 (a head
 *                       fix-up aligns both)
 *   COPY_CLASS_SKEWED   src and dst differ modulo 8 (one of them stays
 *                       misaligned whatever the copy does) */
enum copy_class { COPY_CLASS_ALIGNED, COPY_CLASS_SAME, COPY_CLASS_SKEWED, COPY_CLASS_NR };
extern const char *const copy_class_names[COPY_CLASS_NR];

static inline enum copy_class copy_class_of(const void *dst, const void *src)
{
	unsigned long d = (unsigned long)dst, s = (unsigned long)src;

	if (((d ^ s) & 7) != 0)
		return COPY_CLASS_SKEWED;
	return (d & 7) == 0 ? COPY_CLASS_ALIGNED : COPY_CLASS_SAME;
}

#endif
