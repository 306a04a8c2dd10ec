/* SPDX-License-Identifier: MIT */
/* arch/x86/trap.h - the handlers of the register frame built by isr.asm
 * (the frame itself: trapframe.h). */
#ifndef ARCH_X86_TRAP_H
#define ARCH_X86_TRAP_H

#include "arch/x86/trapframe.h"
#include "kernel/types.h"

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
