/* SPDX-License-Identifier: MIT */
/* bench/bench_config.c - see bench_config.h. */
#include "bench/bench_config.h"
#include "bench/bench.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"

u32 bench_max_default(u32 cache_size, bool hypervisor)
{
	u64 want = 2ull * cache_size;

	if (want > BENCH_MAX_DEFAULT_CAP)
		want = BENCH_MAX_DEFAULT_CAP;
	if (hypervisor && want > BENCH_MAX_HV_CAP)
		want = BENCH_MAX_HV_CAP;
	if (want < BENCH_MAX_FLOOR)
		want = BENCH_MAX_FLOOR;
	return (u32)want;
}

/* Free memory for the log: "27M" (whole MiB, rounded down) or "900K". */
static void format_free(char *buf, u32 size, u64 bytes)
{
	if (bytes >= MiB)
		ksnprintf(buf, size, "%lluM", (unsigned long long)(bytes >> 20));
	else
		ksnprintf(buf, size, "%lluK", (unsigned long long)(bytes >> 10));
}

/* The largest power of two <= x, or 0 for x = 0. */
static u64 pow2_floor(u64 x)
{
	u64 p = 1;

	if (!x)
		return 0;
	while (p <= x / 2)
		p <<= 1;
	return p;
}

u32 bench_config_finish(struct bench_config *cfg, const struct bench_sizing *in)
{
	char a[16], b[16], c[16];
	u32 changes = 0;
	u64 limit;

	if (!in->max_given) {
		u32 d = bench_max_default(in->cache_size, in->hypervisor);
		u64 twice = 2ull * in->cache_size;

		format_size(a, sizeof(a), d);
		format_size(c, sizeof(c), in->cache_size);
		if (d != cfg->max_ws) {
			format_size(b, sizeof(b), cfg->max_ws);
			printk("bench: bench_max default is %s, not %s: cache_size=%s was given\n", a, b, c);
			changes++;
		}
		if (d < twice) {
			bool hv = in->hypervisor && d == BENCH_MAX_HV_CAP;

			format_size(b, sizeof(b), hv ? BENCH_MAX_HV_CAP : BENCH_MAX_DEFAULT_CAP);
			printk("bench: bench_max=%s by default, below 2 x cache_size=%s: %s%s%s; give bench_max= to "
			       "change\n",
			       a, c, hv ? "at most " : "the default is at most ", b,
			       hv ? " under a hypervisor (emulated time)" : "");
		}
		cfg->max_ws = d;
	}

	limit = pow2_floor(in->free_bytes / 4);
	if (limit < BENCH_MAX_FLOOR) {
		format_free(c, sizeof(c), in->free_bytes);
		format_size(a, sizeof(a), BENCH_MAX_FLOOR);
		printk(
		    "bench: benchmarks skipped: %s free, and a quarter of it is below the smallest working set (%s)\n",
		    c, a);
		if (bench_expand(cfg->which))
			changes++;
		cfg->which = BENCH_BIT(BENCH_NONE);
		return changes;
	}
	if (cfg->max_ws > limit) {
		format_size(a, sizeof(a), cfg->max_ws);
		format_size(b, sizeof(b), (u32)limit);
		format_free(c, sizeof(c), in->free_bytes);
		printk("bench: bench_max=%s%s lowered to %s: a quarter of free memory (%s free)\n", a,
		       in->max_given ? "" : " (default)", b, c);
		cfg->max_ws = (u32)limit;
		changes++;
	}
	if (cfg->min_ws > cfg->max_ws) {
		format_size(a, sizeof(a), cfg->min_ws);
		format_size(b, sizeof(b), cfg->max_ws);
		printk("bench: bench_min=%s lowered to %s: above bench_max=%s\n", a, b, b);
		cfg->min_ws = cfg->max_ws;
		changes++;
	}
	return changes;
}
