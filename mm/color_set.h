/* SPDX-License-Identifier: MIT */
/* mm/color_set.h - cache partitioning by color sets.
 *
 * A color set is the part of a physically indexed cache a task may use: its
 * pages come only from those colors, so two tasks with disjoint sets never
 * evict each other's lines from that cache. This is how Xen partitions its
 * last-level cache (llc-colors per domain, and colors of its own), and how
 * Bao, Jailhouse, PALLOC and COLORIS do it; the text syntax is Xen's:
 * comma-separated colors or inclusive ranges, "0-3,8-11".
 *
 * The set does not add a path through the buddy core: it is the placement
 * interface's alloc_hint.colors (mm/placement/ops.h), which the coloring
 * policies (binhop, vacolor, bestbin) honour; buddy and random ignore it.
 * The core asks color_set_apply() once per request to fill the hint in:
 *  - a user request (GFP_HIGHUSER) gets its task's set (task->colors), or
 *    the set for every task (task_colors=) when the task has none;
 *  - a kernel request (GFP_KERNEL, GFP_DMA: page tables, stacks, kernel
 *    buffers) gets the kernel's set (kernel_colors=), when one is given.
 * When the set has no free block left, the request borrows: it is retried
 * with every color and the borrow is counted (the task's and the global
 * counter); with color_borrow=off it fails instead (counted as refused).
 *
 * The kernel image cannot move: its colors are reported at boot, and with
 * kernel_colors= set they (those of its text and data; a .bss larger than
 * the cache covers every color and is reported as such) and kernel_colors
 * are taken out of task sets. */
#ifndef MM_COLOR_SET_H
#define MM_COLOR_SET_H

#include "kernel/task.h"
#include "kernel/types.h"
#include "mm/color_bitmap.h"

/* Bitmap words for up to COLOR_BITMAP_MAX_BITS colors (color_bitmap_words). */
#define COLOR_SET_WORDS (COLOR_BITMAP_MAX_BITS / 32 + COLOR_BITMAP_MAX_BITS / 32 / 32)
/* Longest set text accepted on the command line (with its NUL). */
#define COLOR_SET_TEXT 128

struct color_set {
	struct color_bitmap map; /* what alloc_hint.colors points at */
	u32 ncolors;		 /* colors of the cache the set was made for */
	u32 count;		 /* colors in the set */
	u32 storage[COLOR_SET_WORDS];
};

/* Makes s the empty set for a cache of ncolors colors (1..COLOR_BITMAP_MAX_BITS). */
void color_set_init(struct color_set *s, u32 ncolors);
/* Adds colors first..last (inclusive; last < ncolors, first <= last). */
void color_set_add_range(struct color_set *s, u32 first, u32 last);
/* Takes every color of o out of s (same ncolors). */
void color_set_remove(struct color_set *s, const struct color_set *o);
static inline bool color_set_has(const struct color_set *s, u32 color)
{
	return color < s->ncolors && color_bitmap_test(&s->map, color);
}
/* Parses Xen's syntax ("0-3,8-11", "5", "0-511") into s for ncolors colors:
 * items separated by single commas, each a decimal color or a range a-b
 * with a <= b, every color < ncolors; repeats are allowed. Returns 0, or
 * -1 with a message in why[why_size] naming the offending item and the
 * accepted form (s is then empty). */
int color_set_parse(struct color_set *s, const char *text, u32 ncolors, char *why, u32 why_size);
/* Writes s in the same syntax, ranges merged ("0-3,8-11"; "(empty)"), into
 * buf[size] (cut with "..." when too long). Returns buf. */
char *color_set_format(const struct color_set *s, char *buf, u32 size);

/* ---- isolation on a sliced level ------------------------------------------ */

struct color_derivation;
/* Can pages of colors c1 and c2 (of ncolors colors in use, c1, c2 <
 * ncolors) hold lines in one cache set of level d (mm/cache_geom.h)? True
 * when c1 == c2, or when both have the same set index bits (c1 = c2 mod the
 * level's colors per slice) and some slice can hold both: the slice is a
 * linear function of the physical address (hash masks, or the bits above
 * the set index), so with delta = the slice bits the color bits c1 ^ c2 give,
 * they meet when delta is a sum of the slice bits of address bits a page of
 * a color does not fix (12 + log2(ncolors) to 31: the kernel's memory lies
 * below 4 GiB). Counted per slice, disjoint colors never meet. */
