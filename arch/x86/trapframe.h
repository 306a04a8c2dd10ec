/* SPDX-License-Identifier: MIT */
/* arch/x86/trapframe.h - the register frame built by isr.asm: a leaf header
 * for its handlers (trap.c) and the interrupt dispatch (pic.c) alike. */
#ifndef ARCH_X86_TRAPFRAME_H
#define ARCH_X86_TRAPFRAME_H

#include "kernel/types.h"

/* What isr_common leaves on the stack, lowest address first: the segment
 * registers it pushed, PUSHAD's eight registers, the stub's vector and
 * (real or dummy) error code, then the CPU's EIP, CS, EFLAGS. Traps come from
 * ring 0 only, so the CPU pushes no SS:ESP; the interrupted ESP is the
 * address just above eflags (trapframe_esp()). */
struct trapframe {
	u32 gs, fs, es, ds;
	u32 edi, esi, ebp, esp_pushad, ebx, edx, ecx, eax;
	u32 vector, error;
	u32 eip, cs, eflags;
};

/* ESP of the interrupted code (ring 0 trap: the CPU pushed no SS:ESP). */
static inline u32 trapframe_esp(const struct trapframe *tf)
{
	return (u32)(&tf->eflags + 1);
}

#endif
