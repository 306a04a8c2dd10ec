/* SPDX-License-Identifier: MIT */
/* bench/policy_switch.h - the benchmarks' one door to page placement.
 *
 * The benchmark driver compares placement policies side by side in one boot
 * (bench_policies=), and the benchmarks switch coloring on and off between
 * runs. Everything in bench/ that needs to know or change the policy goes
 * through these few functions, a thin adapter (bench/policy_switch.c) over
 * the placement interface (mm/placement/registry.h): the registry's
 * policies are selected by name there, the virtual
 * address hint of bench_alloc_page_va() reaches the policies that color by
 * virtual address (vacolor), and "colored" is what the policy says of
 * itself. */
#ifndef BENCH_POLICY_SWITCH_H
#define BENCH_POLICY_SWITCH_H

#include "kernel/types.h"

struct page;

/* The policies the driver runs under bench_policies= are the placement
 * registry's (mm/placement/registry.h), in id order: bit i of the mask
 * selects placement_choices[i]. */

/* Makes `name` the placement policy of the following allocations (the free
 * lists are rearranged as the policy needs; call it with no benchmark
 * buffer allocated). Returns 0, or -1 when this kernel has no such policy
 * (a message naming it is printed; the policy in force stays). */
int bench_policy_select(const char *name);

/* The name of the policy in force, one of placement_choices. */
const char *bench_policy_name(void);

/* True when the policy in force colors pages (every policy but "buddy" and
 * "random"): what the result lines call color=on. */
bool bench_policy_colored(void);

/* True when each run should start from freshly shuffled free lists, "as on a
 * busy system" (what stride and FFT do with coloring off): when the policy
 * in force colors no pages (buddy, random). */
bool bench_policy_fresh_placement(void);

/* The bench_modes value (BENCH_MODES_ON or _OFF) under which stride and FFT,
 * which switch coloring themselves through bench_set_coloring(), keep the
 * policy in force. */
u32 bench_policy_modes(void);

/* The current task's placement counters since it started: allocations
 * that got the color the policy aimed at (*hits) and those that had to take
 * another (*misses); both 0 under a policy that aims at no color. */
void bench_policy_task_counts(u32 *hits, u32 *misses);

/* One order-0 page for a buffer the caller will map at virtual address
 * vaddr (page aligned), allocated by the current task as a page fault would
 * (GFP_HIGHUSER). A policy that colors by virtual address (vacolor) uses
 * vaddr; the others ignore it. Returns the page, or NULL when memory ran out. */
struct page *bench_alloc_page_va(u32 vaddr);

/* While held (the driver's bench_policies= loop), bench_set_coloring()
 * leaves the policy in force alone. */
void bench_policy_hold(bool held);

/* The coloring pair of the runs that follow (bench_modes=: color=on and
 * color=off per point): off is buddy; on is the policy in force now when it
 * colors (placement=vacolor at boot: vacolor against buddy), else binhop
 * (the 2.4.17 patch's, as page_color=on). Prints one "bench:" line naming
 * the policies of the modes that will run (modes: enum bench_modes, the
 * bench_modes= value). Called by the driver before the benchmarks; until
 * then the pair is binhop and buddy. */
void bench_policy_pair_from_active(u32 modes);

/* Switches page coloring for the next runs: on = the pair's colored policy
 * (bench_policy_pair_from_active), off = placement buddy; does nothing
 * while the driver holds a policy (bench_policy_hold). */
void bench_set_coloring(bool on);

#endif
