/* SPDX-License-Identifier: MIT */
/* tests/host/test_tsc.c - the pure parts of TSC calibration (issue 8, item
 * 5): CPUID leaf decoding from recorded register values, the median and
 * spread of calibration windows, and the ACPI table walk that finds the HPET
 * and the PM timer (RSDP v1/v2, RSDT/XSDT, checksums) on synthetic tables in
 * a byte buffer that stands for physical memory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "arch/x86/acpi.h"
#include "arch/x86/tsc_calc.h"

/* ---- CPUID decoding --------------------------------------------------- */

static struct tsc_cpuid_leaves intel(u32 max_leaf, u32 family, u32 model)
{
	struct tsc_cpuid_leaves l;

	memset(&l, 0, sizeof(l));
	strcpy(l.vendor, "GenuineIntel");
	l.max_leaf = max_leaf;
	l.family = family;
	l.model = model;
	return l;
}

static void set3(u32 *r, u32 a, u32 b, u32 c)
{
	r[0] = a;
	r[1] = b;
	r[2] = c;
}

/* A Skylake laptop part (family 6 model 0x4E, i5-6300U): leaf 0x15 gives
 * the ratio 208/2 and ECX = 0; the SDM's table gives the 24 MHz crystal. */
static void test_leaf15_crystal_from_model_table(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x16, 6, 0x4E);
	struct tsc_cpuid_rate r;
	(void)state;

	set3(l.l15, 2, 208, 0);
	set3(l.l16, 2400, 3000, 100);
	r = tsc_decode_leaf15(&l);
	assert_int_equal(r.khz, 2496000);
	assert_int_equal(r.crystal_hz, 24000000);
	assert_true(r.crystal_from_table);
	assert_int_equal(tsc_decode_leaf16(&l), 2400000);
}

/* A part that enumerates its crystal in ECX (38.4 MHz, later Core parts):
 * TSC = ECX * EBX / EAX. */
static void test_leaf15_crystal_in_ecx(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x1B, 6, 0x97);
	struct tsc_cpuid_rate r;
	(void)state;

	set3(l.l15, 2, 166, 38400000);
	r = tsc_decode_leaf15(&l);
	assert_int_equal(r.khz, 3187200);
	assert_int_equal(r.crystal_hz, 38400000);
	assert_false(r.crystal_from_table);
}

/* Atom Goldmont (0x5C): 19.2 MHz crystal; Denverton (0x5F): 25 MHz. */
static void test_leaf15_atom_crystals(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x15, 6, 0x5C);
	(void)state;

	set3(l.l15, 1, 78, 0);
	assert_int_equal(tsc_decode_leaf15(&l).khz, 1497600);
	l.model = 0x5F;
	set3(l.l15, 2, 176, 0);
	assert_int_equal(tsc_decode_leaf15(&l).khz, 2200000);
	assert_int_equal(tsc_crystal_hz_for_model(6, 0x7A), 19200000);
	assert_int_equal(tsc_crystal_hz_for_model(6, 0x9E), 24000000);
	assert_int_equal(tsc_crystal_hz_for_model(15, 0x4E), 0); /* family 6 only */
}

/* Skylake-X (family 6 model 0x55) as Bochs' CPU database records it: leaf
 * 0x15 = (2, 0x124, 0), leaf 0x16 = (0xDAC, 0xFA0, 0x64). No crystal is
 * assumed for 0x55 (spread-spectrum clocking): leaf 0x15 gives nothing,
 * leaf 0x16 the nominal 3500 MHz. */
static void test_skylake_x_recorded(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x16, 6, 0x55);
	char why[160];
	u32 khz = 1;
	(void)state;

	set3(l.l15, 2, 0x124, 0);
	set3(l.l16, 0xDAC, 0xFA0, 0x64);
	assert_int_equal(tsc_decode_leaf15(&l).khz, 0);
	assert_int_equal(tsc_decode_leaf16(&l), 3500000);
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_NONE);
	assert_int_equal(khz, 0);
	assert_string_equal(why, "no hypervisor leaf; leaf 0x15 gives no crystal for family 6 model 0x55");
}

static void test_leaf15_not_enumerated(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x16, 6, 0x5E);
	char why[160];
	u32 khz;
	(void)state;

	/* EAX = 0 or EBX = 0: the ratio is not enumerated. */
	set3(l.l15, 0, 200, 24000000);
	assert_int_equal(tsc_decode_leaf15(&l).khz, 0);
	set3(l.l15, 2, 0, 24000000);
	assert_int_equal(tsc_decode_leaf15(&l).khz, 0);
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_NONE);
	assert_string_equal(why, "no hypervisor leaf; leaf 0x15 gives no TSC/crystal ratio");
	/* Leaf values present but beyond max_leaf are ignored (a Haswell
	 * stops at 0xD; what a higher leaf returns is another leaf's data). */
	l = intel(0xD, 6, 0x3C);
	set3(l.l15, 2, 200, 24000000);
	set3(l.l16, 3400, 3900, 100);
	assert_int_equal(tsc_decode_leaf15(&l).khz, 0);
	assert_int_equal(tsc_decode_leaf16(&l), 0);
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_NONE);
	assert_string_equal(why, "no hypervisor leaf; max CPUID leaf 0xd, no leaf 0x15/0x16");
	/* 0x16 with base 0 gives nothing. */
	l = intel(0x16, 6, 0x5E);
	set3(l.l16, 0, 0, 0);
	assert_int_equal(tsc_decode_leaf16(&l), 0);
}

