/* SPDX-License-Identifier: MIT */
/* arch/x86/idt.h - the interrupt descriptor table. */
#ifndef ARCH_X86_IDT_H
#define ARCH_X86_IDT_H

/* Fills all 256 IDT entries and loads the IDT: vectors 0-31 (CPU exceptions)
 * go to trap_handler() through isr.asm, except vector 8 (#DF), which is a
 * task gate to the double-fault TSS; vectors 32-255 go to trap_handler too,
 * which reports them as unexpected interrupts. Needs gdt_init() first. */
void idt_init(void);

#endif
