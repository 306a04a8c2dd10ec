/* SPDX-License-Identifier: MIT */
/*
 * task_attr.h - per-task attribution of the cache simulator's counts: which
 * task made each access, and which task evicted which task's L2 lines.
 *
 * The guest says which task runs by a store at TA_MARK_BASE + 4 * id (id
 * 0..TA_TASKS-1; 0 is the kernel: the boot task and interrupt handlers),
 * the page after the phase markers' (bench/interfere.h). Every access until
 * the next task marker is that task's. Per phase and task it counts:
 *   accesses, l2_accesses (L1 misses), l2_misses;
 *   evicted_by_task    lines of this task that another task (not the kernel)
 *                      evicted from L2, counted when the task had used the
 *                      line in the same phase (its working set there, not
 *                      kernel data it touched before) and no other task used
 *                      in that phase: inter-task evictions;
 *   evicted_shared     evictions of lines several tasks used in the phase
 *                      (what the CPU reads at every interrupt, such as the
 *                      IDT and GDT entries: the interrupted task's, before
 *                      any code can say so), counted for the last user;
 *   evicted_by_kernel  the same, evicted by the kernel (task 0);
 *   conflict_task      L2 misses of this task on a line another task had
 *                      evicted: inter-task conflict misses, measured, not
 *                      inferred; conflict_kernel: the same for the kernel.
 * A line belongs to the task that last used it (in L1 or L2); a line used
 * by several tasks in a phase is shared. Lines at physical addresses beyond the
 * tracked range (maxphys, or 1 GiB) are counted in `untracked` and not
 * attributed. Pure C (the plugin and test_task_attr.c use it); not
 * thread-safe (the plugin serialises).
 */
#ifndef CACHESIM_TASK_ATTR_H
#define CACHESIM_TASK_ATTR_H

#include "cache_model.h"

#include <stdbool.h>
#include <stdint.h>

#define TA_MARK_BASE 0xFF401000u
#define TA_MARK_PAGE 4096u
#define TA_TASKS     16u
#define TA_SHARED                                                              \
	0x80u /* owner flag: several tasks used the line in its phase */

struct ta_stats {
	uint64_t accesses, l2_accesses, l2_misses;
	uint64_t evicted_by_task, evicted_by_kernel, evicted_shared;
	uint64_t conflict_task, conflict_kernel;
};

struct ta_state {
	unsigned nphases, line_shift;
	unsigned cur;	 /* the running task */
	bool used;	 /* a task marker was seen: attribute and report */
	uint64_t nlines; /* tracked lines */
	uint8_t *
		owner; /* per line: its last user's task + 1 (0 = none), | TA_SHARED */
	uint8_t *
		evictor; /* per line not in L2: the task + 1 that evicted it, 0 = none */
	uint16_t *
		phase_of; /* per line: the phase in which its owner last used it */
	struct ta_stats *st; /* [phase * TA_TASKS + task] */
	uint64_t bad_markers, untracked;
	uint64_t track_bytes;
};

/* Prepares s for nphases phases, lines of 2^line_shift bytes, tracking
 * physical addresses below track_bytes (0: 1 GiB). Allocates nothing until
 * the first task marker. Returns 0. */
int ta_init(struct ta_state *s, unsigned nphases, unsigned line_shift,
	    uint64_t track_bytes);
/* A guest access at offset off of the task marker page. Returns -1 when
 * memory for the tracking arrays could not be had (attribution then off). */
int ta_marker(struct ta_state *s, bool is_store, uint64_t off);
/* One access at pa in phase with its outcome; victim_line: the L2 line
 * the access evicted (cm_cache.victim; only looked at on CM_L2_MISS). */
void ta_access(struct ta_state *s, unsigned phase, uint64_t pa,
	       enum cm_outcome out, uint64_t victim_line);
/* The counters of (phase, task). */
static inline const struct ta_stats *ta_get(const struct ta_state *s,
					    unsigned phase, unsigned task)
{
	return &s->st[(uint64_t)phase * TA_TASKS + task];
}
/* Writes one line per (phase, task) with accesses, ascending, then a
 * summary line, through emit (nothing when no task marker was seen):
 *   cachesim task=T phase=P accesses=N l2_accesses=N l2_misses=N
 *     evicted_by_task=N evicted_by_kernel=N evicted_shared=N conflict_task=N
 *     conflict_kernel=N
 *   cachesim tasks bad_markers=N untracked=N */
void ta_report(const struct ta_state *s,
	       void (*emit)(void *ctx, const char *line), void *ctx);
void ta_free(struct ta_state *s);

#endif
