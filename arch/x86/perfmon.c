/* SPDX-License-Identifier: MIT */
/* arch/x86/perfmon.c - deciding and programming the counters; see
 * perfmon.h. Pure code over CPUID values and MSR callbacks: the host tests
 * (tests/host/test_perfmon.c) run it on recorded CPUID values and a fake
 * MSR layer. */
#include "arch/x86/perfmon.h"
#include "kernel/printk.h"
#include "kernel/string.h"

/* IA32_PERFEVTSELx / AMD PERF_CTLx bits: USR, OS, enable */
#define EVTSEL_USR	    (1u << 16)
#define EVTSEL_OS	    (1u << 17)
#define EVTSEL_EN	    (1u << 22)
#define EVTSEL(event_umask) ((u64)(EVTSEL_USR | EVTSEL_OS | EVTSEL_EN | (event_umask)))

#define MSR_IA32_PMC0		  0xC1
#define MSR_IA32_PERFEVTSEL0	  0x186
#define MSR_IA32_PERF_GLOBAL_CTRL 0x38F
#define MSR_K7_PERFCTL0		  0xC0010000u
#define MSR_K7_PERFCTR0		  0xC0010004u
#define MSR_F15H_PERF_CTL0	  0xC0010200u /* CTL, CTR pairs */

#define AMD_PERFCTR_CORE (1u << 23) /* CPUID 0x80000001 ECX: PerfCtrExtCore */

static int none(struct perfmon_caps *out, const char *why)
{
	memset(out, 0, sizeof(*out));
	out->kind = PERFMON_NONE;
	ksnprintf(out->why, sizeof(out->why), "%s", why);
	return -1;
}

static int intel(const struct perfmon_cpuid *in, struct perfmon_caps *out)
{
	/* EBX bit i set = architectural event i not available; only the first
	 * EAX[31:24] bits mean anything. Events: 0 core cycles, 3 LLC
	 * reference, 4 LLC misses. */
	static const u32 ebx_bit[PERFMON_EVENTS] = { 3, 4, 0 };
	static const u32 event[PERFMON_EVENTS] = { 0x4F2E, 0x412E, 0x003C };
	static const char *const names[PERFMON_EVENTS] = { "LLC references", "LLC misses", "core cycles" };
	u32 version = in->a_eax & 0xFF, nr = (in->a_eax >> 8) & 0xFF, width = (in->a_eax >> 16) & 0xFF;
	u32 len = in->a_eax >> 24, i;
	char why[128];

	if (in->max_leaf < 0xA) {
		ksnprintf(why, sizeof(why),
			  "CPUID leaf 0xA (architectural performance monitoring) not reported (max leaf 0x%x)",
			  in->max_leaf);
		return none(out, why);
	}
	if (version == 0) {
		ksnprintf(why, sizeof(why),
			  "CPUID leaf 0xA reports version 0 (no architectural performance monitoring)");
		return none(out, why);
	}
	if (nr < PERFMON_EVENTS) {
		ksnprintf(why, sizeof(why), "CPUID leaf 0xA reports %u general-purpose counters, %u needed", nr,
			  PERFMON_EVENTS);
		return none(out, why);
	}
	for (i = 0; i < PERFMON_EVENTS; i++)
		if (ebx_bit[i] >= len || (in->a_ebx >> ebx_bit[i] & 1)) {
			ksnprintf(why, sizeof(why), "CPUID leaf 0xA: event '%s' not available (EBX=0x%x, %u events)",
				  names[i], in->a_ebx, len);
			return none(out, why);
		}
	memset(out, 0, sizeof(*out));
	out->kind = PERFMON_INTEL_ARCH;
	out->version = version;
	out->nr_gp = nr;
	out->width = width ? width : 40;
	for (i = 0; i < PERFMON_EVENTS; i++) {
		out->evtsel_msr[i] = MSR_IA32_PERFEVTSEL0 + i;
		out->ctr_msr[i] = MSR_IA32_PMC0 + i;
		out->evtsel[i] = EVTSEL(event[i]);
		out->names[i] = names[i];
	}
	if (version >= 2) {
		out->global_ctrl_msr = MSR_IA32_PERF_GLOBAL_CTRL;
		out->global_ctrl = (1u << PERFMON_EVENTS) - 1;
	}
	return 0;
}

