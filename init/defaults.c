/* SPDX-License-Identifier: MIT */
/* init/defaults.c - see defaults.h. */
#include "init/defaults.h"
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "bench/copy.h"
#include "bench/bench_config.h"
#include "init/bench_defaults.h"
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
	defaults_bench_rules();
}

void defaults_size_benchmarks(void)
{
	defaults_size_benchmarks_for(boot_cpu.hypervisor);
}
