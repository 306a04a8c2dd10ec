/* SPDX-License-Identifier: MIT */
/* arch/x86/apic.c - see apic.h. */
#include "arch/x86/apic.h"
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "kernel/printk.h"
#include "kernel/sched.h"
#include <asm/smp.h>

#define LAPIC_ID	 0x20u
#define LAPIC_TPR	 0x80u
#define LAPIC_EOI	 0xB0u
#define LAPIC_SVR	 0xF0u
#define LAPIC_ICR_LO	 0x300u
#define LAPIC_ICR_HI	 0x310u
#define SVR_ENABLE	 (1u << 8)
#define ICR_PENDING	 (1u << 12)
#define ICR_INIT	 (5u << 8)
#define ICR_STARTUP	 (6u << 8)
#define ICR_ASSERT	 (1u << 14)
#define ICR_LEVEL	 (1u << 15)
#define LAPIC_LVT_TIMER	 0x320u
#define LAPIC_TIMER_INIT 0x380u
#define LAPIC_TIMER_CUR	 0x390u
#define LAPIC_TIMER_DIV	 0x3E0u
#define LVT_MASKED	 (1u << 16)
#define LVT_PERIODIC	 (1u << 17)
#define TIMER_DIV_16	 0x3u /* divide configuration: bus clock / 16 */
#define CALIBRATE_US	 10000u

static u32 delay_khz;
/* Address of the EOI register, read by smp_wake_stub (trampoline.asm). */
u32 smp_lapic_eoi_reg;

static inline u32 lapic_read(u32 reg)
{
	return *(volatile u32 *)(LAPIC_VIRT + reg);
}
static inline void lapic_write(u32 reg, u32 v)
{
	*(volatile u32 *)(LAPIC_VIRT + reg) = v;
}

int lapic_map(u32 phys)
{
	if (map_page(LAPIC_VIRT, phys >> PAGE_SHIFT, true) < 0)
		return -1;
	smp_lapic_eoi_reg = LAPIC_VIRT + LAPIC_EOI;
	return 0;
}

u32 lapic_id(void)
{
	return lapic_read(LAPIC_ID) >> 24;
}

void lapic_enable(void)
{
	lapic_write(LAPIC_TPR, 0);
	lapic_write(LAPIC_SVR, SVR_ENABLE | LAPIC_SPURIOUS_VECTOR);
}

void apic_set_tsc_khz(u32 tsc_khz)
{
	delay_khz = tsc_khz;
}

u64 apic_us_since(u64 start_tsc)
{
	return delay_khz && boot_cpu.has_tsc ? (rdtsc() - start_tsc) * 1000 / delay_khz : 0;
}

void udelay(u32 us)
{
	if (delay_khz && boot_cpu.has_tsc) {
		u64 end = rdtsc() + (u64)us * delay_khz / 1000;
		while (rdtsc() < end)
			__asm__ volatile("pause");
		return;
	}
	while (us--)
		io_wait();
}

int lapic_send_ipi(u32 dest, u32 icr_low)
{
	u32 n;

	for (n = 0; lapic_read(LAPIC_ICR_LO) & ICR_PENDING; n++) {
		if (n >= 100000)
			return -1;
		udelay(1);
	}
	lapic_write(LAPIC_ICR_HI, dest << 24);
	lapic_write(LAPIC_ICR_LO, icr_low);
	return 0;
}

int lapic_send_init(u32 dest)
{
	return lapic_send_ipi(dest, ICR_INIT | ICR_ASSERT | ICR_LEVEL);
}

int lapic_send_startup(u32 dest, u32 vector)
{
	return lapic_send_ipi(dest, ICR_STARTUP | (vector & 0xFF));
}

/* ---- the local APIC timer ----------------------------------------------- */

static __sched_data u32 timer_per_sec; /* timer counts per second at divide 16 */
static __sched_data void (*timer_fn[NR_CPUS])(u32 cpu, u32 ticks);
static __sched_data volatile u32 timer_ticks[NR_CPUS];

u32 lapic_timer_calibrate(void)
{
	u32 left;

	lapic_write(LAPIC_TIMER_DIV, TIMER_DIV_16);
	lapic_write(LAPIC_LVT_TIMER, LVT_MASKED | LAPIC_TIMER_VECTOR); /* one-shot, masked */
	lapic_write(LAPIC_TIMER_INIT, 0xFFFFFFFFu);
	udelay(CALIBRATE_US);
	left = lapic_read(LAPIC_TIMER_CUR);
	lapic_write(LAPIC_TIMER_INIT, 0);
	timer_per_sec = (u32)((u64)(0xFFFFFFFFu - left) * (1000000u / CALIBRATE_US));
	return timer_per_sec;
}

int lapic_timer_start(u32 hz, void (*tick)(u32 cpu, u32 ticks))
{
	u32 cpu = smp_processor_id(), count;

	if (!timer_per_sec) {
		printk("timer: the local APIC timer was not calibrated (one CPU, or no local APIC)\n");
		return -1;
	}
	if (hz < 10 || hz > 100000) {
		printk("timer: %u Hz out of range: the local APIC timer gives 10 to 100000 interrupts per second\n",
		       hz);
		return -1;
	}
	count = timer_per_sec / hz;
	if (!count)
		count = 1;
	timer_fn[cpu] = tick;
	timer_ticks[cpu] = 0;
	lapic_write(LAPIC_TIMER_DIV, TIMER_DIV_16);
	lapic_write(LAPIC_LVT_TIMER, LVT_PERIODIC | LAPIC_TIMER_VECTOR);
	lapic_write(LAPIC_TIMER_INIT, count);
	return 0;
}

u32 lapic_timer_stop(void)
{
	u32 cpu = smp_processor_id();

	lapic_write(LAPIC_LVT_TIMER, LVT_MASKED | LAPIC_TIMER_VECTOR);
	lapic_write(LAPIC_TIMER_INIT, 0);
	timer_fn[cpu] = NULL;
	return timer_ticks[cpu];
}

bool lapic_timer_dispatch(u32 vector)
{
	u32 cpu;

	if (vector != LAPIC_TIMER_VECTOR)
		return false;
	lapic_write(LAPIC_EOI, 0); /* first: the handler may switch tasks */
	cpu = smp_processor_id();
	timer_ticks[cpu]++;
	if (timer_fn[cpu])
		timer_fn[cpu](cpu, timer_ticks[cpu]);
	return true;
}
