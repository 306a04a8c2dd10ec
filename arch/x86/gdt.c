/* SPDX-License-Identifier: MIT */
/* arch/x86/gdt.c - flat segmentation plus the TSSs for the double-fault task.
 *
 * A descriptor (Intel SDM vol. 3, 3.4.5) scatters a 32-bit base and a 20-bit
 * limit over 8 bytes; "access" holds present/DPL/type, "flags" holds the
 * granularity (G: limit in 4 KiB units) and default size (D: 32-bit) bits. */
#include "arch/x86/gdt.h"
#include "arch/x86/cpu.h"
#include <asm/smp.h>
#include "kernel/task.h"

struct gdt_entry {
	u16 limit_lo;
	u16 base_lo;
	u8 base_mid;
	u8 access;
	u8 limit_hi_flags; /* limit 19:16 in bits 3:0, flags in bits 7:4 */
	u8 base_hi;
} __attribute__((packed));

struct gdt_ptr {
	u16 limit;
	u32 base;
} __attribute__((packed));

#define ACC_CODE      0x9A /* present, ring 0, code, execute/read */
#define ACC_DATA      0x92 /* present, ring 0, data, read/write */
#define ACC_TSS	      0x89 /* present, ring 0, available 32-bit TSS */
#define FLAGS_4K_32   0xC  /* G=1 (4 KiB granularity), D=1 (32-bit) */
#define FLAGS_BYTE_32 0x4  /* G=0 (limit in bytes), D=1 */

#define DF_STACK_SIZE 8192

static struct gdt_entry gdt[SMP_GDT_CPU_FIRST + NR_CPUS] __attribute__((aligned(8)));
struct tss tss_main __attribute__((aligned(128)));
static struct tss tss_df __attribute__((aligned(128)));
static u8 df_stack[DF_STACK_SIZE] __attribute__((aligned(16)));

/* isr.asm: first instruction of the double-fault task. */
extern void df_task_entry(void);

static void set_entry(int i, u32 base, u32 limit, u8 access, u8 flags)
{
	gdt[i].limit_lo = limit & 0xFFFF;
	gdt[i].base_lo = base & 0xFFFF;
	gdt[i].base_mid = (base >> 16) & 0xFF;
	gdt[i].access = access;
	gdt[i].limit_hi_flags = (u8)(((limit >> 16) & 0x0F) | (flags << 4));
	gdt[i].base_hi = (base >> 24) & 0xFF;
}

static void zero_tss(struct tss *t)
{
	u8 *p = (u8 *)t;
	for (size_t i = 0; i < sizeof(*t); i++)
		p[i] = 0;
	/* An I/O bitmap offset beyond the limit means "no bitmap". */
	t->iomap_base = sizeof(*t);
}

void gdt_set_df_cr3(u32 cr3)
{
	tss_df.cr3 = cr3;
}

void gdt_init(void)
{
	struct gdt_ptr ptr;

	zero_tss(&tss_main);
	tss_main.ss0 = GDT_KDATA;

	/* The double-fault task starts at df_task_entry on its own stack with
	 * interrupts off (EFLAGS bit 1 is reserved and always 1). */
	zero_tss(&tss_df);
	tss_df.eip = (u32)df_task_entry;
	tss_df.esp = (u32)(df_stack + DF_STACK_SIZE);
	tss_df.ss0 = GDT_KDATA;
	tss_df.esp0 = tss_df.esp;
	tss_df.eflags = 0x2;
	tss_df.cs = GDT_KCODE;
	tss_df.ds = tss_df.es = tss_df.fs = tss_df.ss = GDT_KDATA;
	tss_df.gs = GDT_CPU_SEL(0); /* reports as CPU 0 (<asm/smp.h>) */
	tss_df.cr3 = read_cr3();

	set_entry(0, 0, 0, 0, 0);
	set_entry(1, 0, 0xFFFFF, ACC_CODE, FLAGS_4K_32);
	set_entry(2, 0, 0xFFFFF, ACC_DATA, FLAGS_4K_32);
	set_entry(3, (u32)&tss_main, sizeof(struct tss) - 1, ACC_TSS, 0);
	set_entry(4, (u32)&tss_df, sizeof(struct tss) - 1, ACC_TSS, 0);
	/* one data segment per CPU, over its entry of cpu_current (`current`
	 * as one load through GS); its selector in GS names the CPU
	 * (<asm/smp.h>) */
	for (u32 i = 0; i < NR_CPUS; i++)
		set_entry(SMP_GDT_CPU_FIRST + i, (u32)&cpu_current[i], sizeof(cpu_current[0]) - 1, ACC_DATA,
			  FLAGS_BYTE_32);

	ptr.limit = sizeof(gdt) - 1;
	ptr.base = (u32)gdt;
	/* A far jump reloads CS; the data segment registers are reloaded by
	 * hand. Then the task register names the TSS we are running in. */
	__asm__ volatile("lgdt %0\n\t"
			 "ljmp %1, $1f\n"
			 "1:\n\t"
			 "movw %w2, %%ds\n\t"
			 "movw %w2, %%es\n\t"
			 "movw %w2, %%fs\n\t"
			 "movw %w4, %%gs\n\t"
			 "movw %w2, %%ss\n\t"
			 "ltr %w3"
			 :
			 : "m"(ptr), "i"(GDT_KCODE), "r"((u32)GDT_KDATA), "r"((u32)GDT_TSS_MAIN), "r"(GDT_CPU_SEL(0))
			 : "memory");
}
