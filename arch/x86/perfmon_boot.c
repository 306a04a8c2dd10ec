/* SPDX-License-Identifier: MIT */
/* arch/x86/perfmon_boot.c - the kernel's side of perfmon.h: CPUID, the real
 * MSRs, and the counts of every run (kept for bench/report.c). */
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/perfmon.h"
#include "kernel/printk.h"
#include "kernel/string.h"

#define MAX_RUNS 64

static struct perfmon_caps caps;
static u64 runs[MAX_RUNS][PERFMON_EVENTS];
static u32 nr_runs;

static u64 real_rdmsr(u32 msr)
{
	u32 lo, hi;

	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return (u64)hi << 32 | lo;
}

static void real_wrmsr(u32 msr, u64 v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((u32)v), "d"((u32)(v >> 32)) : "memory");
}

static const struct perfmon_msr_ops real_ops = { real_rdmsr, real_wrmsr };

void perfmon_boot_init(void)
{
	struct perfmon_cpuid in = { 0 };
	u32 a = 0, b, c, d;

	memcpy(in.vendor, boot_cpu.vendor, sizeof(in.vendor));
	memcpy(in.hv_vendor, boot_cpu.hv_vendor, sizeof(in.hv_vendor));
	in.family = boot_cpu.family;
	in.hypervisor = boot_cpu.hypervisor;
	if (boot_cpu.has_cpuid) {
		cpuid(0, &in.max_leaf, &b, &c, &d);
		if (in.max_leaf >= 0xA)
			cpuid_count(0xA, 0, &in.a_eax, &in.a_ebx, &c, &d);
		cpuid(0x80000000, &a, &b, &c, &d);
		in.max_ext_leaf = (a & 0xFFFF0000u) == 0x80000000u ? a : 0;
		if (in.max_ext_leaf >= 0x80000001)
			cpuid(0x80000001, &a, &b, &in.ext1_ecx, &d);
	}
	if (perfmon_decode(&in, &caps) < 0) {
		printk("perfmon: not available: %s; %s\n", caps.why,
		       boot_cpu.has_tsc ? "only TSC cycles are reported" : "no cycle counts either (no TSC)");
		printk("@perfmon status=none\n");
		return;
	}
	printk("perfmon: %s, %u counters of %u bits: %s, %s and %s counted around every run\n",
	       caps.kind == PERFMON_INTEL_ARCH ? "Intel architectural performance monitoring" : "AMD core counters",
	       caps.nr_gp, caps.width, caps.names[0], caps.names[1], caps.names[2]);
	printk("@perfmon status=on kind=%s version=%u counters=%u width=%u\n",
	       caps.kind == PERFMON_INTEL_ARCH ? "intel_arch" : "amd_core", caps.version, caps.nr_gp, caps.width);
}

bool perfmon_available(void)
{
	return caps.kind != PERFMON_NONE;
}

void perfmon_run_begin(void)
{
	if (caps.kind != PERFMON_NONE)
		perfmon_start(&caps, &real_ops);
}

void perfmon_run_end(void)
{
	if (caps.kind == PERFMON_NONE)
		return;
	if (nr_runs < MAX_RUNS)
		perfmon_stop(&caps, &real_ops, runs[nr_runs++]);
	else
		perfmon_stop(&caps, &real_ops, runs[MAX_RUNS - 1]);
}

u32 perfmon_take_runs(u64 (*v)[PERFMON_EVENTS], u32 max)
{
	u32 n = nr_runs < max ? nr_runs : max, i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < PERFMON_EVENTS; j++)
			v[i][j] = runs[i][j];
	nr_runs = 0;
	return n;
}

const char *perfmon_event_name(u32 i)
{
	return i < PERFMON_EVENTS && caps.names[i] ? caps.names[i] : "?";
}