static void test_leaf15_out_of_range(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x15, 6, 0x5E);
	(void)state;

	set3(l.l15, 1, 0xFFFFFFFFu, 38400000); /* 1.6e17 Hz */
	assert_int_equal(tsc_decode_leaf15(&l).khz, 0);
	set3(l.l15, 1000, 1, 24000000); /* 24 kHz */
	assert_int_equal(tsc_decode_leaf15(&l).khz, 0);
}

/* AMD leaves 0x15/0x16 undefined: whatever they hold is not used. */
static void test_other_vendors_ignored(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x16, 0x19, 0x21);
	char why[160];
	u32 khz;
	(void)state;

	strcpy(l.vendor, "AuthenticAMD");
	set3(l.l15, 2, 200, 24000000);
	set3(l.l16, 3400, 4900, 100);
	assert_int_equal(tsc_decode_leaf15(&l).khz, 0);
	assert_int_equal(tsc_decode_leaf16(&l), 0);
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_NONE);
	assert_string_equal(why, "no hypervisor leaf; leaves 0x15/0x16 not used on vendor \"AuthenticAMD\"");
}

/* The hypervisor leaf: VMware (EAX = TSC kHz, EBX = APIC bus kHz), and KVM
 * with QEMU's vmware-cpuid-freq; it wins over leaf 0x15. */
static void test_hypervisor_leaf(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x16, 6, 0x5E);
	char why[160];
	u32 khz;
	(void)state;

	set3(l.l15, 2, 200, 0); /* leaf 0x15 would say 2400000 */
	strcpy(l.hv_vendor, "VMwareVMware");
	l.hv_max_leaf = 0x40000010;
	l.hv10[0] = 2592001;
	l.hv10[1] = 66000;
	assert_int_equal(tsc_decode_hv_leaf(&l), 2592001);
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_HV_LEAF);
	assert_int_equal(khz, 2592001);
	assert_string_equal(why, "VMware leaf 0x40000010 EAX");

	strcpy(l.hv_vendor, "KVMKVMKVM");
	assert_int_equal(tsc_decode_hv_leaf(&l), 2592001);
	/* Leaf below the maximum: not there. */
	l.hv_max_leaf = 0x40000001;
	assert_int_equal(tsc_decode_hv_leaf(&l), 0);
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_CPUID_15);
	assert_int_equal(khz, 2400000);
	assert_string_equal(why, "crystal 24000000 Hz (model table) x 200/2");
	/* EAX 0: no rate. */
	l.hv_max_leaf = 0x40000010;
	l.hv10[0] = 0;
	assert_int_equal(tsc_decode_hv_leaf(&l), 0);
}

/* Hyper-V and QEMU's TCG do not define 0x40000010 as a TSC rate. */
static void test_hypervisor_leaf_other_vendors(void **state)
{
	struct tsc_cpuid_leaves l = intel(0x4, 6, 6);
	char why[160];
	u32 khz;
	(void)state;

	strcpy(l.hv_vendor, "Microsoft Hv");
	l.hv_max_leaf = 0x40000010;
	l.hv10[0] = 2592000;
	assert_int_equal(tsc_decode_hv_leaf(&l), 0);
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_NONE);
	assert_string_equal(why, "hypervisor Hyper-V: leaf 0x40000010 not defined for it; max CPUID leaf 0x4, no "
				 "leaf 0x15/0x16");
	/* What QEMU TCG's qemu32 reports (recorded from a boot). */
	strcpy(l.hv_vendor, "TCGTCGTCGTCG");
	l.hv_max_leaf = 0x40000001;
	l.hv10[0] = 0;
	assert_int_equal(tsc_cpuid_pick(&l, &khz, why, sizeof(why)), TSC_SRC_NONE);
	assert_string_equal(why, "hypervisor QEMU's TCG software emulator: no leaf 0x40000010; max CPUID leaf 0x4, "
				 "no leaf 0x15/0x16");
}

static void test_source_tokens(void **state)
{
	(void)state;
	assert_string_equal(tsc_source_token(TSC_SRC_PIT), "pit");
	assert_string_equal(tsc_source_token(TSC_SRC_HPET), "hpet");
	assert_string_equal(tsc_source_token(TSC_SRC_ACPI_PM), "acpi_pm");
	assert_string_equal(tsc_source_token(TSC_SRC_CPUID_15), "cpuid_15");
	assert_string_equal(tsc_source_token(TSC_SRC_CPUID_16), "cpuid_16");
	assert_string_equal(tsc_source_token(TSC_SRC_HV_LEAF), "hypervisor_leaf");
	assert_string_equal(tsc_source_token(TSC_SRC_NONE), "none");
	assert_string_equal(tsc_source_token(TSC_SRC_NO_TSC), "no_tsc");
	assert_string_equal(tsc_source_token((enum tsc_source)99), "none");
	assert_string_equal(tsc_source_name(TSC_SRC_ACPI_PM), "ACPI PM timer");
}

/* ---- windows, median, spread ------------------------------------------ */

static void test_window_khz(void **state)
{
	(void)state;
	/* 24472310 cycles over 11932 PIT ticks (10.0 ms). */
	assert_int_equal(tsc_window_khz(24472310, 11932, 1193182), 2447194);
	/* 100 MHz HPET, 1000000 ticks = 10 ms, 26 million cycles. */
	assert_int_equal(tsc_window_khz(26000000, 1000000, 100000000), 2600000);
	/* Rounded to nearest: 1499.5 kHz -> 1500, 1499.4 -> 1499. */
	assert_int_equal(tsc_window_khz(14995, 10, 1000), 1500);
	assert_int_equal(tsc_window_khz(14994, 10, 1000), 1499);
	assert_int_equal(tsc_window_khz(1000, 0, 1193182), 0);
	assert_int_equal(tsc_window_khz(1000, 10, 0), 0);
	/* A result beyond 32 bits is refused, not wrapped. */
	assert_int_equal(tsc_window_khz(1ull << 40, 1, 1000), 0);
}

