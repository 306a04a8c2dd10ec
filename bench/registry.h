/* SPDX-License-Identifier: MIT */
/* bench/registry.h - the benchmarks bench= knows: one line each, in the
 * order the driver runs them. Adding a benchmark is its own file, defining
 *   u32 bench_<name>(const struct bench_config *cfg)
 * (0 or a failure count; the file includes this header), and one BENCH_RUN
 * line here: this header then declares the function, bench.h gives it
 * enum bench_which's
 * BENCH_<ID>, bench_names[] its name for bench= (and `help`), and
 * bench_run() runs it when selected.
 *   BENCH_RUN(ID, name, bit)    a benchmark: bench_<name>()
 *   BENCH_SELECT(ID, name, bit) a name that selects others ("all": stride
 *                               and fft, bench_expand(); "none": nothing)
 * bit: the benchmark's bit in a bench= mask and its place in bench_names
 * (the values in use stay as they are: the next free one is BENCH_NR's).
 * The compiler checks them: a repeated or skipped bit does not build. */
#ifndef BENCH_REGISTRY_H
#define BENCH_REGISTRY_H

#include "kernel/types.h"

/* clang-format off */
#define BENCH_REGISTRY(BENCH_RUN, BENCH_SELECT) BENCH_REGISTRY_ARCH(BENCH_RUN, BENCH_RUN, BENCH_SELECT)
/* The same list with the x86-only benchmarks told apart (BENCH_RUN_X86):
 * those that build only on x86 for now. Every architecture builds stride,
 * fft, triad, sparse and reuse: they take the cycle counter, the buffers'
 * mappings and the FPU from <asm/timex.h>, <asm/benchmap.h> and
 * <asm/fpu.h>; and frag (mobility grouping's churn and high-order
 * attempts: the cycle counter from <asm/timex.h>, the pages' contents
 * through <asm/page.h>'s direct map); and pcp (the per-CPU hot/cold
 * lists, on as many CPUs as are online: on Alpha's one CPU the 2- and
 * 4-CPU runs are skipped and said, as on x86 with smp=1; smp_call_all from
 * <asm/smp.h>, get_cycles_relaxed from <asm/timex.h>); and readahead (the
 * cache model's DMA window page, DMA_MARK_BASE of the arch's arch.h,
 * mapped by <asm/benchmap.h>; interrupts masked around the fill by
 * <asm/irqflags.h>); and probe (the cache model's end-to-end check: its
 * marked load loop is <asm/probe_loop.h>'s asm). The others use what only
 * the x86 code has today: copy the x86 copy strategies (rep movs, SSE,
 * non-temporal stores); interfere the PIT timer and time slices; smpstress
 * and smptask other CPUs (SMP) and the scheduler's preemption (smpstress
 * is in bench/pcp.c and builds on Alpha, but is not run there). An Alpha kernel rejects them by name on the command line
 * (init/alpha/main.c). */
#define BENCH_REGISTRY_ARCH(BENCH_RUN, BENCH_RUN_X86, BENCH_SELECT) \
	BENCH_SELECT(ALL, all, 0) \
	BENCH_RUN(STRIDE, stride, 2) \
	BENCH_RUN(FFT, fft, 1) \
	BENCH_SELECT(NONE, none, 3) \
	BENCH_RUN(PROBE, probe, 4) \
	BENCH_RUN(TRIAD, triad, 5) \
	BENCH_RUN(SPARSE, sparse, 6) \
	BENCH_RUN(REUSE, reuse, 7) \
	BENCH_RUN(FRAG, frag, 8) \
	BENCH_RUN_X86(COPY, copy, 9) \
	BENCH_RUN_X86(INTERFERE, interfere, 10) \
	BENCH_RUN(PCP, pcp, 11) \
	BENCH_RUN_X86(SMPSTRESS, smpstress, 12) \
	BENCH_RUN(READAHEAD, readahead, 13) \
	BENCH_RUN_X86(SMPTASK, smptask, 14) \
	/* the end of the list */
/* clang-format on */

/* Bit mask of the benchmarks every architecture builds (stride, fft). */
#define BENCH_PORTABLE_BIT_(ID, name, bit) | (1u << (bit))
#define BENCH_PORTABLE_NO_(ID, name, bit)
#define BENCH_PORTABLE_MASK (0u BENCH_REGISTRY_ARCH(BENCH_PORTABLE_BIT_, BENCH_PORTABLE_NO_, BENCH_PORTABLE_NO_))

/* The benchmarks' functions. Each returns 0 or a failure count (a run that
 * could not get its pages, a wrong result, an mm_check() failure). A
 * benchmark's file includes this header, so that the compiler checks its
 * definition against this declaration. */
struct bench_config;
#define BENCH_FN_(ID, name, bit) u32 bench_##name(const struct bench_config *cfg);
#define BENCH_NO_FN_(ID, name, bit)
BENCH_REGISTRY(BENCH_FN_, BENCH_NO_FN_)
#undef BENCH_FN_
#undef BENCH_NO_FN_

#endif
