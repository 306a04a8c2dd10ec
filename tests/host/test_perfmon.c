/* SPDX-License-Identifier: MIT */
/* tests/host/test_perfmon.c - the counter decision and programming of
 * arch/x86/perfmon.c on CPUID values and a fake MSR layer.
 *
 * CPUID values: "recorded" ones come from real machines: the Skylake-X leaf
 * 0xA (EAX 0x07300404, EBX 0, as `cpuid -r` dumps of that CPU show: version
 * 4, four 48-bit counters, seven events) and the development machine of
 * this test (an AMD EPYC, family 0x19, under KVM: leaf 0x80000001 ECX
 * 0x004003f3, no PerfCtrExtCore). The others are built from the documented
 * field layout to reach each rule (marked "layout"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "arch/x86/perfmon.h"

static struct perfmon_cpuid intel_cpu(u32 max_leaf, u32 eax, u32 ebx)
{
	struct perfmon_cpuid c = { .vendor = "GenuineIntel",
				   .family = 6,
				   .max_leaf = max_leaf,
				   .a_eax = eax,
				   .a_ebx = ebx,
				   .max_ext_leaf = 0x80000008 };
	return c;
}

static struct perfmon_cpuid amd_cpu(u32 family, u32 ext1_ecx, bool hv, const char *hv_vendor)
{
	struct perfmon_cpuid c = { .vendor = "AuthenticAMD",
				   .family = family,
				   .max_leaf = 0x10,
				   .max_ext_leaf = 0x80000021,
				   .ext1_ecx = ext1_ecx,
				   .hypervisor = hv };
	strcpy(c.hv_vendor, hv_vendor);
	return c;
}

static void test_intel_skylake_x_recorded(void **state)
{
	struct perfmon_cpuid in = intel_cpu(0x16, 0x07300404, 0);
	struct perfmon_caps c;

	(void)state;
	assert_int_equal(perfmon_decode(&in, &c), 0);
	assert_int_equal(c.kind, PERFMON_INTEL_ARCH);
	assert_int_equal(c.version, 4);
	assert_int_equal(c.nr_gp, 4);
	assert_int_equal(c.width, 48);
	/* LLC reference 0x2E/0x4F, LLC misses 0x2E/0x41, core cycles 0x3C/0x00;
	 * USR | OS | EN = bits 16, 17, 22 */
	assert_int_equal(c.evtsel[0], 0x434F2E);
	assert_int_equal(c.evtsel[1], 0x43412E);
	assert_int_equal(c.evtsel[2], 0x43003C);
	assert_int_equal(c.evtsel_msr[0], 0x186);
	assert_int_equal(c.evtsel_msr[2], 0x188);
	assert_int_equal(c.ctr_msr[0], 0xC1);
	assert_int_equal(c.ctr_msr[2], 0xC3);
	assert_int_equal(c.global_ctrl_msr, 0x38F);
	assert_int_equal(c.global_ctrl, 7);
	assert_string_equal(c.names[1], "LLC misses");
}

static void test_intel_rules(void **state)
{
	struct perfmon_cpuid in;
	struct perfmon_caps c;

	(void)state;
	/* QEMU's qemu32 under TCG: max leaf 4 (recorded from this kernel's log) */
	in = intel_cpu(4, 0, 0);
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_string_equal(c.why, "CPUID leaf 0xA (architectural performance monitoring) not reported (max leaf 0x4)");
	in.hypervisor = true;
	strcpy(in.hv_vendor, "TCGTCGTCGTCG");
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_string_equal(c.why, "QEMU's TCG emulates no performance counters");
	/* layout: version 0 (a hypervisor without a virtual PMU) */
	in = intel_cpu(0x16, 0, 0);
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_non_null(strstr(c.why, "version 0"));
	/* layout: version 2 with two 40-bit counters, seven events */
	in = intel_cpu(0xD, 0x07280202, 0);
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_string_equal(c.why, "CPUID leaf 0xA reports 2 general-purpose counters, 3 needed");
	/* layout: LLC misses marked unavailable (EBX bit 4) */
	in = intel_cpu(0x16, 0x07300404, 1u << 4);
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_non_null(strstr(c.why, "'LLC misses' not available"));
	/* layout: an EBX vector too short to describe LLC events (length 3) */
	in = intel_cpu(0x16, 0x03300404, 0);
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_non_null(strstr(c.why, "'LLC references' not available"));
	/* layout: version 1 has no global control */
	in = intel_cpu(0xA, 0x07280401, 0);
	assert_int_equal(perfmon_decode(&in, &c), 0);
	assert_int_equal(c.global_ctrl_msr, 0);
	assert_int_equal(c.width, 40);
}

