/* SPDX-License-Identifier: MIT */
/* arch/x86/fpu.c - x87 and SSE enabling.
 *
 * CR0 bits: MP (1) makes WAIT/FWAIT honour TS; EM (2) makes every x87
 * instruction raise #NM (no FPU); TS (3) is set by task switches for lazy FPU
 * switching, also raising #NM; NE (5) selects native #MF error reporting
 * instead of the PC's legacy IRQ 13 path. CR4.OSFXSR (9) tells the CPU the OS
 * saves SSE state with FXSAVE, which is what enables SSE instructions;
 * CR4.OSXMMEXCPT (10) routes unmasked SSE exceptions to #XM instead of #UD. */
#include "arch/x86/fpu.h"
#include "arch/x86/cpu.h"

#define CR0_MP	       (1u << 1)
#define CR0_EM	       (1u << 2)
#define CR0_TS	       (1u << 3)
#define CR0_NE	       (1u << 5)
#define CR4_OSFXSR     (1u << 9)
#define CR4_OSXMMEXCPT (1u << 10)

static bool have_fpu, have_sse;

bool fpu_present(void)
{
	return have_fpu;
}
bool sse_enabled(void)
{
	return have_sse;
}

/* Without CPUID: after FNINIT a real FPU has status word 0 and control word
 * 0x037F; with none, the stores write nothing and the poison stays. */
static bool probe_fpu(void)
{
	u16 sw = 0x5A5A, cw = 0x5A5A;
	__asm__ volatile("fninit\n\t"
			 "fnstsw %0\n\t"
			 "fnstcw %1"
			 : "+m"(sw), "+m"(cw));
	return sw == 0 && (cw & 0x103F) == 0x003F;
}

void fpu_init(const struct cpuinfo *ci)
{
	u32 cr0 = read_cr0();

	write_cr0((cr0 & ~(CR0_EM | CR0_TS)) | CR0_MP | CR0_NE);
	have_fpu = ci->has_cpuid ? ci->has_fpu : probe_fpu();
	if (!have_fpu) {
		write_cr0((read_cr0() & ~CR0_MP) | CR0_EM);
		return;
	}
	__asm__ volatile("fninit");

	if (ci->has_fxsr && ci->has_sse) {
		write_cr4(read_cr4() | CR4_OSFXSR | CR4_OSXMMEXCPT);
		have_sse = true;
	}
}
