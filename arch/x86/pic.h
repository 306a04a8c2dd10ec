/* SPDX-License-Identifier: MIT */
/* arch/x86/pic.h - the two cascaded 8259A programmable interrupt controllers
 * and the dispatch of their interrupts (IRQ 0-15 at vectors 32-47).
 *
 * Only what preemption needs: the timer (IRQ 0, arch/x86/pit_timer.c). The
 * PICs are remapped above the CPU exceptions and every line stays masked
 * until a handler is installed; interrupts are otherwise off in this kernel
 * (benchmarks measure with IF clear), so a line is unmasked only for the
 * benchmarks that ask for preemption. (Intel 8259A data sheet; the PC/AT
 * wiring: master at ports 0x20/0x21, slave at 0xA0/0xA1 on IRQ 2.) */
#ifndef ARCH_X86_PIC_H
#define ARCH_X86_PIC_H

#include "arch/x86/trapframe.h"
#include "kernel/types.h"

#define PIC_VECTOR_BASE 32u /* IRQ n arrives at vector 32 + n */
#define PIC_IRQS	16u

/* Handler of one IRQ line, called in interrupt context (IF clear) after
 * the end-of-interrupt was sent, so it may switch tasks. */
typedef void (*pic_irq_handler)(struct trapframe *tf);

/* Maps the task marker page (TASK_MARK_BASE: the IRQ entry stubs store to
 * it, see isr.asm), remaps both PICs to vectors 32-47 and masks every
 * line. Idempotent; does nothing when the page cannot be mapped. */
void pic_init(void);
/* Installs fn for irq (0..15, not 2) and unmasks the line; fn NULL masks
 * the line and removes the handler. Returns 0, or -1 for a bad irq or when
 * pic_init could not run. */
int pic_set_handler(u32 irq, pic_irq_handler fn);
/* Called by trap_handler for vectors 32-47: acknowledges the interrupt and
 * runs its handler. Returns true when the vector was a PIC interrupt (also
 * a spurious IRQ 7 or 15, which is counted and not acknowledged), false for
 * any other vector. */
bool pic_dispatch(struct trapframe *tf);
/* Spurious interrupts seen (IRQ 7/15 with no in-service bit). */
extern u32 pic_spurious;

#endif
