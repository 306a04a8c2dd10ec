/* kernel/main.c - boot: consoles, command line, memory detection, paging,
 * the memory manager, self-tests, the benchmarks, the leak check, the end. */
#include "arch/x86/arch.h"
#include "arch/x86/console.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/fbcon.h"
#include "arch/x86/tsc.h"
#include "bench/bench.h"
#include "bench/policy_switch.h"
#include "bench/workload.h"
#include "kernel/cmdline.h"
#include "kernel/multiboot.h"
#include "kernel/mwc.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/selftest.h"
#include "kernel/string.h"
#include "kernel/task.h"
#include "mm/memblock.h"
#include "mm/mm_check.h"
#include "mm/mm_init.h"
#include "mm/mm_stat.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/shuffle.h"

#define PAGECOLOR_VERSION "0.1.0"
#define EXIT_SUCCESS_CODE 0x10
#define EXIT_FAILURE_CODE 0x11

extern char _kernel_start[], _kernel_end[];
void kmain(u32 magic, u32 mbi_phys);

/* ---- kernel parameters (mm/ has its own table, merged below) ---- */
static const char *const modes_choices[] = { "both", "on", "off", NULL };
static const char *const fault_choices[] = { "none", "pf", "ud", "de", "null", NULL };

static struct {
	bool help;
	u32 seed;
	u32 bench;
	u32 bench_policies;
	u32 bench_sparse_k;
	u32 bench_reuse_bufs;
	u32 bench_modes;
	u32 bench_runs;
	u32 bench_min;
	u32 bench_max;
	u32 qemu_exit;
	bool cachesim;
	bool selftest;
	u32 fault;
} kp = { .bench = BENCH_BIT(BENCH_ALL),
	 .bench_policies = BENCH_POLICIES_COLORING_PAIR,
	 .bench_sparse_k = 16,
	 .bench_reuse_bufs = 4,
	 .bench_modes = BENCH_MODES_BOTH,
	 .bench_runs = 5,
	 .bench_min = 4096,
	 .bench_max = 512 * 1024,
	 .selftest = true };

static struct kernel_param kernel_params[] = {
	{ .name = "help", .type = PARAM_FLAG, .value = &kp.help, .help = "print every parameter and its default" },
	{ .name = "seed",
	  .type = PARAM_UINT,
	  .value = &kp.seed,
	  .min = 0,
	  .max = 0xffffffffu,
	  .help = "MWC seed for starting colors and the shuffle (default: from the TSC)" },
	{ .name = "bench",
	  .type = PARAM_LIST,
	  .value = &kp.bench,
	  .choices = bench_names,
	  .help = "which benchmarks run (all = stride,fft; triad, sparse, reuse only by name)" },
	{ .name = "bench_policies",
	  .type = PARAM_LIST,
	  .value = &kp.bench_policies,
	  .choices = bench_policy_names,
	  .help = "when given: run every benchmark once per policy, switched at run time" },
	{ .name = "bench_sparse_k",
	  .type = PARAM_UINT,
	  .value = &kp.bench_sparse_k,
	  .min = 1,
	  .max = 4096,
	  .help = "bench=sparse touches one line of every k-th page" },
	{ .name = "bench_reuse_bufs",
	  .type = PARAM_UINT,
	  .value = &kp.bench_reuse_bufs,
	  .min = 1,
	  .max = 16,
	  .help = "bench=reuse: buffers allocated and freed before the measured one" },
	{ .name = "bench_modes",
	  .type = PARAM_ENUM,
	  .value = &kp.bench_modes,
	  .choices = modes_choices,
	  .help = "coloring on and/or off for every point (page_color=off alone implies off)" },
	{ .name = "bench_runs",
	  .type = PARAM_UINT,
	  .value = &kp.bench_runs,
	  .min = 1,
	  .max = 64,
	  .help = "runs per point and mode, each in a new task" },
	{ .name = "bench_min",
	  .type = PARAM_SIZE,
	  .value = &kp.bench_min,
	  .min = 4096,
	  .max = 128u << 20,
	  .pow2 = true,
	  .help = "smallest stride working set" },
	{ .name = "bench_max",
	  .type = PARAM_SIZE,
	  .value = &kp.bench_max,
	  .min = 16384,
	  .max = 128u << 20,
	  .pow2 = true,
	  .help = "largest working set (default 2 x cache_size; 4M cap under a hypervisor)" },
	{ .name = "qemu_exit",
	  .type = PARAM_UINT,
	  .value = &kp.qemu_exit,
	  .min = 0,
	  .max = 0xffff,
	  .help = "isa-debug-exit port to end QEMU with the result (0 = halt; never on real PCs)" },
	{ .name = "cachesim",
	  .type = PARAM_BOOL,
	  .value = &kp.cachesim,
	  .help = "mark benchmark phases for tools/cachesim (QEMU plugin)" },
	{ .name = "selftest", .type = PARAM_BOOL, .value = &kp.selftest, .help = "run the boot self-tests" },
	{ .name = "fault",
	  .type = PARAM_ENUM,
	  .value = &kp.fault,
	  .choices = fault_choices,
	  .help = "raise a CPU exception at the end (tests the fault report)" },
};

