/* SPDX-License-Identifier: MIT */
/*
 * cache_model.c - see cache_model.h for the model and the contracts.
 */
#include "cache_model.h"

#include <stdlib.h>
#include <string.h>

#define CM_INVALID   UINT64_MAX /* never a line number: lines < 2^64 / line */
#define CM_NONE	     UINT32_MAX
#define CM_MAX_LINES (1u << 26)

static bool is_pow2(uint64_t x)
{
	return x != 0 && (x & (x - 1)) == 0;
}

static unsigned log2u(uint64_t x)
{
	unsigned n = 0;

	while (x > 1) {
		x >>= 1;
		n++;
	}
	return n;
}

const char *cm_check_config(const struct cm_config *cfg)
{
	uint64_t way_bytes;

	if (!is_pow2(cfg->line) || cfg->line > 65536)
		return "line size must be a power of two from 1 to 65536 bytes";
	if (cfg->ways == 0)
		return "ways must be at least 1";
	way_bytes = (uint64_t)cfg->ways * cfg->line;
	if (cfg->size == 0 || cfg->size % way_bytes != 0)
		return "size must be a nonzero multiple of ways * line";
	if (!is_pow2(cfg->size / way_bytes))
		return "size / (ways * line), the number of sets, must be a "
		       "power of two";
	if (cfg->size / cfg->line > CM_MAX_LINES)
		return "too many lines (at most 2^26)";
	return NULL;
}

/* Hash of a line number into the bucket table (multiplicative). */
static uint64_t hash_line(const struct cm_cache *c, uint64_t line)
{
	return (line * 0x9E3779B97F4A7C15ull) >> c->bucket_shift;
}

static void large_reset(struct cm_cache *c)
{
	uint32_t ways = c->cfg.ways;

	for (uint64_t s = 0; s < c->nsets; s++) {
		uint32_t base = (uint32_t)(s * ways);

		for (uint32_t w = 0; w < ways; w++) {
			c->prev[base + w] = w ? base + w - 1 : CM_NONE;
			c->next[base + w] =
				w + 1 < ways ? base + w + 1 : CM_NONE;
		}
		c->head[s] = base;
		c->tail[s] = base + ways - 1;
	}
	for (uint64_t i = 0; i <= c->bucket_mask; i++)
		c->bucket[i] = CM_NONE;
}

void cm_invalidate(struct cm_cache *c)
{
	uint64_t frames = c->nsets * c->cfg.ways;

	for (uint64_t i = 0; i < frames; i++)
		c->tags[i] = CM_INVALID;
	if (c->large)
		large_reset(c);
}

int cm_init(struct cm_cache *c, const struct cm_config *cfg, bool force_large,
	    const char **err)
{
	const char *msg = cm_check_config(cfg);
	uint64_t frames;

	memset(c, 0, sizeof(*c));
	if (msg) {
		if (err)
			*err = msg;
		return -1;
	}
	c->cfg = *cfg;
	c->line_shift = log2u(cfg->line);
	c->nsets = cfg->size / ((uint64_t)cfg->ways * cfg->line);
	c->set_mask = c->nsets - 1;
	c->large = force_large || cfg->ways > CM_SMALL_WAYS;
	frames = c->nsets * cfg->ways;
	c->tags = malloc(frames * sizeof(*c->tags));
	if (c->large) {
		uint64_t nb = 1;

		while (nb < 2 * frames)
			nb <<= 1;
		c->bucket_mask = nb - 1;
		c->bucket_shift = 64 - log2u(nb);
		c->prev = malloc(frames * sizeof(*c->prev));
		c->next = malloc(frames * sizeof(*c->next));
		c->chain = malloc(frames * sizeof(*c->chain));
		c->head = malloc(c->nsets * sizeof(*c->head));
		c->tail = malloc(c->nsets * sizeof(*c->tail));
		c->bucket = malloc(nb * sizeof(*c->bucket));
	}
	if (!c->tags || (c->large && (!c->prev || !c->next || !c->chain ||
				      !c->head || !c->tail || !c->bucket))) {
		cm_free(c);
		if (err)
			*err = "out of memory";
		return -1;
	}
	cm_invalidate(c);
	return 0;
}

void cm_free(struct cm_cache *c)
{
	free(c->tags);
	free(c->prev);
	free(c->next);
	free(c->chain);
	free(c->head);
	free(c->tail);
	free(c->bucket);
	memset(c, 0, sizeof(*c));
}

