/* SPDX-License-Identifier: MIT */
/* init/bench_defaults.c - see bench_defaults.h. */
#include "init/bench_defaults.h"
#include "bench/bench_config.h"
#include "init/params.h"
#include "mm/page_alloc.h"
#include "mm/placement/registry.h"

void defaults_bench_rules(void)
{
	/* Uncolored runs only when the boot policy asked for is plain buddy
	 * (page_color=off, or placement=buddy) and bench_modes= was not given. */
	if (!param_given("bench_modes") &&
	    ((param_given("placement") && boot_config.mm.placement == PLACEMENT_BUDDY) ||
	     (!param_given("placement") && param_given("page_color") && !boot_config.mm.page_color)))
		boot_config.bench.modes = BENCH_MODES_OFF;
	boot_config.mm.placement_given = param_given("placement");
	boot_config.mm.page_color_given = param_given("page_color");
	boot_config.bench.policies = param_given("bench_policies") ? boot_config.bench_policies : 0;
	boot_config.bench.check = boot_config.mm.mm_debug;
	boot_config.bench.cache_size = boot_config.mm.cache_size;
	boot_config.bench.cache_ways = boot_config.mm.cache_ways;
}

void defaults_size_benchmarks_for(bool hypervisor)
{
	struct bench_sizing in = { .cache_size = boot_config.mm.cache_size,
				   .hypervisor = hypervisor,
				   .min_given = param_given("bench_min"),
				   .max_given = param_given("bench_max"),
				   .free_bytes = (u64)nr_free_pages() * PAGE_SIZE };

	bench_config_finish(&boot_config.bench, &in);
}
