/* bench/report.c - the result lines: one human line and one @result (or
 * @skip) record per point and coloring mode, and the off/on median ratio. */
#include "bench/bench.h"
#include "kernel/printk.h"
#include "kernel/string.h"

static char last_on_keys[96];
static u32 highmem_reported;
static double last_on_median;

void bench_report_point(const struct bench_point *in)
{
	struct bench_point p = *in, *pt = &p;
	struct bench_stats st;
	char rec[512], full[96], a[24], b[24], c[24], d[24];
	u32 dec;

	p.highmem_pages = bench_highmem_pages - highmem_reported;
	highmem_reported = bench_highmem_pages;
	bench_format_record(rec, sizeof(rec), pt);
	ksnprintf(full, sizeof(full), "%s %s", pt->bench, pt->keys);
	if (pt->ran == 0) {
		printk("%-6s %-28s color=%-3s no result: %u of %u runs failed (%s)\n", pt->bench, pt->keys,
		       pt->colored ? "on" : "off", pt->runs, pt->runs, pt->reason ? pt->reason : "unknown");
		printk("%s\n", rec);
		if (pt->colored)
			last_on_keys[0] = '\0'; /* no ratio against a point that has no result */
		return;
	}
	bench_stats(pt->v, pt->ran, &st);
	dec = st.median >= 10000 ? 0 : 3;
	fmt_fixed(a, sizeof(a), st.min, dec);
	fmt_fixed(b, sizeof(b), st.median, dec);
	fmt_fixed(c, sizeof(c), st.mean, dec);
	fmt_fixed(d, sizeof(d), st.stddev, dec);
	printk("%-6s %-28s color=%-3s median %10s  mean %10s  sd %9s  min %10s %s  hits %u misses %u", pt->bench,
	       pt->keys, pt->colored ? "on" : "off", b, c, d, a, pt->unit, pt->hits, pt->misses);
	if (pt->ran < pt->runs)
		printk("  (over %u runs: %u of %u failed, %s)", pt->ran, pt->runs - pt->ran, pt->runs,
		       pt->reason ? pt->reason : "unknown");
	printk("\n%s\n", rec);
	if (pt->colored) {
		u32 i;
		for (i = 0; full[i] && i + 1 < sizeof(last_on_keys); i++)
			last_on_keys[i] = full[i];
		last_on_keys[i] = '\0';
		last_on_median = st.median;
	} else if (!strcmp(full, last_on_keys) && last_on_median > 0) {
		char r[24];
		printk("%-6s %-28s off/on median ratio %s\n", pt->bench, pt->keys,
		       fmt_fixed(r, sizeof(r), st.median / last_on_median, 3));
	}
}

void bench_report(const char *bench, const char *keys, const char *unit, bool colored, const double *v, u32 n, u32 hits,
		  u32 misses, u32 tsc_khz, const char *extra)
{
	struct bench_point pt = { .bench = bench,
				  .keys = keys,
				  .unit = unit,
				  .colored = colored,
				  .v = v,
				  .ran = n,
				  .runs = n,
				  .hits = hits,
				  .misses = misses,
				  .tsc_khz = tsc_khz,
				  .extra = extra };

	bench_report_point(&pt);
}
