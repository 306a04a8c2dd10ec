/* SPDX-License-Identifier: MIT */
/*
 * split_count.h - what the copy alignment study (bench=copy) needs from the
 * simulator beyond hits and misses: per phase, the accesses that span two
 * cache lines (split accesses), the second line they touch, and the sizes
 * of the accesses TCG reports.
 *
 * TCG reports each guest access with its size (1, 2, 4, 8 or 16 bytes; an
 * SSE 16-byte load or store arrives as two 8-byte accesses, rep movs as one
 * access per element). cachesim.c counts an access that straddles a line
 * boundary as ONE access to the line of its first byte; this file adds, for
 * each such split access, an access to the second line through the same
 * model (so the line is filled, as the CPU would fill it) and counts its
 * outcome separately: the plugin's existing per-phase counts stay exactly
 * what they were. Split accesses never happen in the stride, FFT and probe
 * benchmarks (aligned accesses), whose counts are unchanged.
 *
 * Report, one line per phase with at least one access (after the phase
 * lines):
 *   cachesim split phase=ID split_loads=N split_stores=N second_l1_hits=N
 *     second_l2_hits=N second_l2_misses=N size1=N size2=N size4=N size8=N
 *     size16=N
 * Modelled cycles with a split penalty are computed by the reader
 * (tools/cachesim/copy_report.py documents the penalty).
 */
#ifndef CACHESIM_SPLIT_COUNT_H
#define CACHESIM_SPLIT_COUNT_H

#include <stdbool.h>
#include <stdint.h>

#include "cache_model.h"

struct split_stats {
	uint64_t split_loads, split_stores;
	uint64_t second[3]; /* outcome of the second line, by enum cm_outcome */
};

extern struct split_stats *split_stats_of; /* [phase], split_count_init */
extern unsigned split_nstats;

/* Accounts one access of 2^size_shift bytes at physical address pa (already
 * counted by the caller on its first line, and its size too) in phase
 * `phase` (< nphases given to split_count_init): when it spans two lines of
 * `line` bytes, the split and the second line's access through model h.
 * Inline: the plugin calls it for every access (an access within one line
 * costs one compare). */
static inline __attribute__((always_inline)) void
split_count_access(unsigned phase, uint64_t pa, unsigned size_shift,
		   bool is_store, struct cm_hier *h, uint32_t line)
{
	struct split_stats *s;

	if ((pa & (line - 1)) + (1u << size_shift) <= line ||
	    phase >= split_nstats)
		return;
	s = &split_stats_of[phase];
	if (is_store)
		s->split_stores++;
	else
		s->split_loads++;
	s->second[cm_hier_access(h, (pa | (line - 1)) + 1)]++;
}

/* Allocates the per-phase counters; 0, or -1 when out of memory. */
int split_count_init(unsigned nphases);

/* Formats the report line of phase p into buf[size], with size[5] the
 * phase's accesses of 1, 2, 4, 8 and 16 bytes (more than 16 counted as 16;
 * the caller counts them); returns false (buf untouched) when the phase had
 * no access. */
bool split_count_line(unsigned p, const uint64_t size[5], char *buf,
		      unsigned long size_of_buf);

#endif
