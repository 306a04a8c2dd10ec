/* SPDX-License-Identifier: MIT */
/* arch/x86/paging.c - two-level 32-bit paging, 4 KiB pages only.
 *
 * A virtual address splits into a page-directory index (bits 31:22), a
 * page-table index (21:12) and an offset. Each directory entry (PDE) and
 * table entry (PTE) holds a 4 KiB-aligned physical address plus flag bits:
 * P (present), RW (writable), PWT/PCD (write-through / cache disable).
 * Everything here is supervisor-only.
 *
 * Low memory [0, lowmem_end) is identity-mapped, so every page-table page
 * (which alloc_page takes from low memory) is reachable at its physical
 * address, before and after paging is on. The vmalloc area and the phase
 * marker page get page tables on demand. */
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "arch/x86/gdt.h"

#define PTE_P	 0x001u
#define PTE_RW	 0x002u
#define PTE_PWT	 0x008u
#define PTE_PCD	 0x010u
#define PTE_ADDR 0xFFFFF000u
#define ENTRIES	 1024u

#define CR0_WP (1u << 16) /* ring 0 honours read-only pages too */
#define CR0_PG (1u << 31)

#define PDX(va) ((va) >> 22)
#define PTX(va) (((va) >> 12) & 0x3FF)

static u32 *page_dir; /* NULL until paging_init */
static phys_addr_t (*pt_alloc)(void);

static u32 *alloc_zeroed(void)
{
	phys_addr_t pa = pt_alloc();
	u32 *p;

	if (pa == 0 || (pa & (PAGE_SIZE - 1)))
		return NULL;
	p = (u32 *)pa;
	for (u32 i = 0; i < ENTRIES; i++)
		p[i] = 0;
	return p;
}

/* The PTE for va, creating its page table when create is set; NULL when
 * there is none (or the allocation failed). */
static u32 *pte_for(u32 va, bool create)
{
	u32 *pde = &page_dir[PDX(va)];

	if (!(*pde & PTE_P)) {
		if (!create)
			return NULL;
		u32 *pt = alloc_zeroed();
		if (!pt)
			return NULL;
		*pde = (u32)pt | PTE_P | PTE_RW;
	}
	return &((u32 *)(*pde & PTE_ADDR))[PTX(va)];
}

int paging_init(phys_addr_t lowmem_end, phys_addr_t (*alloc_page)(void), void (*before_enable)(void))
{
	u32 end = MIN(ALIGN_UP((u32)lowmem_end, PAGE_SIZE), ARCH_NORMAL_LIMIT_PFN << PAGE_SHIFT);

	pt_alloc = alloc_page;
	page_dir = alloc_zeroed();
	if (!page_dir)
		return -1;
	for (u32 pa = 0; pa < end; pa += PAGE_SIZE) {
		u32 *pte = pte_for(pa, true);
		if (!pte) {
			page_dir = NULL;
			return -1;
		}
		/* Page 0 stays unmapped, so a NULL dereference faults (#PF with
		 * cr2 below 0x1000) instead of reading the real-mode IVT. */
		*pte = pa ? pa | PTE_P | PTE_RW : 0;
	}

	if (before_enable)
		before_enable(); /* e.g. fbcon_map: the console's pixels, before it needs them */
	write_cr3((u32)page_dir);
	gdt_set_df_cr3((u32)page_dir);
	write_cr0(read_cr0() | CR0_PG | CR0_WP);
	return 0;
}

/* True when [va, va + n pages) is page-aligned and lies inside the vmalloc
 * area, or is exactly the phase-marker, task-marker or DMA-window page, or lies
 * in the further phase-marker pages (PHASE_MARK_HI_BASE). */
static bool range_ok(u32 va, u32 n)
{
	if (!page_dir || n == 0 || (va & (PAGE_SIZE - 1)))
		return false;
	if (va == PHASE_MARK_BASE || va == TASK_MARK_BASE || va == DMA_MARK_BASE)
		return n == 1;
	if (va >= PHASE_MARK_HI_BASE && va < PHASE_MARK_HI_BASE + PHASE_MARK_HI_PAGES * PAGE_SIZE)
		return n <= (PHASE_MARK_HI_BASE + PHASE_MARK_HI_PAGES * PAGE_SIZE - va) >> PAGE_SHIFT;
	return va >= VMALLOC_START && va < VMALLOC_END && n <= (VMALLOC_END - va) >> PAGE_SHIFT;
}

static int set_pte(u32 va, u32 pfn, bool uc)
{
	u32 *pte;

	if (pfn >= ARCH_HIGHMEM_LIMIT_PFN)
		return -1;
	pte = pte_for(va, true);
	if (!pte)
		return -1;
	*pte = (pfn << PAGE_SHIFT) | PTE_P | PTE_RW | (uc ? PTE_PCD | PTE_PWT : 0);
	invlpg(va);
	return 0;
}

int vmap_pages(u32 vaddr, const u32 *pfns, u32 n)
{
	if (!range_ok(vaddr, n))
		return -1;
	for (u32 i = 0; i < n; i++) {
		if (set_pte(vaddr + i * PAGE_SIZE, pfns[i], false) < 0) {
			vunmap_pages(vaddr, i); /* leave nothing half-mapped */
			return -1;
		}
	}
	return 0;
}

void vunmap_pages(u32 vaddr, u32 n)
{
	if (!range_ok(vaddr, n))
		return;
	for (u32 i = 0; i < n; i++) {
		u32 va = vaddr + i * PAGE_SIZE;
		u32 *pte = pte_for(va, false);
		if (pte && (*pte & PTE_P)) {
			*pte = 0;
			invlpg(va);
		}
	}
}

int map_page(u32 vaddr, u32 pfn, bool uc)
{
	if (!range_ok(vaddr, 1))
		return -1;
	return set_pte(vaddr, pfn, uc);
}
