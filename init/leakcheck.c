/* SPDX-License-Identifier: MIT */
/* init/leakcheck.c - see leakcheck.h. */
#include "init/leakcheck.h"
#include "kernel/printk.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/pcp.h"

static u32 free_before[MAX_NR_ZONES];

void leakcheck_baseline(void)
{
	u32 z;

	pcp_drain_all(); /* pages on per-CPU lists are not in the zones' counts */
	for (z = 0; z < MAX_NR_ZONES; z++)
		free_before[z] = contig_page_data.node_zones[z].free_pages;
}

u32 leakcheck_verify(void)
{
	u32 z, failures = 0;

	pcp_drain_all();
	for (z = 0; z < MAX_NR_ZONES; z++) {
		u32 now = contig_page_data.node_zones[z].free_pages;
		if (now != free_before[z]) {
			printk(
			    "leak check: FAIL zone %s: %u free pages before the self-tests, %u after the benchmarks\n",
			    zone_names[z], free_before[z], now);
			failures++;
		}
	}
	if (mm_check() < 0)
		failures++;
	else
		printk("mm_check: ok\n");
	return failures;
}
