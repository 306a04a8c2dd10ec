/* SPDX-License-Identifier: MIT */
/* arch/x86/perfmon.h - hardware performance counters around every benchmark
 * run: last-level-cache references and misses and core cycles, beside the
 * TSC figures, as `perf stat -e cache-references,cache-misses,cycles` would
 * count them.
 *
 * Intel: architectural performance monitoring (CPUID leaf 0xA; Intel SDM
 * vol. 3B, "Architectural Performance Monitoring"): version >= 1 with at
 * least 3 general-purpose counters and the architectural events "LLC
 * reference" (event 0x2E umask 0x4F), "LLC misses" (0x2E/0x41) and "unhalted
 * core cycles" (0x3C/0x00) not marked unavailable in EBX. Counters
 * IA32_PMC0..2 (MSR 0xC1..), selectors IA32_PERFEVTSEL0..2 (0x186..); from
 * version 2 IA32_PERF_GLOBAL_CTRL (0x38F) enables them too.
 * AMD: the core counters PERF_CTL0..2 / PERF_CTR0..2 (MSRs 0xC0010000.. and
 * 0xC0010004..; with CPUID 0x80000001 ECX bit 23, PerfCtrExtCore, the
 * 0xC0010200 pairs), 48 bits, with the events Linux's perf uses for
 * cache-references, cache-misses and cycles: family 0x17 and later 0xFF60,
 * 0x0964 and 0x0076, families 0x10-0x16 0x077D, 0x077E and 0x0076. On AMD
 * these count L2 requests and misses (the core counters do not see the L3).
 *
 * Not available, and said so: no leaf 0xA or version 0, too few counters,
 * the events marked unavailable, AMD before family 0x10, other vendors, QEMU's
 * TCG (which emulates no counters), and AMD under a hypervisor that does not
 * report PerfCtrExtCore (the legacy MSRs may not exist there). */
#ifndef ARCH_X86_PERFMON_H
#define ARCH_X86_PERFMON_H

#include "kernel/types.h"

#define PERFMON_EVENTS 3 /* [0] cache references, [1] cache misses, [2] core cycles */

/* The CPUID values the decision rests on (recorded ones in the host tests). */
struct perfmon_cpuid {
	char vendor[13];    /* leaf 0 signature */
	u32 family;	    /* display family (base + extended) */
	u32 max_leaf;	    /* leaf 0 EAX */
	u32 max_ext_leaf;   /* leaf 0x80000000 EAX (0 when none) */
	u32 a_eax, a_ebx;   /* leaf 0xA, when max_leaf >= 0xA */
	u32 ext1_ecx;	    /* leaf 0x80000001 ECX, when reported */
	bool hypervisor;    /* leaf 1 ECX bit 31 */
	char hv_vendor[13]; /* leaf 0x40000000 signature, "" when none */
};

enum perfmon_kind { PERFMON_NONE, PERFMON_INTEL_ARCH, PERFMON_AMD_CORE };

struct perfmon_caps {
	enum perfmon_kind kind;
	u32 version;			/* Intel: leaf 0xA version; AMD: 0 */
	u32 nr_gp;			/* general-purpose counters */
	u32 width;			/* counter bits */
	u32 evtsel_msr[PERFMON_EVENTS]; /* selector MSR per event */
	u32 ctr_msr[PERFMON_EVENTS];	/* counter MSR per event */
	u64 evtsel[PERFMON_EVENTS];	/* selector value, enable bit included */
	u32 global_ctrl_msr;		/* 0: none (Intel version 1, AMD) */
	u64 global_ctrl;		/* its value while counting */
	const char *names[PERFMON_EVENTS];
	char why[128]; /* PERFMON_NONE: why, for the log */
};

/* Decides from the CPUID values whether and how the three events can be
 * counted. Fills *out (names, MSRs and selector values, or why not).
 * Returns 0 when counters are available, -1 when not (out->why says why). */
int perfmon_decode(const struct perfmon_cpuid *in, struct perfmon_caps *out);

/* MSR access, real (the kernel) or fake (the host tests). */
struct perfmon_msr_ops {
	u64 (*rdmsr)(u32 msr);
	void (*wrmsr)(u32 msr, u64 value);
};

/* Counting one run: perfmon_start stops the counters, zeroes them and
 * enables them (selectors, then the global control); perfmon_stop disables
 * them and reads the three counts (masked to the counter width) into v[].
 * Both do nothing for PERFMON_NONE (v[] left as it was). */
void perfmon_start(const struct perfmon_caps *c, const struct perfmon_msr_ops *ops);
void perfmon_stop(const struct perfmon_caps *c, const struct perfmon_msr_ops *ops, u64 v[PERFMON_EVENTS]);

/* ---- the kernel's counters (arch/x86/perfmon_boot.c) ---- */

/* Reads CPUID, decides, prints one "perfmon: ..." line and an "@perfmon
 * status=on|none ..." record. Call once after the CPU lines of the log. */
void perfmon_boot_init(void);
/* True when the kernel counts. */
bool perfmon_available(void);
/* Around a benchmark's timed region (bench/bench_buf.c's phase start and
 * end): each run's three counts are kept, at most 64 until taken. */
void perfmon_run_begin(void);
void perfmon_run_end(void);
/* Copies the runs counted since the last call into v (at most max) and
 * forgets them. Returns how many. */
u32 perfmon_take_runs(u64 (*v)[PERFMON_EVENTS], u32 max);
/* The event names ("LLC references", ...), for the log. */
const char *perfmon_event_name(u32 i);

#endif