static void list_unlink(struct cm_cache *c, uint64_t s, uint32_t f)
{
	if (c->prev[f] != CM_NONE)
		c->next[c->prev[f]] = c->next[f];
	else
		c->head[s] = c->next[f];
	if (c->next[f] != CM_NONE)
		c->prev[c->next[f]] = c->prev[f];
	else
		c->tail[s] = c->prev[f];
}

static void list_push_front(struct cm_cache *c, uint64_t s, uint32_t f)
{
	c->prev[f] = CM_NONE;
	c->next[f] = c->head[s];
	if (c->head[s] != CM_NONE)
		c->prev[c->head[s]] = f;
	c->head[s] = f;
	if (c->tail[s] == CM_NONE)
		c->tail[s] = f;
}

static void hash_remove(struct cm_cache *c, uint32_t f)
{
	uint32_t *p = &c->bucket[hash_line(c, c->tags[f])];

	while (*p != f)
		p = &c->chain[*p];
	*p = c->chain[f];
}

/* Large sets: hash finds the frame; per-set list keeps LRU order. */
bool cm_large_access(struct cm_cache *c, uint64_t line)
{
	uint64_t s = line & c->set_mask;
	uint64_t h = hash_line(c, line);
	uint32_t f;

	for (f = c->bucket[h]; f != CM_NONE; f = c->chain[f])
		if (c->tags[f] == line)
			break;
	if (f != CM_NONE) {
		if (c->head[s] != f) {
			list_unlink(c, s, f);
			list_push_front(c, s, f);
		}
		return true;
	}
	f = c->tail[s]; /* LRU, or an invalid frame while the set fills */
	c->victim = c->tags[f];
	if (c->tags[f] != CM_INVALID)
		hash_remove(c, f);
	c->tags[f] = line;
	c->chain[f] = c->bucket[h];
	c->bucket[h] = f;
	list_unlink(c, s, f);
	list_push_front(c, s, f);
	return false;
}

int cm_hier_init(struct cm_hier *h, const struct cm_config *l1,
		 const struct cm_config *l2, const char **err)
{
	memset(h, 0, sizeof(*h));
	h->has_l1 = l1 && l1->size != 0;
	if (h->has_l1 && cm_init(&h->l1, l1, false, err) != 0)
		return -1;
	if (cm_init(&h->l2, l2, false, err) != 0) {
		if (h->has_l1)
			cm_free(&h->l1);
		return -1;
	}
	return 0;
}

void cm_hier_free(struct cm_hier *h)
{
	if (h->has_l1)
		cm_free(&h->l1);
	cm_free(&h->l2);
}

void cm_hier_invalidate(struct cm_hier *h)
{
	if (h->has_l1)
		cm_invalidate(&h->l1);
	cm_invalidate(&h->l2);
}

bool cm_drop(struct cm_cache *c, uint64_t paddr)
{
	uint64_t line = paddr >> c->line_shift, s = line & c->set_mask;
	uint32_t ways = c->cfg.ways, f;

	if (!c->large) {
		uint64_t *t = c->tags + s * ways;

		for (uint32_t i = 0; i < ways; i++)
			if (t[i] == line) {
				/* close the gap; the empty way goes last (LRU) */
				memmove(t + i, t + i + 1,
					(ways - 1 - i) * sizeof(*t));
				t[ways - 1] = CM_INVALID;
				return true;
			}
		return false;
	}
	for (f = c->bucket[hash_line(c, line)]; f != CM_NONE; f = c->chain[f])
		if (c->tags[f] == line)
			break;
	if (f == CM_NONE)
		return false;
	hash_remove(c, f);
	c->tags[f] = CM_INVALID;
	/* to the LRU end of its set, where cm_large_access fills first */
	list_unlink(c, s, f);
	c->next[f] = CM_NONE;
	c->prev[f] = c->tail[s];
	if (c->tail[s] != CM_NONE)
		c->next[c->tail[s]] = f;
	else
		c->head[s] = f;
	c->tail[s] = f;
	return true;
}

bool cm_hier_drop(struct cm_hier *h, uint64_t paddr)
{
	bool in_l1 = h->has_l1 && cm_drop(&h->l1, paddr);

	return cm_drop(&h->l2, paddr) || in_l1;
}
