/* SPDX-License-Identifier: MIT */
/* arch/x86/trap.c - the report printed for CPU exceptions and stray vectors.
 *
 * Nothing here tries to recover: every trap is a kernel bug, so the goal is a
 * report that points at the faulting instruction, then a clean stop with a
 * failure status (never a silent reset). */
#include "arch/x86/trap.h"
#include "arch/x86/apic.h"
#include "arch/x86/arch.h"
#include "arch/x86/serial.h"
#include "arch/x86/vga.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/gdt.h"
#include "arch/x86/pic.h"
#include "kernel/panic.h"
#include "kernel/printk.h"

/* Exception names, Intel SDM vol. 3, table 6-1. */
static const char *const exc_names[32] = {
	"#DE divide error",
	"#DB debug",
	"NMI non-maskable interrupt",
	"#BP breakpoint",
	"#OF overflow",
	"#BR bound range exceeded",
	"#UD invalid opcode",
	"#NM device not available",
	"#DF double fault",
	"coprocessor segment overrun",
	"#TS invalid TSS",
	"#NP segment not present",
	"#SS stack-segment fault",
	"#GP general protection",
	"#PF page fault",
	"reserved vector 15",
	"#MF x87 floating-point error",
	"#AC alignment check",
	"#MC machine check",
	"#XM SIMD floating-point",
	"#VE virtualization",
	"#CP control protection",
	"reserved vector 22",
	"reserved vector 23",
	"reserved vector 24",
	"reserved vector 25",
	"reserved vector 26",
	"reserved vector 27",
	"#HV hypervisor injection",
	"#VC VMM communication",
	"#SX security",
	"reserved vector 31",
};

/* #PF error code bits (SDM vol. 3, 4.7). */
#define PF_P	0x01 /* 1: protection violation, 0: page not present */
#define PF_W	0x02 /* the access was a write */
#define PF_U	0x04 /* the access came from ring 3 */
#define PF_RSVD 0x08 /* a reserved bit was set in a paging entry */
#define PF_I	0x10 /* instruction fetch */

static volatile int trap_depth;

/* Last-resort output for a fault inside the report itself: no printk, no
 * formatting beyond hex, straight to the devices. */
static void raw_puts(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	serial_write(s, n);
	vga_write(s, n);
}

static void __attribute__((noreturn)) nested_fault(u32 vector, u32 eip)
{
	char msg[] = "FAULT: nested fault vector 0x.. eip=0x........ while reporting a fault\n";
	static const char hex[] = "0123456789abcdef";
	for (int i = 0; i < 2; i++)
		msg[29 + i] = hex[(vector >> (4 - 4 * i)) & 0xF];
	for (int i = 0; i < 8; i++)
		msg[38 + i] = hex[(eip >> (28 - 4 * i)) & 0xF];
	raw_puts(msg);
	arch_halt(0x11);
}

/* CR4 exists from the Pentium on (and on 486s with VME/PSE); reading it
 * elsewhere is #UD, which would turn the report into a nested fault. */
static u32 safe_cr4(void)
{
	return cpuinfo_has_cr4(&boot_cpu) ? read_cr4() : 0;
}

static void report(const struct trapframe *tf, u32 esp)
{
	u32 v = tf->vector;

	if (v < 32)
		printk("FAULT: vector %u (%s)", v, exc_names[v]);
	else
		printk("FAULT: vector %u (unexpected interrupt %u)", v, v);
	/* every line within the 80-column screen (at most 79 characters) */
	printk(" error=0x%08x eip=0x%08x\n  cs=0x%04x eflags=0x%08x cr2=0x%08x\n", tf->error, tf->eip, tf->cs & 0xFFFF,
	       tf->eflags, read_cr2());
	printk("  eax=%08x ebx=%08x ecx=%08x edx=%08x\n", tf->eax, tf->ebx, tf->ecx, tf->edx);
	printk("  esi=%08x edi=%08x ebp=%08x esp=%08x\n", tf->esi, tf->edi, tf->ebp, esp);
	printk("  cr0=%08x cr3=%08x cr4=%08x\n", read_cr0(), read_cr3(), safe_cr4());
	if (v == 14) {
		u32 e = tf->error;
		printk("  pf: present=%d write=%d user=%d reserved=%d ifetch=%d\n  pf: %s %s\n", !!(e & PF_P),
		       !!(e & PF_W), !!(e & PF_U), !!(e & PF_RSVD), !!(e & PF_I),
		       (e & PF_P) ? "protection violation" : "page not present",
		       (e & PF_I)   ? "on instruction fetch"
		       : (e & PF_W) ? "on write"
				    : "on read");
	}
}

void trap_handler(struct trapframe *tf)
{
	if (pic_dispatch(tf)) /* IRQ 0-15 (preemption timer): handled, returns */
		return;
	if (lapic_timer_dispatch(tf->vector)) /* a CPU's local APIC timer */
		return;
	if (++trap_depth > 1)
		nested_fault(tf->vector, tf->eip);
	report(tf, trapframe_esp(tf));
	panic_after_fault();
}

void df_task_handler(u32 error)
{
	struct trapframe tf = {
		.gs = tss_main.gs,
		.fs = tss_main.fs,
		.es = tss_main.es,
		.ds = tss_main.ds,
		.edi = tss_main.edi,
		.esi = tss_main.esi,
		.ebp = tss_main.ebp,
		.esp_pushad = tss_main.esp,
		.ebx = tss_main.ebx,
		.edx = tss_main.edx,
		.ecx = tss_main.ecx,
		.eax = tss_main.eax,
		.vector = 8,
		.error = error,
		.eip = tss_main.eip,
		.cs = tss_main.cs,
		.eflags = tss_main.eflags,
	};

	if (++trap_depth > 1)
		nested_fault(8, tf.eip);
	report(&tf, tss_main.esp);
	printk("  (reported by the double-fault task on its own stack; registers above are the faulting "
	       "code's, saved by the CPU in the main TSS)\n");
	panic_after_fault();
}

bool trap_active(void)
{
	return trap_depth != 0;
}
