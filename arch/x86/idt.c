/* SPDX-License-Identifier: MIT */
/* arch/x86/idt.c - 256 gates: exceptions, the #DF task gate, and a catch-all.
 *
 * A gate (Intel SDM vol. 3, 6.11) holds a 32-bit handler offset split in two
 * halves, a code selector and a type byte. We use 32-bit interrupt gates
 * (type 0xE: IF is cleared on entry) for everything except #DF, which uses a
 * task gate (type 0x5: the CPU switches to the TSS named by the selector,
 * loading a known-good stack, so even a kernel stack overflow is reported
 * instead of escalating to a triple fault and a reset). */
#include "arch/x86/idt.h"
#include "arch/x86/gdt.h"

struct idt_entry {
	u16 offset_lo;
	u16 selector;
	u8 zero;
	u8 type_attr;
	u16 offset_hi;
} __attribute__((packed));

struct idt_ptr {
	u16 limit;
	u32 base;
} __attribute__((packed));

#define GATE_INT32 0x8E /* present, DPL 0, 32-bit interrupt gate */
#define GATE_TASK  0x85 /* present, DPL 0, task gate */

static struct idt_entry idt[256] __attribute__((aligned(8)));

/* isr.asm: entry stubs for vectors 0..255, in order. */
extern const u32 isr_stub_table[256];

static void set_gate(int vec, u32 offset, u16 sel, u8 type)
{
	idt[vec].offset_lo = offset & 0xFFFF;
	idt[vec].selector = sel;
	idt[vec].zero = 0;
	idt[vec].type_attr = type;
	idt[vec].offset_hi = offset >> 16;
}

void idt_init(void)
{
	struct idt_ptr ptr;

	for (int v = 0; v < 256; v++)
		set_gate(v, isr_stub_table[v], GDT_KCODE, GATE_INT32);
	/* Task gate: offset unused, selector = the double-fault TSS. */
	set_gate(8, 0, GDT_TSS_DF, GATE_TASK);

	ptr.limit = sizeof(idt) - 1;
	ptr.base = (u32)idt;
	__asm__ volatile("lidt %0" ::"m"(ptr) : "memory");
}
