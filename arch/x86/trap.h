/* SPDX-License-Identifier: MIT */
/* arch/x86/trap.h - the register frame built by isr.asm and its handlers. */
#ifndef ARCH_X86_TRAP_H
#define ARCH_X86_TRAP_H

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

/* Called by isr_common for every vector except 8. Interrupts of the 8259
 * PICs (vectors 32-47, arch/x86/pic.c) are dispatched and return. Anything
 * else: prints the fault report
 * (vector and name, error code, EIP, CS, EFLAGS, CR2, general registers,
 * CR0/CR3/CR4, and the decoded error bits for #PF) and calls
 * panic_after_fault(). Vectors 48-255 are reported as "unexpected
 * interrupt N" (an IRQ with no handler is masked; if one arrives anyway it
 * is acknowledged and ignored). A fault while a report is being printed halts
 * with a short raw message (failure exit code 0x11). Never returns then. */
void trap_handler(struct trapframe *tf);

/* Runs as the double-fault task (entered through the IDT task gate): reports
 * the faulting code's registers, which the CPU saved in tss_main, then calls
 * panic_after_fault(). error is the #DF error code (always 0). */
void df_task_handler(u32 error);

/* True while a trap handler runs (the fault report): code that must not
 * use the FPU/SSE state there (arch/x86/copy_select.c) asks. */
bool trap_active(void);

#endif