static struct kernel_param all_params[32];
static size_t all_nparams;

static struct kernel_param *find_param(const char *name)
{
	size_t i;
	for (i = 0; i < all_nparams; i++)
		if (!strcmp(all_params[i].name, name))
			return &all_params[i];
	return NULL;
}

static void parse_cmdline(const char *cmdline)
{
	size_t i;

	all_nparams = 0;
	for (i = 0; i < ARRAY_SIZE(kernel_params); i++)
		all_params[all_nparams++] = kernel_params[i];
	for (i = 0; i < mm_param_count; i++)
		all_params[all_nparams++] = mm_param_table[i];
	cmdline_parse(cmdline, all_params, all_nparams);
}

/* ---- memory ---- */

static bool buddy_ready;

/* Page-table pages: from memblock until the buddy allocator exists. */
static phys_addr_t pt_alloc(void)
{
	struct page *p;

	if (!buddy_ready)
		return memblock_alloc(PAGE_SIZE, PAGE_SIZE, NORMAL_LIMIT_PFN);
	p = alloc_page(GFP_KERNEL | __GFP_NOCOLOR);
	return p ? page_to_pfn(p) << PAGE_SHIFT : 0;
}

/* mm_init()'s allocations (mem_map, color lists): zeroed low memory. */
static void *boot_alloc(u32 bytes)
{
	phys_addr_t pa = memblock_alloc(bytes, PAGE_SIZE, NORMAL_LIMIT_PFN);

	if (!pa)
		return NULL;
	memset((void *)pa, 0, bytes);
	return (void *)pa;
}

/* mm_debug=on: junk-fill freed low-memory pages (xv6's kfree does the same),
 * so a use after free reads 0x6b6b6b6b instead of stale data. */
static void junk_fill(u32 pfn, u32 order)
{
	if (pfn + (1u << order) <= NORMAL_LIMIT_PFN && pfn >= (MiB >> PAGE_SHIFT))
		memset((void *)(pfn << PAGE_SHIFT), 0x6b, PAGE_SIZE << order);
}

static u64 setup_memory(const struct multiboot_info *mbi)
{
	static struct e820_table raw, map;
	const char *source = multiboot_memory_map(mbi, &raw);
	u64 dropped, usable;
	phys_addr_t lowmem_end;

	if (!source)
		panic("the boot loader gave no memory information (Multiboot flags 0x%x)", mbi->flags);
	if (e820_sanitize(&raw, &map, &dropped) <= 0)
		panic("no memory described by the boot loader's map");
	printk("memory: map from %s, %u entries, sanitized to %u:\n", source, raw.nr_entries, map.nr_entries);
	e820_print(&map, "e820");
	if (dropped)
		printk("memory: %llu MiB of usable memory at or above 4 GiB ignored (no PAE)\n",
		       (unsigned long long)(dropped >> 20));
	usable = e820_total(&map, E820_TYPE_RAM);

	memblock_reset();
	if (memblock_add_e820(&map) <= 0)
		panic("no usable memory in the map");
	memblock_reserve(0, MiB); /* BIOS data, real-mode IVT, VGA, option ROMs */
	memblock_reserve((u32)_kernel_start, (u32)(_kernel_end - _kernel_start));
	multiboot_reserve(mbi);

	lowmem_end = MIN(memblock_end_pfn(), NORMAL_LIMIT_PFN) << PAGE_SHIFT;
	if (paging_init(lowmem_end, pt_alloc) < 0)
		panic("paging_init: out of memory for page tables");
	if (mm_init(boot_alloc) < 0)
		panic("mm_init failed");
	buddy_ready = true;
	if (mm_params.mm_debug)
		mm_free_poison = junk_fill;
	return usable;
}

