/* SPDX-License-Identifier: MIT */
/* init/params.c - the one table of kernel parameters (see params.h). The
 * rows every architecture has are here; the rows of one architecture only
 * come from its <asm/boot_params.h> as the ARCH_PARAMS_* lists, in place
 * (x86: the self-tests, smp=, memcpy=, the per-CPU lists, cache
 * partitioning, the x86-only benchmarks' parameters; Alpha: fault= with
 * its exceptions, rpcc_calibrate). */
#include "init/params.h"
#include "bench/bench_config.h"
#include "bench/policy_switch.h"
#include "init/selftest.h"
#include "kernel/string.h"
#include "mm/mm_init.h"
#include "mm/placement/registry.h"
#include <asm/boot_params.h>

static const char *const modes_choices[] = { "both", "on", "off", NULL };
static const char *const mm_debug_choices[] = MM_DEBUG_CHOICES;

/* Defaults that do not depend on the machine. bench_max and seed are
 * replaced by the boot sequence before parsing (they depend on the cache
 * and the TSC), so `help` and rejections show the value really in effect. */
const char *const selftest_inject_names[] = { "none", "alloc_fail", "leak", "use_after_free", NULL };

struct boot_config boot_config = {
	.mm = MM_CONFIG_DEFAULT_INIT,
	.selftest = true,
	.smp = 8,
	.pcp_batch = 16,
	.bench_policies = (1u << PLACEMENT_BUDDY) | (1u << PLACEMENT_BINHOP), /* the coloring pair */
	.colors = COLOR_SETS_CONFIG_DEFAULT_INIT,
	.bench = { .which = BENCH_BIT(BENCH_ALL),
		   .modes = BENCH_MODES_BOTH,
		   .runs = 5,
		   .min_ws = ARCH_BENCH_MIN_DEFAULT, /* <asm/boot_params.h> */
		   .max_ws = 512 * 1024,
		   .sparse_k = 16,
		   .reuse_bufs = 4,
		   .copy_bytes = 32u << 20,		/* 4M under a hypervisor: init/defaults.c */
		   .copy_mask = ARCH_COPY_MASK_DEFAULT, /* <asm/boot_params.h> */
		   .interfere_hz = 2000,
		   .stress_ms = 3000 },
};

