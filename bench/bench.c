/* bench/bench.c - the benchmark driver and the result lines. */
#include "bench/bench.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/page_color.h"
#include "mm/placement.h"

void bench_set_coloring(bool on)
{
	placement_select_id(on ? PLACEMENT_BINHOP : PLACEMENT_BUDDY);
}

int bench_set_placement(const char *name)
{
	return placement_select(name);
}

static char last_on_keys[96];
static u32 highmem_reported;
static double last_on_median;

void bench_report(const char *bench, const char *keys, const char *unit, bool colored, const double *v, u32 n, u32 hits,
		  u32 misses, u32 tsc_khz, const char *extra)
{
	struct bench_stats st;
	char a[24], b[24], c[24], d[24], ns[40] = "", full[96];

	u32 dec;

	bench_stats(v, n, &st);
	dec = st.median >= 10000 ? 0 : 3; /* whole cycles for whole transforms */
	fmt_fixed(a, sizeof(a), st.min, dec);
	fmt_fixed(b, sizeof(b), st.median, dec);
	fmt_fixed(c, sizeof(c), st.mean, dec);
	fmt_fixed(d, sizeof(d), st.stddev, dec);
	if (tsc_khz) {
		char t[24];
		fmt_fixed(t, sizeof(t), st.median * 1e6 / tsc_khz, 3);
		ksnprintf(ns, sizeof(ns), " ns_median=%s", t);
	}
	printk("%-6s %-28s color=%-3s median %10s  mean %10s  sd %9s  min %10s %s  hits %u misses %u\n", bench, keys,
	       colored ? "on" : "off", b, c, d, a, unit, hits, misses);
	printk("@result bench=%s %s color=%s runs=%u unit=%s min=%s median=%s mean=%s stddev=%s%s hits=%u misses=%u"
	       " highmem_pages=%u%s%s\n",
	       bench, keys, colored ? "on" : "off", n, unit, a, b, c, d, ns, hits, misses,
	       bench_highmem_pages - highmem_reported, extra ? " " : "", extra ? extra : "");
	highmem_reported = bench_highmem_pages;
	ksnprintf(full, sizeof(full), "%s %s", bench, keys);
	if (colored) {
		{
			u32 i;
			for (i = 0; full[i] && i + 1 < sizeof(last_on_keys); i++)
				last_on_keys[i] = full[i];
			last_on_keys[i] = '\0';
		}
		last_on_median = st.median;
	} else if (!strcmp(full, last_on_keys) && last_on_median > 0) {
		char r[24];
		printk("%-6s %-28s off/on median ratio %s\n", bench, keys,
		       fmt_fixed(r, sizeof(r), st.median / last_on_median, 3));
	}
}

u32 bench_run(const struct bench_config *cfg)
{
	u32 failures = 0;
	u32 was = placement_active_id;

	if (cfg->which == BENCH_NONE)
		return 0;
	if (cfg->which == BENCH_ALL || cfg->which == BENCH_STRIDE)
		failures += bench_stride(cfg);
	if (cfg->which == BENCH_ALL || cfg->which == BENCH_FFT)
		failures += bench_fft(cfg);
	if (cfg->which == BENCH_PROBE)
		failures += bench_probe(cfg);
	placement_select_id(was);
	return failures;
}
