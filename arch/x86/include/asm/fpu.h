/* SPDX-License-Identifier: MIT */
/* asm/fpu.h (x86) - which floating-point code the FFT benchmark may run:
 * bench/fft_fp.c is built twice on x86, for the x87 FPU and for SSE2
 * (the Makefile's SSE2_C), and fft.c picks the one the CPU can run. */
#ifndef ASM_X86_FPU_H
#define ASM_X86_FPU_H

#include "arch/x86/cpuinfo.h"
#include "arch/x86/fpu.h"

/* bench/fft_fp.c has a second, vector build (fft_ops_sse2) on x86 */
#define ARCH_FFT_VECTOR 1
/* The scalar build's name in the log */
#define FPU_SCALAR_NAME "x87"

/* True when the scalar FPU code (fft_ops_fpu) can run. */
static inline bool fpu_usable(void)
{
	return fpu_present();
}

/* True when the vector build (fft_ops_sse2) can run: SSE enabled at boot
 * and the CPU has SSE2. */
static inline bool fpu_vector_usable(void)
{
	return sse_enabled() && boot_cpu.has_sse2;
}

#endif
