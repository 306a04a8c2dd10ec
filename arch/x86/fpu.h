/* SPDX-License-Identifier: MIT */
/* arch/x86/fpu.h - turning on the x87 FPU and, when present, SSE. */
#ifndef ARCH_X86_FPU_H
#define ARCH_X86_FPU_H

#include "arch/x86/cpuinfo.h"

/* Enables the x87 FPU (CR0: EM and TS cleared, MP and NE set, then FNINIT)
 * and, when ci says the CPU has FXSR and SSE, sets CR4.OSFXSR and
 * CR4.OSXMMEXCPT so SSE instructions may run. On a CPU without CPUID the FPU
 * is probed with FNINIT/FNSTSW; when there is none, CR0.EM is set so that
 * any x87 instruction traps (#NM) instead of misbehaving. Call once, after
 * cpuinfo_detect(ci). Never executes an SSE instruction. */
void fpu_init(const struct cpuinfo *ci);

/* After fpu_init(): true when x87 instructions can be used. */
bool fpu_present(void);
/* After fpu_init(): true when SSE (and SSE2, if ci->has_sse2) may be used. */
bool sse_enabled(void);

#endif
