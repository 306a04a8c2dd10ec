/* SPDX-License-Identifier: MIT */
/* arch/x86/kernel_fpu.h - using the x87/MMX/SSE registers in kernel code.
 *
 * Kernel code that touches MMX or XMM registers must save the state it
 * clobbers and restore it after (Linux's kernel_fpu_begin/end; the
 * 2.5.40-mm1 thread (linux-mm, October 2002) already noted the "issues"
 * of using those registers in-kernel). Here: FXSAVE/FXRSTOR when the CPU has
 * FXSR (x87, MMX and, with CR4.OSFXSR, XMM), else FNSAVE/FRSTOR (x87 and
 * MMX). One level: a section cannot nest. */
#ifndef ARCH_X86_KERNEL_FPU_H
#define ARCH_X86_KERNEL_FPU_H

#include "kernel/types.h"

/* Saves the FPU state and gives the caller the x87/MMX/XMM registers until
 * kernel_fpu_end(). Returns false (nothing saved, the caller must not touch
 * those registers) when there is no FPU, when a section is already open
 * (nesting), inside a trap handler, or on a CPU other than the boot CPU. */
bool kernel_fpu_begin(void);
/* Restores the state saved by the matching kernel_fpu_begin() (which must
 * have returned true). */
void kernel_fpu_end(void);

#endif
