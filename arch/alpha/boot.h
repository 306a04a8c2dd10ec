/* SPDX-License-Identifier: MIT */
/* arch/alpha/boot.h - the Alpha steps of the boot sequence
 * (init/alpha/main.c calls them; arch/alpha/main.c). */
#ifndef ARCH_ALPHA_BOOT_H
#define ARCH_ALPHA_BOOT_H

#include "arch/alpha/hwrpb.h"
#include "kernel/types.h"

/* rpcc_calibrate= (<asm/boot_params.h>): measure the counter's rate */
extern bool alpha_rpcc_calibrate;

/* Raises fault= which (1 load from an unmapped address, 2 an illegal
 * opcode, 3 a load from the pages the paging check unmapped): the PALcode
 * reports it (arch/alpha/trap.c) and the run ends there. 0 does nothing. */
void alpha_raise_fault(u32 which);

/* Ranges of the HWRPB's free clusters into memblock, the kernel image (from
 * the command line's page) and the phase marker pages reserved; prints the
 * clusters, @memory and what was left out. Returns the failures (0 or 1). */
unsigned alpha_memory_init(const struct hwrpb *h);

/* True when the HWRPB's system serial number says QEMU (qemu-palcode's):
 * QEMU runs Alpha by software emulation only (TCG). */
bool alpha_under_qemu(const struct hwrpb *h);

/* The counter's rate in Hz: QEMU's fixed 250 MHz under QEMU, else what the
 * HWRPB claims; printed with its source. */
u64 alpha_rpcc_rate(const struct hwrpb *h);

/* Prints the counter's width, its wrap period at hz and a 10^6-step loop's
 * cycles (emulator time under QEMU). */
void alpha_rpcc_report(u64 hz);

/* Cycles between two ticks of the RTC's seconds: the counter's rate in Hz,
 * sampled through the widened clock, so that a wrap between the ticks does
 * not matter. 0 when two ticks do not come within 2^31 cycles (8.6 s at
 * QEMU's rate). */
u64 alpha_rpcc_measure_hz(void);

#endif