bool color_pair_collides(const struct color_derivation *d, u32 ncolors, u32 c1, u32 c2);
/* The pairs (x in a, y in b, x != y) of colors that collide on d, with the
 * first such pair in *x, *y (both ncolors colors). 0: a and b isolate
 * (their common colors aside: say those apart). */
u32 color_sets_collisions(const struct color_derivation *d, const struct color_set *a, const struct color_set *b,
			  u32 *x, u32 *y);
/* Checks that sets a and b (named a_name, b_name in the message) isolate
 * on d; when they do not, prints with prefix ("colors", "interfere") which
 * colors collide and why, and returns the number of colliding pairs. d
 * NULL: 0, nothing printed. */
u32 color_sets_check_isolation(const char *prefix, const struct color_derivation *d, const struct color_set *a,
			       const char *a_name, const struct color_set *b, const char *b_name);

/* ---- the sets in force (kernel_colors=, task_colors=, color_borrow=) ---- */

/* The command line's part (init/params.c fills it; parsed at boot by
 * color_sets_boot, once the number of colors is known). */
struct color_sets_config {
	char kernel[COLOR_SET_TEXT]; /* kernel_colors=: "" = none */
	char task[COLOR_SET_TEXT];   /* task_colors=: every task's default set, "" = none */
	bool borrow;		     /* color_borrow=on: borrow other colors when a set runs out */
};
#define COLOR_SETS_CONFIG_DEFAULT_INIT                                                                                 \
	{                                                                                                              \
		.kernel = "", .task = "", .borrow = true                                                               \
	}

/* Counters, since boot (or color_sets_reset). */
struct color_set_stats {
	u32 borrowed; /* pages given from outside the request's set */
	u32 refused;  /* requests failed because the set ran out (borrow off) */
};
extern struct color_set_stats color_set_stats;
/* True when some set is in force (the core's fast test). */
extern bool color_sets_active;

/* The kernel image's page frames, for the report (all three from the
 * linker: image start, end of text + rodata + data, end of bss). */
struct kernel_image_pfns {
	u32 start, data_end, end; /* pfns; [start, data_end) and [data_end, end) */
};

/* Parses cfg against ncolors (page_colors) and puts the sets in force;
 * prints the kernel image's colors and every set in force. A set that does
 * not parse is rejected with a message naming the parameter and the
 * accepted form (cmdline_reject_late: the boot ends with status 5) and is
 * not used. Returns the number of rejected parameters (0..2). */
int color_sets_boot(const struct color_sets_config *cfg, u32 ncolors, const struct kernel_image_pfns *img);
/* Forgets every set and counter (host tests). */
void color_sets_reset(void);
/* The kernel's set, or NULL when kernel_colors= is not in force. */
const struct color_set *color_sets_kernel(void);
/* Makes dst = src minus the colors a task set may not take (kernel_colors +
 * the image's text and data colors when kernel_colors= is in force; a copy
 * when none). Returns
 * dst->count. For the benchmarks' own sets. */
u32 color_set_for_task(struct color_set *dst, const struct color_set *src);
/* Sets the default set of every task (what task_colors= does), or none
 * (NULL); the set is copied, minus the reserved colors. */
void color_sets_set_task_default(const struct color_set *s);
/* Gives task t the set s (NULL: back to the default); s must outlive
 * t's allocations. Sets stay active (the core's per-request call) from
 * the first assignment until color_sets_reset. */
void color_set_task_assign(struct task *t, const struct color_set *s);
/* Borrowing on (default) or off. */
void color_sets_set_borrow(bool on);
/* Sets the kernel's set (what kernel_colors= does), or none (NULL). */
void color_sets_set_kernel(const struct color_set *s);

struct alloc_hint;
/* Called by the buddy core for every request before the pick (only when
 * color_sets_active): fills hint->colors from the task's or the kernel's
 * set, as described above, unless the caller gave one; a kernel request
 * with a kernel set is placed in it even when it said __GFP_NOCOLOR. */
void color_set_apply(struct alloc_hint *hint, u32 gfp);
/* Called by the buddy core when a request with a color set found no block:
 * returns true after clearing hint->colors and counting 2^order borrowed
 * pages (globally and in hint->task->color_borrowed; the core then retries
 * with every color), false when borrowing is off (counted as refused). */
bool color_set_borrow(struct alloc_hint *hint);

#endif
