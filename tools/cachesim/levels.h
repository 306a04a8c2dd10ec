/* SPDX-License-Identifier: MIT */
/*
 * levels.h - an N-level cache hierarchy model: per level size, ways (any
 * number), line size, latency, replacement (LRU, tree-PLRU, random, SRRIP),
 * its relation to the level above (non-inclusive, inclusive, exclusive),
 * optional slices (2/4/8, selected by low bits or by a linear XOR hash) and
 * an optional 3C classification of its misses. Pure C, no QEMU dependency:
 * the plugin (cachesim.c, argument levels=), the trace replayer (replay.c)
 * and the unit tests (test_cache_model.c) use it. tools/cachesim/refmodel.py
 * is an independent model of the same rules; README.md states them.
 *
 * The rules (the contract both models follow):
 * - An access probes level 0, 1, ... until one holds the line (a hit there,
 *   a miss at every level before it). A hit promotes the line (policy
 *   below); at an exclusive level the line is removed instead (it moves up).
 * - Then the line is filled into every level above the one that hit (or
 *   every level, on a miss everywhere), lowest level first, except the
 *   exclusive levels: they receive only the victims of the level above.
 * - A fill takes the lowest-numbered invalid way of the set, else the
 *   policy's victim. The displaced line (an eviction at that level) is then
 *   (a) if the level is inclusive, removed from every level above it (each
 *   removal counts as an inclusion victim, `inval`, at the level that lost
 *   the line), then (b) if the next level is exclusive, filled into it
 *   (which may displace a line in turn). A fill of a line already present
 *   changes nothing.
 * - Policies: LRU (the least recently hit or filled way); tree-PLRU
 *   (power-of-two ways: a binary tree of ways-1 bits, each access points
 *   every node on its way's path away from it, the victim follows the bits;
 *   bit 0 = left/lower half); random (xorshift32, Marsaglia 2003: x ^= x<<13,
 *   x ^= x>>17, x ^= x<<5, state = seed; victim = next value % ways, drawn
 *   only when the set is full; one generator per level); SRRIP (Jaleel et
 *   al., "High Performance Cache Replacement Using Re-Reference Interval
 *   Prediction (RRIP)", ISCA 2010: 2-bit RRPV, fill at 2, hit to 0, victim
 *   the lowest way at 3, else all ways +1 and look again).
 * - Set = line & (sets per slice - 1); slice (2/4/8 slices): `none` takes
 *   the bits of the line number above the set index; a hash takes bit k of
 *   the slice number as the parity of (physical address & mask[k]).
 * - 3C (classify): each level has a fully associative LRU cache of its
 *   capacity fed every probe of that level; compulsory = first probe of the
 *   line at that level, capacity = reference misses - compulsory, conflict =
 *   level misses - reference misses (signed).
 * Nothing is thread-safe: callers serialise.
 */
#ifndef CACHESIM_LEVELS_H
#define CACHESIM_LEVELS_H

#include "cache_model.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ML_MAX_LEVELS 6
#define ML_MAX_WAYS   1024
#define ML_MAX_SLICES 8

enum ml_policy { ML_LRU, ML_PLRU, ML_RANDOM, ML_SRRIP };
/* a level's relation to the level above it (level 0: always ML_NINE) */
enum ml_incl { ML_NINE, ML_INCL, ML_EXCL };

struct ml_level_cfg {
	char name[8];
	uint64_t size; /* bytes, all slices together */
	uint32_t ways, line;
	uint64_t lat; /* cycles of a hit at this level */
	enum ml_policy policy;
	enum ml_incl incl;
	unsigned slices; /* 1, 2, 4 or 8 */
	bool hashed;	 /* slice by parity of paddr & mask[k] */
	uint64_t mask[3];
	uint32_t seed; /* random: xorshift32 state, nonzero */
};

struct ml_config {
	unsigned n;
	struct ml_level_cfg lv[ML_MAX_LEVELS];
};

/* Per-level counters, cumulative since ml_init. */
struct ml_counts {
	uint64_t hits, misses;
	uint64_t evictions; /* valid lines displaced by a fill */
	uint64_t inval; /* lines lost to a lower inclusive level's eviction */
	uint64_t compulsory, ref_misses; /* with classify only */
};

/* An open-addressing set of line numbers (the lines a level has seen). */
struct ml_lineset {
	uint64_t *slot; /* line + 1; 0 = empty */
	uint64_t mask, used;
};

