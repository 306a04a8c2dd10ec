/* SPDX-License-Identifier: MIT */
/* asm/fpu.h (Alpha) - which floating-point code the FFT benchmark may run:
 * bench/fft_fp.c built once (IEEE double in the FP registers); usable once
 * the boot sequence has enabled the FPU (PAL wrfen: alpha_fpu_enable). */
#ifndef ASM_ALPHA_FPU_H
#define ASM_ALPHA_FPU_H

#include "kernel/types.h"

/* no vector build of bench/fft_fp.c on Alpha */
#define ARCH_FFT_VECTOR 0
/* The scalar build's name in the log */
#define FPU_SCALAR_NAME "alpha-fp"

/* Set by alpha_fpu_enable() (arch/alpha/bench_arch.c). */
extern bool alpha_fpu_enabled;

/* Enables floating-point instructions for the kernel (PAL wrfen with 1).
 * Cannot fail under qemu-palcode. */
void alpha_fpu_enable(void);

/* True once alpha_fpu_enable() ran. */
static inline bool fpu_usable(void)
{
	return alpha_fpu_enabled;
}

static inline bool fpu_vector_usable(void)
{
	return false;
}

#endif
