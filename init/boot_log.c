/* SPDX-License-Identifier: MIT */
/* init/boot_log.c - see boot_log.h. */
#include "init/boot_log.h"
#include "arch/x86/console.h"
#include "arch/x86/fbcon.h"
#include "arch/x86/hv_name.h"
#include "arch/x86/tsc.h"
#include "arch/x86/tsc_calc.h"
#include "init/params.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "mm/cache_geom.h"
#include "mm/color_count.h"
#include "mm/mm_init.h"
#include "mm/mm_stat.h"
#include "mm/pagetypeinfo.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"
#include "mm/shuffle.h"

/* @header's debug=: the debug kernel (make kernel DEBUG=1, lock assertions)
 * says so, since its timings include the assertions. */
#ifdef KERNEL_DEBUG
#define KERNEL_DEBUG_BUILD 1
#else
#define KERNEL_DEBUG_BUILD 0
#endif

extern char _kernel_start[], _kernel_end[];

/* The command line as printed: every control byte as \xNN (cmdline_printable),
 * so escape sequences in it never reach the reader's terminal and a newline
 * in a quoted token cannot forge a record. Room for 8191 bytes, each 4. */
static char shown_cmdline[4 * MULTIBOOT_CMDLINE_MAX + 1];

static const char *printable_cmdline(const char *cmdline)
{
	cmdline_printable(shown_cmdline, sizeof(shown_cmdline), cmdline);
	return shown_cmdline;
}

void boot_log_banner(void)
{
	/* No blank line before it: the boot loaders end their own output with
	 * a newline (GRUB's serial menu: "Booting `...'" then CR LF twice), and
	 * QEMU's -kernel prints nothing; build/run.log began with an empty line. */
	printk("pagecolor " PAGECOLOR_VERSION ": page coloring in a zoned buddy allocator, with cache benchmarks\n");
}

void boot_log_machine(const struct multiboot_info *mbi, const char *cmdline, const struct cpu_cache *llc)
{
	if (boot_cpu.hypervisor && hv_is_tcg(boot_cpu.hv_vendor))
		printk("note: running under QEMU's TCG software emulator: cycle counts are emulator\n"
		       "note: time, so the cache effects of page placement do not show in them (the\n"
		       "note: cache model of make run shows them, as does real hardware). See\n"
		       "note: docs/usage.md, 'What the numbers mean under QEMU'.\n");
	else if (boot_cpu.hypervisor)
		printk("note: running under a hypervisor (%s): cycle counts include its work.\n"
		       "note: See docs/usage.md, 'What the numbers mean under QEMU'.\n",
		       hv_name(boot_cpu.hv_vendor));
	else
		printk("note: no hypervisor reported: cycle counts are this CPU's own (quote medians and ratios).\n");
	cpuinfo_print(&boot_cpu);
	{
		char loader[128];

		cmdline_printable(loader, sizeof(loader), multiboot_loader_name(mbi));
		printk("boot: loader \"%s\", command line \"%s\"\n", loader, printable_cmdline(cmdline));
	}
	console_describe(mbi);
	tsc_print();

	{ /* cache_levels=, color_level=: the geometry and the count, said there */
		static struct cache_geom cpuid_geom;

		cpuinfo_cache_geom(&boot_cpu, &cpuid_geom);
		if (color_geometry_boot(&boot_config.mm, &cpuid_geom, param_given("cache_size"),
					param_given("cache_ways"))) {
			boot_config.bench.cache_size = boot_config.mm.cache_size;
			boot_config.bench.cache_ways = boot_config.mm.cache_ways;
			return;
		}
	}
	if (param_given("cache_size") && param_given("cache_ways"))
		printk(
		    "coloring: cache_size=%uK cache_ways=%u given on the command line (CPUID's largest: %uK %u-way)\n",
		    boot_config.mm.cache_size >> 10, boot_config.mm.cache_ways, llc ? llc->size >> 10 : 0,
		    llc ? llc->ways : 0);
	else if (param_given("cache_size") || param_given("cache_ways"))
		/* one from the command line, the other from CPUID (or the default): each says its source */
		printk("coloring: cache_size=%uK (%s) cache_ways=%u (%s); CPUID's largest: %uK %u-way\n",
		       boot_config.mm.cache_size >> 10,
		       param_given("cache_size") ? "command line" : (llc ? "CPUID" : "default"),
		       boot_config.mm.cache_ways,
		       param_given("cache_ways") ? "command line" : (llc ? "CPUID" : "default"),
		       llc ? llc->size >> 10 : 0, llc ? llc->ways : 0);
	else if (llc)
		printk("coloring: cache_size=%uK cache_ways=%u from the largest cache CPUID reports (L%u, %s)\n",
		       boot_config.mm.cache_size >> 10, boot_config.mm.cache_ways, llc->level, boot_cpu.cache_source);
	else
		printk("coloring: CPUID reports no cache; cache_size=%uK is the 2.4.17 patch's i386 guess\n",
		       boot_config.mm.cache_size >> 10);
	page_color_count_explain(boot_config.mm.cache_size, boot_config.mm.cache_ways);
}

void boot_log_header(const char *cmdline, u32 tsc_khz, u64 usable)
{
	printk("@header version=" PAGECOLOR_VERSION " cpu_vendor=%s family=%u model=%u stepping=%u hypervisor=%s"
	       " tsc_khz=%u tsc_source=%s usable_bytes=%llu cache_size=%u cache_ways=%u colors=%u seed=0x%08x "
	       "page_color=%s"
	       " placement=%s mm_shuffle=%s mm_ballast=%u bench_max=%u bench_runs=%u debug=%s\n",
	       boot_cpu.vendor[0] ? boot_cpu.vendor : "none", boot_cpu.family, boot_cpu.model, boot_cpu.stepping,
	       boot_cpu.hypervisor ? (boot_cpu.hv_vendor[0] ? boot_cpu.hv_vendor : "yes") : "no", tsc_khz,
	       tsc_source_token(tsc_source()), (unsigned long long)usable, boot_config.mm.cache_size,
	       boot_config.mm.cache_ways, page_colors, boot_config.seed, page_color_enabled ? "on" : "off",
	       placement_name(), mm_shuffle_enabled ? "on" : "off", boot_config.mm.mm_ballast, boot_config.bench.max_ws,
	       boot_config.bench.runs, KERNEL_DEBUG_BUILD ? "yes" : "no");
	printk("@cmdline %s\n", printable_cmdline(cmdline));
	printk("memory: %llu KiB usable below 4 GiB; kernel image 0x%x-0x%x\n", (unsigned long long)(usable >> 10),
	       (u32)_kernel_start, (u32)_kernel_end);
	mm_print_zones();
	mm_print_buddyinfo("boot");
	pagetypeinfo_print(); /* grouping by mobility, Linux's /proc/pagetypeinfo */
	page_color_print(boot_config.mm.mm_debug);
}
