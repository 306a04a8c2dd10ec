/* SPDX-License-Identifier: MIT */
/* arch/x86/cpuinfo.h - what CPUID says about this processor.
 *
 * Cache geometry: Intel leaf 4 (deterministic cache parameters), AMD leaf
 * 0x8000001D (with topology extensions) or 0x80000005/0x80000006, and the
 * leaf 2 descriptor table as a fallback. Sizes in bytes. */
#ifndef ARCH_X86_CPUINFO_H
#define ARCH_X86_CPUINFO_H

#include "kernel/types.h"

#define CPUINFO_MAX_CACHES 8

struct cpu_cache {
	u8 level;      /* 1, 2, 3, 4 */
	char type;     /* 'D' data, 'I' instruction, 'U' unified */
	u32 size;      /* bytes */
	u32 ways;      /* associativity; 0 = fully associative */
	u32 line;      /* line size, bytes */
	u32 sets;      /* number of sets */
	u32 shared_by; /* logical CPUs sharing it (0 when unknown) */
};

struct cpuinfo {
	char vendor[13]; /* "GenuineIntel", "AuthenticAMD", ... */
	char brand[49];	 /* brand string, or "" */
	u32 family, model, stepping;
	bool has_cpuid, has_tsc, has_fpu, has_fxsr, has_sse, has_sse2, has_pse;
	bool hypervisor;	  /* CPUID.1:ECX[31] */
	char hv_vendor[13];	  /* leaf 0x40000000 signature, e.g. "TCGTCGTCGTCG" */
	const char *cache_source; /* "leaf 4", "leaf 0x8000001D", "leaf 0x80000006",
				     "leaf 2", or "none" */
	u32 ncaches;
	struct cpu_cache caches[CPUINFO_MAX_CACHES];
};

/* The boot CPU, filled by arch_early_init() (all zero before that). */
extern struct cpuinfo boot_cpu;

/* Fills *ci from CPUID. Safe on CPUs without CPUID (486): everything false. */
void cpuinfo_detect(struct cpuinfo *ci);
/* The largest data or unified cache found, or NULL when none was reported. */
const struct cpu_cache *cpuinfo_largest_cache(const struct cpuinfo *ci);
/* Prints the CPU and every cache level (type, size, ways, line, sets, shared). */
void cpuinfo_print(const struct cpuinfo *ci);
/* Decodes one subleaf of leaf 4 (or AMD's 0x8000001D, the same layout)
 * from its registers: EAX[4:0] type (0 none, 1 data, 2 instruction, 3
 * unified), EAX[7:5] level, EAX[9] fully associative, EAX[25:14] logical
 * CPUs sharing it - 1; EBX[11:0] line - 1, EBX[21:12] partitions - 1,
 * EBX[31:22] ways - 1; ECX sets - 1; size = ways x partitions x line x sets
 * (Intel SDM vol. 2A, CPUID leaf 04H). Returns false for type 0 (no more
 * caches) or a reserved type, *out untouched. (arch/x86/cpu_cache.c) */
bool cpuinfo_decode_leaf4(u32 eax, u32 ebx, u32 ecx, struct cpu_cache *out);
struct cache_geom;
/* The data and unified caches of ci, nearest first, as mm/'s geometry
 * (unsliced: no CPUID leaf tells how an LLC is sliced). */
void cpuinfo_cache_geom(const struct cpuinfo *ci, struct cache_geom *g);
/* True when the CPU has a CR4 register (Pentium and later, or a CPUID 486
 * with PSE); reading CR4 on a CPU without one raises #UD. */
bool cpuinfo_has_cr4(const struct cpuinfo *ci);

#endif