static void test_stats_odd_and_outlier(void **state)
{
	/* Six undisturbed windows and one +8.6% (a descheduled vCPU): the
	 * median is not moved by it, the spread shows it. */
	u32 khz[7] = { 2447231, 2447100, 2447300, 2657693, 2447231, 2447180, 2447250 };
	struct tsc_stats st;
	(void)state;

	assert_int_equal(tsc_stats_compute(khz, 7, &st), 0);
	assert_int_equal(st.n, 7);
	assert_int_equal(st.median, 2447231);
	assert_int_equal(st.min, 2447100);
	assert_int_equal(st.max, 2657693);
	/* (2657693 - 2447100) / 2447231 = 86053.58 ppm, rounded */
	assert_int_equal(st.spread_ppm, 86054);
	assert_int_equal(khz[3], 2657693); /* input untouched */
}

static void test_stats_even_zero_and_limits(void **state)
{
	u32 khz[6] = { 1000, 0, 1003, 1001, 0, 1002 };
	u32 zeros[3] = { 0, 0, 0 };
	u32 many[TSC_MAX_WINDOWS + 1];
	struct tsc_stats st;
	(void)state;

	/* zeros (failed windows) are skipped: 1000 1001 1002 1003 */
	assert_int_equal(tsc_stats_compute(khz, 6, &st), 0);
	assert_int_equal(st.n, 4);
	assert_int_equal(st.median, 1002); /* (1001 + 1002 + 1) / 2 */
	assert_int_equal(st.spread_ppm, 2994);
	assert_int_equal(tsc_stats_compute(zeros, 3, &st), -1);
	assert_int_equal(st.n, 0);
	assert_int_equal(st.median, 0);
	assert_int_equal(tsc_stats_compute(khz, 0, &st), -1);
	for (u32 i = 0; i < ARRAY_SIZE(many); i++)
		many[i] = 1000 + i;
	assert_int_equal(tsc_stats_compute(many, TSC_MAX_WINDOWS + 1, &st), -1);
	assert_int_equal(tsc_stats_compute(many, TSC_MAX_WINDOWS, &st), 0);
	assert_int_equal(st.min, 1000);
	assert_int_equal(st.max, 1031);
	/* one value: no spread */
	assert_int_equal(tsc_stats_compute(khz, 1, &st), 0);
	assert_int_equal(st.median, 1000);
	assert_int_equal(st.spread_ppm, 0);
}

static void test_formatting(void **state)
{
	char b[32];
	(void)state;

	tsc_fmt_ppm(b, sizeof(b), 800);
	assert_string_equal(b, "0.080%");
	tsc_fmt_ppm(b, sizeof(b), 5);
	assert_string_equal(b, "0.001%");
	tsc_fmt_ppm(b, sizeof(b), 4);
	assert_string_equal(b, "0.000%");
	tsc_fmt_ppm(b, sizeof(b), 86053);
	assert_string_equal(b, "8.605%");
	tsc_fmt_ppm(b, sizeof(b), 12345678);
	assert_string_equal(b, "1234.568%");
	tsc_fmt_deviation(b, sizeof(b), 2399871, 2400000);
	assert_string_equal(b, "-0.005%");
	tsc_fmt_deviation(b, sizeof(b), 2606000, 2400000);
	assert_string_equal(b, "+8.583%");
	tsc_fmt_deviation(b, sizeof(b), 5, 0);
	assert_string_equal(b, "n/a");
}

/* ---- the choice and the log lines -------------------------------------- */

static struct tsc_calibration pit_measured(void)
{
	struct tsc_calibration c;

	memset(&c, 0, sizeof(c));
	strcpy(c.cpuid_detail, "no hypervisor leaf; max CPUID leaf 0xd, no leaf 0x15/0x16");
	c.timer = TSC_SRC_PIT;
	c.timer_khz = 2447231;
	c.windows = 7;
	c.window_ms = 10;
	c.st.median = 2447231;
	c.st.spread_ppm = 800;
	return c;
}

static void test_choose_order(void **state)
{
	struct tsc_calibration c = pit_measured();
	(void)state;

	/* a CPUID source wins over the timer */
	assert_int_equal(tsc_choose(&c, TSC_SRC_CPUID_15, 2400000), 2400000);
	assert_int_equal(c.source, TSC_SRC_CPUID_15);
	assert_int_equal(tsc_choose(&c, TSC_SRC_HV_LEAF, 2592000), 2592000);
	assert_int_equal(c.source, TSC_SRC_HV_LEAF);
	/* no CPUID source: the timer */
	assert_int_equal(tsc_choose(&c, TSC_SRC_NONE, 0), 2447231);
	assert_int_equal(c.source, TSC_SRC_PIT);
	/* the timer wins over leaf 0x16 */
	c.leaf16_khz = 2400000;
	assert_int_equal(tsc_choose(&c, TSC_SRC_NONE, 0), 2447231);
	/* no timer: leaf 0x16 */
	c.timer = TSC_SRC_NONE;
	c.timer_khz = 0;
	assert_int_equal(tsc_choose(&c, TSC_SRC_NONE, 0), 2400000);
	assert_int_equal(c.source, TSC_SRC_CPUID_16);
	/* nothing */
	c.leaf16_khz = 0;
	assert_int_equal(tsc_choose(&c, TSC_SRC_NONE, 0), 0);
	assert_int_equal(c.source, TSC_SRC_NONE);
	assert_int_equal(c.khz, 0);
}

