// SPDX-License-Identifier: MIT
/* arch/alpha/bench_arch.c - what the benchmarks ask of the Alpha code
 * (asm/timex.h, asm/benchmap.h, asm/fpu.h): the widened cycle clock, the
 * benchmark buffers' mappings with page tables from the allocator, and the
 * FPU enable. */
#include "arch/alpha/paging.h"
#include "kernel/string.h"
#include "mm/page_alloc.h"
#include <asm/benchmap.h>
#include <asm/fpu.h>
#include <asm/timex.h>

struct rpcc_clock alpha_cycle_clock; /* get_cycles()' running total */
bool alpha_fpu_enabled;

/* A page-table page: any page (no color wanted), zeroed through KSEG; its
 * pfn, or 0 when memory ran out. */
static u32 pt_alloc(void)
{
	struct page *p = alloc_page(GFP_KERNEL | __GFP_NOCOLOR);

	if (!p)
		return 0;
	memset(__va((unsigned long)page_to_pfn(p) << PAGE_SHIFT), 0, PAGE_SIZE);
	return page_to_pfn(p);
}

int bench_map_prepare(unsigned long va, unsigned long bytes)
{
	unsigned long a, end = va + bytes;
	u32 dummy = 0; /* pfn 0, mapped and removed at once: the tables stay */

	for (a = va & ~((unsigned long)BENCH_MAP_TABLE_SPAN - 1); a < end; a += (unsigned long)BENCH_MAP_TABLE_SPAN) {
		if (vmap(a, &dummy, 1, pt_alloc) < 0)
			return -1;
		vunmap(a, 1);
	}
	return 0;
}

int bench_map(unsigned long va, const u32 *pfns, u32 n)
{
	return vmap(va, pfns, n, pt_alloc);
}

void bench_unmap(unsigned long va, u32 n)
{
	vunmap(va, n);
}

void alpha_fpu_enable(void)
{
	register unsigned long a0 __asm__("$16") = 1;

	/* PAL wrfen (0x2b): floating-point enable from a0's bit 0 */
	__asm__ volatile("call_pal 0x2b" : "+r"(a0) : : "$0", "$1", "$22", "$23", "$24", "$25", "memory");
	alpha_fpu_enabled = true;
}
