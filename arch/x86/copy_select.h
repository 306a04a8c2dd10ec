/* SPDX-License-Identifier: MIT */
/* arch/x86/copy_select.h - which copy strategy this CPU can run, running one
 * safely in the kernel, and the boot calibration that picks the kernel's
 * memcpy per alignment class (as Linux patches in the best copy routine for
 * the CPU it finds). The strategies: arch/x86/copy_strategies.h. */
#ifndef ARCH_X86_COPY_SELECT_H
#define ARCH_X86_COPY_SELECT_H

#include "arch/x86/copy_strategies.h"
#include "kernel/types.h"

/* memcpy=: "auto" (index 0, calibrate) or a strategy name (index id + 1). */
#define COPY_MEMCPY_AUTO 0
extern const char *const copy_memcpy_choices[COPY_NR + 2];

/* True when this CPU (CPUID) and the kernel's FPU setup let strategy id
 * run; else false with *why ("no MMX (CPUID.1:EDX bit 23)", ...) when why
 * is not NULL. */
bool copy_usable(enum copy_strategy_id id, const char **why);

/* Runs strategy id on n bytes (contract of copy_strategies.h), with the
 * FPU state saved around it when it needs MMX or SSE2 (kernel_fpu.h).
 * Returns dst, or NULL when the strategy cannot run now (not usable on this
 * CPU, or the FPU state is not available: nested or inside a trap); then
 * nothing was copied. */
void *copy_run(enum copy_strategy_id id, void *dst, const void *src, size_t n);

/* The boot calibration, called once from the boot sequence after the
 * command line and the TSC rate are known (never earlier: until then the
 * kernel's memcpy is the library's rep movsb and no MMX/SSE code runs).
 * memcpy_param is the memcpy= index (COPY_MEMCPY_AUTO or id + 1); tsc_khz 0
 * when unknown. Times every usable strategy on 4096-byte copies (best of 8,
 * cycles) for each alignment class, verifies every copy, picks the fastest
 * per class, prints it (and, under a hypervisor, that it measured the
 * emulator), and makes the kernel's memcpy use it for copies of 64 bytes or
 * more. An MMX/SSE choice is used only outside traps and for copies of 512
 * bytes or more; otherwise the class's fastest integer strategy is. A forced
 * strategy the CPU cannot run is said and the calibrated choice kept. Then
 * checks the kernel's memcpy through the choice (offsets 0..8, lengths
 * 1..4000). Returns the failures: strategies that failed verification,
 * plus 1 when the memcpy check failed. */
u32 copy_select_boot(u32 memcpy_param, u32 tsc_khz);

#endif
