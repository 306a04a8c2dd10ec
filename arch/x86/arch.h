/* SPDX-License-Identifier: MIT */
/* arch/x86/arch.h - what the portable kernel asks of the x86 architecture code.
 *
 * arch/ supplies facts (memory layout limits, cache geometry, TSC rate) and
 * mechanisms (consoles, traps, paging); kernel/ and mm/ own policy. */
#ifndef ARCH_X86_ARCH_H
#define ARCH_X86_ARCH_H

#include "kernel/types.h"
/* PAGE_SHIFT, PAGE_SIZE and the zone limits (ARCH_*_LIMIT_PFN, the i386
 * layout) */
#include <asm/page.h>

/* Virtual layout: low memory up to 896 MiB is identity-mapped (virtual ==
 * physical); [VMALLOC_START, VMALLOC_END) maps arbitrary pages, HighMem
 * included, with 4 KiB page tables. */
#define VMALLOC_START 0xC0000000u
#define VMALLOC_END   0xFF000000u
/* The vmalloc area's users: benchmark buffers from VMALLOC_START (BENCH_VA,
 * up to 256 MiB), and at FBCON_VIRT, up to FBCON_VIRT_SIZE, the boot
 * loader's framebuffer, mapped uncached by fbcon_map() when there is one. */
#define FBCON_VIRT	0xF0000000u
#define FBCON_VIRT_SIZE 0x04000000u
/* One page reserved above the vmalloc area for the cache simulator's phase
 * markers (tools/cachesim): a store at PHASE_MARK_BASE + 4*id marks phase id
 * (1..1023; a store at PHASE_MARK_BASE itself ends the phase). */
#define PHASE_MARK_BASE 0xFF400000u
/* And the page after it for task markers: a store at TASK_MARK_BASE + 4*id
 * says task id runs (0 = the kernel; bench/interfere.c, tools/cachesim). */
#define TASK_MARK_BASE (PHASE_MARK_BASE + 4096u)
/* Phase ids from 1024 on: PHASE_MARK_HI_PAGES pages after the task page, a
 * store at PHASE_MARK_HI_BASE + 4*(id - 1024) marks phase id; so ids run to
 * PHASE_MARK_MAX (16383: a long sweep such as make run-policies with its
 * defaults needs 1350). tools/cachesim/cachesim.c decodes the same layout. */
#define PHASE_MARK_HI_BASE  (PHASE_MARK_BASE + 2 * 4096u)
#define PHASE_MARK_HI_PAGES 15u
#define PHASE_MARK_MAX	    (1023u + PHASE_MARK_HI_PAGES * 1024u)
/* The page after them: the cache model's DMA window (bench=readahead). A
 * store at DMA_MARK_BASE + 4 opens it, at DMA_MARK_BASE closes it; inside
 * it tools/cachesim takes every store as a device's write to memory (the
 * line dropped from the caches, not filled). */
#define DMA_MARK_BASE (PHASE_MARK_HI_BASE + PHASE_MARK_HI_PAGES * 4096u)

/* phase_mark_addr - the virtual address whose store begins phase id
 * (1..PHASE_MARK_MAX; 0 gives the end marker). */
static inline u32 phase_mark_addr(u32 id)
{
	return id < 1024u ? PHASE_MARK_BASE + 4u * id : PHASE_MARK_HI_BASE + 4u * (id - 1024u);
}

/* Early CPU setup: GDT, IDT with all exception handlers, FPU/SSE enable
 * (when the CPU has them), consoles (serial COM1 and VGA text). Safe to call
 * once, first thing in kmain. */
void arch_early_init(void);

/* Builds page tables that identity-map [4K, lowmem_end) with 4 KiB pages (page
 * 0 is left unmapped so that NULL dereferences fault) and
 * turns paging on. alloc_page returns the physical address of a free 4 KiB
 * page inside low memory (it is zeroed here); it is called for every page
 * table needed, now and later by vmap(). before_enable (or NULL) is called
 * once the tables exist, right before CR0.PG is set (the framebuffer console
 * maps its pixels there: fbcon_map). Returns 0, or -1 when alloc_page
 * returned 0. */
int paging_init(phys_addr_t lowmem_end, phys_addr_t (*alloc_page)(void), void (*before_enable)(void));

/* Maps n pages (their pfns in pfns[]) at vaddr, a page-aligned address in
 * the vmalloc area; returns 0, or -1 (bad range, or no page-table page). */
int vmap_pages(u32 vaddr, const u32 *pfns, u32 n);
/* Unmaps n pages at vaddr and flushes their TLB entries. */
void vunmap_pages(u32 vaddr, u32 n);
/* Maps one page at vaddr to physical page pfn (uncached when uc is set). */
int map_page(u32 vaddr, u32 pfn, bool uc);

/* Stops the machine for good. When qemu_exit_port is nonzero, first writes
 * code to that isa-debug-exit port (QEMU then exits with status 2*code+1). */
extern u16 arch_qemu_exit_port;
void __attribute__((noreturn)) arch_halt(u32 code);

#endif