static void test_format_timer_lines(void **state)
{
	struct tsc_calibration c = pit_measured();
	char b[1024];
	(void)state;

	tsc_choose(&c, TSC_SRC_NONE, 0);
	tsc_format(&c, b, sizeof(b));
	assert_string_equal(b, "tsc: CPUID: no hypervisor leaf; max CPUID leaf 0xd, no leaf 0x15/0x16\n"
			       "tsc: 2447231 kHz from PIT (7 windows of 10 ms, spread 0.080%)\n");
	/* no PIT: the HPET, through an RSDP from the memory map */
	c.timer = TSC_SRC_HPET;
	c.hpet_base = 0xFED00000;
	c.rsdp_where = "memory map";
	c.pit_why = "channel 2 does not count (no PIT)";
	tsc_choose(&c, TSC_SRC_NONE, 0);
	tsc_format(&c, b, sizeof(b));
	assert_non_null(strstr(b, "\ntsc: 2447231 kHz from HPET at 0xfed00000, ACPI RSDP from the memory map (7 "
				  "windows of 10 ms, spread 0.080%); PIT: channel 2 does not count (no PIT)\n"));
	/* the ACPI PM timer; unsteady windows are called so */
	c.timer = TSC_SRC_ACPI_PM;
	c.rsdp_where = "EBDA/BIOS area";
	c.pm_port = 0x608;
	c.pm_bits = 24;
	c.hpet_why = "no HPET table";
	c.windows = 14;
	c.st.spread_ppm = 23456;
	tsc_choose(&c, TSC_SRC_NONE, 0);
	tsc_format(&c, b, sizeof(b));
	assert_non_null(strstr(b, "\ntsc: 2447231 kHz from ACPI PM timer (port 0x608, 24-bit) (14 windows of 10 ms, "
				  "spread 2.346%: unsteady, the host may be loaded); PIT: channel 2 does not count (no "
				  "PIT); HPET: no HPET table\n"));
}

static void test_format_cpuid_lines(void **state)
{
	struct tsc_calibration c = pit_measured();
	char b[1024];
	(void)state;

	strcpy(c.cpuid_detail, "crystal 24000000 Hz (model table) x 200/2");
	tsc_choose(&c, TSC_SRC_CPUID_15, 2400000);
	c.timer_khz = 2399871;
	c.st.spread_ppm = 100;
	tsc_format(&c, b, sizeof(b));
	assert_string_equal(b, "tsc: 2400000 kHz from CPUID leaf 0x15 (crystal 24000000 Hz (model table) x 200/2); "
			       "PIT check: 2399871 kHz (-0.005%; 7 windows of 10 ms, spread 0.010%)\n");
	/* no timer to check it against */
	c.timer = TSC_SRC_NONE;
	c.timer_khz = 0;
	c.pit_why = "channel 2 does not count (no PIT)";
	c.hpet_why = c.pm_why = "no ACPI RSDP in the EBDA or 0xE0000-0xFFFFF (and no memory map)";
	strcpy(c.cpuid_detail, "VMware leaf 0x40000010 EAX");
	tsc_choose(&c, TSC_SRC_HV_LEAF, 2592000);
	tsc_format(&c, b, sizeof(b));
	assert_string_equal(b, "tsc: 2592000 kHz from the hypervisor's CPUID leaf 0x40000010 (VMware leaf "
			       "0x40000010 EAX); not checked: no timer; PIT: channel 2 does not count (no PIT); HPET: "
			       "no ACPI RSDP in the EBDA or 0xE0000-0xFFFFF (and no memory map); ACPI PM timer: no "
			       "ACPI RSDP in the EBDA or 0xE0000-0xFFFFF (and no memory map)\n");
	/* only leaf 0x16 */
	strcpy(c.cpuid_detail, "no hypervisor leaf; leaf 0x15 gives no crystal for family 6 model 0x55");
	c.leaf16_khz = 3500000;
	c.hpet_why = "no HPET table";
	c.pm_why = "the FADT names no PM timer (hardware-reduced ACPI)";
	tsc_choose(&c, TSC_SRC_NONE, 0);
	tsc_format(&c, b, sizeof(b));
	assert_string_equal(b, "tsc: CPUID: no hypervisor leaf; leaf 0x15 gives no crystal for family 6 model 0x55\n"
			       "tsc: 3500000 kHz from CPUID leaf 0x16 (nominal base frequency): no timer to measure "
			       "it; PIT: channel 2 does not count (no PIT); HPET: no HPET table; ACPI PM timer: the "
			       "FADT names no PM timer (hardware-reduced ACPI)\n");
}

