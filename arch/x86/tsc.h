/* SPDX-License-Identifier: MIT */
/* arch/x86/tsc.h - the TSC rate: from CPUID when the processor or the
 * hypervisor states it, else measured against a timer (PIT, HPET or ACPI PM
 * timer) over several windows. See tsc_calc.h for the order of sources. */
#ifndef ARCH_X86_TSC_H
#define ARCH_X86_TSC_H

#include "arch/x86/tsc_calc.h"
#include "kernel/types.h"

struct multiboot_info;

/* Calibration windows: TSC_WINDOWS windows of TSC_WINDOW_MS each, the median
 * kept; when their spread exceeds TSC_SPREAD_WARN_PPM (tsc_calc.h), as many
 * again and the median of all. */
#define TSC_WINDOWS   7u
#define TSC_WINDOW_MS 10u

/* Finds the TSC rate (polled, no interrupts; takes about 70-150 ms when a
 * timer is measured). Needs boot_cpu (arch_early_init() first) and, for the
 * HPET and the ACPI PM timer, paging off: the ACPI tables and the HPET are
 * read at their physical addresses (the RSDP is looked for in the BIOS areas,
 * then in the ACPI regions of mbi's memory map; mbi may be NULL) (with paging on those two are skipped,
 * and tsc_print() says so). Records the source, the windows and the reasons
 * for tsc_print(). Returns kHz, or 0 when the CPU has no TSC or no source
 * gave a rate (every ns_* figure is then omitted by its printer). */
u32 tsc_calibrate_khz(const struct multiboot_info *mbi);

/* The source of the rate tsc_calibrate_khz() found. */
enum tsc_source tsc_source(void);

/* Prints what the calibration did: one "tsc: CPUID ..." line on the leaves,
 * then one line with the rate, its source and the spread of the windows, e.g.
 *   tsc: 2447231 kHz from PIT (7 windows of 10 ms, spread 0.080%)
 * or, when no source worked,
 *   tsc: no calibration source (no CPUID 0x15/0x16/hypervisor leaf, no PIT,
 *        HPET or ACPI PM timer); ns_* figures omitted
 * followed by the reason each source failed. */
void tsc_print(void);

#endif
