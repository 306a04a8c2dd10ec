// SPDX-License-Identifier: MIT
/* arch/alpha/trap.c - what the PALcode reports of an exception, printed,
 * then the machine halted (panic_after_fault: the final failure line). */
#include "arch/alpha/arch.h"
#include "kernel/printk.h"

/* The OSF/1 PALcode's entry points, in wrent's order. */
static const char *const trap_names[] = { "interrupt (entInt)",	       "arithmetic trap (entArith)",
					  "memory fault (entMM)",      "instruction fault (entIF)",
					  "unaligned access (entUna)", "system call (entSys)" };
static const char *const mmcsr_names[] = { "translation not valid", "access violation", "fault on read",
					   "fault on execute", "fault on write" };
static const char *const if_names[] = { "breakpoint", "bugcheck", "gentrap", "FP disabled", "illegal opcode" };

/* alpha_trap - called by head.S's entries with the PALcode's arguments
 * a0-a2, the entry's kind (0-5, wrent's numbering) and the saved
 * registers: regs[n] holds $n except $16-$18, $29-$31; regs[32..37] is the
 * PALcode's frame (ps, pc, gp, a0, a1, a2 as they were). The pc is the
 * faulting instruction's for entMM, the next one's for entIF (as the
 * architecture defines them: seen with fault=load and fault=opdec against
 * the kernel's disassembly). Never returns. */
void alpha_trap(u64 a0, u64 a1, u64 a2, u64 kind, u64 *regs);
void alpha_trap(u64 a0, u64 a1, u64 a2, u64 kind, u64 *regs)
{
	const u64 *pal = regs + 32;
	u64 r[32];

	for (int i = 0; i < 32; i++)
		r[i] = regs[i];
	r[16] = pal[3];
	r[17] = pal[4];
	r[18] = pal[5];
	r[29] = pal[2];
	r[30] = (u64)(regs + 32 + 6); /* the stack before the PALcode's frame */
	r[31] = 0;

	printk("\nFAULT: %s, pc=0x%016llx ps=0x%llx\n", kind < 6 ? trap_names[kind] : "unknown entry",
	       (unsigned long long)pal[1], (unsigned long long)pal[0]);
	if (kind == 2)
		printk("FAULT: address=0x%016llx mmcsr=%llu (%s) cause=%lld (%s)\n", (unsigned long long)a0,
		       (unsigned long long)a1, a1 < 5 ? mmcsr_names[a1] : "unknown", (long long)a2,
		       (long long)a2 == -1 ? "instruction fetch"
		       : a2 == 0	   ? "read"
		       : a2 == 1	   ? "write"
					   : "unknown");
	else if (kind == 3)
		printk("FAULT: type=%llu (%s); pc is the next instruction's (the faulting one is at pc-4)\n",
		       (unsigned long long)a0, a0 < 5 ? if_names[a0] : "unknown");
	else if (kind == 4)
		printk("FAULT: address=0x%016llx opcode=0x%llx register=%llu\n", (unsigned long long)a0,
		       (unsigned long long)a1, (unsigned long long)a2);
	else
		printk("FAULT: a0=0x%llx a1=0x%llx a2=0x%llx\n", (unsigned long long)a0, (unsigned long long)a1,
		       (unsigned long long)a2);
	for (int i = 0; i < 32; i += 4)
		printk("FAULT: r%-2d %016llx r%-2d %016llx r%-2d %016llx r%-2d %016llx\n", i, (unsigned long long)r[i],
		       i + 1, (unsigned long long)r[i + 1], i + 2, (unsigned long long)r[i + 2], i + 3,
		       (unsigned long long)r[i + 3]);
	panic_after_fault();
}