struct kernel_param boot_params[] = {
	/* ---- the boot sequence ---- */
	{ .name = "help",
	  .type = PARAM_FLAG,
	  .value = &boot_config.help,
	  .help = "print every parameter: accepted values, value in effect, what it sets" },
	{ .name = "seed",
	  .machine_default = true,
	  .unit = "none (a generator seed)",
	  .type = PARAM_UINT,
	  .value = &boot_config.seed,
	  .min = 0,
	  .max = 0xffffffffu,
	  .help = "MWC seed for starting colors and the shuffle (default: from the cycle counter, x86's TSC or Alpha's "
		  "rpcc; 0x89abcdef without one)" },
	ARCH_PARAMS_BOOT /* <asm/boot_params.h> */
	/* ---- the per-CPU page lists (init/pcp_boot.c), every architecture ---- */
	{ .name = "pcp",
	  .machine_default = true,
	  .type = PARAM_BOOL,
	  .value = &boot_config.pcp,
	  .help = "per-CPU hot/cold page lists in front of the buddy core (default: on, also on one CPU)" },
	{ .name = "pcp_batch",
	  .unit = "pages",
	  .type = PARAM_UINT,
	  .value = &boot_config.pcp_batch,
	  .min = 1,
	  .max = 256,
	  .help = "pages a per-CPU list takes or gives back per zone lock" },
	{ .name = "pcp_high",
	  .unit = "pages",
	  .type = PARAM_UINT,
	  .value = &boot_config.pcp_high,
	  .min = 0,
	  .max = 4096,
	  .help = "hot list's high mark in pages (0: 6 x pcp_batch; at least 2 x pcp_batch + 1)" },
	/* ---- the memory manager (struct mm_config, passed into mm_init) ---- */
	{ .name = "page_color",
	  .type = PARAM_BOOL,
	  .value = &boot_config.mm.page_color,
	  .help = "page coloring at boot: on = placement=binhop, off = placement=buddy" },
	{ .name = "placement",
	  .type = PARAM_ENUM,
	  .value = &boot_config.mm.placement,
	  .choices = placement_choices,
	  .help = "placement policy at boot (docs/design.md); wins over page_color when both are given" },
	{ .name = "cache_size",
	  .machine_default = true,
	  .type = PARAM_SIZE,
	  .value = &boot_config.mm.cache_size,
	  .min = PAGE_SIZE,
	  .max = 1u << 30,
	  .pow2 = true,
	  .help = "cache that coloring targets; default: the largest cache the CPU reports (x86: CPUID), else the "
		  "architecture's (Alpha: the DS10's 2M L2)" },
	{ .name = "cache_ways",
	  .machine_default = true,
	  .unit = "ways",
	  .type = PARAM_UINT,
	  .value = &boot_config.mm.cache_ways,
	  .min = 1,
	  .max = 64,
	  .help = "its ways; colors = cache_size / (ways * page size); default: the CPU's (x86: CPUID; 0, fully "
		  "associative: 1 color), else 1 (the 2.4.17 patch's, the DS10's)" },
	{ .name = "cache_levels",
	  .type = PARAM_STR,
	  .form = "the cache model's levels= syntax: NAME:SIZE:WAYS:LINE:POLICY[:OPTION]... levels separated by '/', "
		  "e.g. L1:32K:8:64:lru/L2:256K:4:64:plru:incl/L3:8M:16:64:srrip:slices=4:hash=MASK+MASK",
	  .value = boot_config.mm.cache_levels,
	  .max = CACHE_LEVELS_TEXT,
	  .help = "the cache hierarchy (wins over cache_size=/cache_ways=); slices= and hash= make colors per slice "
		  "and the slice hash checks color sets; policy, inclusion, lat=, seed= ignored" },
	{ .name = "color_level",
	  .unit = "level (1 = nearest the CPU)",
	  .type = PARAM_UINT,
	  .value = &boot_config.mm.color_level,
	  .min = 1,
	  .max = CACHE_GEOM_MAX_LEVELS,
	  .default_text = "the largest level",
	  .help = "the level colors are computed for, the N-th of cache_levels= or of the data/unified caches the CPU "
		  "reports (x86: CPUID; 0, the default: the largest)" },
	{ .name = "color_per_slice",
	  .type = PARAM_BOOL,
	  .value = &boot_config.mm.color_per_slice,
	  .help = "sliced level: colors = sets per slice x line / page size; off counts the whole level (size / (ways "
		  "x page size)), "
		  "whose colors can share sets on a hashed level" },
	{ .name = "mm_shuffle",
	  .type = PARAM_BOOL,
	  .value = &boot_config.mm.mm_shuffle,
	  .help = "randomise free lists at boot, imitating a long-running system" },
	{ .name = "mm_ballast",
	  .unit = "percent",
	  .type = PARAM_UINT,
	  .value = &boot_config.mm.mm_ballast,
	  .min = 0,
	  .max = 90,
	  .help = "percent of the pages of fragmented max-order blocks (3 in 4; 4M with 4K pages, 8M with 8K) "
		  "mm_shuffle keeps as ballast" },
	{ .name = "mm_debug",
	  .type = PARAM_ENUM,
	  .value = &boot_config.mm.mm_debug,
	  .choices = mm_debug_choices,
	  .help = "on junk-fills freed pages and runs mm_check() after every benchmark run; poison does that "
		  "and checks the fill at every allocation (a page written while free is reported)" },
	ARCH_PARAMS_COLORS /* <asm/boot_params.h> */
	{ .name = "mobility_grouping",
	  .type = PARAM_BOOL,
	  .value = &boot_config.mm.mobility_grouping,
	  .help = "group pages by mobility (unmovable/movable/reclaimable page blocks)" },
	{ .name = "compaction",
	  .type = PARAM_BOOL,
	  .value = &boot_config.mm.compaction,
	  .help = "bench=frag: compact a zone when a high-order allocation fails" },
	/* ---- the benchmarks (struct bench_config) ---- */
	{ .name = "bench",
	  .type = PARAM_LIST,
	  .value = &boot_config.bench.which,
	  .choices = bench_names,
	  .help = "which benchmarks run: all = stride,fft; every other one only by name; none: no benchmark" },
	{ .name = "bench_policies",
	  .type = PARAM_LIST,
	  .value = &boot_config.bench_policies,
	  .choices = placement_choices,
	  .help = "when given: run every benchmark once per policy, switched at run time" },
	{ .name = "bench_sparse_k",
	  .unit = "pages (every k-th)",
	  .type = PARAM_UINT,
	  .value = &boot_config.bench.sparse_k,
	  .min = 1,
	  .max = 4096,
	  .help = "bench=sparse touches one line of every k-th page" },
	{ .name = "bench_reuse_bufs",
	  .unit = "buffers",
	  .type = PARAM_UINT,
	  .value = &boot_config.bench.reuse_bufs,
	  .min = 1,
	  .max = 16,
	  .help = "bench=reuse: buffers allocated and freed before the measured one" },
	ARCH_PARAMS_BENCH_WORKLOADS /* <asm/boot_params.h> */
	{ .name = "bench_modes",
	  .type = PARAM_ENUM,
	  .value = &boot_config.bench.modes,
	  .choices = modes_choices,
	  .help = "coloring on and/or off for every point (page_color=off alone implies off)" },
	{ .name = "bench_runs",
	  .unit = "runs",
	  .type = PARAM_UINT,
	  .value = &boot_config.bench.runs,
	  .min = 1,
	  .max = 64,
	  .help = "runs per point and mode, each in a new task" },
	{ .name = "bench_min",
	  .type = PARAM_SIZE,
	  .value = &boot_config.bench.min_ws,
	  .min = PAGE_SIZE,
	  .max = BENCH_MAX_CEILING,
	  .pow2 = true,
	  .help = "smallest stride working set" },
	{ .name = "bench_max",
	  .machine_default = true,
	  .type = PARAM_SIZE,
	  .value = &boot_config.bench.max_ws,
	  .min = BENCH_MAX_FLOOR,
	  .max = BENCH_MAX_CEILING,
	  .pow2 = true,
	  .help = "largest working set (default 2 x cache_size; 4M cap under a hypervisor)" },
	ARCH_PARAMS_BENCH_COPY /* <asm/boot_params.h> */
	{ .name = "cachesim",
	  .type = PARAM_BOOL,
	  .value = &boot_config.bench.phase_marks,
	  .help = "mark benchmark phases for tools/cachesim (QEMU plugin)" },
};
const size_t boot_param_count = ARRAY_SIZE(boot_params);

int params_parse(const char *cmdline)
{
	return cmdline_parse(cmdline, boot_params, boot_param_count);
}

struct kernel_param *params_find(const char *name)
{
	return param_find(boot_params, boot_param_count, name);
}

bool param_given(const char *name)
{
	const struct kernel_param *p = params_find(name);

	return p && p->given;
}

void params_print_help(void)
{
	cmdline_print_help(boot_params, boot_param_count);
}
