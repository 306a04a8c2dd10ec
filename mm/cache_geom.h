/* SPDX-License-Identifier: MIT */
/* mm/cache_geom.h - the cache hierarchy coloring is computed for, and how the
 * number of colors follows from the level it targets.
 *
 * The facts come from two places: CPUID (arch/x86/cpuinfo.c fills a
 * struct cache_geom from leaf 4: levels, sizes, ways, lines, sharing), or
 * the command line's cache_levels=, in exactly the syntax of the cache
 * model's levels= argument (tools/cachesim/levels.h), so a run script passes
 * one string to both:
 *   NAME:SIZE:WAYS:LINE:POLICY[:OPTION]... levels separated by '/'
 *   e.g. L1:32K:8:64:lru/L2:256K:4:64:plru:incl/L3:8M:16:64:srrip:slices=4:hash=0x1b5f575440+0x2eb5faa880
 * The policy and the inclusion (ninc, incl, excl), lat= and seed= are
 * accepted and ignored (they do not move a page's sets); slices= and hash=
 * are used. No processor says how its slices are selected: the masks come
 * only from the command line.
 *
 * The policy (mm/ owns it): coloring targets one level (color_level=N, the
 * N-th level; default the largest). Its set index is line & (sets per slice
 * - 1) in every slice, so the colors that never share a set are
 *   colors = sets per slice x line / PAGE_SIZE
 * whether the slice is chosen by the address bits above the set index or by
 * a hash (Intel's "complex addressing"). Counting from the whole level
 * (size / (ways x PAGE_SIZE)) takes the slice-select bits as color bits: on a
 * hashed level two such colors share the sets of every slice. */
#ifndef MM_CACHE_GEOM_H
#define MM_CACHE_GEOM_H

#include "kernel/types.h"

#define CACHE_GEOM_MAX_LEVELS 6 /* as the cache model's ML_MAX_LEVELS */
#define CACHE_GEOM_MAX_SLICES 8
/* Longest cache_levels= text accepted (with its NUL). */
#define CACHE_LEVELS_TEXT 240

struct cache_level {
	char name[8];  /* "L1", "L2d", ...: the spec's NAME, or "L<level>" from CPUID */
	u32 level;     /* CPUID's level number, or the position in the spec (1..) */
	u32 size;      /* bytes, every slice together (at most 1G) */
	u32 ways;      /* 1.., or 0 = fully associative (CPUID) */
	u32 line;      /* bytes, a power of two */
	u32 slices;    /* 1, 2, 4 or 8 */
	bool hashed;   /* slice bit k = parity(paddr & mask[k]); else the bits above the set index */
	u64 mask[3];   /* log2(slices) masks when hashed */
	u32 shared_by; /* logical CPUs sharing it (CPUID; 0 = unknown) */
};

struct cache_geom {
	u32 n;		    /* levels, nearest the CPU first */
	const char *source; /* "cache_levels=", "leaf 4", "cache_size=", ... */
	struct cache_level lv[CACHE_GEOM_MAX_LEVELS];
};

/* Parses spec (the cache model's levels= syntax, above) into g (g->source
 * "cache_levels="). Checks what the model checks: line a power of two,
 * ways 1..1024, slices 1/2/4/8 with exactly log2(slices) nonzero masks when
 * hash= is given, size a multiple of ways x line x slices with a
 * power-of-two quotient (sets per slice), and (the kernel's colors are
 * 32-bit) size at most 1G. Returns 0, or -1 with a message naming the
 * level, the field and the accepted form in why[why_size] (g->n is then 0). */
int cache_levels_parse(const char *spec, struct cache_geom *g, char *why, u32 why_size);

/* One unsliced level of size bytes and ways ways (cache_size=/cache_ways=,
 * or the 2.4.17 patch's guess): g->source = source. */
void cache_geom_one_level(struct cache_geom *g, u32 size, u32 ways, const char *source);

/* The index in g->lv of the largest level (ties: the later one), or 0. */
u32 cache_geom_largest(const struct cache_geom *g);

/* Sets per slice of level l (1 for fully associative or a degenerate level). */
u32 cache_level_sets(const struct cache_level *l);

/* The slice-select function as masks, whatever its kind: hashed, l->mask;
 * by low bits, mask k = the address bit k above the set index. Writes
 * log2(slices) masks into mask[3], returns how many. */
u32 cache_level_slice_masks(const struct cache_level *l, u64 mask[3]);

/* How the number of page colors follows from a level (color_count_derive). */
struct color_derivation {
	u32 index;	       /* the level in the geometry (0..n-1) */
	struct cache_level lv; /* a copy of it */
	u32 sets;	       /* sets per slice */
	u32 per_slice;	       /* sets x line / PAGE_SIZE, before rounding (0 when below one page) */
	u32 whole;	       /* size / (ways x PAGE_SIZE): the count from the whole level */
	bool per_slice_used;   /* colors counted per slice (else from the whole level) */
	u32 colors;	       /* what the kernel uses: at least 1, at most PAGE_COLOR_MAX, a power of two */
};

/* Derives the colors for level color_level (1..g->n, the N-th level; 0 =
 * the largest) of g: per slice when per_slice (sets per slice x line /
 * PAGE_SIZE), else from the whole level (size / (ways x PAGE_SIZE), the
 * count before slices were known); capped at PAGE_COLOR_MAX, rounded down to
 * a power of two, at least 1. Returns 0, or -1 when color_level > g->n or g
 * is empty (d untouched). */
int color_count_derive(const struct cache_geom *g, u32 color_level, bool per_slice, struct color_derivation *d);

/* Prints how d was derived: "coloring: L3 (level 3 of 3, from cache_levels=):
 * 8M 16-way, 64-byte lines, 4 slices by hash 0x..+0x..: 2048 sets per
 * slice; colors = 2048 sets x 64 / 4K = 32 per slice (the whole level, 8M /
 * (16 x 4K), would give 128)" and, when the whole level is counted on a
 * sliced level, what that means for color sets. */
void color_count_log(const struct color_derivation *d, u32 nlevels);

/* The derivation in force (set by color_geometry_set; NULL before). The
 * isolation check of color sets reads it. */
const struct color_derivation *color_geometry(void);
void color_geometry_set(const struct color_derivation *d);

#endif
