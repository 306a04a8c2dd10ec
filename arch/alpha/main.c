// SPDX-License-Identifier: MIT
/* arch/alpha/main.c - the Alpha kernel's boot sequence under QEMU's clipper:
 * the console, the HWRPB's facts and memory clusters into memblock, the
 * cycle counter's rate, the command line, the end record, a PAL halt. */
#include "arch/alpha/arch.h"
#include "arch/alpha/hwrpb.h"
#include "arch/alpha/io.h"
#include "arch/alpha/mm.h"
#include "arch/alpha/rpcc.h"
#include "arch/alpha/sched_check.h"
#include "arch/alpha/serial.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"

/* QEMU's Alpha cycle counter: virtual nanoseconds / 4 (target/alpha, the
 * rpcc helper), whatever the HWRPB claims (qemu-palcode writes 400 MHz). */
#define QEMU_RPCC_HZ 250000000ull

extern char __kernel_start[], __kernel_end[];

u32 nr_cpus_online = 1;

static u32 fault_choice;
static bool rpcc_calibrate;
static const char *const fault_choices[] = { "none", "load", "opdec", "vmap", NULL };
static struct kernel_param alpha_params[] = {
	{ .name = "fault",
	  .type = PARAM_ENUM,
	  .value = &fault_choice,
	  .choices = fault_choices,
	  .help = "end the run with a CPU exception: a load from an unmapped address, an illegal opcode, or a load "
		  "from the pages the paging check mapped and unmapped" },
	{ .name = "cachesim",
	  .type = PARAM_BOOL,
	  .value = &alpha_phase_marks,
	  .help = "mark the memory checks' phases for tools/cachesim (QEMU plugin; arch/alpha/mm.h)" },
	{ .name = "rpcc_calibrate",
	  .type = PARAM_BOOL,
	  .value = &rpcc_calibrate,
	  .help = "count the cycle counter over two ticks of the RTC's seconds (up to 2 s) and print the rate" },
};

void arch_halt(u32 code)
{
	(void)code; /* the run script reads @final */
	for (;;)
		__asm__ volatile("call_pal 0" ::: "memory");
}

static void raise_fault(u32 which)
{
	if (which == 1)
		(void)*(volatile u64 *)0x8000000000ul; /* no page table maps it */
	else if (which == 2)
		__asm__ volatile(".long 0x04000000"); /* opcode 0x01: reserved */
	else if (which == 3)
		(void)*(volatile u64 *)ALPHA_VMAP_CHECK_VA; /* unmapped by alpha_vmap_check */
}

/* Ranges of the HWRPB's free clusters into memblock, the kernel image (from
 * the command line's page) and the phase marker pages reserved. Returns
 * the failures (0 or 1). */
static unsigned memory_init(const struct hwrpb *h)
{
	const struct hwrpb_memdesc *md = (const void *)((const char *)h + h->mddt_offset);
	u64 kstart = __pa(__kernel_start), kend = __pa(__kernel_end);
	struct hwrpb_mem mem;

	for (u64 i = 0; i < md->numclusters; i++)
		printk("memory: cluster %llu pfn 0x%llx-0x%llx (%llu KiB) %s\n", (unsigned long long)i,
		       (unsigned long long)md->cluster[i].start_pfn,
		       (unsigned long long)(md->cluster[i].start_pfn + md->cluster[i].numpages),
		       (unsigned long long)(md->cluster[i].numpages * h->pagesize / 1024),
		       md->cluster[i].usage & 3 ? "console/PALcode" : "free");
	if (hwrpb_read_clusters(md->cluster, md->numclusters, h->pagesize, kstart, kend, &mem) < 0) {
		printk("memory: the HWRPB's page size %llu is not one this kernel reads (4-64 KiB, a power of 2)\n",
		       (unsigned long long)h->pagesize);
		return 1;
	}
	memblock_reset();
	for (u32 i = 0; i < mem.nr_free; i++)
		if (memblock_add(mem.free_base[i], mem.free_size[i]) < 0)
			printk("memory: memblock full: range at 0x%llx not added\n",
			       (unsigned long long)mem.free_base[i]);
	{
		u64 limit = (u64)ARCH_PHYS_LIMIT_PFN << PAGE_SHIFT, above = 0;

		for (u32 i = 0; i < mem.nr_free; i++) {
			u64 end = mem.free_base[i] + mem.free_size[i];

			if (end > limit)
				above += end - MAX(mem.free_base[i], limit);
		}
		if (above)
			printk("memory: %llu KiB at or above 4 GiB ignored (the allocator's physical addresses are 32 "
			       "bits)\n",
			       (unsigned long long)(above / 1024));
	}
	memblock_reserve(ALPHA_CMDLINE_PA, kend - ALPHA_CMDLINE_PA); /* QEMU's -append copy, the kernel */
	memblock_reserve(PHASE_MARK_PA, PHASE_MARK_BYTES);
	printk("@memory total_kib=%llu free_kib=%llu console_kib=%llu kernel_pa=0x%llx-0x%llx kernel_in_free=%s "
	       "page_size=%u\n",
	       (unsigned long long)((mem.free_bytes + mem.console_bytes) / 1024),
	       (unsigned long long)(mem.free_bytes / 1024), (unsigned long long)(mem.console_bytes / 1024),
	       (unsigned long long)kstart, (unsigned long long)kend, mem.kernel_inside ? "yes" : "no", PAGE_SIZE);
	printk("memblock: %u pages of %u KiB usable up to pfn 0x%x\n", memblock_memory_pages(0, memblock_end_pfn()),
	       PAGE_SIZE / 1024, memblock_end_pfn());
	if (!mem.kernel_inside) {
		printk("memory: the kernel image 0x%llx-0x%llx is in no free cluster\n", (unsigned long long)kstart,
		       (unsigned long long)kend);
		return 1;
	}
	return 0;
}