static void test_format_no_source(void **state)
{
	struct tsc_calibration c;
	char b[1024];
	(void)state;

	memset(&c, 0, sizeof(c));
	strcpy(c.cpuid_detail,
	       "hypervisor QEMU's TCG software emulator: no leaf 0x40000010; max CPUID leaf 0x4, no leaf 0x15/0x16");
	c.pit_why = "channel 2 does not count (no PIT)";
	c.hpet_why = "no HPET table";
	c.pm_why = "the FADT names no PM timer (hardware-reduced ACPI)";
	tsc_choose(&c, TSC_SRC_NONE, 0);
	tsc_format(&c, b, sizeof(b));
	assert_string_equal(
	    b, "tsc: CPUID: hypervisor QEMU's TCG software emulator: no leaf 0x40000010; max CPUID leaf 0x4, no leaf "
	       "0x15/0x16\n"
	       "tsc: no calibration source (no CPUID 0x15/0x16/hypervisor leaf, no PIT, HPET or ACPI PM "
	       "timer); ns_* figures omitted\n"
	       "tsc: why: PIT: channel 2 does not count (no PIT); HPET: no HPET table; ACPI PM timer: "
	       "the FADT names no PM timer (hardware-reduced ACPI)\n");
	c.source = TSC_SRC_NO_TSC;
	tsc_format(&c, b, sizeof(b));
	assert_string_equal(b, "tsc: the CPU has no time-stamp counter: no cycle counts, ns_* figures omitted\n");
	/* a short buffer is cut, NUL-terminated, and says how long it wanted */
	c.source = TSC_SRC_NONE;
	assert_true(tsc_format(&c, b, 40) >= 40);
	assert_int_equal(strlen(b), 39);
}

/* ---- ACPI tables in a synthetic physical memory ------------------------ */

#define PHYS_SIZE (2u << 20) /* the test's "physical memory": [0, 2 MiB) */
static u8 phys[PHYS_SIZE];
static unsigned map_calls_outside;

static const u8 *test_map(u64 pa, u32 len, void *ctx)
{
	(void)ctx;
	if (pa > PHYS_SIZE || len > PHYS_SIZE - pa) {
		map_calls_outside++;
		return NULL;
	}
	return phys + pa;
}

static void put16(u32 pa, u32 v)
{
	phys[pa] = (u8)v;
	phys[pa + 1] = (u8)(v >> 8);
}

static void put32(u32 pa, u32 v)
{
	for (u32 i = 0; i < 4; i++)
		phys[pa + i] = (u8)(v >> (8 * i));
}

static void put64(u32 pa, u64 v)
{
	put32(pa, (u32)v);
	put32(pa + 4, (u32)(v >> 32));
}

/* Sets the byte at pa + off so that len bytes at pa sum to 0. */
static void fix_sum(u32 pa, u32 len, u32 off)
{
	u8 s = 0;

	phys[pa + off] = 0;
	for (u32 i = 0; i < len; i++)
		s = (u8)(s + phys[pa + i]);
	phys[pa + off] = (u8)(0x100 - s);
}

static void rsdp_v1(u32 pa, u32 rsdt)
{
	memset(phys + pa, 0, 20);
	memcpy(phys + pa, "RSD PTR ", 8);
	memcpy(phys + pa + 9, "BOCHS ", 6);
	phys[pa + 15] = 0;
	put32(pa + 16, rsdt);
	fix_sum(pa, 20, 8);
}

static void rsdp_v2(u32 pa, u32 rsdt, u64 xsdt)
{
	memset(phys + pa, 0, 36);
	memcpy(phys + pa, "RSD PTR ", 8);
	memcpy(phys + pa + 9, "OVMF  ", 6);
	phys[pa + 15] = 2;
	put32(pa + 16, rsdt);
	put32(pa + 20, 36);
	put64(pa + 24, xsdt);
	fix_sum(pa, 20, 8);
	fix_sum(pa, 36, 32);
}

static void header(u32 pa, const char *sig, u32 len)
{
	memset(phys + pa, 0, len);
	memcpy(phys + pa, sig, 4);
	put32(pa + 4, len);
	phys[pa + 8] = 1;
	memcpy(phys + pa + 10, "PCOLOR", 6);
}

/* RSDT/XSDT with the given entries. */
static void root(u32 pa, bool x, const u64 *entries, u32 n)
{
	u32 es = x ? 8 : 4, len = ACPI_HDR_LEN + n * es;

	header(pa, x ? "XSDT" : "RSDT", len);
	for (u32 i = 0; i < n; i++) {
		if (x)
			put64(pa + ACPI_HDR_LEN + i * 8, entries[i]);
		else
			put32(pa + ACPI_HDR_LEN + i * 4, (u32)entries[i]);
	}
	fix_sum(pa, len, 9);
}

static void hpet_table(u32 pa, u64 base)
{
	header(pa, "HPET", 56);
	put32(pa + 36, 0x8086A201);
	phys[pa + 40] = 0; /* system memory */
	phys[pa + 41] = 64;
	put64(pa + 44, base);
	phys[pa + 52] = 0;
	put16(pa + 53, 0x80);
	fix_sum(pa, 56, 9);
}

static void fadt(u32 pa, u32 len, u32 pm_tmr_blk, u32 flags, u64 x_pm_tmr)
{
	header(pa, "FACP", len);
	put32(pa + 76, pm_tmr_blk);
	phys[pa + 91] = pm_tmr_blk ? 4 : 0;
	put32(pa + 112, flags);
	if (len >= 220 && x_pm_tmr) {
		phys[pa + 208] = 1; /* system I/O */
		phys[pa + 209] = 32;
		phys[pa + 211] = 3;
		put64(pa + 212, x_pm_tmr);
	}
	fix_sum(pa, len, 9);
}

static int reset_phys(void **state)
{
	(void)state;
	memset(phys, 0, sizeof(phys));
	map_calls_outside = 0;
	return 0;
}

static void test_checksum(void **state)
{
	u8 b[4] = { 1, 2, 3, 250 };
	(void)state;

	assert_true(acpi_checksum_ok(b, 4));
	b[3] = 251;
	assert_false(acpi_checksum_ok(b, 4));
	assert_true(acpi_checksum_ok(b, 0));
}

