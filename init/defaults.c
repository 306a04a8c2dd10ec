/* SPDX-License-Identifier: MIT */
/* init/defaults.c - see defaults.h. */
#include "init/defaults.h"
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "bench/copy.h"
#include "bench/bench_config.h"
#include "init/params.h"
#include "kernel/mwc.h"
#include "kernel/printk.h"
#include "mm/mm_init.h"
#include "mm/page_alloc.h"
#include "mm/placement/registry.h"

const struct cpu_cache *defaults_from_machine(void)
{
	const struct cpu_cache *llc = cpuinfo_largest_cache(&boot_cpu);

	if (llc && llc->size) {
		boot_config.mm.cache_size = llc->size;
		/* 0: fully associative; page_color_count() gives it 1 color */
		boot_config.mm.cache_ways = llc->ways;
	} else {
		llc = NULL;
	}
	boot_config.bench.max_ws = bench_max_default(boot_config.mm.cache_size, boot_cpu.hypervisor);
	boot_config.bench.copy_bytes = bench_copy_bytes_default(boot_cpu.hypervisor);
	boot_config.seed = boot_cpu.has_tsc ? (u32)rdtsc() ^ (u32)(rdtsc() >> 32) : MWC_SEED_DEFAULT;
	return llc;
}

void defaults_apply_rules(void)
{
	if (boot_config.qemu_exit)
		arch_qemu_exit_port = (u16)boot_config.qemu_exit;
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

void defaults_size_benchmarks(void)
{
	struct bench_sizing in = { .cache_size = boot_config.mm.cache_size,
				   .hypervisor = boot_cpu.hypervisor,
				   .min_given = param_given("bench_min"),
				   .max_given = param_given("bench_max"),
				   .free_bytes = (u64)nr_free_pages() * PAGE_SIZE };

	bench_config_finish(&boot_config.bench, &in);
}