/* The counter's rate: QEMU's fixed 250 MHz when the console is
 * qemu-palcode (its serial number says QEMU), else what the HWRPB claims. */
static u64 rpcc_rate(const struct hwrpb *h)
{
	char ssn[17];
	bool qemu = false;

	memcpy(ssn, h->ssn, 16);
	ssn[16] = 0;
	for (int i = 0; i + 4 <= 16; i++)
		if (!memcmp(ssn + i, "QEMU", 4))
			qemu = true;
	if (qemu) {
		printk("rpcc: the HWRPB claims %llu Hz; under QEMU the counter counts virtual time at %llu Hz: used\n",
		       (unsigned long long)h->cycle_freq, QEMU_RPCC_HZ);
		return QEMU_RPCC_HZ;
	}
	printk("rpcc: %llu Hz, the HWRPB's rate: used\n", (unsigned long long)h->cycle_freq);
	return h->cycle_freq;
}

static void rpcc_report(u64 hz)
{
	struct rpcc_clock c;
	volatile u64 sink = 0;
	u64 cycles;

	rpcc_clock_init(&c, rpcc());
	for (u32 i = 0; i < 1000000; i++)
		sink += i;
	cycles = rpcc_clock_update(&c, rpcc());
	printk("rpcc: 32-bit counter, wraps every %llu ms at that rate; a 10^6-step loop took %llu cycles (%llu us, "
	       "emulator time)\n",
	       (unsigned long long)(hz ? (1ull << 32) * 1000 / hz : 0), (unsigned long long)cycles,
	       (unsigned long long)rpcc_cycles_to_us(cycles, hz));
}

/* The CMOS real-time clock's seconds register (ISA ports 0x70/0x71). */
static u8 rtc_seconds(void)
{
	outb(0x00, 0x70);
	return inb(0x71);
}

/* Cycles between two ticks of the RTC's seconds: the counter's rate in Hz,
 * sampled through the widened clock, so that a wrap between the ticks does
 * not matter. 0 when two ticks do not come within 2^31 cycles (8.6 s at
 * QEMU's rate). */
static u64 rpcc_measure_hz(void)
{
	struct rpcc_clock c;
	u8 last = rtc_seconds();
	u64 now = 0, start = 0;
	int ticks = 0;

	rpcc_clock_init(&c, rpcc());
	while (now < (1ull << 31)) {
		u8 sec = rtc_seconds();

		now = rpcc_clock_update(&c, rpcc());
		if (sec != last) {
			last = sec;
			if (ticks++)
				return now - start;
			start = now;
		}
	}
	return 0;
}

void alpha_main(void);
void alpha_main(void)
{
	const struct hwrpb *h = (const struct hwrpb *)HWRPB_VA;
	char cmdline[ALPHA_CMDLINE_MAX];
	unsigned failures = 0;

	serial_init();
	console_register(serial_write);
	printk("pagecolor " PAGECOLOR_VERSION " (Alpha, 8 KiB pages)\n");
	if (h->id != HWRPB_MAGIC) {
		printk("hwrpb: none at 0x%lx (id 0x%llx)\n@final status=fail reason=no_hwrpb\npagecolor: FAILURE\n",
		       HWRPB_VA, (unsigned long long)h->id);
		arch_halt(KERNEL_EXIT_FAILURE);
	}
	printk("@header version=" PAGECOLOR_VERSION " arch=alpha machine=clipper cpuid=%llu page_size=%llu "
	       "pa_bits=%llu cycle_freq=%llu processors=%llu\n",
	       (unsigned long long)h->cpuid, (unsigned long long)h->pagesize, (unsigned long long)h->pa_bits,
	       (unsigned long long)h->cycle_freq, (unsigned long long)h->nr_processors);
	memcpy(cmdline, __va(ALPHA_CMDLINE_PA), sizeof(cmdline) - 1);
	cmdline[sizeof(cmdline) - 1] = 0;
	printk("cmdline: \"%s\"\n", cmdline);
	cmdline_parse(cmdline, alpha_params, ARRAY_SIZE(alpha_params));

	if (memory_init(h))
		failures++;
	else
		failures += alpha_mm_init((u32)rpcc()) + alpha_vmap_check(h->vptb);
	failures += alpha_sched_check();
	rpcc_report(rpcc_rate(h));
	if (rpcc_calibrate) {
		u64 hz = rpcc_measure_hz();

		if (hz)
			printk("@rpcc measured_hz=%llu over=rtc_second\n", (unsigned long long)hz);
		else
			printk("rpcc: no two ticks of the RTC's seconds within 2^31 cycles: rate not measured\n");
	}

	if (fault_choice)
		raise_fault(fault_choice);
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