/* SeaBIOS style: ACPI 1.0 RSDP in the BIOS area, RSDT with HPET and FADT. */
static void test_rsdp_v1_rsdt(void **state)
{
	struct acpi_rsdp_info r;
	struct acpi_timers t;
	const u8 *tbl;
	u32 len;
	u64 e[2] = { 0x110000, 0x120000 };
	(void)state;

	rsdp_v1(0xF5A20, 0x100000);
	root(0x100000, false, e, 2);
	hpet_table(0x110000, 0xFED00000);
	fadt(0x120000, 116, 0x608, 0, 0);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_int_equal(r.phys, 0xF5A20);
	assert_int_equal(r.revision, 0);
	assert_int_equal(r.rsdt, 0x100000);
	assert_string_equal(r.oem, "BOCHS ");
	assert_int_equal(acpi_find_table(test_map, NULL, &r, "HPET", &tbl, &len), 0);
	assert_ptr_equal(tbl, phys + 0x110000);
	assert_int_equal(len, 56);
	assert_int_equal(acpi_find_table(test_map, NULL, &r, "APIC", &tbl, &len), -2);

	assert_int_equal(acpi_discover_timers(test_map, NULL, 0, 0, &t), 0);
	assert_true(t.have_hpet && t.have_pm_timer);
	assert_string_equal(t.rsdp_where, "EBDA/BIOS area");
	assert_int_equal(t.hpet.base, 0xFED00000);
	assert_int_equal(t.hpet.min_tick, 0x80);
	assert_int_equal(t.pm.port, 0x608);
	assert_int_equal(t.pm.bits, 24);
	assert_null(t.hpet_why);
	assert_null(t.pm_why);
}

/* ACPI 2.0+ RSDP in the EBDA (searched first) with an XSDT; entries above
 * 4 GiB and entries failing their checksum are skipped. */
static void test_rsdp_v2_ebda_xsdt(void **state)
{
	struct acpi_rsdp_info r;
	const u8 *tbl;
	u32 len;
	u64 e[4] = { 0x100000000ull, 0x130000, 0x140000, 0x150000 };
	(void)state;

	put16(ACPI_EBDA_PTR, 0x9FC0); /* EBDA at 0x9FC00 */
	rsdp_v2(0x9FC00 + 0x40, 0x1F0000 /* RSDT: absent, not used */, 0x100000);
	rsdp_v1(0xF0000, 0x1E0000); /* a second copy in the BIOS area: not used */
	root(0x100000, true, e, 4);
	hpet_table(0x130000, 0xFED00000);
	phys[0x130000 + 44] ^= 1; /* checksum now wrong */
	hpet_table(0x140000, 0xFED01000);
	fadt(0x150000, 244, 0, 1u << 8, 0xB008);

	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_int_equal(r.phys, 0x9FC40);
	assert_int_equal(r.revision, 2);
	assert_int_equal(r.xsdt, 0x100000);
	assert_int_equal(acpi_find_table(test_map, NULL, &r, "HPET", &tbl, &len), 0);
	assert_ptr_equal(tbl, phys + 0x140000);

	struct acpi_timers t;
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0, 0, &t), 0);
	assert_int_equal(t.hpet.base, 0xFED01000);
	assert_true(t.have_pm_timer);
	assert_int_equal(t.pm.port, 0xB008);
	assert_true(t.pm.from_x);
	assert_int_equal(t.pm.bits, 32);
	/* The entry above 4 GiB was never mapped. */
	assert_int_equal(map_calls_outside, 0);
}

static void test_rsdp_rejects(void **state)
{
	struct acpi_rsdp_info r;
	(void)state;

	/* wrong v1 checksum */
	rsdp_v1(0xE0010, 0x100000);
	phys[0xE0010 + 16] ^= 0xFF;
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), -1);
	/* not on a 16-byte boundary */
	rsdp_v1(0xE0028, 0x100000);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), -1);
	/* v2 with a bad extended checksum */
	rsdp_v2(0xE0100, 0x100000, 0x100100);
	phys[0xE0100 + 24] ^= 1;
	fix_sum(0xE0100, 20, 8);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), -1);
	/* v2 with Length < 36 */
	rsdp_v2(0xE0200, 0x100000, 0x100100);
	put32(0xE0200 + 20, 20);
	fix_sum(0xE0200, 20, 8);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), -1);
	/* an EBDA pointer outside [0x80000, 0xA0000) is not followed */
	put16(ACPI_EBDA_PTR, 0x1000);
	rsdp_v1(0x10000, 0x100000);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), -1);
	/* the last aligned slot of the BIOS area is found */
	rsdp_v1(0xFFFE0, 0x100000);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_int_equal(r.phys, 0xFFFE0);
	/* the scanner on a short area */
	assert_int_equal(acpi_rsdp_scan(phys + 0xFFFE0, 19, &r), -1);
	assert_int_equal(acpi_rsdp_scan(phys + 0xFFFE0, 20, &r), 0);
}

