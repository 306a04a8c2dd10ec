/* SPDX-License-Identifier: MIT */
/* init/main.c - the boot sequence, as a list of steps (Linux's init/main.c).
 *
 * Everything below is a call into a part of the kernel: the steps' order is
 * what this file is about. init/ sits on top of the house: it may include
 * arch/, mm/, bench/ and the kernel library; nothing includes init/. */
#include "arch/x86/arch.h"
#include "arch/x86/copy_select.h"
#include "arch/x86/console.h"
#include "arch/x86/fbcon.h"
#include "arch/x86/smp.h"
#include "arch/x86/tsc.h"
#include "bench/bench.h"
#include "init/boot_log.h"
#include "init/defaults.h"
#include "arch/x86/fault_inject.h"
#include "bench/bench_fit.h"
#include "bench/summary.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/perfmon.h"
#include "bench/workload.h"
#include "init/leakcheck.h"
#include "init/memory.h"
#include "init/params.h"
#include "init/pcp_boot.h"
#include "init/selftest.h"
#include "kernel/cmdline.h"
#include "kernel/mwc.h"
#include "kernel/panic.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/mm_init.h"
#include "mm/color_set.h"
#include "mm/mm_stat.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/poison.h"

void kmain(u32 magic, u32 mbi_phys);

static struct mwc boot_rng; /* starting colors and the shuffle, from seed= */
extern char _kernel_start[], _bss_start[], _kernel_end[];

void kmain(u32 magic, u32 mbi_phys)
{
	const struct multiboot_info *mbi = (const struct multiboot_info *)mbi_phys;
	const struct cpu_cache *llc;
	struct bench_config *bc = &boot_config.bench;
	const char *cmdline;
	u32 failures = 0, leaks;
	u64 usable;

	arch_early_init();
	task_init();
	boot_log_banner();
	if (magic != MULTIBOOT_BOOTLOADER_MAGIC) {
		printk(
		    "boot: not loaded by a Multiboot loader: EAX=0x%x, expected 0x%x.\n"
		    "boot: boot this kernel with GRUB ('multiboot /boot/kernel.elf') or 'qemu-system-i386 -kernel'.\n",
		    magic, MULTIBOOT_BOOTLOADER_MAGIC);
		printk("@final status=fail reason=not_multiboot\n");
		arch_halt(KERNEL_EXIT_FAILURE);
	}
	console_fb_init(mbi);
	/* Paging is off: the TSC calibration may read the HPET and the ACPI
	 * tables (found through the loader's memory map) at their physical
	 * addresses; then the loader's data is copied into the kernel. */
	bc->tsc_khz = tsc_calibrate_khz(mbi);
	smp_detect(mbi); /* the ACPI MADT, while paging is off */
	mbi = multiboot_save(mbi_phys);
	cmdline = multiboot_cmdline(mbi);

	llc = defaults_from_machine();
	params_parse(cmdline);
	defaults_apply_rules();
	mwc_init(&boot_rng, boot_config.seed, MWC_CARRY_DEFAULT); /* the boot's one generator */
	boot_config.mm.rng = &boot_rng;
	boot_log_machine(mbi, cmdline, llc);
	perfmon_boot_init(); /* hardware counters, or why not */

	usable = setup_memory(mbi);
	{ /* cache partitioning: the image's colors, kernel_colors=, task_colors= */
		struct kernel_image_pfns img = { (u32)_kernel_start >> PAGE_SHIFT, (u32)_bss_start >> PAGE_SHIFT,
						 (u32)_kernel_end >> PAGE_SHIFT };
		color_sets_boot(&boot_config.colors, page_colors, &img);
	}
	defaults_size_benchmarks();
	boot_log_header(cmdline, bc->tsc_khz, usable);
	failures += copy_select_boot(boot_config.memcpy, bc->tsc_khz); /* the kernel's memcpy from here on */
	/* CPUs idle until called; smp= then holds the CPUs started */
	boot_config.smp = smp_boot(boot_config.smp, param_given("smp"), bc->tsc_khz);
	pcp_boot(boot_config.smp);
	if (boot_config.help) /* after every step that settles a default (smp, pcp) */
		params_print_help();

	if (!boot_cpu.has_tsc && bench_expand(bc->which)) {
		printk("bench: this CPU has no time-stamp counter (TSC); benchmarks skipped\n");
		printk("@skip reason=no_tsc runs=0\n");
		bc->which = BENCH_BIT(BENCH_NONE);
	}
	/* Page tables of the benchmark buffers (skipping benchmarks that do not
	 * fit) exist before the baseline. */
	bc->which = bench_fit_prepare(bc->which, bc->max_ws, bench_va_bytes(bc));
	bench_phase_enable(bc->phase_marks);

	leakcheck_baseline(); /* before the self-tests: a leaking self-test fails */
	if (boot_config.selftest)
		failures += selftest_run_all();
	failures += bench_run(bc);

	printk("\n");
	mm_print_buddyinfo("after the benchmarks");
	page_color_print(boot_config.mm.mm_debug);
	leaks = leakcheck_verify();
	failures += leaks;
	failures += page_poison_report(); /* mm_debug=poison: pages written while free */
	if (failures || boot_config.mm.mm_debug)
		mm_dump_free_lists(); /* zone x order x color, for the bug report */
	/* the leak check's own result (a failed benchmark is @final's) */
	printk("@leakcheck status=%s free_pages=%u\n", leaks ? "fail" : "ok", nr_free_pages());
	if (boot_config.fault)
		fault_raise(boot_config.fault);
	/* The end of the log, every line within 80 columns: summary,
	 * rejections, @final, SUCCESS or FAILURE. */
	bench_summary_print(bc, boot_cpu.hypervisor ? boot_cpu.hv_vendor : NULL, fbcon_active());
	cmdline_print_rejections(); /* a typo is seen next to @final */
	printk("@final status=%s failures=%u cmdline_errors=%u\n", failures ? "fail" : "ok", failures,
	       cmdline_rejected_count());
	printk("pagecolor: %s\n", failures ? "FAILURE" : "SUCCESS");
	bench_summary_show_qr(); /* on a framebuffer, after the last line */
	arch_halt(failures		     ? KERNEL_EXIT_FAILURE
		  : cmdline_rejected_count() ? KERNEL_EXIT_CMDLINE
					     : KERNEL_EXIT_SUCCESS);
}
