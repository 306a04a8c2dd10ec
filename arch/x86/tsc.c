/* SPDX-License-Identifier: MIT */
/* arch/x86/tsc.c - the TSC rate: CPUID leaves, else timer windows.
 *
 * Order (tsc_calc.h): hypervisor leaf 0x40000010, CPUID leaf 0x15, then a
 * timer measured against the TSC (PIT, else HPET, else ACPI PM timer), then
 * CPUID leaf 0x16. A rate taken from CPUID is still measured against the
 * first timer that works, and the difference is printed as a check.
 *
 * Measuring (all timers alike): a timer is first checked to count at all
 * (with pit=off QEMU's ports 0x40-0x43 read a constant); then TSC_WINDOWS
 * windows of TSC_WINDOW_MS each give one kHz value apiece, and the median is
 * kept. Each end of a window pairs a timer reading with the TSC read just
 * before and just after it; of five such tries the one with the narrowest
 * TSC bracket is kept and the TSC taken at the bracket's middle. A vCPU that
 * is descheduled around one read (a loaded host) therefore widens only that
 * try, which is dropped; a window that is still disturbed is one outlier out
 * of seven, which the median ignores. The old single 50 ms window measured
 * until the PIT's OUT pin was seen high: any delay before that poll went
 * into the result (up to +8.6% on a loaded host).
 *
 * The timers:
 *   PIT channel 2, mode 0, count 65536: port 0x61 bit 0 is its gate (bit 1,
 *     the speaker, is kept off); read by latching (command 0x80) and reading
 *     the low and high bytes of port 0x42. It counts down at 1.193182 MHz and
 *     wraps every 54.9 ms; the windows are far shorter.
 *   HPET: main counter (low 32 bits at offset 0xF0) of the block the ACPI
 *     HPET table names; period in femtoseconds in the high half of the
 *     capabilities register (offset 0x04); enabled through ENABLE_CNF (bit 0
 *     at 0x10) if the firmware left it off, and left as it was found.
 *   ACPI PM timer: the FADT's port, 3.579545 MHz, 24 or 32 bits.
 * The HPET and the PM timer are found through the ACPI tables (acpi.c), read
 * at their physical addresses while paging is still off. */
#include "arch/x86/tsc.h"
#include "arch/x86/acpi.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "boot/multiboot.h"
#include "kernel/printk.h"
#include "kernel/string.h"

#define PIT_HZ	      1193182u
#define PIT_CH2	      0x42
#define PIT_CMD	      0x43
#define PORT_B	      0x61
#define PORTB_GATE2   0x01
#define PORTB_SPEAKER 0x02

#define HPET_CAP	 0x00
#define HPET_PERIOD	 0x04 /* high half of the capabilities register */
#define HPET_CONF	 0x10
#define HPET_CONF_ENABLE 0x01
#define HPET_COUNTER	 0xF0
#define HPET_PERIOD_MAX	 100000000u /* fs: the spec's 100 ns limit */

#define CR0_PG (1u << 31)

/* A timer the TSC is measured against: read() returns an up-counting value
 * (only the bits in mask are meaningful). */
struct ref_timer {
	enum tsc_source src;
	u32 hz;
	u32 mask;
	u32 (*read)(void);
};

/* What was found, for tsc_print(). */
static struct tsc_calibration cal;
static bool cal_done;

static volatile const u8 *hpet_mmio;
static u16 pm_port;

/* ---- the timers ---- */

static u32 pit_read(void)
{
	u32 lo, hi;

	outb(PIT_CMD, 0x80); /* latch channel 2 */
	lo = inb(PIT_CH2);
	hi = inb(PIT_CH2);
	return ~(lo | hi << 8) & 0xFFFF; /* counts down: flip it */
}

static u32 hpet_read32(u32 off)
{
	return *(volatile const u32 *)(hpet_mmio + off);
}

static void hpet_write32(u32 off, u32 v)
{
	*(volatile u32 *)(hpet_mmio + off) = v;
}

static u32 hpet_read(void)
{
	return hpet_read32(HPET_COUNTER);
}

