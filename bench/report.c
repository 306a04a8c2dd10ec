/* SPDX-License-Identifier: MIT */
/* bench/report.c - the result lines: one human line and one @result (or
 * @skip) record per point and coloring mode, and after the uncolored one
 * the colored/uncolored median ratio with its 95% interval (a human line
 * and an @ratio record); the closing summary gets every point. */
#include "bench/workload.h"
#include "bench/ratio_ci.h"
#include "bench/summary.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include <asm/perf_event.h>

static char last_on_keys[96];
static u32 highmem_reported;
static double last_on_v[RATIO_CI_MAX_RUNS]; /* the colored point's runs */
static u32 last_on_n;

/* After the uncolored point whose keys match the last colored one:
 *   "stride pattern=seq ws=65536   colored/uncolored 0.98 [0.95-1.04] ~ ..."
 *   "@ratio bench=stride pattern=seq ws=65536 ratio=0.983 lo=0.952 hi=1.041
 *    level=0.968 runs_on=5 runs_off=5 includes_one=yes"
 * (lo, hi, level only when there are enough runs for a 95% interval). */
static void report_ratio(const struct bench_point *pt)
{
	struct ratio_ci ci;
	char r[24], lo[24], hi[24], lv[24];

	if (ratio_ci_compute(last_on_v, last_on_n, pt->v, pt->ran, 0.05, &ci) < 0)
		return;
	fmt_fixed(r, sizeof(r), ci.ratio, 3);
	if (!ci.have_interval) {
		printk("%-6s %-28s colored/uncolored %s (too few runs for a 95%% interval: %u+%u)\n", pt->bench,
		       pt->keys, r, last_on_n, pt->ran);
		printk("@ratio bench=%s %s ratio=%s runs_on=%u runs_off=%u\n", pt->bench, pt->keys, r, last_on_n,
		       pt->ran);
		return;
	}
	fmt_fixed(lo, sizeof(lo), ci.lo, 3);
	fmt_fixed(hi, sizeof(hi), ci.hi, 3);
	fmt_fixed(lv, sizeof(lv), ci.level, 3);
	printk("%-6s %-28s colored/uncolored %s [%s-%s] %s\n", pt->bench, pt->keys, r, lo, hi,
	       ratio_ci_side(&ci) < 0	? "colored faster"
	       : ratio_ci_side(&ci) > 0 ? "colored slower"
					: "~ no difference shown");
	printk("@ratio bench=%s %s ratio=%s lo=%s hi=%s level=%s runs_on=%u runs_off=%u includes_one=%s\n", pt->bench,
	       pt->keys, r, lo, hi, lv, last_on_n, pt->ran, ratio_ci_side(&ci) ? "no" : "yes");
}

/* The hardware counters of the point's runs (<asm/perf_event.h>), medians
 * beside the TSC figures:
 *   "stride pattern=seq ws=4096  color=on  LLC references 130  LLC misses 2
 *    (1.5%)  core cycles 35210: per run, median of 5"
 *   "@pmu bench=stride pattern=seq ws=4096 color=on runs=5 refs=130
 *    misses=2 cycles=35210"
 * Nothing when the counters are not available (the log said so at boot). */
static void report_pmu(const struct bench_point *pt)
{
	static u64 v[RATIO_CI_MAX_RUNS][PERFMON_EVENTS];
	double x[RATIO_CI_MAX_RUNS];
	u64 med[PERFMON_EVENTS];
	struct bench_stats st;
	char pct[24] = "-";
	u32 n, i, e;

	if (!perfmon_available())
		return;
	n = perfmon_take_runs(v, RATIO_CI_MAX_RUNS);
	if (!n || !pt->ran)
		return;
	for (e = 0; e < PERFMON_EVENTS; e++) {
		for (i = 0; i < n; i++)
			x[i] = (double)v[i][e];
		bench_stats(x, n, &st);
		med[e] = (u64)(st.median + 0.5);
	}
	if (med[0])
		fmt_fixed(pct, sizeof(pct), 100.0 * (double)med[1] / (double)med[0], 1);
	printk("%-6s %-28s color=%-3s %s %llu  %s %llu (%s%%)  %s %llu: per run, median of %u\n", pt->bench, pt->keys,
	       pt->colored ? "on" : "off", perfmon_event_name(0), (unsigned long long)med[0], perfmon_event_name(1),
	       (unsigned long long)med[1], pct, perfmon_event_name(2), (unsigned long long)med[2], n);
	printk("@pmu bench=%s %s color=%s runs=%u refs=%llu misses=%llu cycles=%llu\n", pt->bench, pt->keys,
	       pt->colored ? "on" : "off", n, (unsigned long long)med[0], (unsigned long long)med[1],
	       (unsigned long long)med[2]);
}

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
		report_pmu(pt);			/* forgets the counts of this point's runs */
		return;
	}
	bench_summary_add(pt);
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
	report_pmu(pt);
	if (pt->colored) {
		u32 i;
		for (i = 0; full[i] && i + 1 < sizeof(last_on_keys); i++)
			last_on_keys[i] = full[i];
		last_on_keys[i] = '\0';
		last_on_n = pt->ran < RATIO_CI_MAX_RUNS ? pt->ran : RATIO_CI_MAX_RUNS;
		for (i = 0; i < last_on_n; i++)
			last_on_v[i] = pt->v[i];
	} else if (!strcmp(full, last_on_keys) && last_on_n) {
		report_ratio(pt);
	}
}
