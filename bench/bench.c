/* SPDX-License-Identifier: MIT */
/* bench/bench.c - the benchmark driver: which benchmarks run, and under
 * which placement policies (bench_policies=). The benchmarks call nothing
 * here: they report through bench/report.c and switch placement through
 * bench/policy_switch.c, so the driver sits above them. */
#include "bench/bench.h"
#include "bench/interfere.h"
#include "bench/pcp.h"
#include "bench/policy_switch.h"
#include "bench/workload.h"
#include "kernel/printk.h"
#include "mm/pagetypeinfo.h"
#include "mm/placement/registry.h"

static u32 run_set(u32 mask, const struct bench_config *cfg)
{
	u32 failures = 0;

	/* after each benchmark, one pagetypeinfo line (mm/pagetypeinfo.h) */
	if (mask & BENCH_BIT(BENCH_STRIDE)) {
		failures += bench_stride(cfg);
		pagetypeinfo_summary("stride");
	}
	if (mask & BENCH_BIT(BENCH_FFT)) {
		failures += bench_fft(cfg);
		pagetypeinfo_summary("fft");
	}
	if (mask & BENCH_BIT(BENCH_PROBE)) {
		failures += bench_probe(cfg);
		pagetypeinfo_summary("probe");
	}
	if (mask & BENCH_BIT(BENCH_TRIAD)) {
		failures += bench_triad(cfg);
		pagetypeinfo_summary("triad");
	}
	if (mask & BENCH_BIT(BENCH_SPARSE)) {
		failures += bench_sparse(cfg);
		pagetypeinfo_summary("sparse");
	}
	if (mask & BENCH_BIT(BENCH_REUSE)) {
		failures += bench_reuse(cfg);
		pagetypeinfo_summary("reuse");
	}
	if (mask & BENCH_BIT(BENCH_FRAG)) {
		failures += bench_frag(cfg);
		pagetypeinfo_summary("frag");
	}
	if (mask & BENCH_BIT(BENCH_COPY)) {
		failures += bench_copy(cfg);
		pagetypeinfo_summary("copy");
	}
	if (mask & BENCH_BIT(BENCH_INTERFERE)) {
		failures += bench_interfere(cfg);
		pagetypeinfo_summary("interfere");
	}
	if (mask & BENCH_BIT(BENCH_PCP)) {
		failures += bench_pcp(cfg);
		pagetypeinfo_summary("pcp");
	}
	if (mask & BENCH_BIT(BENCH_SMPSTRESS)) {
		failures += bench_smpstress(cfg);
		pagetypeinfo_summary("smpstress");
	}
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
		bench_policy_hold(true);
		failures += run_set(mask, &c);
		bench_policy_hold(false);
	}
	if (bench_policy_select(was) < 0)
		failures++;
	return failures;
}
