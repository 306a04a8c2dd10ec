/* SPDX-License-Identifier: MIT */
/* bench/fft.h - the FFT kernels, built from bench/fft_fp.c: for the scalar
 * FPU (x86's x87, any CPU with an FPU; Alpha's FP registers) and, on x86,
 * once more for SSE2 (-mfpmath=sse). */
#ifndef BENCH_FFT_H
#define BENCH_FFT_H

#include "kernel/types.h"

struct cplx {
	double re, im;
};

struct fft_ops {
	const char *name; /* "sse2" or "x87" */
	/* w[k] = exp(-2 pi i k / n) for k < n/2; n a power of two >= 8. */
	void (*twiddles)(struct cplx *w, u32 n);
	/* In-place iterative radix-2 decimation-in-time FFT with bit-reversal
	 * permutation; inverse uses conjugate twiddles and scales by 1/n. */
	void (*transform)(struct cplx *x, u32 n, const struct cplx *w, bool inverse);
	/* Deterministic input: re, im uniform in [-1, 1) from an MWC seeded by seed. */
	void (*fill)(struct cplx *x, u32 n, u32 seed);
	/* max |x[i] - fill(seed)[i]| / max |fill(seed)[i]|: the round-trip error. */
	double (*roundtrip_error)(const struct cplx *x, u32 n, u32 seed);
	/* FFT of fill(seed) against a naive O(n^2) DFT, as max |diff| / max |X|;
	 * x needs 2n entries of room (input copy and output). */
	double (*dft_error)(struct cplx *x, const struct cplx *w, u32 n, u32 seed);
};

/* The scalar build (the x87 FPU on x86, the FP registers on Alpha; its
 * name is <asm/fpu.h>'s FPU_SCALAR_NAME) and, where <asm/fpu.h> says
 * ARCH_FFT_VECTOR, the SSE2 build. */
extern const struct fft_ops fft_ops_fpu;
extern const struct fft_ops fft_ops_sse2;

#endif