static inline u32 port_inl(u16 port)
{
	u32 v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static u32 pm_read(void)
{
	return port_inl(pm_port);
}

/* One timer reading with the TSC at its middle: the narrowest of 5 brackets. */
static u32 read_ref(const struct ref_timer *t, u64 *tsc)
{
	u64 best = ~0ull;
	u32 v = 0;

	for (u32 i = 0; i < 5; i++) {
		u64 a = rdtsc();
		u32 c = t->read();
		u64 b = rdtsc();
		if (b - a < best) {
			best = b - a;
			*tsc = a + (b - a) / 2;
			v = c;
		}
	}
	return v;
}

static u32 ref_read(void *ctx)
{
	return ((const struct ref_timer *)ctx)->read();
}

/* True when the timer counts (tsc_timer_counts: 4 small forward steps
 * within 200000 reads; a step over a quarter of its range, a vCPU stopped
 * by a loaded host, is skipped, not judged). */
static bool timer_counts(const struct ref_timer *t)
{
	return tsc_timer_counts(ref_read, (void *)t, t->mask, 200000);
}

/* One window of about TSC_WINDOW_MS: its kHz, or 0 when the timer stopped
 * (more than 2^33 TSC cycles without reaching the end). */
static u32 window(const struct ref_timer *t)
{
	u32 ticks = t->hz / (1000 / TSC_WINDOW_MS), start, now;
	u64 t0, t1, guard;

	start = read_ref(t, &t0);
	guard = t0 + (1ull << 33);
	do {
		now = t->read();
		if (rdtsc() > guard)
			return 0;
	} while (((now - start) & t->mask) < ticks);
	now = read_ref(t, &t1);
	return tsc_window_khz(t1 - t0, (now - start) & t->mask, t->hz);
}

/* Measures the TSC against t into cal.st; returns the median kHz or 0. */
static u32 measure(const struct ref_timer *t, const char **why, const char *absent)
{
	u32 khz[2 * TSC_WINDOWS], n = TSC_WINDOWS;

	if (!timer_counts(t)) {
		*why = absent;
		return 0;
	}
	for (u32 i = 0; i < n; i++)
		khz[i] = window(t);
	if (tsc_stats_compute(khz, n, &cal.st) == 0 && cal.st.spread_ppm > TSC_SPREAD_WARN_PPM) {
		for (; n < 2 * TSC_WINDOWS; n++)
			khz[n] = window(t);
	}
	if (tsc_stats_compute(khz, n, &cal.st) < 0) {
		*why = "it stopped counting during a window";
		return 0;
	}
	if (cal.st.median < TSC_KHZ_MIN || cal.st.median > TSC_KHZ_MAX) {
		*why = "the result is out of range";
		return 0;
	}
	cal.timer = t->src;
	cal.timer_khz = cal.st.median;
	cal.windows = n;
	return cal.st.median;
}

static u32 measure_pit(void)
{
	static const struct ref_timer pit = { TSC_SRC_PIT, PIT_HZ, 0xFFFF, pit_read };
	u8 portb = inb(PORT_B);
	u32 khz;

	/* Gate high, speaker off; channel 2, lobyte/hibyte, mode 0, binary;
	 * count 0 = 65536, free-running (mode 0 wraps after terminal count). */
	outb(PORT_B, (portb & ~PORTB_SPEAKER) | PORTB_GATE2);
	outb(PIT_CMD, 0xB0);
	outb(PIT_CH2, 0);
	outb(PIT_CH2, 0);
	khz = measure(&pit, &cal.pit_why, "channel 2 does not count (no PIT)");
	outb(PORT_B, portb);
	return khz;
}

static u32 measure_hpet(u64 base)
{
	struct ref_timer hpet = { TSC_SRC_HPET, 0, 0xFFFFFFFFu, hpet_read };
	u32 period, conf, khz;

	cal.hpet_base = base;
	hpet_mmio = (volatile const u8 *)(u32)base;
	period = hpet_read32(HPET_PERIOD);
	if (period == 0 || period > HPET_PERIOD_MAX) {
		cal.hpet_why = "the HPET's period register is invalid (no HPET at that address?)";
		return 0;
	}
	hpet.hz = (u32)((1000000000000000ull + period / 2) / period);
	conf = hpet_read32(HPET_CONF);
	if (!(conf & HPET_CONF_ENABLE))
		hpet_write32(HPET_CONF, conf | HPET_CONF_ENABLE);
	khz = measure(&hpet, &cal.hpet_why, "its main counter does not count");
	if (!(conf & HPET_CONF_ENABLE))
		hpet_write32(HPET_CONF, conf);
	return khz;
}

static u32 measure_pm_timer(u16 port, u8 bits)
{
	struct ref_timer pm = { TSC_SRC_ACPI_PM, ACPI_PM_TIMER_HZ, bits == 32 ? 0xFFFFFFFFu : 0xFFFFFFu, pm_read };

	pm_port = port;
	cal.pm_port = port;
	cal.pm_bits = bits;
	return measure(&pm, &cal.pm_why, "it does not count");
}

/* Physical memory while paging is off: the identity, below 4 GiB. */
static const u8 *phys_map(u64 phys, u32 len, void *ctx)
{
	(void)ctx;
	if (phys + len > (1ull << 32) || phys + len < phys)
		return NULL;
	return (const u8 *)(u32)phys;
}

/* The first timer that works, measured; 0 when none does. */
static u32 measure_timers(u32 mmap_phys, u32 mmap_len)
{
	struct acpi_timers at;
	u32 khz = measure_pit();

	if (khz)
		return khz;
	if (read_cr0() & CR0_PG) {
		cal.hpet_why = cal.pm_why = "not tried: paging is on, the ACPI tables are not mapped";
		return 0;
	}
	acpi_discover_timers(phys_map, NULL, mmap_phys, mmap_len, &at);
	cal.rsdp_where = at.rsdp_where;
	cal.hpet_why = at.hpet_why;
	cal.pm_why = at.pm_why;
	if (at.have_hpet && (khz = measure_hpet(at.hpet.base)))
		return khz;
	if (at.have_pm_timer && (khz = measure_pm_timer(at.pm.port, at.pm.bits)))
		return khz;
	return 0;
}

static void read_leaves(struct tsc_cpuid_leaves *l)
{
	u32 a, b, c, d;

	memset(l, 0, sizeof(*l));
	if (!boot_cpu.has_cpuid)
		return;
	memcpy(l->vendor, boot_cpu.vendor, sizeof(l->vendor));
	l->family = boot_cpu.family;
	l->model = boot_cpu.model;
	cpuid(0, &l->max_leaf, &b, &c, &d);
	if (l->max_leaf >= 0x15 && l->max_leaf < 0x1000)
		cpuid(0x15, &l->l15[0], &l->l15[1], &l->l15[2], &d);
	if (l->max_leaf >= 0x16 && l->max_leaf < 0x1000)
		cpuid(0x16, &l->l16[0], &l->l16[1], &l->l16[2], &d);
	if (boot_cpu.hypervisor) {
		memcpy(l->hv_vendor, boot_cpu.hv_vendor, sizeof(l->hv_vendor));
		cpuid(0x40000000, &l->hv_max_leaf, &b, &c, &d);
		if (l->hv_max_leaf >= 0x40000010 && l->hv_max_leaf < 0x40010000)
			cpuid(0x40000010, &l->hv10[0], &l->hv10[1], &c, &d);
	}
	(void)a;
}

u32 tsc_calibrate_khz(const struct multiboot_info *mbi)
{
	struct tsc_cpuid_leaves l;
	u32 cpuid_khz, mmap_phys = 0, mmap_len = 0;
	enum tsc_source src;

	memset(&cal, 0, sizeof(cal));
	cal.window_ms = TSC_WINDOW_MS;
	cal_done = true;
	if (!boot_cpu.has_tsc) {
		cal.source = TSC_SRC_NO_TSC;
		return 0;
	}
	read_leaves(&l);
	src = tsc_cpuid_pick(&l, &cpuid_khz, cal.cpuid_detail, sizeof(cal.cpuid_detail));
	cal.leaf16_khz = tsc_decode_leaf16(&l);
	if (mbi && (mbi->flags & MULTIBOOT_INFO_MEM_MAP)) {
		mmap_phys = mbi->mmap_addr;
		mmap_len = mbi->mmap_length;
	}
	measure_timers(mmap_phys, mmap_len); /* sets cal.timer, cal.timer_khz */
	return tsc_choose(&cal, src, cpuid_khz);
}

enum tsc_source tsc_source(void)
{
	return cal.source;
}

void tsc_print(void)
{
	static char buf[1024];

	if (!cal_done)
		return;
	/* printk cuts at 1023 bytes: one call per line. */
	tsc_format(&cal, buf, sizeof(buf));
	for (char *line = buf, *nl; *line; line = nl + 1) {
		nl = strchr(line, '\n');
		if (!nl) {
			printk("%s\n", line);
			break;
		}
		*nl = '\0';
		printk("%s\n", line);
	}
}
