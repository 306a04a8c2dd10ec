/* SPDX-License-Identifier: MIT */
/* bench/wl_buf.c - page lists for the workloads (see workload.h). */
#include "bench/policy_switch.h"
#include "bench/workload.h"
#include "kernel/printk.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"

/* The mode loop of a point: call with m = 0 and 1. Returns false when mode
 * m is not run; else sets *colored and switches coloring for it (coloring
 * on for m = 0, off for m = 1, as cfg->modes asks). With cfg->policy_fixed
 * (the driver holds a policy) only m = 0 runs, under that policy, and
 * *colored says whether it colors. */
static bool wl_mode(const struct bench_config *cfg, u32 m, bool *colored)
{
	if (cfg->policy_fixed) {
		*colored = bench_policy_colored();
		return m == 0;
	}
	*colored = m == 0;
	if ((*colored && cfg->modes == BENCH_MODES_OFF) || (!*colored && cfg->modes == BENCH_MODES_ON))
		return false;
	bench_set_coloring(*colored);
	return true;
}

int wl_alloc_pages(u32 *pfns, u32 n, const u32 *va, u32 va_base, const char *what)
{
	u32 i;

	for (i = 0; i < n; i++) {
		struct page *p = bench_alloc_page_va(va ? va[i] : va_base + i * PAGE_SIZE);
		if (!p) {
			printk("%s: could not get %u pages (got %u)\n", what, n, i);
			wl_free_pages(pfns, i);
			return -1;
		}
		pfns[i] = page_to_pfn(p);
		bench_highmem_pages += page_zonenum(p) == ZONE_HIGHMEM;
	}
	return 0;
}

void wl_free_pages(const u32 *pfns, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		__free_pages(pfn_to_page(pfns[i]), 0);
}

bool wl_fits(const char *bench, u32 ws, u32 n)
{
	u32 nfree = nr_free_pages();

	if (n <= BENCH_MAX_PAGES && n <= nfree - nfree / 4)
		return true;
	printk("%s: ws=%u needs %u pages, %u free (at most %u held); skipped\n", bench, ws, n, nfree, BENCH_MAX_PAGES);
	printk("@skip bench=%s ws=%u policy=%s reason=no_memory runs=0\n", bench, ws, bench_policy_name());
	return false;
}

u32 wl_colors(u32 cache_size, u32 ways)
{
	return page_color_count(cache_size, ways);
}

u32 wl_max_per_color(const u32 *pfns, u32 n, u32 colors)
{
	/* 4096 colors a pass (8 KiB of .bss, not 64 KiB for PAGE_COLOR_MAX: the
	 * kernel image's size is memory a small machine does not have) */
	static u16 counts[4096];

	if (colors < 1 || colors > PAGE_COLOR_MAX)
		return 0;
	return color_max_load(pfns, n, colors, counts, ARRAY_SIZE(counts));
}

/* Reports one point of a workload: v[0..ran) are the completed runs of
 * runs attempted; the runs that could not get their pages are not results
 * (bench_format_record: "runs=K of=N reason=no_memory", or @skip when none
 * completed). */
static void wl_report(const char *bench, const char *keys, const char *unit, bool colored, const double *v, u32 ran,
		      u32 runs, u32 hits, u32 misses, u32 tsc_khz, const char *extra)
{
	struct bench_point pt = { .bench = bench,
				  .keys = keys,
				  .unit = unit,
				  .colored = colored,
				  .v = v,
				  .ran = ran,
				  .runs = runs,
				  .reason = ran < runs ? "no_memory" : NULL,
				  .hits = hits,
				  .misses = misses,
				  .tsc_khz = tsc_khz,
				  .extra = extra };

	bench_report_point(&pt);
}

u32 wl_point(const struct bench_config *cfg, wl_run_fn run, u32 pages, u64 overhead, const char *bench,
	     const char *keys, const char *unit, const char *note)
{
	u32 m, failures = 0;
	double v[64];

	for (m = 0; m < 2; m++) {
		bool colored, bad = false;
		u32 r, ran = 0, hits = 0, misses = 0, h = 0, mi = 0, mc = 0, worst = 0;
		char extra[160];

		if (!wl_mode(cfg, m, &colored))
			continue;
		for (r = 0; r < cfg->runs; r++) {
			double x = run(cfg, pages, colored, r, overhead, &h, &mi, &mc, &bad);

			if (x < 0) {
				failures++; /* a run that did not happen is no result */
			} else {
				v[ran++] = x;
				hits += h;
				misses += mi;
				worst = MAX(worst, mc);
			}
			if (cfg->check && mm_check() < 0)
				failures++;
		}
		ksnprintf(extra, sizeof(extra), "policy=%s%s%s verified=%s max_per_color=%u", bench_policy_name(),
			  note ? " " : "", note ? note : "", bad ? "no" : "yes", worst);
		wl_report(bench, keys, unit, colored, v, ran, cfg->runs, hits, misses, cfg->tsc_khz, extra);
	}
	return failures;
}
