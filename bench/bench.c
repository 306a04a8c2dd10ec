/* SPDX-License-Identifier: MIT */
/* bench/bench.c - the benchmark driver: which benchmarks run, and under
 * which placement policies (bench_policies=). The benchmarks call nothing
 * here: they report through bench/report.c and switch placement through
 * bench/policy_switch.c, so the driver sits above them. */
#include "bench/bench.h"
#include "bench/copy.h"
#include "bench/interfere.h"
#include "bench/policy_switch.h"
#include "kernel/printk.h"
#include "mm/pagetypeinfo.h"
#include "mm/placement/registry.h"
#include <asm/benchmap.h>

/* The registry's benchmarks in its order (bench/registry.h). */
struct bench_entry {
	u32 id;		  /* enum bench_which */
	const char *name; /* as bench= names it */
	u32 (*run)(const struct bench_config *cfg);
};
#define BENCH_ENTRY_(ID, name, bit) { BENCH_##ID, #name, bench_##name },
#define BENCH_NO_ENTRY_(ID, name, bit)
#if ARCH_BENCH_X86 /* <asm/benchmap.h>: this kernel builds the x86-only ones too */
#define BENCH_X86_ENTRY_ BENCH_ENTRY_
#else
#define BENCH_X86_ENTRY_ BENCH_NO_ENTRY_
#endif
static const struct bench_entry bench_table[] = { BENCH_REGISTRY_ARCH(BENCH_ENTRY_, BENCH_X86_ENTRY_,
								      BENCH_NO_ENTRY_) };

u32 bench_built_mask(void)
{
	u32 m = 0;

	for (u32 i = 0; i < ARRAY_SIZE(bench_table); i++)
		m |= BENCH_BIT(bench_table[i].id);
	return m;
}

static u32 run_set(u32 mask, const struct bench_config *cfg)
{
	u32 failures = 0;

	for (u32 i = 0; i < ARRAY_SIZE(bench_table); i++) {
		if (!(mask & BENCH_BIT(bench_table[i].id)))
			continue;
		failures += bench_table[i].run(cfg);
		pagetypeinfo_summary(bench_table[i].name); /* one pagetypeinfo line (mm/pagetypeinfo.h) */
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
		bench_policy_pair_from_active(cfg->modes);
		failures = run_set(mask, cfg);
		placement_select_id(was_id); /* the boot policy, whatever the runs switched to */
		return failures;
	}
	_Static_assert(PLACEMENT_NR <= 32, "bench_policies= is a u32 mask over the placement ids");
	for (i = 0; i < PLACEMENT_NR; i++) {
		struct bench_config c = *cfg;

		if (!(cfg->policies & (1u << i)))
			continue;
		if (bench_policy_select(placement_choices[i]) < 0) {
			printk("@policy name=%s status=unavailable\n", placement_choices[i]);
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
#if ARCH_BENCH_X86
	if (mask & BENCH_BIT(BENCH_COPY))
		need = MAX(need, (u64)bench_copy_va_bytes_of(cfg->copy_bytes));
	if (mask & BENCH_BIT(BENCH_INTERFERE))
		need = MAX(need, (u64)interfere_va_bytes(cfg->cache_size));
#endif
	return (u32)MIN(need, (u64)BENCH_VA_MAX);
}
