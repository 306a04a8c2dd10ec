/* SPDX-License-Identifier: MIT */
/* arch/x86/arch.c - early bring-up order and the final halt. */
#include "arch/x86/arch.h"
#include "arch/x86/serial.h"
#include "arch/x86/vga.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/fpu.h"
#include "arch/x86/gdt.h"
#include "arch/x86/idt.h"
#include "kernel/printk.h"

u16 arch_qemu_exit_port;
struct cpuinfo boot_cpu;

/* The two 8259A PICs start out delivering IRQ 0-7 on vectors 8-15, on top of
 * the CPU exceptions. Move them to vectors 0x20-0x2F (ICW1-ICW4: init, vector
 * base, cascade wiring, 8086 mode) and mask every line: the kernel polls and
 * never enables interrupts, and a stray IRQ must not look like a #DF. */
static void pic_disable(void)
{
	outb(0x20, 0x11);
	io_wait();
	outb(0xA0, 0x11);
	io_wait();
	outb(0x21, 0x20);
	io_wait();
	outb(0xA1, 0x28);
	io_wait();
	outb(0x21, 0x04); /* master: slave on IRQ 2 */
	io_wait();
	outb(0xA1, 0x02); /* slave: cascade identity 2 */
	io_wait();
	outb(0x21, 0x01);
	io_wait();
	outb(0xA1, 0x01);
	io_wait();
	outb(0x21, 0xFF);
	outb(0xA1, 0xFF);
}

void arch_early_init(void)
{
	gdt_init();
	idt_init();
	pic_disable();
	if (serial_init())
		console_register(serial_write);
	vga_init();
	console_register(vga_write);
	cpuinfo_detect(&boot_cpu);
	fpu_init(&boot_cpu);
}

void arch_halt(u32 code)
{
	cli();
	if (arch_qemu_exit_port)
		outl(arch_qemu_exit_port, code);
	for (;;)
		hlt();
}
