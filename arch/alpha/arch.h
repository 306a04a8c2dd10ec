/* SPDX-License-Identifier: MIT */
/* arch/alpha/arch.h - what the portable kernel asks of the Alpha code.
 *
 * Layout (physical, QEMU's clipper with qemu-palcode): the PALcode and its
 * HWRPB, page tables and stack in the first memory cluster (the console's);
 * the kernel image from ALPHA_KERNEL_PA (kernel.ld) inside the free cluster,
 * QEMU's copy of -append 0x6000 bytes below it; everything reached through
 * KSEG (asm/page.h). */
#ifndef ARCH_ALPHA_ARCH_H
#define ARCH_ALPHA_ARCH_H

#include "kernel/panic.h"
#include "kernel/types.h"
#include <asm/page.h>

#define ALPHA_KERNEL_PA	  0x310000ul		     /* kernel.ld's link address - KSEG */
#define ALPHA_CMDLINE_PA  (ALPHA_KERNEL_PA - 0x6000) /* where QEMU writes -append */
#define ALPHA_CMDLINE_MAX 256			     /* QEMU copies at most 256 bytes */

/* The cache model's phase markers (tools/cachesim): the same layout as on
 * x86 (a marker page, a task page, 15 pages of high phase ids, the DMA
 * window's page, 4 KiB apart) at a KSEG address instead of 0xFF400000: physical 0x2e0000, below
 * the command line, reserved in memblock so the stores hit no data. The
 * model needs this base to see Alpha phases (its x86 base is fixed today). */
#define PHASE_MARK_PA	    0x2e0000ul
#define PHASE_MARK_BASE	    (ALPHA_KSEG_BASE + PHASE_MARK_PA)
#define PHASE_MARK_BYTES    (18ul * 4096) /* the DMA page below included */
#define TASK_MARK_BASE	    (PHASE_MARK_BASE + 4096u)
#define PHASE_MARK_HI_BASE  (PHASE_MARK_BASE + 2 * 4096u)
#define PHASE_MARK_HI_PAGES 15u
#define PHASE_MARK_MAX	    (1023u + PHASE_MARK_HI_PAGES * 1024u)
/* The page after them, as on x86: the cache model's DMA window
 * (bench=readahead; the plugin's marks= base moves it with the others). A
 * store at DMA_MARK_BASE + 4 opens it, at DMA_MARK_BASE closes it; inside
 * it tools/cachesim takes every store as a device's write to memory. */
#define DMA_MARK_BASE (PHASE_MARK_HI_BASE + PHASE_MARK_HI_PAGES * 4096ul)

/* The virtual address whose store begins phase id (1..PHASE_MARK_MAX; 0
 * gives the end marker). */
static inline unsigned long phase_mark_addr(u32 id)
{
	return id < 1024u ? PHASE_MARK_BASE + 4u * id : PHASE_MARK_HI_BASE + 4u * (id - 1024u);
}

/* The cycle counter's raw value (rpcc; arch/alpha/rpcc.h widens it). */
static inline u64 rpcc(void)
{
	u64 v;

	__asm__ volatile("rpcc %0" : "=r"(v));
	return v;
}

/* arch_halt(code) (kernel/panic.h, as on x86) ends the run: a PAL halt,
 * which stops QEMU (-no-reboot). code (KERNEL_EXIT_*) is ignored: the
 * clipper has no isa-debug-exit, so the run script takes the exit status
 * from the log's @final line. */

#endif
