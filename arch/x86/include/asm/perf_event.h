/* SPDX-License-Identifier: MIT */
/* asm/perf_event.h (x86) - the hardware counters around every benchmark
 * run: the architectural performance counters (arch/x86/perfmon.h). */
#ifndef ASM_X86_PERF_EVENT_H
#define ASM_X86_PERF_EVENT_H

#include "arch/x86/perfmon.h"

#endif
