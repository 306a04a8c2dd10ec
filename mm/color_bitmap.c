/* SPDX-License-Identifier: MIT */
/* mm/color_bitmap.c - see color_bitmap.h. */
#include "mm/color_bitmap.h"

static inline u32 words_for(u32 bits)
{
	return (bits + 31) / 32;
}

u32 color_bitmap_words(u32 nbits)
{
	u32 n0 = words_for(nbits);
	return n0 + words_for(n0);
}

void color_bitmap_init(struct color_bitmap *cb, u32 nbits, u32 *storage)
{
	u32 i, n = color_bitmap_words(nbits);

	cb->nbits = nbits;
	cb->l0 = storage;
	cb->l1 = storage + words_for(nbits);
	cb->l2 = 0;
	for (i = 0; i < n; i++)
		storage[i] = 0;
}

void __color_bitmap_word_set(struct color_bitmap *cb, u32 bit)
{
	cb->l1[bit >> 10] |= 1u << ((bit >> 5) & 31);
	cb->l2 |= 1u << (bit >> 10);
}

void __color_bitmap_word_clear(struct color_bitmap *cb, u32 bit)
{
	cb->l1[bit >> 10] &= ~(1u << ((bit >> 5) & 31));
	if (!cb->l1[bit >> 10])
		cb->l2 &= ~(1u << (bit >> 10));
}

/* Bits of w at positions >= pos (pos 0..32). */
static inline u32 mask_from(u32 w, u32 pos)
{
	return pos >= 32 ? 0 : w & (~0u << pos);
}

u32 color_bitmap_find_next(const struct color_bitmap *cb, u32 from)
{
	u32 w0, w1, m;

	if (from >= cb->nbits)
		return COLOR_BITMAP_NONE;
	/* Level 0: the rest of from's own word. */
	w0 = from >> 5;
	m = mask_from(cb->l0[w0], from & 31);
	if (m)
		return (w0 << 5) | (u32)__builtin_ctz(m);
	/* Level 1: a later non-empty word under the same level-1 word. */
	w1 = w0 >> 5;
	m = mask_from(cb->l1[w1], (w0 & 31) + 1);
	if (!m) {
		/* Level 2: a later non-empty level-1 word. */
		m = mask_from(cb->l2, w1 + 1);
		if (!m)
			return COLOR_BITMAP_NONE;
		w1 = (u32)__builtin_ctz(m);
		m = cb->l1[w1];
	}
	w0 = (w1 << 5) | (u32)__builtin_ctz(m);
	return (w0 << 5) | (u32)__builtin_ctz(cb->l0[w0]);
}

u32 color_bitmap_find_next_wrap(const struct color_bitmap *cb, u32 from)
{
	u32 bit = color_bitmap_find_next(cb, from);

	if (bit == COLOR_BITMAP_NONE && from != 0)
		bit = color_bitmap_find_next(cb, 0);
	return bit;
}