static void test_root_table_bad(void **state)
{
	struct acpi_rsdp_info r;
	struct acpi_timers t;
	const u8 *tbl;
	u32 len;
	u64 e[1] = { 0x110000 };
	(void)state;

	rsdp_v1(0xE0000, 0x100000);
	root(0x100000, false, e, 1);
	hpet_table(0x110000, 0xFED00000);
	phys[0x100000 + 20] ^= 1; /* RSDT checksum broken */
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_int_equal(acpi_find_table(test_map, NULL, &r, "HPET", &tbl, &len), -1);
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0, 0, &t), 0);
	assert_false(t.have_hpet || t.have_pm_timer);
	/* named with what is wrong (tests/host/test_firmware.c checks every case) */
	assert_string_equal(t.hpet_why, "the ACPI RSDT at 0x100000 (40 bytes): checksum fails (bytes sum to 0x01)");
	assert_string_equal(t.pm_why, t.hpet_why);
	/* an RSDT longer than ACPI_TABLE_MAX */
	root(0x100000, false, e, 1);
	put32(0x100000 + 4, PHYS_SIZE);
	fix_sum(0x100000, 40, 9);
	assert_int_equal(acpi_find_table(test_map, NULL, &r, "HPET", &tbl, &len), -1);
	/* a length below the header */
	put32(0x100000 + 4, 20);
	assert_int_equal(acpi_find_table(test_map, NULL, &r, "HPET", &tbl, &len), -1);
}

static void test_hpet_decode(void **state)
{
	struct acpi_hpet_info h;
	(void)state;

	hpet_table(0x110000, 0xFED00000);
	assert_int_equal(acpi_hpet_decode(phys + 0x110000, 56, &h), 0);
	assert_int_equal(h.base, 0xFED00000);
	assert_int_equal(acpi_hpet_decode(phys + 0x110000, 55, &h), -1);
	phys[0x110000 + 40] = 1; /* I/O space: not an HPET */
	assert_int_equal(acpi_hpet_decode(phys + 0x110000, 56, &h), -1);
	hpet_table(0x110000, 0);
	assert_int_equal(acpi_hpet_decode(phys + 0x110000, 56, &h), -1);
}

static void test_fadt_pm_timer(void **state)
{
	struct acpi_pm_timer_info pm;
	(void)state;

	fadt(0x120000, 116, 0xB008, 0, 0);
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 116, &pm), 0);
	assert_int_equal(pm.port, 0xB008);
	assert_int_equal(pm.bits, 24);
	assert_false(pm.from_x);
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 115, &pm), -1);
	/* TMR_VAL_EXT: 32 bits */
	fadt(0x120000, 244, 0x608, 1u << 8, 0);
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 244, &pm), 0);
	assert_int_equal(pm.bits, 32);
	/* PM_TMR_LEN other than 4 */
	phys[0x120000 + 91] = 2;
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 244, &pm), -1);
	/* hardware-reduced ACPI (QEMU microvm): no PM timer */
	fadt(0x120000, 276, 0, 1u << 20, 0);
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 276, &pm), -2);
	/* neither PM_TMR_BLK nor X_PM_TMR_BLK */
	fadt(0x120000, 276, 0, 0, 0);
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 276, &pm), -2);
	/* an X_PM_TMR_BLK in memory space is not a port */
	fadt(0x120000, 276, 0, 0, 0xB008);
	phys[0x120000 + 208] = 0;
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 276, &pm), -2);
	/* not a FADT */
	memcpy(phys + 0x120000, "APIC", 4);
	assert_int_equal(acpi_fadt_pm_timer(phys + 0x120000, 276, &pm), -1);
}

/* The discovery's reasons when the tables lack a timer. */
static void test_discover_reasons(void **state)
{
	struct acpi_timers t;
	u64 e[1] = { 0x120000 };
	(void)state;

	assert_int_equal(acpi_discover_timers(test_map, NULL, 0, 0, &t), -1);
	assert_string_equal(t.hpet_why, "no ACPI RSDP in the EBDA or 0xE0000-0xFFFFF (and no memory map)");
	rsdp_v1(0xE0000, 0x100000);
	root(0x100000, false, e, 1);
	fadt(0x120000, 276, 0, 1u << 20, 0);
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0, 0, &t), 0);
	assert_string_equal(t.hpet_why, "no HPET table");
	assert_string_equal(t.pm_why, "the FADT names no PM timer (hardware-reduced ACPI)");
	root(0x100000, false, e, 0);
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0, 0, &t), 0);
	assert_string_equal(t.pm_why, "no FADT");
}

/* One Multiboot memory-map entry at pa: size 20, base, length, type. */
static void mmap_entry(u32 pa, u64 base, u64 len, u32 type)
{
	put32(pa, 20);
	put64(pa + 4, base);
	put64(pa + 12, len);
	put32(pa + 20, type);
}

/* UEFI: no RSDP in the BIOS areas; it sits in an ACPI-reclaimable region
 * of the memory map. A reserved region (type 2) is never read. */
