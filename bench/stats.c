/* SPDX-License-Identifier: MIT */
/* bench/stats.c - summary statistics and number formatting for the log
 * (the kernel has no libm or printf("%f")). The 2.4.17 thread asked for both
 * average and variance: the log gives min, median, mean and stddev. */
#include "bench/workload.h"
#include "kernel/printk.h"

double bench_sqrt(double x)
{
	double r = x > 1 ? x : 1;
	int i;

	if (x <= 0)
		return 0;
	for (i = 0; i < 200; i++) { /* Newton; converges in < 70 steps from above */
		double next = 0.5 * (r + x / r);
		if (next >= r)
			break;
		r = next;
	}
	return r;
}

void bench_stats(const double *v, u32 n, struct bench_stats *out)
{
	double s[64] = { 0 }, sum = 0, var = 0;
	u32 i, j, m = n > 64 ? 64 : n;

	if (m == 0) { /* no run completed: no figures (callers print @skip) */
		out->min = out->median = out->mean = out->stddev = 0;
		return;
	}
	for (i = 0; i < m; i++) { /* insertion sort of a copy */
		double x = v[i];
		for (j = i; j > 0 && s[j - 1] > x; j--)
			s[j] = s[j - 1];
		s[j] = x;
		sum += x;
	}
	out->min = s[0];
	out->median = (m & 1) ? s[m / 2] : 0.5 * (s[m / 2 - 1] + s[m / 2]);
	out->mean = sum / m;
	for (i = 0; i < m; i++)
		var += (v[i] - out->mean) * (v[i] - out->mean);
	out->stddev = m > 1 ? bench_sqrt(var / (m - 1)) : 0;
}

char *fmt_fixed(char *buf, u32 size, double x, u32 decimals)
{
	u64 scale = 1, whole, frac;
	u32 i;
	bool neg = x < 0;

	if (neg)
		x = -x;
	for (i = 0; i < decimals; i++)
		scale *= 10;
	if (x > 1.8e19 / (double)scale) {
		ksnprintf(buf, size, "%s%s", neg ? "-" : "", "huge");
		return buf;
	}
	whole = (u64)(x * (double)scale + 0.5);
	frac = whole % scale;
	whole /= scale;
	if (decimals)
		ksnprintf(buf, size, "%s%llu.%0*llu", neg ? "-" : "", (unsigned long long)whole, (int)decimals,
			  (unsigned long long)frac);
	else
		ksnprintf(buf, size, "%s%llu", neg ? "-" : "", (unsigned long long)whole);
	return buf;
}

char *fmt_sci(char *buf, u32 size, double x)
{
	int e = 0;
	bool neg = x < 0;
	u32 m;

	if (neg)
		x = -x;
	if (x == 0) {
		ksnprintf(buf, size, "0.00e+00");
		return buf;
	}
	while (x >= 10) {
		x /= 10;
		e++;
	}
	while (x < 1) {
		x *= 10;
		e--;
	}
	m = (u32)(x * 100 + 0.5);
	if (m >= 1000) {
		m /= 10;
		e++;
	}
	ksnprintf(buf, size, "%s%u.%02ue%c%02d", neg ? "-" : "", m / 100, m % 100, e < 0 ? '-' : '+', e < 0 ? -e : e);
	return buf;
}

char *bench_format_record(char *buf, u32 size, const struct bench_point *pt)
{
	struct bench_stats st;
	char a[24], b[24], c[24], d[24], ns[40] = "", of[64] = "";
	const char *color = pt->colored ? "on" : "off";
	const char *why = pt->reason ? pt->reason : "unknown";
	u32 dec;

	if (pt->ran == 0) {
		ksnprintf(buf, size, "@skip bench=%s %s color=%s reason=%s runs=0 of=%u", pt->bench, pt->keys, color,
			  why, pt->runs);
		return buf;
	}
	bench_stats(pt->v, pt->ran, &st);
	dec = st.median >= 10000 ? 0 : 3; /* whole cycles for whole transforms */
	fmt_fixed(a, sizeof(a), st.min, dec);
	fmt_fixed(b, sizeof(b), st.median, dec);
	fmt_fixed(c, sizeof(c), st.mean, dec);
	fmt_fixed(d, sizeof(d), st.stddev, dec);
	if (pt->tsc_khz) {
		char t[24];
		fmt_fixed(t, sizeof(t), st.median * 1e6 / pt->tsc_khz, 3);
		ksnprintf(ns, sizeof(ns), " ns_median=%s", t);
	}
	if (pt->ran < pt->runs)
		ksnprintf(of, sizeof(of), " of=%u reason=%s", pt->runs, why);
	ksnprintf(
	    buf, size,
	    "@result bench=%s %s color=%s runs=%u%s unit=%s min=%s median=%s mean=%s stddev=%s%s hits=%u misses=%u"
	    " highmem_pages=%u%s%s",
	    pt->bench, pt->keys, color, pt->ran, of, pt->unit, a, b, c, d, ns, pt->hits, pt->misses, pt->highmem_pages,
	    pt->extra ? " " : "", pt->extra ? pt->extra : "");
	return buf;
}
