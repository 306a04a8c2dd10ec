/* arch/x86/tsc.h - TSC rate, calibrated against the 8254 PIT. */
#ifndef ARCH_X86_TSC_H
#define ARCH_X86_TSC_H

#include "kernel/types.h"

/* Measures the TSC rate over a fixed PIT channel-2 interval (about 50 ms,
 * polled, no interrupts). Returns kHz, or 0 when the CPU has no TSC or the
 * PIT did not count. */
u32 tsc_calibrate_khz(void);

/* Converts cycles to nanoseconds at khz (0 when khz is 0). */
u64 tsc_cycles_to_ns(u64 cycles, u32 khz);

#endif
