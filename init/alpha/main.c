// SPDX-License-Identifier: MIT
/* init/alpha/main.c - the Alpha kernel's boot sequence under QEMU's clipper
 * (x86's is init/main.c; this one is built by arch/alpha/alpha.mk only):
 * the console, the command line (init/params.c's table: the rows every
 * architecture has and Alpha's own), the HWRPB's memory into memblock
 * (arch/alpha), the allocator and its checks, the task-switch check, the
 * cycle counter's rate, the benchmarks (stride and FFT, coloring on and
 * off: bench/), the leak check, the summary, the rejections, the end
 * record, a PAL halt. */
#include "arch/alpha/arch.h"
#include "arch/alpha/boot.h"
#include "arch/alpha/hwrpb.h"
#include "arch/alpha/mm.h"
#include "arch/alpha/sched_check.h"
#include "arch/alpha/serial.h"
#include "bench/bench.h"
#include "bench/bench_config.h"
#include "bench/bench_fit.h"
#include "bench/summary.h"
#include "init/bench_defaults.h"
#include "init/leakcheck.h"
#include "init/params.h"
#include "init/pcp_boot.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/cache_geom.h"
#include "mm/color_count.h"
#include "mm/mm_stat.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"
#include "mm/poison.h"
#include <asm/fpu.h>

static struct mwc boot_rng; /* the boot's one generator, from seed= */

/* bench= naming a benchmark this kernel does not have (the x86-only ones,
 * bench/registry.h): the token is rejected whole, said and counted like a
 * parser's rejection, and the default kept. */
static void bench_reject_unbuilt(void)
{
	u32 have = bench_built_mask(), want = bench_expand(boot_config.bench.which), bad = want & ~have;
	char given[96], named[96], kept[96];
	u32 gl = 0, nl = 0, kl = 0;

	if (!bad)
		return;
	given[0] = named[0] = kept[0] = 0;
	for (u32 i = 0; i < BENCH_NR; i++) {
		if (boot_config.bench.which & BENCH_BIT(i))
			gl += ksnprintf(given + gl, sizeof(given) - gl, "%s%s", gl ? "," : "", bench_names[i]);
		if (bad & BENCH_BIT(i))
			nl += ksnprintf(named + nl, sizeof(named) - nl, "%s%s", nl ? ", " : "", bench_names[i]);
		if (have & BENCH_BIT(i))
			kl += ksnprintf(kept + kl, sizeof(kept) - kl, "%s%s", kl ? "," : "", bench_names[i]);
	}
	printk("cmdline: bench=%s rejected: %s only in the x86 kernel; accepted: all (stride,fft), none or a list "
	       "of this kernel's benchmarks, %s; keeping default all\n",
	       given, named, kept);
	{
		char tok[112];

		ksnprintf(tok, sizeof(tok), "bench=%s", given);
		cmdline_reject_late(tok, "x86-only benchmark");
	}
	boot_config.bench.which = BENCH_BIT(BENCH_ALL);
}

