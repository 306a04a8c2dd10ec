/* SPDX-License-Identifier: MIT */
/* mm/color_bitmap.h - a three-level bitmap of non-empty color lists.
 *
 * The page coloring patch for Linux 2.4.17 (linux-mm, January 2002;
 * alloc_pages_by_color) walks colors one by one on a miss, so its worst
 * case grows with the number of colors. The coloring policies here keep,
 * per free area, one bit per color list ("this list is not empty") in a
 * 32-ary tree of words: find_next() looks at one word per level, so finding
 * the next available color costs the same for 64 or 32768 colors. */
#ifndef MM_COLOR_BITMAP_H
#define MM_COLOR_BITMAP_H

#include "kernel/types.h"

#define COLOR_BITMAP_MAX_BITS (32u * 32u * 32u) /* 32768 */
#define COLOR_BITMAP_NONE     0xffffffffu

struct color_bitmap {
	u32 nbits;
	u32 *l0; /* one bit per list */
	u32 *l1; /* bit w set <=> l0[w] != 0 */
	u32 l2;	 /* bit v set <=> l1[v] != 0 */
};

/* Words of storage that color_bitmap_init() needs for nbits bits
 * (1 <= nbits <= COLOR_BITMAP_MAX_BITS). */
u32 color_bitmap_words(u32 nbits);
/* Attaches storage (color_bitmap_words(nbits) u32s) and clears every bit. */
void color_bitmap_init(struct color_bitmap *cb, u32 nbits, u32 *storage);
/* Slow halves of set/clear: update the upper levels after a level-0 word
 * changed between zero and non-zero. */
void __color_bitmap_word_set(struct color_bitmap *cb, u32 bit);
void __color_bitmap_word_clear(struct color_bitmap *cb, u32 bit);

/* Sets a bit. The upper levels only change when the level-0 word was empty
 * (invariant: an upper-level bit is set iff the word below it is non-zero),
 * so the usual case is one load and one store. */
static inline void color_bitmap_set(struct color_bitmap *cb, u32 bit)
{
	u32 *w = &cb->l0[bit >> 5], old = *w;

	*w = old | (1u << (bit & 31));
	if (!old)
		__color_bitmap_word_set(cb, bit);
}

static inline void color_bitmap_clear(struct color_bitmap *cb, u32 bit)
{
	u32 *w = &cb->l0[bit >> 5];

	*w &= ~(1u << (bit & 31));
	if (!*w)
		__color_bitmap_word_clear(cb, bit);
}

static inline bool color_bitmap_test(const struct color_bitmap *cb, u32 bit)
{
	return (cb->l0[bit >> 5] >> (bit & 31)) & 1;
}
/* Smallest set bit >= from, or COLOR_BITMAP_NONE. O(1): three word looks. */
u32 color_bitmap_find_next(const struct color_bitmap *cb, u32 from);
/* First set bit at or after from, wrapping around to 0; COLOR_BITMAP_NONE
 * when the bitmap is empty. */
u32 color_bitmap_find_next_wrap(const struct color_bitmap *cb, u32 from);

#endif
