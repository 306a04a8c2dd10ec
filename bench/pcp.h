/* SPDX-License-Identifier: MIT */
/* bench/pcp.h - benchmarks of the per-CPU page lists and of the allocator
 * on several CPUs at once (opt-in: bench=pcp, bench=smpstress; neither is
 * part of bench=all). */
#ifndef BENCH_PCP_H
#define BENCH_PCP_H

#include "bench/workload.h"

/* bench=pcp: on 1, 2 and 4 CPUs at once (as many as are online), with the
 * per-CPU lists off and on (placement=buddy) and on under binhop (colored
 * requests bypass the lists), every CPU runs rounds of "allocate 64 order-0
 * pages, free them" (bench_runs x 8 rounds). Prints per configuration
 *   @result bench=pcp cpus=N pcp=on|off policy=P batch=B ops=... cycles_per_op=X
 *           ops_per_ms=X lock_per_page=X contended=N spins_per_op=X
 * where lock_per_page counts zone lock acquisitions per page operation
 * (allocation or free): 1 without the lists, about 1/batch with them.
 * Then a side-by-side summary. Spins measure the emulator as much as the
 * lock when QEMU runs more vCPUs than the host has cores. Restores the
 * lists' setting and the policy. Returns failures (a run that lost pages,
 * an mm_check failure). */
u32 bench_pcp(const struct bench_config *cfg);

/* bench=smpstress: every online CPU allocates and frees random orders
 * (0..5, mostly 0; hot and cold frees) for cfg->stress_ms under
 * placement=buddy with the lists on, then as long again under binhop; then
 * mm_check, and the free pages of every zone must equal those before
 * exactly (after draining the lists). Prints "@result bench=smpstress ...
 * leak=0 mm_check=ok". Returns failures. */
u32 bench_smpstress(const struct bench_config *cfg);

#endif