void alpha_main(void);
void alpha_main(void)
{
	const struct hwrpb *h = (const struct hwrpb *)HWRPB_VA;
	struct bench_config *bc = &boot_config.bench;
	char cmdline[ALPHA_CMDLINE_MAX];
	const char *hv = NULL;
	unsigned failures = 0, leaks;
	bool checked; /* the allocator and the checks before the benchmarks held */
	u64 hz;

	serial_init();
	console_register(serial_write);
	printk("pagecolor " PAGECOLOR_VERSION " (Alpha, 8 KiB pages)\n");
	if (h->id != HWRPB_MAGIC) {
		printk("hwrpb: none at 0x%lx (id 0x%llx)\n@final status=fail reason=no_hwrpb\npagecolor: FAILURE\n",
		       HWRPB_VA, (unsigned long long)h->id);
		arch_halt(KERNEL_EXIT_FAILURE);
	}
	memcpy(cmdline, __va(ALPHA_CMDLINE_PA), sizeof(cmdline) - 1);
	cmdline[sizeof(cmdline) - 1] = 0;
	printk("cmdline: \"%s\"\n", cmdline);

	/* The machine's defaults before parsing, so that `help` and the
	 * rejections show the values in effect: the DS10's 2 MiB
	 * direct-mapped L2 (<asm/cache.h>: no CPUID to ask), bench_max twice
	 * that (the emulator's cap), a seed from the cycle counter (working
	 * sets from 16 KiB: the table's default, <asm/boot_params.h>). The free lists are shuffled at boot as on x86
	 * (mm/shuffle.h): without it a fresh allocator hands out contiguous
	 * pages, which cycle through the colors in order, and "coloring off"
	 * would measure a colored placement. */
	boot_config.seed = (u32)rpcc();
	bc->max_ws = bench_max_default(boot_config.mm.cache_size, true);
	params_parse(cmdline);
	bench_reject_unbuilt();
	{ /* cache_levels=, color_level=; no CPUID levels: cache_size=/cache_ways= */
		static const struct cache_geom none;

		if (!color_geometry_boot(&boot_config.mm, &none, param_given("cache_size"), param_given("cache_ways")))
			printk("coloring: cache_size=%uK cache_ways=%u (%s)\n", boot_config.mm.cache_size >> 10,
			       boot_config.mm.cache_ways,
			       param_given("cache_size") || param_given("cache_ways")
				   ? "the command line's"
				   : "the DS10's L2 by default: Alpha has no CPUID to ask");
	}
	defaults_bench_rules();
	alpha_phase_marks = bc->phase_marks; /* cachesim=on: the checks' phases too (arch/alpha/mm.h) */
	mwc_init(&boot_rng, boot_config.seed, MWC_CARRY_DEFAULT);
	boot_config.mm.rng = &boot_rng;

	if (alpha_memory_init(h))
		failures++;
	else
		failures += alpha_mm_init(&boot_config.mm, boot_config.seed) + alpha_vmap_check(h->vptb);
	if (!failures)
		pcp_boot(1); /* the per-CPU lists, on by default as on x86 with one CPU */
	failures += alpha_sched_check();
	hz = alpha_rpcc_rate(h);
	alpha_rpcc_report(hz);
	if (alpha_rpcc_calibrate) {
		u64 mhz = alpha_rpcc_measure_hz();

		if (mhz)
			printk("@rpcc measured_hz=%llu over=rtc_second\n", (unsigned long long)mhz);
		else
			printk("rpcc: no two ticks of the RTC's seconds within 2^31 cycles: rate not measured\n");
	}
	if (alpha_under_qemu(h))
		hv = "QEMU"; /* <asm/hypervisor.h> names it */
	if (hv)
		printk("note: running under QEMU's TCG software emulator: cycle counts are emulator\n"
		       "note: time, so the cache effects of page placement do not show in them (the\n"
		       "note: cache model shows them, as does real hardware).\n");

	checked = !failures;
	if (checked)
		defaults_size_benchmarks_for(hv != NULL);
	else if (bench_expand(bc->which))
		printk("bench: benchmarks skipped: the checks above failed (the allocator may not be up)\n");
	bc->tsc_khz = (u32)(hz / 1000);
	/* The machine record, once the run's settings are known: x86's keys
	 * where they mean the same (tsc_khz= is the cycle counter's rate,
	 * which tools/pagecolor-report turns into nanoseconds), then Alpha's. */
	printk("@header version=" PAGECOLOR_VERSION " arch=alpha machine=clipper hypervisor=%s tsc_khz=%u "
	       "cache_size=%u cache_ways=%u colors=%u seed=0x%08x page_color=%s placement=%s mm_shuffle=%s "
	       "bench_min=%u bench_max=%u bench_runs=%u cpuid=%llu page_size=%llu pa_bits=%llu cycle_freq=%llu "
	       "processors=%llu\n",
	       hv ? hv : "no", bc->tsc_khz, boot_config.mm.cache_size, boot_config.mm.cache_ways, page_colors,
	       boot_config.seed, page_color_enabled ? "on" : "off", placement_name(),
	       boot_config.mm.mm_shuffle ? "on" : "off", bc->min_ws, bc->max_ws, bc->runs, (unsigned long long)h->cpuid,
	       (unsigned long long)h->pagesize, (unsigned long long)h->pa_bits, (unsigned long long)h->cycle_freq,
	       (unsigned long long)h->nr_processors);
	{ /* as x86's: the command line as the kernel got it, control bytes as \xNN */
		static char shown[4 * ALPHA_CMDLINE_MAX + 1];

		cmdline_printable(shown, sizeof(shown), cmdline);
		printk("@cmdline %s\n", shown);
	}
	if (boot_config.help)
		params_print_help();
	if (checked) {
		alpha_fpu_enable(); /* the FFT's doubles */
		/* page tables of the benchmark buffers before the baseline */
		if (bench_expand(bc->which))
			bc->which = bench_fit_prepare(bc->which, bc->max_ws, bench_va_bytes(bc));
		bench_phase_enable(bc->phase_marks);

		leakcheck_baseline();
		failures += bench_run(bc);

		printk("\n");
		mm_print_buddyinfo("after the benchmarks");
		page_color_print(boot_config.mm.mm_debug);
		leaks = leakcheck_verify();
		failures += leaks;
		failures += page_poison_report();
		printk("@leakcheck status=%s free_pages=%u\n", leaks ? "fail" : "ok", nr_free_pages());
	}

	if (boot_config.fault)
		alpha_raise_fault(boot_config.fault);
	bench_summary_print(bc, hv, false);
	/* here QEMU's own status does not carry it: run-qemu-alpha.sh reads
	 * cmdline_errors= on the @final line below and exits 5 */
	cmdline_set_exit_note("exit status 5 from run-qemu-alpha.sh, which reads @final's cmdline_errors");
	cmdline_print_rejections();
	printk("@final status=%s failures=%u cmdline_errors=%u\n", failures ? "fail" : "ok", failures,
	       cmdline_rejected_count());
	printk("pagecolor: %s\n", failures ? "FAILURE" : "SUCCESS");
	arch_halt(failures		     ? KERNEL_EXIT_FAILURE
		  : cmdline_rejected_count() ? KERNEL_EXIT_CMDLINE
					     : KERNEL_EXIT_SUCCESS);
}
