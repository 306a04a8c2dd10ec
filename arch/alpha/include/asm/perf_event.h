/* SPDX-License-Identifier: MIT */
/* asm/perf_event.h (Alpha) - hardware counters around benchmark runs: none
 * yet. The 21264 has two performance counters, but QEMU does not emulate
 * them, so the benchmarks report no @pmu records on Alpha; the cache
 * model (tools/cachesim) is where cache behaviour is counted. The same
 * interface as x86's arch/x86/perfmon.h, doing nothing. */
#ifndef ASM_ALPHA_PERF_EVENT_H
#define ASM_ALPHA_PERF_EVENT_H

#include "kernel/types.h"

#define PERFMON_EVENTS 3 /* [0] cache references, [1] cache misses, [2] cycles */

/* False: no counters are read on Alpha. */
static inline bool perfmon_available(void)
{
	return false;
}

static inline void perfmon_run_begin(void) {}

static inline void perfmon_run_end(void) {}

/* No runs were counted: 0. */
static inline u32 perfmon_take_runs(u64 (*v)[PERFMON_EVENTS], u32 max)
{
	(void)v;
	(void)max;
	return 0;
}

static inline const char *perfmon_event_name(u32 i)
{
	(void)i;
	return "";
}

#endif