static void raise_fault(u32 which)
{
	printk("fault: raising a deliberate CPU exception (fault=%s)\n", fault_choices[which]);
	if (which == 1)
		*(volatile u32 *)0xdeadbeef = 1;
	else if (which == 2)
		__asm__ volatile("ud2");
	else if (which == 4)
		printk("%u\n", *(volatile u32 *)NULL);
	else if (which == 3) {
		volatile u32 zero = 0;
		printk("%u\n", 1u / zero);
	}
}

void kmain(u32 magic, u32 mbi_phys)
{
	const struct multiboot_info *mbi = (const struct multiboot_info *)mbi_phys;
	const struct cpu_cache *llc;
	struct bench_config bc;
	u32 tsc_khz, failures = 0, free_before[MAX_NR_ZONES], z, seed;
	u64 usable;
	const char *cmdline;

	arch_early_init();
	task_init();
	printk("\npagecolor " PAGECOLOR_VERSION ": page coloring in a zoned buddy allocator, with cache benchmarks\n");
	if (magic != MULTIBOOT_BOOTLOADER_MAGIC) {
		printk(
		    "boot: not loaded by a Multiboot loader: EAX=0x%x, expected 0x%x.\n"
		    "boot: boot this kernel with GRUB ('multiboot /boot/kernel.elf') or 'qemu-system-i386 -kernel'.\n",
		    magic, MULTIBOOT_BOOTLOADER_MAGIC);
		printk("@final status=fail reason=not_multiboot\n");
		arch_halt(EXIT_FAILURE_CODE);
	}
	fbcon_init(mbi);
	cmdline = multiboot_cmdline(mbi);

	/* Defaults that depend on the machine, before the command line. */
	/* The largest cache CPUID reports, as it is (a 12M 12-way L3 gives
	 * 256 colors); the seed's guess (256K, direct-mapped) without one. A
	 * fully associative cache (ways 0) has no colors: ways = its pages. */
	llc = cpuinfo_largest_cache(&boot_cpu);
	if (llc && llc->size) {
		mm_params.cache_size = llc->size;
		mm_params.cache_ways = llc->ways ? llc->ways : MAX(1u, llc->size / PAGE_SIZE);
	}
	/* Shown as defaults by help and in rejections; bench_max is lowered
	 * below when it was not given. */
	kp.bench_max = MIN(2 * mm_params.cache_size, 128u << 20);
	kp.seed = boot_cpu.has_tsc ? (u32)rdtsc() ^ (u32)(rdtsc() >> 32) : MWC_SEED_DEFAULT;
	parse_cmdline(cmdline);
	if (kp.qemu_exit)
		arch_qemu_exit_port = (u16)kp.qemu_exit;
	if (!find_param("bench_modes")->given && find_param("page_color")->given && !mm_params.page_color)
		kp.bench_modes = BENCH_MODES_OFF;

	tsc_khz = tsc_calibrate_khz();
	seed = kp.seed;
	mwc_init(&mwc_global, seed, MWC_CARRY_DEFAULT);

	/* ---- the log header ---- */
	if (boot_cpu.hypervisor)
		printk(
		    "note: running under a hypervisor (%s). Under QEMU/TCG cycle counts are emulator time: the cache\n"
		    "note: effects of page placement do not show (use real hardware, or tools/cachesim).\n"
		    "note: See README, 'What the numbers mean under QEMU'.\n",
		    boot_cpu.hv_vendor[0] ? boot_cpu.hv_vendor : "unknown");
	else
		printk("note: no hypervisor reported: cycle counts are this CPU's own (quote medians and ratios).\n");
	cpuinfo_print(&boot_cpu);
	printk("boot: loader \"%s\", command line \"%s\"\n", multiboot_loader_name(mbi), cmdline);
	printk("boot: console serial=%s vga=%s fb=%s; tsc %u kHz\n", serial_present() ? "yes" : "no",
	       fbcon_active() ? "no" : "yes", fbcon_active() ? "yes" : "no", tsc_khz);

	if (find_param("cache_size")->given || find_param("cache_ways")->given)
		printk(
		    "coloring: cache_size=%uK cache_ways=%u given on the command line (CPUID's largest: %uK %u-way)\n",
		    mm_params.cache_size >> 10, mm_params.cache_ways, llc ? llc->size >> 10 : 0, llc ? llc->ways : 0);
	else if (llc && llc->size)
		printk("coloring: cache_size=%uK cache_ways=%u from the largest cache CPUID reports (L%u, %s)\n",
		       mm_params.cache_size >> 10, mm_params.cache_ways, llc->level, boot_cpu.cache_source);
	else
		printk("coloring: CPUID reports no cache; cache_size=%uK is the seed's i386 guess\n",
		       mm_params.cache_size >> 10);

	usable = setup_memory(mbi);

	if (!find_param("bench_max")->given) {
		u64 want = 2ull * mm_params.cache_size;
		if (boot_cpu.hypervisor && want > 4 * MiB) {
			want = 4 * MiB;
			printk("bench: bench_max lowered to 4M under a hypervisor (emulated time; give bench_max= to "
			       "change)\n");
		}
		while (want > 16 * MiB || want * 4 > (u64)nr_free_pages() * PAGE_SIZE)
			want >>= 1;
		kp.bench_max = (u32)want;
	}
	if (kp.bench_min > kp.bench_max)
		kp.bench_min = kp.bench_max;
	if (kp.help)
		cmdline_print_help(all_params, all_nparams);

	printk("@header version=" PAGECOLOR_VERSION " cpu_vendor=%s family=%u model=%u stepping=%u hypervisor=%s"
	       " tsc_khz=%u usable_bytes=%llu cache_size=%u cache_ways=%u colors=%u seed=0x%08x page_color=%s"
	       " mm_shuffle=%s mm_ballast=%u bench_max=%u bench_runs=%u\n",
	       boot_cpu.vendor[0] ? boot_cpu.vendor : "none", boot_cpu.family, boot_cpu.model, boot_cpu.stepping,
	       boot_cpu.hypervisor ? (boot_cpu.hv_vendor[0] ? boot_cpu.hv_vendor : "yes") : "no", tsc_khz,
	       (unsigned long long)usable, mm_params.cache_size, mm_params.cache_ways, page_colors, seed,
	       page_color_enabled ? "on" : "off", mm_shuffle_enabled ? "on" : "off", mm_params.mm_ballast, kp.bench_max,
	       kp.bench_runs);
	printk("@cmdline %s\n", cmdline);
	printk("memory: %llu KiB usable below 4 GiB; kernel image 0x%x-0x%x\n", (unsigned long long)(usable >> 10),
	       (u32)_kernel_start, (u32)_kernel_end);
	mm_print_zones();
	mm_print_buddyinfo();
	page_color_print(mm_params.mm_debug);

	if (kp.selftest)
		failures += selftest_run_all();

	if (!boot_cpu.has_tsc && bench_expand(kp.bench)) {
		printk("bench: this CPU has no time-stamp counter (TSC); benchmarks skipped\n");
		printk("@result skipped=no_tsc\n");
		kp.bench = BENCH_BIT(BENCH_NONE);
	}
	bc = (struct bench_config){ .which = kp.bench,
				    .modes = kp.bench_modes,
				    .runs = kp.bench_runs,
				    .min_ws = kp.bench_min,
				    .max_ws = kp.bench_max,
				    .tsc_khz = tsc_khz,
				    .phase_marks = kp.cachesim,
				    .check = mm_params.mm_debug,
				    .policies = find_param("bench_policies")->given ? kp.bench_policies : 0,
				    .cache_size = mm_params.cache_size,
				    .cache_ways = mm_params.cache_ways,
				    .sparse_k = kp.bench_sparse_k,
				    .reuse_bufs = kp.bench_reuse_bufs };
	if (bench_buf_prepare(bench_va_bytes(&bc)) < 0)
		panic("cannot build page tables for the benchmark buffer");
	bench_phase_enable(kp.cachesim);
	for (z = 0; z < MAX_NR_ZONES; z++)
		free_before[z] = contig_page_data.node_zones[z].free_pages;
	failures += bench_run(&bc);

	/* ---- after the benchmarks ---- */
	printk("\n");
	mm_print_buddyinfo();
	page_color_print(mm_params.mm_debug);
	for (z = 0; z < MAX_NR_ZONES; z++) {
		u32 now = contig_page_data.node_zones[z].free_pages;
		if (now != free_before[z]) {
			printk("leak check: FAIL zone %s: %u free pages before the benchmarks, %u after\n",
			       zone_names[z], free_before[z], now);
			failures++;
		}
	}
	if (mm_check() < 0)
		failures++;
	else
		printk("mm_check: ok\n");
	if (failures || mm_params.mm_debug)
		mm_dump_free_lists(); /* zone x order x color, for the bug report */
	printk("@leakcheck status=%s free_pages=%u\n", failures ? "checked" : "ok", nr_free_pages());
	if (kp.fault)
		raise_fault(kp.fault);
	printk("@final status=%s failures=%u\n", failures ? "fail" : "ok", failures);
	printk("pagecolor: %s\n", failures ? "FAILURE" : "SUCCESS");
	arch_halt(failures ? EXIT_FAILURE_CODE : EXIT_SUCCESS_CODE);
}