static void test_rsdp_in_memory_map(void **state)
{
	struct acpi_rsdp_info r;
	struct acpi_timers t;
	u64 e[1] = { 0x110000 };
	u32 mm = 0x1000;
	(void)state;

	mmap_entry(mm, 0, 0x9F000, 1);
	mmap_entry(mm + 24, 0x180000, 0x10000, 2); /* reserved: holds a decoy */
	mmap_entry(mm + 48, 0x1C0003, 0x20000, 3); /* ACPI reclaimable, unaligned start */
	rsdp_v1(0x180000, 0x100000);
	rsdp_v2(0x1D0010, 0x100000, 0x1A0000);
	root(0x1A0000, true, e, 1);
	hpet_table(0x110000, 0xFED00000);

	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), -1);
	assert_int_equal(acpi_find_rsdp_mmap(test_map, NULL, mm, 72, &r), 0);
	assert_int_equal(r.phys, 0x1D0010);
	assert_int_equal(r.xsdt, 0x1A0000);
	assert_int_equal(acpi_discover_timers(test_map, NULL, mm, 72, &t), 0);
	assert_string_equal(t.rsdp_where, "memory map");
	assert_true(t.have_hpet);
	/* only the reserved region: not found */
	assert_int_equal(acpi_find_rsdp_mmap(test_map, NULL, mm, 48, &r), -1);
	assert_int_equal(acpi_discover_timers(test_map, NULL, mm, 48, &t), -1);
	assert_string_equal(t.hpet_why,
			    "no ACPI RSDP in the EBDA, 0xE0000-0xFFFFF or the ACPI regions of the memory map");
	/* a malformed entry size stops the walk before the ACPI region */
	put32(mm + 24, 8);
	assert_int_equal(acpi_find_rsdp_mmap(test_map, NULL, mm, 72, &r), -1);
	/* an ACPI region above 4 GiB or beyond reach is skipped */
	put32(mm + 24, 20);
	mmap_entry(mm + 48, 0x100000000ull, 0x20000, 3);
	assert_int_equal(acpi_find_rsdp_mmap(test_map, NULL, mm, 72, &r), -1);
	assert_int_equal(acpi_find_rsdp_mmap(test_map, NULL, mm, 0, &r), -1);
}

/* A scripted timer: the values of steps[], then the last one again. */
struct script {
	const u32 *v;
	u32 n, i;
};

static u32 script_read(void *ctx)
{
	struct script *s = ctx;
	u32 v = s->v[s->i < s->n ? s->i : s->n - 1];

	s->i++;
	return v;
}

static bool counts(const u32 *v, u32 n, u32 mask)
{
	struct script s = { v, n, 0 };

	return tsc_timer_counts(script_read, &s, mask, 200000);
}

/* The failing input of a loaded host (the PIT judged "does not count" on 2
 * busy cores): QEMU's vCPU thread stopped 17 ms between two reads while the
 * PIT went on, one step of 20000 ticks in the middle of small ones. */
static void test_timer_counts_despite_a_stopped_vcpu(void **state)
{
	static const u32 preempted[] = { 100, 101, 20101, 20102, 20104, 20105 };
	static const u32 wrapped[] = { 65530, 65533, 2, 40000, 40003, 40005 }; /* wraps, one jump */
	u32 many[2 + 2 * TSC_COUNTS_MAX_JUMPS + 4];
	u32 n = 0, v = 0;
	(void)state;

	assert_true(counts(preempted, ARRAY_SIZE(preempted), 0xFFFF));
	assert_true(counts(wrapped, ARRAY_SIZE(wrapped), 0xFFFF));
	/* up to TSC_COUNTS_MAX_JUMPS jumps before the 4 small steps: counts */
	many[n++] = v;
	for (u32 j = 0; j < TSC_COUNTS_MAX_JUMPS; j++)
		many[n++] = (v += 30000) & 0xFFFF;
	for (u32 j = 0; j < 4; j++)
		many[n++] = (v += 3) & 0xFFFF;
	assert_true(counts(many, n, 0xFFFF));
}

static void test_timer_does_not_count(void **state)
{
	static const u32 none[] = { 0 };	   /* no PIT: 0xFFFF flipped, constant */
	static const u32 three[] = { 1, 2, 3, 4 }; /* stops after 3 steps */
	static const u32 noise[] = { 0, 30000, 60000, 24464, 54464, 18928, 48928, 13392, 43392, 7856, 37856, 2320 };
	(void)state;

	assert_false(counts(none, ARRAY_SIZE(none), 0xFFFF));
	assert_false(counts(three, ARRAY_SIZE(three), 0xFFFF));
	assert_false(counts(noise, ARRAY_SIZE(noise), 0xFFFF)); /* only jumps: more than the tolerated */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timer_counts_despite_a_stopped_vcpu),
		cmocka_unit_test(test_timer_does_not_count),
		cmocka_unit_test(test_leaf15_crystal_from_model_table),
		cmocka_unit_test(test_leaf15_crystal_in_ecx),
		cmocka_unit_test(test_leaf15_atom_crystals),
		cmocka_unit_test(test_skylake_x_recorded),
		cmocka_unit_test(test_leaf15_not_enumerated),
		cmocka_unit_test(test_leaf15_out_of_range),
		cmocka_unit_test(test_other_vendors_ignored),
		cmocka_unit_test(test_hypervisor_leaf),
		cmocka_unit_test(test_hypervisor_leaf_other_vendors),
		cmocka_unit_test(test_source_tokens),
		cmocka_unit_test(test_window_khz),
		cmocka_unit_test(test_stats_odd_and_outlier),
		cmocka_unit_test(test_stats_even_zero_and_limits),
		cmocka_unit_test(test_formatting),
		cmocka_unit_test(test_choose_order),
		cmocka_unit_test(test_format_timer_lines),
		cmocka_unit_test(test_format_cpuid_lines),
		cmocka_unit_test(test_format_no_source),
		cmocka_unit_test_setup(test_checksum, reset_phys),
		cmocka_unit_test_setup(test_rsdp_v1_rsdt, reset_phys),
		cmocka_unit_test_setup(test_rsdp_v2_ebda_xsdt, reset_phys),
		cmocka_unit_test_setup(test_rsdp_rejects, reset_phys),
		cmocka_unit_test_setup(test_root_table_bad, reset_phys),
		cmocka_unit_test_setup(test_hpet_decode, reset_phys),
		cmocka_unit_test_setup(test_fadt_pm_timer, reset_phys),
		cmocka_unit_test_setup(test_discover_reasons, reset_phys),
		cmocka_unit_test_setup(test_rsdp_in_memory_map, reset_phys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
