/* kernel/main.c - TEMPORARY stub while arch/ and kernel/ are written. */
#include "arch/x86/arch.h"
#include "kernel/printk.h"
#include "kernel/panic.h"

void kmain(u32 magic, u32 mbi_phys);
void kmain(u32 magic, u32 mbi_phys)
{
	arch_early_init();
	printk("pagecolor stub: magic=%x mbi=%x\n", magic, mbi_phys);
	arch_qemu_exit_port = 0xf4;
	arch_halt(0x10);
}

void panic(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printk("PANIC: ");
	vprintk(fmt, ap);
	va_end(ap);
	arch_halt(0x11);
}

void panic_after_fault(void) { arch_halt(0x11); }