static int amd(const struct perfmon_cpuid *in, struct perfmon_caps *out)
{
	static const char *const names[PERFMON_EVENTS] = { "cache references (L2)", "cache misses (L2)",
							   "core cycles" };
	static const u32 zen[PERFMON_EVENTS] = { 0xFF60, 0x0964, 0x0076 };
	static const u32 k10[PERFMON_EVENTS] = { 0x077D, 0x077E, 0x0076 };
	bool ext = in->max_ext_leaf >= 0x80000001 && (in->ext1_ecx & AMD_PERFCTR_CORE);
	const u32 *ev;
	char why[128];
	u32 i;

	if (in->family < 0x10) {
		ksnprintf(why, sizeof(why), "AMD family 0x%x: no cache events known for it (family 0x10 and later)",
			  in->family);
		return none(out, why);
	}
	if (in->hypervisor && !ext)
		return none(out, "AMD under a hypervisor that does not report PerfCtrExtCore (CPUID 0x80000001 ECX "
				 "bit 23): its counters may not exist");
	ev = in->family >= 0x17 ? zen : k10;
	memset(out, 0, sizeof(*out));
	out->kind = PERFMON_AMD_CORE;
	out->nr_gp = ext ? 6 : 4;
	out->width = 48;
	for (i = 0; i < PERFMON_EVENTS; i++) {
		out->evtsel_msr[i] = ext ? MSR_F15H_PERF_CTL0 + 2 * i : MSR_K7_PERFCTL0 + i;
		out->ctr_msr[i] = ext ? MSR_F15H_PERF_CTL0 + 2 * i + 1 : MSR_K7_PERFCTR0 + i;
		out->evtsel[i] = EVTSEL(ev[i]);
		out->names[i] = names[i];
	}
	return 0;
}

int perfmon_decode(const struct perfmon_cpuid *in, struct perfmon_caps *out)
{
	if (in->hypervisor && !strcmp(in->hv_vendor, "TCGTCGTCGTCG"))
		return none(out, "QEMU's TCG emulates no performance counters");
	if (!strcmp(in->vendor, "GenuineIntel"))
		return intel(in, out);
	if (!strcmp(in->vendor, "AuthenticAMD"))
		return amd(in, out);
	{
		char why[128];
		ksnprintf(why, sizeof(why), "CPU vendor '%s': no counter support here (Intel and AMD only)",
			  in->vendor[0] ? in->vendor : "none (no CPUID)");
		return none(out, why);
	}
}

void perfmon_start(const struct perfmon_caps *c, const struct perfmon_msr_ops *ops)
{
	u32 i;

	if (c->kind == PERFMON_NONE)
		return;
	if (c->global_ctrl_msr)
		ops->wrmsr(c->global_ctrl_msr, 0);
	for (i = 0; i < PERFMON_EVENTS; i++) {
		ops->wrmsr(c->evtsel_msr[i], 0);
		ops->wrmsr(c->ctr_msr[i], 0);
	}
	for (i = 0; i < PERFMON_EVENTS; i++)
		ops->wrmsr(c->evtsel_msr[i], c->evtsel[i]);
	if (c->global_ctrl_msr)
		ops->wrmsr(c->global_ctrl_msr, c->global_ctrl);
}

void perfmon_stop(const struct perfmon_caps *c, const struct perfmon_msr_ops *ops, u64 v[PERFMON_EVENTS])
{
	u64 mask;
	u32 i;

	if (c->kind == PERFMON_NONE)
		return;
	mask = c->width >= 64 ? ~0ull : (1ull << c->width) - 1;
	if (c->global_ctrl_msr)
		ops->wrmsr(c->global_ctrl_msr, 0);
	for (i = 0; i < PERFMON_EVENTS; i++)
		ops->wrmsr(c->evtsel_msr[i], c->evtsel[i] & ~(u64)EVTSEL_EN);
	for (i = 0; i < PERFMON_EVENTS; i++)
		v[i] = ops->rdmsr(c->ctr_msr[i]) & mask;
}