static void test_amd(void **state)
{
	struct perfmon_cpuid in;
	struct perfmon_caps c;

	(void)state;
	/* recorded: this test's machine, EPYC family 0x19 under KVM, no PerfCtrExtCore */
	in = amd_cpu(0x19, 0x004003f3, true, "KVMKVMKVM");
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_non_null(strstr(c.why, "does not report PerfCtrExtCore"));
	/* layout: the same CPU on bare metal, PerfCtrExtCore set: 0xC0010200 pairs,
	 * perf's Zen events cache-references 0xFF60, cache-misses 0x0964, cycles 0x0076 */
	in = amd_cpu(0x19, 0x004003f3 | (1u << 23), false, "");
	assert_int_equal(perfmon_decode(&in, &c), 0);
	assert_int_equal(c.kind, PERFMON_AMD_CORE);
	assert_int_equal(c.nr_gp, 6);
	assert_int_equal(c.evtsel_msr[0], 0xC0010200u);
	assert_int_equal(c.ctr_msr[0], 0xC0010201u);
	assert_int_equal(c.evtsel_msr[2], 0xC0010204u);
	assert_int_equal(c.ctr_msr[2], 0xC0010205u);
	assert_int_equal(c.evtsel[0], 0x43FF60);
	assert_int_equal(c.evtsel[1], 0x430964);
	assert_int_equal(c.evtsel[2], 0x430076);
	assert_int_equal(c.global_ctrl_msr, 0);
	/* layout: family 0x10 on bare metal, legacy MSRs, events 0x077D/0x077E */
	in = amd_cpu(0x10, 0, false, "");
	assert_int_equal(perfmon_decode(&in, &c), 0);
	assert_int_equal(c.nr_gp, 4);
	assert_int_equal(c.evtsel_msr[1], 0xC0010001u);
	assert_int_equal(c.ctr_msr[1], 0xC0010005u);
	assert_int_equal(c.evtsel[0], 0x43077D);
	assert_int_equal(c.evtsel[1], 0x43077E);
	/* QEMU's EPYC model under TCG: never touched, whatever the bits say */
	in = amd_cpu(0x17, 1u << 23, true, "TCGTCGTCGTCG");
	assert_int_equal(perfmon_decode(&in, &c), -1);
	/* family 0xF (K8): no events known */
	in = amd_cpu(0xF, 0, false, "");
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_non_null(strstr(c.why, "family 0xf"));
	/* other vendors, and a CPU without CPUID */
	in = (struct perfmon_cpuid){ .vendor = "CentaurHauls", .max_leaf = 0xA, .a_eax = 0x07300404 };
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_non_null(strstr(c.why, "'CentaurHauls'"));
	in = (struct perfmon_cpuid){ 0 };
	assert_int_equal(perfmon_decode(&in, &c), -1);
	assert_non_null(strstr(c.why, "no CPUID"));
}

/* ---- the fake MSR layer ---- */

static struct {
	u32 msr;
	u64 value;
} writes[64];
static u32 nr_writes;
static u64 counter_value[8];

static void fake_wrmsr(u32 msr, u64 v)
{
	assert_true(nr_writes < 64);
	writes[nr_writes].msr = msr;
	writes[nr_writes++].value = v;
}

static u64 fake_rdmsr(u32 msr)
{
	assert_true(msr >= 0xC1 && msr < 0xC1 + 8);
	return counter_value[msr - 0xC1];
}

static const struct perfmon_msr_ops fake = { fake_rdmsr, fake_wrmsr };

static void test_programming_order_and_width(void **state)
{
	struct perfmon_cpuid in = intel_cpu(0x16, 0x07300404, 0);
	struct perfmon_caps c;
	u64 v[PERFMON_EVENTS] = { 0 };
	static const struct {
		u32 msr;
		u64 value;
	} start[] = { { 0x38F, 0 },	   { 0x186, 0 },	{ 0xC1, 0 }, { 0x187, 0 },
		      { 0xC2, 0 },	   { 0x188, 0 },	{ 0xC3, 0 }, { 0x186, 0x434F2E },
		      { 0x187, 0x43412E }, { 0x188, 0x43003C }, { 0x38F, 7 } },
	  stop[] = { { 0x38F, 0 }, { 0x186, 0x034F2E }, { 0x187, 0x03412E }, { 0x188, 0x03003C } };

	(void)state;
	assert_int_equal(perfmon_decode(&in, &c), 0);
	nr_writes = 0;
	perfmon_start(&c, &fake);
	assert_int_equal(nr_writes, sizeof(start) / sizeof(start[0]));
	for (u32 i = 0; i < nr_writes; i++) {
		assert_int_equal(writes[i].msr, start[i].msr);
		assert_int_equal(writes[i].value, start[i].value);
	}
	/* bits above the 48-bit width are not counts */
	counter_value[0] = 0xFFFF000000001234ull;
	counter_value[1] = 0x56;
	counter_value[2] = 0x0000FFFFFFFFFFFFull;
	nr_writes = 0;
	perfmon_stop(&c, &fake, v);
	assert_int_equal(nr_writes, sizeof(stop) / sizeof(stop[0]));
	for (u32 i = 0; i < nr_writes; i++) {
		assert_int_equal(writes[i].msr, stop[i].msr);
		assert_int_equal(writes[i].value, stop[i].value);
	}
	assert_int_equal(v[0], 0x1234);
	assert_int_equal(v[1], 0x56);
	assert_int_equal(v[2], 0xFFFFFFFFFFFFull);
	/* not available: no MSR is touched */
	in = intel_cpu(4, 0, 0);
	perfmon_decode(&in, &c);
	nr_writes = 0;
	v[0] = 99;
	perfmon_start(&c, &fake);
	perfmon_stop(&c, &fake, v);
	assert_int_equal(nr_writes, 0);
	assert_int_equal(v[0], 99);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_intel_skylake_x_recorded),
		cmocka_unit_test(test_intel_rules),
		cmocka_unit_test(test_amd),
		cmocka_unit_test(test_programming_order_and_width),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
