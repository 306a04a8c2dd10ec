/* SPDX-License-Identifier: MIT */
/*
 * cache_model.h - set-associative, physically indexed cache with true LRU
 * replacement, and a two-level (optional L1 filter + L2) hierarchy.
 *
 * Pure C, no QEMU dependency: the QEMU plugin (cachesim.c) and the unit
 * tests (test_cache_model.c) both use it.
 *
 * Model: an address is split into line = addr >> log2(line_size) and
 * set = line & (sets - 1); the whole line number is the tag. Every access
 * (load or store) allocates on miss (write-allocate); dirtiness and
 * write-backs are not modelled, nor prefetching. A hit moves the line to
 * most-recently-used; a miss fills the least-recently-used way (an invalid
 * way first). Nothing is thread-safe: callers serialise.
 *
 * Two implementations of a set, chosen at init, same results: ways <=
 * CM_SMALL_WAYS keeps each set's tags in MRU-first order and moves the hit
 * to the front (fast for direct-mapped .. 32-way); more ways (up to fully
 * associative) use a hash of line -> frame plus a per-set LRU list, O(1).
 */
#ifndef CACHESIM_CACHE_MODEL_H
#define CACHESIM_CACHE_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#define CM_SMALL_WAYS 32

struct cm_config {
	uint64_t size; /* capacity in bytes */
	uint32_t ways; /* 1 = direct-mapped; size / line = fully associative */
	uint32_t line; /* line size in bytes */
};

struct cm_cache {
	struct cm_config cfg;
	unsigned line_shift;
	uint64_t set_mask; /* sets - 1 */
	uint64_t nsets;
	bool large; /* hash + list implementation */
	/* small: tags[set * ways + i], MRU first, CM_INVALID when empty */
	uint64_t *tags;
	/* large: per frame prev/next in its set's LRU list, hash chain */
	uint32_t *prev, *next, *chain;
	uint32_t *head, *tail; /* per set: MRU and LRU frame */
	uint32_t *bucket;     /* hash of line -> first frame, CM_NONE if none */
	uint64_t bucket_mask; /* buckets - 1 (a power of two >= 2 * frames) */
	unsigned bucket_shift; /* 64 - log2(buckets) */
	uint64_t hits, misses;
	/* line number (paddr >> log2(line)) that the last miss evicted, or
	 * CM_NO_VICTIM when it filled an empty way (task attribution) */
	uint64_t victim;
};

#define CM_NO_VICTIM UINT64_MAX

enum cm_outcome {
	CM_L1_HIT = 0,	/* hit in L1; L2 not consulted */
	CM_L2_HIT = 1,	/* missed L1 (or no L1), hit L2 */
	CM_L2_MISS = 2, /* missed everything: memory */
};

struct cm_hier {
	bool has_l1;
	struct cm_cache l1, l2;
};

/*
 * cm_check_config - is cfg a valid geometry?
 * Valid: line a power of two in 1..65536; ways >= 1; size a multiple of
 * ways * line whose quotient (the number of sets) is a power of two; at
 * most 2^26 lines in all. Returns NULL if valid, else a static message
 * saying what is wrong.
 */
const char *cm_check_config(const struct cm_config *cfg);

/*
 * cm_init - make c an empty (all invalid) cache of geometry cfg, counters 0.
 * Returns 0, or -1 with *err (if err != NULL) set to a static message when
 * cfg is invalid (see cm_check_config) or memory runs out; then c holds
 * nothing to free. force_large selects the hash + list implementation
 * whatever the number of ways (for tests); pass false normally.
 */
int cm_init(struct cm_cache *c, const struct cm_config *cfg, bool force_large,
	    const char **err);

/* cm_free - release what cm_init allocated; c may then be cm_init'ed again. */
void cm_free(struct cm_cache *c);

/* The hash + list implementation's access to line number `line`; true on a
 * hit (cm_access below is the interface). */
bool cm_large_access(struct cm_cache *c, uint64_t line);

/*
 * cm_small_access - the MRU-first array's access to line number `line`
 * (ways <= CM_SMALL_WAYS): true on a hit. The hit (or the new line) goes to
 * the front and the entries before it move back one, in the same pass as
 * the search; a miss drops the last (LRU) entry into c->victim. Inline: the
 * plugin calls it for every guest access (an L1 hit in the MRU way is one
 * compare).
 */
static inline __attribute__((always_inline)) bool
cm_small_access(struct cm_cache *c, uint64_t line)
{
	uint32_t ways = c->cfg.ways;
	uint64_t *set = c->tags + (line & c->set_mask) * ways;
	uint64_t prev = set[0];

	if (prev == line)
		return true;
	for (uint32_t i = 1; i < ways; i++) {
		uint64_t t = set[i];

		set[i] = prev;
		if (t == line) {
			set[0] = line;
			return true;
		}
		prev = t;
	}
	c->victim =
		prev; /* the former LRU entry, CM_INVALID if the way was empty */
	set[0] = line;
	return false;
}

/*
 * cm_access - one access to physical address paddr (any byte in the line).
 * Updates LRU state and c->hits / c->misses. Returns true on a hit.
 */
static inline __attribute__((always_inline)) bool cm_access(struct cm_cache *c,
							    uint64_t paddr)
{
	uint64_t line = paddr >> c->line_shift;
	bool hit =
		c->large ? cm_large_access(c, line) : cm_small_access(c, line);

	if (hit)
		c->hits++;
	else
		c->misses++;
	return hit;
}

/* cm_invalidate - empty the cache (as after WBINVD); counters are kept. */
void cm_invalidate(struct cm_cache *c);

/*
 * cm_drop - removes paddr's line from c if c holds it (a device's write to
 * memory invalidating the line: the DMA stores of the plugin's dma marker,
 * another vCPU's store): its way becomes empty and the least recently used,
 * so the next fill of the set takes it; the other lines keep their order.
 * Counters are not changed. Returns true if the line was there.
 */
bool cm_drop(struct cm_cache *c, uint64_t paddr);

/*
 * cm_hier_init - L2 of geometry l2; L1 of geometry l1 in front of it, or no
 * L1 when l1 == NULL or l1->size == 0. Errors as cm_init (nothing to free).
 */
int cm_hier_init(struct cm_hier *h, const struct cm_config *l1,
		 const struct cm_config *l2, const char **err);

/* cm_hier_free - release both levels. */
void cm_hier_free(struct cm_hier *h);

/*
 * cm_hier_access - one access: L1 first; only an L1 miss goes to L2.
 * Without L1, every access goes to L2 (never returns CM_L1_HIT).
 */
static inline __attribute__((always_inline)) enum cm_outcome
cm_hier_access(struct cm_hier *h, uint64_t paddr)
{
	if (h->has_l1 && cm_access(&h->l1, paddr))
		return CM_L1_HIT;
	return cm_access(&h->l2, paddr) ? CM_L2_HIT : CM_L2_MISS;
}

/* cm_hier_invalidate - empty both levels; counters are kept. */
void cm_hier_invalidate(struct cm_hier *h);

/* cm_hier_drop - cm_drop at both levels; true if either held the line. */
bool cm_hier_drop(struct cm_hier *h, uint64_t paddr);

#endif
