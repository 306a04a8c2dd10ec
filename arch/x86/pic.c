/* SPDX-License-Identifier: MIT */
/* arch/x86/pic.c - see pic.h. */
#include "arch/x86/pic.h"
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "arch/x86/gdt.h"
#include "kernel/sched.h"

#define PIC1_CMD  0x20
#define PIC1_DATA 0x21
#define PIC2_CMD  0xA0
#define PIC2_DATA 0xA1
#define PIC_EOI	  0x20
#define OCW3_ISR  0x0B /* read the in-service register */

/* in .data, with the scheduler's (kernel/sched.h: __sched_data) */
static __sched_data pic_irq_handler handlers[PIC_IRQS];
static __sched_data u16 mask = 0xFFFF; /* bit n set: IRQ n masked */
static __sched_data bool ready;
__sched_data u32 pic_spurious;

static void write_mask(void)
{
	outb(PIC1_DATA, (u8)(mask & 0xFF));
	outb(PIC2_DATA, (u8)(mask >> 8));
}

void pic_init(void)
{
	if (ready)
		return;
	/* the entry stubs of IRQ 0-15 store a task marker (isr.asm): its page
	 * must be mapped before any line is unmasked */
	if (map_page(TASK_MARK_BASE, 0, true) < 0)
		return;
	/* ICW1: edge triggered, cascade, ICW4 follows */
	outb(PIC1_CMD, 0x11);
	io_wait();
	outb(PIC2_CMD, 0x11);
	io_wait();
	outb(PIC1_DATA, PIC_VECTOR_BASE); /* ICW2: vector offsets */
	io_wait();
	outb(PIC2_DATA, PIC_VECTOR_BASE + 8);
	io_wait();
	outb(PIC1_DATA, 0x04); /* ICW3: slave on IRQ 2 */
	io_wait();
	outb(PIC2_DATA, 0x02); /* its cascade identity */
	io_wait();
	outb(PIC1_DATA, 0x01); /* ICW4: 8086 mode, normal EOI */
	io_wait();
	outb(PIC2_DATA, 0x01);
	io_wait();
	mask = 0xFFFF & ~(1u << 2); /* the cascade line stays open */
	write_mask();
	ready = true;
}

int pic_set_handler(u32 irq, pic_irq_handler fn)
{
	if (irq >= PIC_IRQS || irq == 2)
		return -1;
	pic_init();
	if (!ready)
		return -1;
	handlers[irq] = fn;
	if (fn)
		mask &= (u16) ~(1u << irq);
	else
		mask |= (u16)(1u << irq);
	write_mask();
	return 0;
}

static u16 in_service(void)
{
	outb(PIC1_CMD, OCW3_ISR);
	outb(PIC2_CMD, OCW3_ISR);
	return (u16)(inb(PIC1_CMD) | (inb(PIC2_CMD) << 8));
}

/* The CPU read the IDT gate and the code segment's GDT descriptor to
 * deliver this interrupt (iret reads the descriptor again), before the
 * entry stub could say that the kernel runs: read both again here, in
 * kernel context, so that the cache simulator counts those lines as used
 * by the kernel too (shared), not as the interrupted task's own. Two loads
 * of lines the CPU just read. */
static void touch_descriptors(u32 vector)
{
	struct {
		u16 limit;
		u32 base;
	} __attribute__((packed)) d;

	__asm__ volatile("sidt %0" : "=m"(d));
	(void)*(volatile u32 *)(d.base + vector * 8);
	__asm__ volatile("sgdt %0" : "=m"(d));
	(void)*(volatile u32 *)(d.base + GDT_KCODE);
}

bool pic_dispatch(struct trapframe *tf)
{
	u32 irq;

	if (tf->vector < PIC_VECTOR_BASE || tf->vector >= PIC_VECTOR_BASE + PIC_IRQS)
		return false;
	irq = tf->vector - PIC_VECTOR_BASE;
	touch_descriptors(tf->vector);
	if ((irq == 7 || irq == 15) && !(in_service() & (1u << irq))) {
		pic_spurious++;
		if (irq == 15)
			outb(PIC1_CMD, PIC_EOI); /* the master saw a real cascade interrupt */
		return true;
	}
	/* EOI first: the handler may switch to another task, which then runs
	 * with the line open (interrupt gates keep IF clear until iret) */
	if (irq >= 8)
		outb(PIC2_CMD, PIC_EOI);
	outb(PIC1_CMD, PIC_EOI);
	if (handlers[irq])
		handlers[irq](tf);
	return true;
}
