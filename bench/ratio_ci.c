/* SPDX-License-Identifier: MIT */
/* bench/ratio_ci.c - ratio of medians with a rank confidence interval; see
 * ratio_ci.h for the method and its sources. Host-tested in
 * tests/host/test_ratio_ci.c against published critical values. */
#include "bench/ratio_ci.h"
#include "bench/workload.h"

#define MAXN RATIO_CI_MAX_RUNS

/* Number of arrangements with U = u, for u = 0..n*m: the coefficients of
 * the Gaussian binomial [n+m choose n](q) = prod_{i=1..n} (1 - q^(m+i)) /
 * (1 - q^i), built one factor at a time (multiply, then divide exactly as a
 * power series). The small coefficients, which the tail needs, are exact
 * integers in a double. */
static double counts[MAXN * MAXN + MAXN + 1];
static float pairs[MAXN * MAXN];

u32 ratio_ci_rank(u32 n, u32 m, double alpha, double *tail)
{
	u32 i, u, deg = 0, k = 0;
	double total = 1, cum = 0;

	if (tail)
		*tail = 0;
	n = n > MAXN ? MAXN : n;
	m = m > MAXN ? MAXN : m;
	if (!n || !m || !(alpha > 0 && alpha < 1))
		return 0;
	counts[0] = 1;
	for (i = 1; i <= n; i++) {
		u32 up = m + i;
		for (u = deg + 1; u <= deg + up; u++)
			counts[u] = 0;
		for (u = deg + up; u >= up; u--) /* times (1 - q^(m+i)) */
			counts[u] -= counts[u - up];
		deg += up;
		for (u = i; u <= deg; u++) /* over (1 - q^i) */
			counts[u] += counts[u - i];
		deg = i * m;
		total = total * (double)(m + i) / (double)i; /* C(m+i, i) */
	}
	/* P(U <= k - 1) <= alpha / 2, k at most n*m / 2 (then the ends meet) */
	for (u = 0; u < n * m / 2 + 1; u++) {
		double next = cum + counts[u];
		if (next / total > alpha / 2)
			break;
		cum = next;
		k = u + 1;
	}
	if (k > (n * m + 1) / 2)
		k = (n * m + 1) / 2;
	if (tail)
		*tail = cum / total;
	return k;
}

static void sift(float *a, u32 start, u32 end)
{
	u32 root = start;

	while (2 * root + 1 <= end) {
		u32 child = 2 * root + 1;
		if (child + 1 <= end && a[child] < a[child + 1])
			child++;
		if (!(a[root] < a[child]))
			return;
		float t = a[root];
		a[root] = a[child];
		a[child] = t;
		root = child;
	}
}

/* heapsort: O(N log N) for up to 4096 ratios, no recursion, no libc */
static void sort_floats(float *a, u32 n)
{
	u32 i;

	if (n < 2)
		return;
	for (i = (n - 2) / 2 + 1; i-- > 0;)
		sift(a, i, n - 1);
	for (i = n - 1; i > 0; i--) {
		float t = a[0];
		a[0] = a[i];
		a[i] = t;
		sift(a, 0, i - 1);
	}
}

int ratio_ci_compute(const double *x, u32 n, const double *y, u32 m, double alpha, struct ratio_ci *out)
{
	struct bench_stats sx, sy;
	double tail;
	u32 i, j, k, np = 0;

	*out = (struct ratio_ci){ 0 };
	n = n > MAXN ? MAXN : n;
	m = m > MAXN ? MAXN : m;
	if (!n || !m)
		return -1;
	bench_stats(x, n, &sx);
	bench_stats(y, m, &sy);
	if (!(sy.median > 0))
		return -1;
	out->ratio = sx.median / sy.median;
	for (j = 0; j < m; j++)
		if (!(y[j] > 0))
			return 0; /* a zero time has no ratio: the point keeps no interval */
	k = ratio_ci_rank(n, m, alpha, &tail);
	if (!k)
		return 0;
	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++)
			pairs[np++] = (float)(x[i] / y[j]);
	sort_floats(pairs, np);
	out->lo = pairs[k - 1];
	out->hi = pairs[np - k];
	out->level = 1 - 2 * tail;
	out->have_interval = true;
	return 0;
}

int ratio_ci_side(const struct ratio_ci *ci)
{
	double lo, hi;

	if (!ci->have_interval)
		return 0;
	lo = (double)(u64)(ci->lo * 1000 + 0.5);
	hi = (double)(u64)(ci->hi * 1000 + 0.5);
	return hi < 1000 ? -1 : lo > 1000 ? 1 : 0;
}
