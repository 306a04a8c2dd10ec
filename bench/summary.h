/* SPDX-License-Identifier: MIT */
/* bench/summary.h - the closing summary: one screen (80x25) that says what
 * coloring did, for people; the @result and @ratio records stay for
 * machines.
 *
 *   summary: time colored / uncolored, median ratio [95% interval], 5+5 runs
 *   ws       stride seq             stride rand            FFT
 *   4 KiB    1.00 [0.97-1.03] ~     0.99 [0.96-1.04] ~
 *   16 KiB   0.98 [0.95-1.00] ~     1.02 [0.98-1.05] ~     0.97 [0.93-1.02] ~
 *   ...
 *   < 1: colored runs faster; ~: the interval includes 1 (no difference shown)
 *   verdict: colored faster at 2 of 24 points, slower at 0, no difference at 22
 *   note: ... (under a hypervisor other than QEMU's TCG: cycles include its work)
 *
 * Under QEMU's TCG (signature TCGTCGTCGTCG) cycle counts are emulator time:
 * the title says so and a note replaces the verdict (with cachesim=on, that
 * the cache model's figures follow when QEMU exits: tools/cachesim/
 * summary.py; else that make run's cache model shows the effect).
 *
 * One row per working set in bytes (a power of two from 4 KiB: at most
 * SUMMARY_ROWS rows), columns stride seq, stride rand and FFT (the FFT's
 * working set is its data, 16 bytes per point). The interval is
 * bench/ratio_ci.h's. Every line is at most WRAP_SCREEN_COLS columns. */
#ifndef BENCH_SUMMARY_H
#define BENCH_SUMMARY_H

#include "bench/workload.h"

#define SUMMARY_ROWS 22 /* 4 KiB .. 8 GiB: more than bench_max allows */
#define SUMMARY_COLS 3	/* stride seq, stride rand, fft */

/* Keeps the run values of a stride or FFT point (other benchmarks, points
 * without a completed run and working sets that are not a power of two of
 * at least 4 KiB are ignored). A point seen again in the same mode (a
 * second policy block) replaces the first. */
void bench_summary_add(const struct bench_point *pt);
/* Forgets every point (host tests). */
void bench_summary_reset(void);

/* Prints the summary of the points added so far. cfg: the run's
 * configuration (runs per point for the title; with bench_policies= given,
 * one line pointing to the per-policy records instead of a table, since
 * there is no one colored/uncolored pair; cfg->phase_marks: under the cache
 * model). hypervisor: NULL on bare metal, else the hypervisor's signature
 * ("" when unknown), named in words (arch/x86/hv_name.h): under TCG no
 * verdict, only the note why; under another, the verdict and a note.
 * framebuffer: the screen is a framebuffer, so a line says whether the QR
 * code (bench_summary_show_qr) follows. Prints
 * nothing when no stride or FFT point was added. Returns the number of
 * lines printed. */
u32 bench_summary_print(const struct bench_config *cfg, const char *hypervisor, bool framebuffer);

/* The summary as a QR code (kernel/qr.h) at the top right of the
 * framebuffer: one line per working set with the three ratios (a '~' when
 * the interval includes 1, '?' when there is none) and the verdict, at most
 * QR_MAX_BYTES = 520 bytes (the intervals themselves do not fit). Call it
 * after the last line of the log (later text may scroll over the code).
 * Returns the bytes encoded, 0 when there is nothing to show, -1 when there
 * is no framebuffer or no room (bench/summary_qr.c). */
int bench_summary_show_qr(void);
/* The text the QR code carries ("" before bench_summary_print), and
 * whether it fits one (bench/summary_qr.c draws it). */
const char *bench_summary_qr_text(void);
bool bench_summary_qr_fits(void);

/* Counts of the last bench_summary_print: points with both modes, and of
 * them those whose interval lies below 1 (colored faster), above 1
 * (slower), or includes 1 or has none. */
struct bench_summary_counts {
	u32 points, faster, slower, same;
	u32 few_runs; /* of same: no interval (fewer than 4 + 4 runs) */
};
extern struct bench_summary_counts bench_summary_last;

#endif
