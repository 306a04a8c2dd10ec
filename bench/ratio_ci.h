/* SPDX-License-Identifier: MIT */
/* bench/ratio_ci.h - the colored/uncolored ratio of two sets of run times
 * with a distribution-free 95% confidence interval.
 *
 * The ratio is median(x) / median(y) (x: colored runs, y: uncolored runs of
 * the same point). The interval is the rank interval for a ratio of scales
 * (Mann-Whitney on the logarithms; Bauer, "Constructing confidence sets using
 * rank statistics", JASA 1972; Hollander & Wolfe, "Nonparametric statistical
 * methods", ch. 4): of the n*m pairwise ratios x_i / y_j sorted, the k-th
 * smallest and the k-th largest, where k is the largest rank with
 * P(U <= k - 1) <= alpha / 2 under the exact null distribution of the
 * Mann-Whitney U statistic. It assumes only that runs are independent; it
 * needs no normality, which five cycle counts never show. With 5 + 5 runs,
 * k = 3 of 25 ratios and the interval covers 96.8%; with fewer than 4 + 4
 * (3 + 5, ...) no 95% interval exists and none is given. */
#ifndef BENCH_RATIO_CI_H
#define BENCH_RATIO_CI_H

#include "kernel/types.h"

#define RATIO_CI_MAX_RUNS 64 /* runs per side that are used (as bench_stats) */

struct ratio_ci {
	double ratio;	    /* median(x) / median(y); 0 when either is empty or median(y) is 0 */
	double lo, hi;	    /* the interval, when have_interval */
	double level;	    /* its exact coverage (>= 1 - alpha), when have_interval */
	bool have_interval; /* false: too few runs for the level, or no ratio */
};

/* The rank k (1-based) of the interval's lower end among the n*m sorted
 * pairwise ratios, for a two-sided level of 1 - alpha (alpha in (0, 1)):
 * the largest k with P(U <= k - 1) <= alpha / 2, U the Mann-Whitney
 * statistic of samples of n and m under the null. n, m in 1..64 (larger
 * values are cut to 64). Returns 0 when even k = 1 exceeds alpha / 2 (too
 * few runs, e.g. 3 + 3 at alpha 0.05). *tail, when not NULL, gets
 * P(U <= k - 1) (the interval's coverage is 1 - 2 * tail). */
u32 ratio_ci_rank(u32 n, u32 m, double alpha, double *tail);

/* Fills *out for x[0..n-1] over y[0..m-1] (times, > 0; only the first 64 of
 * each are used) at the level 1 - alpha. Returns 0, or -1 when n or m is 0
 * or a median of y is not above 0 (then *out is all zero). A ratio without
 * an interval (too few runs) returns 0 with have_interval false. Not
 * reentrant (one static scratch of 64 x 64 ratios). */
int ratio_ci_compute(const double *x, u32 n, const double *y, u32 m, double alpha, struct ratio_ci *out);

/* Which side of 1 the interval lies on, judged on its ends rounded to 3
 * decimals (as printed, so a printed "[0.951-1.000]" is never called
 * faster): -1 below 1 (colored faster), +1 above 1 (colored slower), 0 when
 * it includes 1 or there is no interval. */
int ratio_ci_side(const struct ratio_ci *ci);

#endif
