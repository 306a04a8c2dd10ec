/* SPDX-License-Identifier: MIT */
/* bench/policy_switch.c - the benchmarks' policy adapter over the placement
 * interface (mm/placement/registry.h; see policy_switch.h). */
#include "bench/workload.h"
#include "bench/policy_switch.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "kernel/task.h"
#include "mm/page_alloc.h"
#include "mm/placement/registry.h"

int bench_policy_select(const char *name)
{
	return placement_select(name); /* prints the accepted names when unknown */
}

const char *bench_policy_name(void)
{
	return placement_name();
}

bool bench_policy_colored(void)
{
	return placement_active->colors;
}

bool bench_policy_fresh_placement(void)
{
	return !placement_active->colors;
}

u32 bench_policy_modes(void)
{
	return placement_active->colors ? BENCH_MODES_ON : BENCH_MODES_OFF;
}

struct page *bench_alloc_page_va(u32 vaddr)
{
	return alloc_pages_va(GFP_HIGHUSER, 0, vaddr);
}

void bench_policy_task_counts(u32 *hits, u32 *misses)
{
	placement_task_stats(current, hits, misses);
}

/* Set while bench_run holds a policy for bench_policies=: the benchmarks'
 * own coloring switch (on = binhop, off = buddy) then keeps that policy. */
static bool policy_held;

void bench_policy_hold(bool held)
{
	policy_held = held;
}

/* The colored policy of bench_set_coloring(true). */
static u32 colored_id = PLACEMENT_BINHOP;

void bench_policy_pair_from_active(u32 modes)
{
	colored_id = placement_active->colors ? placement_active_id : PLACEMENT_BINHOP;
	if (modes == BENCH_MODES_OFF)
		printk("bench: color=off runs only, under buddy\n");
	else if (modes == BENCH_MODES_ON)
		printk("bench: color=on runs only, under placement %s\n", placement_choices[colored_id]);
	else
		printk("bench: color=on runs under placement %s, color=off runs under buddy%s\n",
		       placement_choices[colored_id],
		       placement_active->colors ? "" : " (the policy in force colors no pages)");
}

void bench_set_coloring(bool on)
{
	if (policy_held)
		return;
	placement_select_id(on ? colored_id : PLACEMENT_BUDDY);
}
