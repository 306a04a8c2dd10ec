/* bench/stats.c - summary statistics and number formatting for the log
 * (the kernel has no libm or printf("%f")). The seed thread asked for both
 * average and variance: the log gives min, median, mean and stddev. */
#include "bench/bench.h"
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
