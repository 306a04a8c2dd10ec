// SPDX-License-Identifier: MIT
/* arch/alpha/paging.c - three-level page tables for chosen mappings. */
#include "arch/alpha/paging.h"
#include <asm/page.h>

static u64 *top; /* the top-level table, through KSEG */

static void tbia(void)
{
	register long a0 __asm__("$16") = -2; /* tbi: invalidate all */

	__asm__ volatile("call_pal 0x33" : "+r"(a0) : : "$0", "$1", "$17", "$22", "$23", "$24", "$25", "memory");
}

static u64 pte_of(u32 pfn)
{
	return ((u64)pfn << 32) | PTE_VALID | PTE_KRE | PTE_KWE;
}

u32 paging_init(unsigned long vptb)
{
	u32 self = pt_index(vptb, 2);
	/* all three indices = self: the top table seen through itself */
	const u64 *seen = (const u64 *)(vptb | ((unsigned long)self << 23) | ((unsigned long)self << 13));
	u64 e = seen[self];

	if (!(e & PTE_VALID))
		return 0;
	top = __va((e >> 32) << PAGE_SHIFT);
	if (top[self] != e) { /* the KSEG view must show the same table */
		top = NULL;
		return 0;
	}
	return (u32)(e >> 32);
}

/* The next level's table under entry *e, made when missing. */
static u64 *next_table(u64 *e, u32 (*alloc_table)(void))
{
	if (!(*e & PTE_VALID)) {
		u32 pfn = alloc_table();

		if (!pfn)
			return NULL;
		*e = pte_of(pfn);
	}
	return __va((*e >> 32) << PAGE_SHIFT);
}

int vmap(unsigned long va, const u32 *pfns, u32 n, u32 (*alloc_table)(void))
{
	int rc = 0;

	if (!top)
		return -1;
	for (u32 i = 0; i < n; i++, va += PAGE_SIZE) {
		u64 *mid = next_table(&top[pt_index(va, 2)], alloc_table);
		u64 *last = mid ? next_table(&mid[pt_index(va, 1)], alloc_table) : NULL;

		if (!last) {
			rc = -1;
			break;
		}
		last[pt_index(va, 0)] = pte_of(pfns[i]);
	}
	__asm__ volatile("mb" ::: "memory");
	tbia();
	return rc;
}

void vunmap(unsigned long va, u32 n)
{
	for (u32 i = 0; top && i < n; i++, va += PAGE_SIZE) {
		u64 e = top[pt_index(va, 2)];

		if (!(e & PTE_VALID))
			continue;
		u64 *mid = __va((e >> 32) << PAGE_SHIFT);
		e = mid[pt_index(va, 1)];
		if (!(e & PTE_VALID))
			continue;
		((u64 *)__va((e >> 32) << PAGE_SHIFT))[pt_index(va, 0)] = 0;
	}
	__asm__ volatile("mb" ::: "memory");
	tbia();
}
