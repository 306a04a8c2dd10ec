/* SPDX-License-Identifier: MIT */
/* bench/fft_fp.c - radix-2 complex double FFT. Compiled as-is for the
 * scalar FPU (x86's x87, Alpha's FP registers) and, on x86, once more with
 * FP_SSE2 defined and -msse2 -mfpmath=sse (see the Makefile); fft.c picks
 * the variant the CPU can run. */
#include "bench/fft.h"
#include "kernel/mwc.h"

#ifdef FP_SSE2
#define FP(name) name##_sse2
#define FP_NAME	 "sse2"
#else
#include <asm/fpu.h>
#define FP(name) name##_fpu
#define FP_NAME	 FPU_SCALAR_NAME
#endif

#define PI 3.14159265358979323846

/* sin and cos of x in [0, pi/4] by Taylor series (terms to x^23: error
 * below 1e-17 there). */
static void sincos_small(double x, double *s, double *c)
{
	double x2 = x * x, ts = x, tc = 1, ss = x, cc = 1;
	int k;

	for (k = 1; k <= 11; k++) {
		ts *= -x2 / ((2 * k) * (2 * k + 1));
		tc *= -x2 / ((2 * k - 1) * (2 * k));
		ss += ts;
		cc += tc;
	}
	*s = ss;
	*c = cc;
}

/* cos and sin of 2 pi k / n for 0 <= k <= n/2, reduced to [0, pi/4]
 * exactly on the integer k (n a multiple of 8). */
static void sincos_index(u32 k, u32 n, double *c, double *s)
{
	if (k > n / 4) { /* theta > pi/2: cos = -cos(pi - theta), sin = sin(pi - theta) */
		sincos_index(n / 2 - k, n, c, s);
		*c = -*c;
	} else if (k > n / 8) { /* pi/4 < theta <= pi/2: swap with pi/2 - theta */
		double c2, s2;
		sincos_index(n / 4 - k, n, &c2, &s2);
		*c = s2;
		*s = c2;
	} else {
		sincos_small(2 * PI * (double)k / (double)n, s, c);
	}
}

static void FP(twiddles)(struct cplx *w, u32 n)
{
	/* w[k] = coarse[k / 64] * fine[k % 64]: n/64 + 64 series evaluations,
	 * one complex product per entry (error a few 1e-16). */
	u32 k, half = n / 2;
	struct cplx fine[64];

	for (k = 0; k < 64 && k < half; k++) {
		double c, s;
		sincos_index(k, n, &c, &s);
		fine[k].re = c;
		fine[k].im = -s;
	}
	for (k = 0; k < half; k += 64) {
		double c, s;
		u32 r;
		sincos_index(k, n, &c, &s);
		for (r = 0; r < 64 && k + r < half; r++) {
			w[k + r].re = c * fine[r].re + s * fine[r].im;
			w[k + r].im = c * fine[r].im - s * fine[r].re;
		}
	}
}

static void FP(transform)(struct cplx *x, u32 n, const struct cplx *w, bool inverse)
{
	u32 i, j, len, bits = 0;

	while ((1u << bits) < n)
		bits++;
	for (i = 0; i < n; i++) { /* bit-reversal permutation */
		u32 r = 0, v = i, b;
		for (b = 0; b < bits; b++) {
			r = (r << 1) | (v & 1);
			v >>= 1;
		}
		if (r > i) {
			struct cplx t = x[i];
			x[i] = x[r];
			x[r] = t;
		}
	}
	for (len = 2; len <= n; len <<= 1) {
		u32 half = len / 2, step = n / len;
		for (i = 0; i < n; i += len) {
			for (j = 0; j < half; j++) {
				const struct cplx *t = &w[j * step];
				double wi = inverse ? -t->im : t->im;
				struct cplx *a = &x[i + j], *b = &x[i + j + half];
				double vr = b->re * t->re - b->im * wi;
				double vi = b->re * wi + b->im * t->re;
				b->re = a->re - vr;
				b->im = a->im - vi;
				a->re += vr;
				a->im += vi;
			}
		}
	}
	if (inverse) {
		double s = 1.0 / n;
		for (i = 0; i < n; i++) {
			x[i].re *= s;
			x[i].im *= s;
		}
	}
}

static double unit(struct mwc *g)
{
	return (double)(mwc_next(g) >> 8) * (2.0 / 16777216.0) - 1.0;
}

static void FP(fill)(struct cplx *x, u32 n, u32 seed)
{
	struct mwc g;
	u32 i;

	mwc_init(&g, seed, MWC_CARRY_DEFAULT);
	for (i = 0; i < n; i++) {
		x[i].re = unit(&g);
		x[i].im = unit(&g);
	}
}

static double absd(double v)
{
	return v < 0 ? -v : v;
}

static double FP(roundtrip_error)(const struct cplx *x, u32 n, u32 seed)
{
	struct mwc g;
	double maxdiff = 0, maxval = 0;
	u32 i;

	mwc_init(&g, seed, MWC_CARRY_DEFAULT);
	for (i = 0; i < n; i++) {
		double re = unit(&g), im = unit(&g);
		double d = absd(x[i].re - re) + absd(x[i].im - im), m = absd(re) + absd(im);
		if (d > maxdiff)
			maxdiff = d;
		if (m > maxval)
			maxval = m;
	}
	return maxval > 0 ? maxdiff / maxval : maxdiff;
}

static double FP(dft_error)(struct cplx *x, const struct cplx *w, u32 n, u32 seed)
{
	struct cplx *in = x + n;
	double maxdiff = 0, maxval = 0;
	u32 k, j;

	FP(fill)(in, n, seed);
	FP(fill)(x, n, seed);
	FP(transform)(x, n, w, false);
	for (k = 0; k < n; k++) {
		double sr = 0, si = 0, d, m;
		for (j = 0; j < n; j++) {
			u32 e = (u32)(((u64)j * k) % n);
			double wr = e < n / 2 ? w[e].re : -w[e - n / 2].re;
			double wi = e < n / 2 ? w[e].im : -w[e - n / 2].im;
			sr += in[j].re * wr - in[j].im * wi;
			si += in[j].re * wi + in[j].im * wr;
		}
		d = absd(x[k].re - sr) + absd(x[k].im - si);
		m = absd(sr) + absd(si);
		if (d > maxdiff)
			maxdiff = d;
		if (m > maxval)
			maxval = m;
	}
	return maxval > 0 ? maxdiff / maxval : maxdiff;
}

const struct fft_ops FP(fft_ops) = {
	.name = FP_NAME,
	.twiddles = FP(twiddles),
	.transform = FP(transform),
	.fill = FP(fill),
	.roundtrip_error = FP(roundtrip_error),
	.dft_error = FP(dft_error),
};
