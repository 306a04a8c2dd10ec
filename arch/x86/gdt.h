/* SPDX-License-Identifier: MIT */
/* arch/x86/gdt.h - the flat GDT and the two task-state segments.
 *
 * Layout (selectors): 0x00 null, 0x08 kernel code, 0x10 kernel data (both
 * base 0, limit 4 GiB, ring 0), 0x18 the main TSS (the task the kernel runs
 * as; the CPU saves its registers there on a task switch), 0x20 the
 * double-fault TSS (entered through the task gate at IDT vector 8, with its
 * own stack, so a fault on a broken kernel stack still gets reported). */
#ifndef ARCH_X86_GDT_H
#define ARCH_X86_GDT_H

#include <asm/smp.h>

#include "kernel/types.h"

#define GDT_KCODE    0x08
#define GDT_KDATA    0x10
#define GDT_TSS_MAIN 0x18
#define GDT_TSS_DF   0x20
/* 0x28 + 8 x cpu: CPU cpu's own flat data segment, loaded in its GS
 * (<asm/smp.h>: smp_processor_id) */
#define GDT_CPU_SEL(cpu) ((u32)(SMP_GDT_CPU_FIRST + (cpu)) << 3)

/* The 32-bit hardware task-state segment (Intel SDM vol. 3, 8.2.1); 104 bytes.
 * The upper 16 bits of every segment-selector slot are reserved (zero). */
struct tss {
	u32 link;
	u32 esp0, ss0, esp1, ss1, esp2, ss2;
	u32 cr3, eip, eflags;
	u32 eax, ecx, edx, ebx, esp, ebp, esi, edi;
	u32 es, cs, ss, ds, fs, gs;
	u32 ldt;
	u16 trap, iomap_base;
} __attribute__((packed));

/* Main task's TSS: after a double fault it holds the registers of the code
 * that faulted (the CPU stored them there when it switched to tss_df). */
extern struct tss tss_main;

/* Loads the GDT, reloads CS/DS/ES/FS/SS with the flat selectors and GS with
 * CPU 0's (GDT_CPU_SEL(0)), prepares
 * both TSSs and loads the task register with GDT_TSS_MAIN. Call once, with
 * interrupts off, before idt_init(). */
void gdt_init(void);

/* Sets the CR3 the double-fault task runs with (the task switch loads CR3
 * from the TSS). paging_init() calls it with the new page directory; before
 * that the value does not matter (paging is off). */
void gdt_set_df_cr3(u32 cr3);

#endif
