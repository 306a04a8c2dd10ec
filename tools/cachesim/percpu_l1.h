/* SPDX-License-Identifier: MIT */
/*
 * percpu_l1.h - private L1 caches per vCPU in front of one shared L2, for
 * guests with several CPUs (the per-CPU page lists of the 2.5.40-mm1
 * thread, linux-mm, October 2002, are about which CPU's cache a page is
 * in). Each vCPU's accesses go to its own L1; an L1 miss goes to the shared
 * L2. A store also drops the line from the other vCPUs' L1s (write
 * invalidate, as MESI does on a write to a shared line; no coherence
 * latency is modelled). Pure C over cache_model.h; the plugin serialises
 * calls (one mutex), so the model itself needs no locking.
 */
#ifndef CACHESIM_PERCPU_L1_H
#define CACHESIM_PERCPU_L1_H

#include "cache_model.h"

#define CM_PERCPU_MAX 8 /* vCPUs with their own L1; others share the last */

struct cm_percpu {
	unsigned ncpus;
	struct cm_cache l1[CM_PERCPU_MAX];
	struct cm_cache l2;
	uint64_t invalidations; /* L1 lines dropped by other vCPUs' stores */
};

/* ncpus L1s of geometry l1 (ncpus cut to 1..CM_PERCPU_MAX) and an L2 of
 * geometry l2. Returns 0, or -1 with *err set (nothing left to free). */
int cm_percpu_init(struct cm_percpu *p, unsigned ncpus,
		   const struct cm_config *l1, const struct cm_config *l2,
		   const char **err);
void cm_percpu_free(struct cm_percpu *p);
/* One access by vCPU cpu (>= ncpus counts as the last): its L1, then L2. */
enum cm_outcome cm_percpu_access(struct cm_percpu *p, unsigned cpu,
				 uint64_t paddr, bool is_store);
/* Empty every level; counters kept. */
void cm_percpu_invalidate(struct cm_percpu *p);
/* Drops paddr's line from every L1 and the L2 (cm_drop; a DMA store);
 * true if any held it. */
bool cm_percpu_drop(struct cm_percpu *p, uint64_t paddr);

#endif
