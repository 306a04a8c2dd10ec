// SPDX-License-Identifier: MIT
/* arch/alpha/main.c - the Alpha code the boot sequence (init/alpha/main.c)
 * calls: the end of the run (arch_halt), the faults fault= raises, the
 * HWRPB's memory clusters into memblock, the cycle counter's rate, its
 * report and its measurement against the RTC. */
#include "arch/alpha/boot.h"
#include "arch/alpha/arch.h"
#include "arch/alpha/io.h"
#include "arch/alpha/mm.h"
#include "arch/alpha/rpcc.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"

/* QEMU's Alpha cycle counter: virtual nanoseconds / 4 (target/alpha, the
 * rpcc helper), whatever the HWRPB claims (qemu-palcode writes 400 MHz). */
#define QEMU_RPCC_HZ 250000000ull

extern char __kernel_start[], __kernel_end[];

u32 nr_cpus_online = 1;

bool alpha_rpcc_calibrate; /* rpcc_calibrate= (<asm/boot_params.h>) */

void arch_halt(u32 code)
{
	(void)code; /* the run script reads @final */
	for (;;)
		__asm__ volatile("call_pal 0" ::: "memory");
}

void alpha_raise_fault(u32 which)
{
	if (which == 1)
		(void)*(volatile u64 *)0x8000000000ul; /* no page table maps it */
	else if (which == 2)
		__asm__ volatile(".long 0x04000000"); /* opcode 0x01: reserved */
	else if (which == 3)
		(void)*(volatile u64 *)ALPHA_VMAP_CHECK_VA; /* unmapped by alpha_vmap_check */
}

unsigned alpha_memory_init(const struct hwrpb *h)
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

bool alpha_under_qemu(const struct hwrpb *h)
{
	for (int i = 0; i + 4 <= 16; i++)
		if (!memcmp((const char *)h->ssn + i, "QEMU", 4))
			return true;
	return false;
}

u64 alpha_rpcc_rate(const struct hwrpb *h)
{
	if (alpha_under_qemu(h)) {
		printk("rpcc: the HWRPB claims %llu Hz; under QEMU the counter counts virtual time at %llu Hz: used\n",
		       (unsigned long long)h->cycle_freq, QEMU_RPCC_HZ);
		return QEMU_RPCC_HZ;
	}
	printk("rpcc: %llu Hz, the HWRPB's rate: used\n", (unsigned long long)h->cycle_freq);
	return h->cycle_freq;
}

void alpha_rpcc_report(u64 hz)
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

u64 alpha_rpcc_measure_hz(void)
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
