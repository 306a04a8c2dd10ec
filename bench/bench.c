/* bench/bench.c - the benchmark driver and the result lines. */
#include "bench/bench.h"
#include "bench/policy_switch.h"
#include "bench/workload.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/page_color.h"
#include "mm/placement.h"

/* Set while bench_run holds a policy for bench_policies=: the benchmarks'
 * own coloring switch (on = binhop, off = buddy) then keeps that policy. */
static bool policy_held;

void bench_set_coloring(bool on)
{
	if (policy_held)
		return;
	placement_select_id(on ? PLACEMENT_BINHOP : PLACEMENT_BUDDY);
}

int bench_set_placement(const char *name)
{
	return placement_select(name);
}

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

/* Runs the benchmarks of mask (bench_expand()ed) once under cfg. */
static u32 run_set(u32 mask, const struct bench_config *cfg)
{
	u32 failures = 0;

	if (mask & BENCH_BIT(BENCH_STRIDE))
		failures += bench_stride(cfg);
	if (mask & BENCH_BIT(BENCH_FFT))
		failures += bench_fft(cfg);
	if (mask & BENCH_BIT(BENCH_PROBE))
		failures += bench_probe(cfg);
	if (mask & BENCH_BIT(BENCH_TRIAD))
		failures += bench_triad(cfg);
	if (mask & BENCH_BIT(BENCH_SPARSE))
		failures += bench_sparse(cfg);
	if (mask & BENCH_BIT(BENCH_REUSE))
		failures += bench_reuse(cfg);
	return failures;
}

u32 bench_run(const struct bench_config *cfg)
{
	u32 failures = 0, mask = bench_expand(cfg->which), i;
	const char *was = bench_policy_name();

	if (!mask)
		return 0;
	if (!cfg->policies) {
		u32 was_id = placement_active_id;
		failures = run_set(mask, cfg);
		placement_select_id(was_id); /* the boot policy, whatever the runs switched to */
		return failures;
	}
	for (i = 0; i < BENCH_POLICY_NR; i++) {
		struct bench_config c = *cfg;

		if (!(cfg->policies & (1u << i)))
			continue;
		if (bench_policy_select(bench_policy_names[i]) < 0) {
			printk("@policy name=%s status=unavailable\n", bench_policy_names[i]);
			continue;
		}
		printk("\npolicy: %s for every benchmark that follows, until the next 'policy:' line\n",
		       bench_policy_name());
		printk("@policy name=%s status=selected\n", bench_policy_name());
		c.modes = bench_policy_modes();
		c.policy_fixed = true;
		policy_held = true;
		failures += run_set(mask, &c);
		policy_held = false;
	}
	if (bench_policy_select(was) < 0)
		failures++;
	return failures;
}

u32 bench_va_bytes(const struct bench_config *cfg)
{
	u32 mask = bench_expand(cfg->which);
	u64 need = 2ull * cfg->max_ws;
	u32 span = wl_colors(cfg->cache_size, cfg->cache_ways) * PAGE_SIZE;

	if (mask & BENCH_BIT(BENCH_TRIAD))
		need = MAX(need, 3ull * triad_va_stride(MAX(cfg->max_ws / 3, 1u), span));
	if (mask & BENCH_BIT(BENCH_SPARSE)) {
		u32 s = sparse_va_span(cfg->max_ws / PAGE_SIZE, cfg->sparse_k);
		need = MAX(need, s ? (u64)s : (u64)BENCH_VA_MAX);
	}
	return (u32)MIN(need, (u64)BENCH_VA_MAX);
}
