/* SPDX-License-Identifier: MIT */
/* arch/x86/kernel_fpu.c - see kernel_fpu.h. */
#include "arch/x86/kernel_fpu.h"
#include "arch/x86/cpuinfo.h"
#include "arch/x86/fpu.h"
#include "arch/x86/trap.h"

#include <asm/smp.h>

/* FXSAVE needs 512 bytes aligned to 16; FNSAVE 108 bytes. One save area
 * and one flag: only the boot CPU (CPU 0) opens a section; the application
 * processors (arch/x86/smp.c) are refused and copy with integer registers,
 * so two CPUs never share the area. */
static u8 fpu_save_area[512] __attribute__((aligned(16)));
static bool fpu_open, fpu_used_fx;

bool kernel_fpu_begin(void)
{
	if (fpu_open || !fpu_present() || trap_active() || smp_processor_id() != 0)
		return false;
	fpu_open = true;
	fpu_used_fx = boot_cpu.has_fxsr;
	if (fpu_used_fx)
		__asm__ volatile("fxsave %0" : "=m"(fpu_save_area));
	else
		__asm__ volatile("fnsave %0" : "=m"(fpu_save_area)); /* also reinitialises the FPU */
	return true;
}

void kernel_fpu_end(void)
{
	if (!fpu_open)
		return;
	if (fpu_used_fx)
		__asm__ volatile("fxrstor %0" : : "m"(fpu_save_area));
	else
		__asm__ volatile("frstor %0" : : "m"(fpu_save_area));
	fpu_open = false;
}