struct ml_level {
	struct ml_level_cfg cfg;
	unsigned line_shift, set_bits;
	uint64_t sets;	 /* per slice */
	uint64_t *tags;	 /* [(slice * sets + set) * ways + way], ML_INVALID */
	uint64_t *stamp; /* LRU: last touch */
	uint64_t *plru;	 /* PLRU: per set, bit i = node i (1..ways-1) */
	uint8_t *rrpv;	 /* SRRIP */
	uint64_t clock;
	uint32_t rng;
	/* per set: the frame last hit or filled (SRRIP: hit only; else the
	 * spare frame tags[sets * slices * ways], never valid): while it holds
	 * that line, a repeat hit changes no policy state (ml_access, level 0) */
	uint64_t *hint;
	/* the line (number) the last fill of this level displaced, ML_INVALID
	 * none: a caller resets it before ml_access to learn this access's
	 * victim (the plugin's per-task attribution at the last level) */
	uint64_t victim;
	struct ml_counts c;
	struct cm_cache ref; /* classify: fully associative LRU */
	struct ml_lineset seen;
};

struct ml_hier {
	unsigned n;
	bool classify;
	struct ml_level lv[ML_MAX_LEVELS];
};

#define ML_INVALID UINT64_MAX

/*
 * ml_parse - reads spec into cfg. spec: levels separated by '/', each
 *   NAME:SIZE:WAYS:LINE:POLICY[:OPTION]...
 * SIZE with K or M (x1024); POLICY lru|plru|random|srrip; OPTIONs: ninc
 * (default), incl, excl (relation to the level above), lat=CYCLES (default
 * 4, 12, 40, 40 ... by level), slices=2|4|8 (selected by the bits above the
 * set index unless hash= is given), hash=MASK+MASK.. (log2(slices) masks,
 * hex with 0x or decimal), seed=N (random; default 1). Example:
 *   L1:32K:8:64:lru/L2:256K:4:64:plru:incl/L3:8M:16:64:srrip:slices=4
 * Returns 0, or -1 with a message naming the level, the field and the
 * accepted form in err (errlen bytes). The geometry is checked too
 * (ml_check).
 */
int ml_parse(const char *spec, struct ml_config *cfg, char *err, size_t errlen);

/*
 * ml_check - is cfg valid? Each level: line a power of two (1..65536), ways
 * 1..ML_MAX_WAYS (a power of two for plru), slices 1/2/4/8 with
 * log2(slices) masks when hashed, size a multiple of ways * line * slices
 * whose quotient (sets per slice) is a power of two, at most 2^26 lines;
 * level 0 not exclusive; an inclusive level has the line size of every
 * level above, an exclusive one that of the level above. Returns NULL or a
 * static message; *bad (if not NULL) = the offending level.
 */
const char *ml_check(const struct ml_config *cfg, unsigned *bad);

/* ml_init - an empty hierarchy of cfg (checked), counters 0; classify adds
 * the 3C references. 0, or -1 with *err set (nothing to free). */
int ml_init(struct ml_hier *h, const struct ml_config *cfg, bool classify,
	    const char **err);

void ml_free(struct ml_hier *h);

/* ml_invalidate - empty every level and reset its policy state (the
 * random generator to its seed) and the 3C references, as ml_init leaves
 * them; the lines already seen stay seen (not compulsory again); counters
 * kept. */
void ml_invalidate(struct ml_hier *h);

/* ml_access - one access to physical address paddr; returns the level that
 * hit, or h->n for memory. */
unsigned ml_access(struct ml_hier *h, uint64_t paddr);

/* ml_drop - removes paddr's line from every level that holds it (a
 * device's write to memory: the plugin's DMA stores), and from the 3C
 * references, so that the next access misses everywhere (counted as
 * capacity, not compulsory, by classify); policy state, counters and the
 * lines seen are kept. Returns the number of levels that held it. */
unsigned ml_drop(struct ml_hier *h, uint64_t paddr);

/* ml_slice - the slice of paddr at level l (0 when not sliced). */
unsigned ml_slice(const struct ml_level *l, uint64_t paddr);

/* ml_parity64 - parity of x (1 if an odd number of bits are set). */
static inline unsigned ml_parity64(uint64_t x)
{
	return (unsigned)__builtin_parityll(x);
}

/* ml_present - does level l hold the line of paddr? (no state change) */
bool ml_present(const struct ml_level *l, uint64_t paddr);

/* ml_policy_name, ml_incl_name - "lru" ..., "ninc" ... */
const char *ml_policy_name(enum ml_policy p);
const char *ml_incl_name(enum ml_incl i);

#endif
