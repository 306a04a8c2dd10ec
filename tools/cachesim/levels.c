/* SPDX-License-Identifier: MIT */
/*
 * levels.c - see levels.h for the model and the contracts.
 */
#include "levels.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool pow2(uint64_t x)
{
	return x != 0 && (x & (x - 1)) == 0;
}

static unsigned lg2(uint64_t x)
{
	unsigned n = 0;

	while (x > 1) {
		x >>= 1;
		n++;
	}
	return n;
}

const char *ml_policy_name(enum ml_policy p)
{
	static const char *const names[] = { "lru", "plru", "random", "srrip" };

	return names[p];
}

const char *ml_incl_name(enum ml_incl i)
{
	static const char *const names[] = { "ninc", "incl", "excl" };

	return names[i];
}

const char *ml_check(const struct ml_config *cfg, unsigned *bad)
{
	for (unsigned i = 0; i < cfg->n; i++) {
		const struct ml_level_cfg *l = &cfg->lv[i];
		uint64_t unit = (uint64_t)l->ways * l->line * l->slices;
		const char *msg = NULL;

		if (!pow2(l->line) || l->line > 65536)
			msg = "line size must be a power of two from 1 to "
			      "65536";
		else if (l->ways == 0 || l->ways > ML_MAX_WAYS)
			msg = "ways must be 1..1024";
		else if (l->policy == ML_PLRU &&
			 (!pow2(l->ways) || l->ways > 64))
			msg = "plru needs a power-of-two number of ways (<= "
			      "64)";
		else if (!pow2(l->slices) || l->slices > ML_MAX_SLICES)
			msg = "slices must be 1, 2, 4 or 8";
		else if (l->hashed && l->slices == 1)
			msg = "hash= needs slices=2, 4 or 8";
		else if (l->size == 0 || l->size % unit != 0)
			msg = "size must be a nonzero multiple of ways * line "
			      "* "
			      "slices";
		else if (!pow2(l->size / unit))
			msg = "sets per slice (size / (ways * line * slices)) "
			      "must be a power of two";
		else if (l->size / l->line > (1u << 26))
			msg = "too many lines (at most 2^26)";
		else if (l->policy == ML_RANDOM && l->seed == 0)
			msg = "random needs a nonzero seed";
		else if (i == 0 && l->incl == ML_EXCL)
			msg = "the first level cannot be exclusive";
		else if (l->incl == ML_EXCL && l->line != cfg->lv[i - 1].line)
			msg = "an exclusive level needs the line size of the "
			      "level above";
		for (unsigned j = 0; !msg && l->incl == ML_INCL && j < i; j++)
			if (cfg->lv[j].line != l->line)
				msg = "an inclusive level needs the line size "
				      "of "
				      "every level above";
		if (msg) {
			if (bad)
				*bad = i;
			return msg;
		}
	}
	if (cfg->n == 0 || cfg->n > ML_MAX_LEVELS) {
		if (bad)
			*bad = 0;
		return "1 to 6 levels";
	}
	return NULL;
}

/* ---- the set of lines seen (3C compulsory) ---------------------------- */

static int seen_add(struct ml_lineset *s, uint64_t line)
{
	uint64_t key = line + 1, i;

	if (2 * (s->used + 1) > s->mask + 1) {
		uint64_t *old = s->slot, omask = s->mask;
		uint64_t nsz = (s->mask + 1) * 2;

		s->slot = calloc(nsz, sizeof(*s->slot));
		if (!s->slot) {
			s->slot = old;
			return -1;
		}
		s->mask = nsz - 1;
		for (uint64_t j = 0; j <= omask; j++) {
			if (!old[j])
				continue;
			i = (old[j] * 0x9E3779B97F4A7C15ull) >> 20 & s->mask;
			while (s->slot[i])
				i = (i + 1) & s->mask;
			s->slot[i] = old[j];
		}
		free(old);
	}
	i = (key * 0x9E3779B97F4A7C15ull) >> 20 & s->mask;
	while (s->slot[i]) {
		if (s->slot[i] == key)
			return 0;
		i = (i + 1) & s->mask;
	}
	s->slot[i] = key;
	s->used++;
	return 1;
}

/* ---- one level --------------------------------------------------------- */

unsigned ml_slice(const struct ml_level *l, uint64_t paddr)
{
	unsigned s = 0;

	if (l->cfg.slices == 1)
		return 0;
	if (!l->cfg.hashed)
		return (unsigned)((paddr >> l->line_shift >> l->set_bits) &
				  (l->cfg.slices - 1));
	for (unsigned k = 0; (1u << k) < l->cfg.slices; k++)
		s |= ml_parity64(paddr & l->cfg.mask[k]) << k;
	return s;
}

/* paddr's set among all slices' sets */
static inline uint64_t set_index(const struct ml_level *l, uint64_t paddr)
{
	uint64_t set = (paddr >> l->line_shift) & (l->sets - 1);

	return (uint64_t)ml_slice(l, paddr) * l->sets + set;
}

/* index of way 0 of paddr's set */
static uint64_t set_base(const struct ml_level *l, uint64_t paddr)
{
	return set_index(l, paddr) * l->cfg.ways;
}

static uint32_t find(const struct ml_level *l, uint64_t base, uint64_t line)
{
	for (uint32_t w = 0; w < l->cfg.ways; w++)
		if (l->tags[base + w] == line)
			return w;
	return UINT32_MAX;
}

bool ml_present(const struct ml_level *l, uint64_t paddr)
{
	return find(l, set_base(l, paddr), paddr >> l->line_shift) !=
	       UINT32_MAX;
}

/* a hit (hit = true) or a fill of way w of the set at base */
static void touch(struct ml_level *l, uint64_t base, uint32_t w, bool hit)
{
	switch (l->cfg.policy) {
	case ML_LRU:
		l->stamp[base + w] = ++l->clock;
		break;
	case ML_PLRU: {
		uint64_t *bits = &l->plru[base / l->cfg.ways];
		unsigned node = w + l->cfg.ways;

		for (; node > 1; node >>= 1) {
			unsigned parent = node >> 1;

			/* point the parent at the sibling half */
			if (node & 1)
				*bits &= ~(1ull << parent);
			else
				*bits |= 1ull << parent;
		}
		break;
	}
	case ML_SRRIP:
		l->rrpv[base + w] = hit ? 0 : 2;
		break;
	case ML_RANDOM:
		break;
	}
}

static uint32_t victim(struct ml_level *l, uint64_t base)
{
	uint32_t ways = l->cfg.ways, w, best = 0;

	for (w = 0; w < ways; w++)
		if (l->tags[base + w] == ML_INVALID)
			return w;
	switch (l->cfg.policy) {
	case ML_LRU:
		for (w = 1; w < ways; w++)
			if (l->stamp[base + w] < l->stamp[base + best])
				best = w;
		return best;
	case ML_PLRU: {
		uint64_t bits = l->plru[base / ways];
		unsigned node = 1;

		while (node < ways)
			node = 2 * node + (unsigned)((bits >> node) & 1);
		return node - ways;
	}
	case ML_RANDOM: {
		uint32_t x = l->rng;

		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		l->rng = x;
		return x % ways;
	}
	case ML_SRRIP:
		for (;;) {
			for (w = 0; w < ways; w++)
				if (l->rrpv[base + w] >= 3)
					return w;
			for (w = 0; w < ways; w++)
				l->rrpv[base + w]++;
		}
	}
	return 0;
}

static void fill(struct ml_hier *h, unsigned i, uint64_t paddr);

/* level i evicted line number `line` (paddr of its first byte: old) */
static void evicted(struct ml_hier *h, unsigned i, uint64_t old)
{
	if (h->lv[i].cfg.incl == ML_INCL) {
		for (unsigned j = 0; j < i; j++) {
			struct ml_level *u = &h->lv[j];
			uint64_t base = set_base(u, old);
			uint32_t w = find(u, base, old >> u->line_shift);

			if (w != UINT32_MAX) {
				u->tags[base + w] = ML_INVALID;
				u->c.inval++;
			}
		}
	}
	if (i + 1 < h->n && h->lv[i + 1].cfg.incl == ML_EXCL)
		fill(h, i + 1, old);
}

static void fill(struct ml_hier *h, unsigned i, uint64_t paddr)
{
	struct ml_level *l = &h->lv[i];
	uint64_t line = paddr >> l->line_shift;
	uint64_t base = set_base(l, paddr), old;
	uint32_t w;

	if (find(l, base, line) != UINT32_MAX)
		return;
	w = victim(l, base);
	old = l->tags[base + w];
	l->tags[base + w] = line;
	touch(l, base, w, false);
	/* SRRIP: a fill leaves RRPV 2, a hit would set 0: no shortcut then
	 * (the spare frame past the last never holds a line) */
	l->hint[base / l->cfg.ways] =
		l->cfg.policy == ML_SRRIP
			? l->sets * l->cfg.slices * l->cfg.ways
			: base + w;
	if (old != ML_INVALID) {
		l->c.evictions++;
		l->victim = old;
		evicted(h, i, old << l->line_shift);
	}
}

/* probe level i: true on a hit (promoted, or removed when exclusive) */
static bool probe(struct ml_hier *h, unsigned i, uint64_t paddr)
{
	struct ml_level *l = &h->lv[i];
	uint64_t line = paddr >> l->line_shift;
	uint64_t base = set_base(l, paddr);
	uint32_t w = find(l, base, line);

	if (h->classify) {
		if (seen_add(&l->seen, line) != 0)
			l->c.compulsory++; /* (-1, out of memory: counted too) */
		if (!cm_access(&l->ref, line << l->line_shift))
			l->c.ref_misses++;
	}
	if (w == UINT32_MAX) {
		l->c.misses++;
		return false;
	}
	l->c.hits++;
	if (l->cfg.incl == ML_EXCL) {
		l->tags[base + w] = ML_INVALID;
	} else {
		touch(l, base, w, true);
		l->hint[base / l->cfg.ways] = base + w;
	}
	return true;
}

unsigned ml_access(struct ml_hier *h, uint64_t paddr)
{
	struct ml_level *l0 = &h->lv[0];
	unsigned hit = 0;

	/* the line level 0 touched last in this set, still in its frame:
	 * hitting it again repeats that touch (the set's LRU order, PLRU bits,
	 * RRPV 0 after a hit), so only the count changes (the 3C reference
	 * needs every probe: not with classify) */
	if (!h->classify && l0->tags[l0->hint[set_index(l0, paddr)]] ==
				    paddr >> l0->line_shift) {
		l0->c.hits++;
		return 0;
	}
	while (hit < h->n && !probe(h, hit, paddr))
		hit++;
	for (unsigned j = hit; j-- > 0;)
		if (h->lv[j].cfg.incl != ML_EXCL)
			fill(h, j, paddr);
	return hit;
}

unsigned ml_drop(struct ml_hier *h, uint64_t paddr)
{
	unsigned held = 0;

	for (unsigned i = 0; i < h->n; i++) {
		struct ml_level *l = &h->lv[i];
		uint64_t base = set_base(l, paddr);
		uint32_t w = find(l, base, paddr >> l->line_shift);

		if (w != UINT32_MAX) {
			l->tags[base + w] = ML_INVALID;
			held++;
		}
		if (h->classify)
			cm_drop(&l->ref, paddr);
	}
	return held;
}

void ml_invalidate(struct ml_hier *h)
{
	for (unsigned i = 0; i < h->n; i++) {
		struct ml_level *l = &h->lv[i];
		uint64_t frames = l->sets * l->cfg.slices * l->cfg.ways;

		for (uint64_t f = 0; f < frames; f++)
			l->tags[f] = ML_INVALID;
		/* and the policy state as ml_init left it: a flushed level
		 * repeats what a fresh one does (the random generator too) */
		if (l->stamp)
			memset(l->stamp, 0, frames * sizeof(*l->stamp));
		if (l->plru)
			memset(l->plru, 0,
			       frames / l->cfg.ways * sizeof(*l->plru));
		if (l->rrpv)
			memset(l->rrpv, 0, frames);
		l->clock = 0;
		l->rng = l->cfg.seed;
		if (h->classify)
			cm_invalidate(&l->ref);
	}
}

void ml_free(struct ml_hier *h)
{
	for (unsigned i = 0; i < ML_MAX_LEVELS; i++) {
		struct ml_level *l = &h->lv[i];

		free(l->tags);
		free(l->hint);
		free(l->stamp);
		free(l->plru);
		free(l->rrpv);
		free(l->seen.slot);
		if (l->ref.tags)
			cm_free(&l->ref);
	}
	memset(h, 0, sizeof(*h));
}

int ml_init(struct ml_hier *h, const struct ml_config *cfg, bool classify,
	    const char **err)
{
	const char *msg = ml_check(cfg, NULL);

	memset(h, 0, sizeof(*h));
	if (msg) {
		if (err)
			*err = msg;
		return -1;
	}
	h->n = cfg->n;
	h->classify = classify;
	for (unsigned i = 0; i < cfg->n; i++) {
		struct ml_level *l = &h->lv[i];
		uint64_t frames, nsets;
		bool ok;

		l->cfg = cfg->lv[i];
		l->line_shift = lg2(l->cfg.line);
		l->sets = l->cfg.size /
			  ((uint64_t)l->cfg.ways * l->cfg.line * l->cfg.slices);
		l->set_bits = lg2(l->sets);
		l->rng = l->cfg.seed;
		nsets = l->sets * l->cfg.slices;
		frames = nsets * l->cfg.ways;
		/* one spare frame, always invalid (hint's "none") */
		l->tags = malloc((frames + 1) * sizeof(*l->tags));
		l->hint = malloc(nsets * sizeof(*l->hint));
		ok = l->tags != NULL && l->hint != NULL;
		if (l->cfg.policy == ML_LRU)
			ok = ok && (l->stamp = calloc(frames, 8)) != NULL;
		if (l->cfg.policy == ML_PLRU)
			ok = ok && (l->plru = calloc(nsets, 8)) != NULL;
		if (l->cfg.policy == ML_SRRIP)
			ok = ok && (l->rrpv = calloc(frames, 1)) != NULL;
		if (ok && classify) {
			struct cm_config rc = { l->cfg.size,
						(uint32_t)(l->cfg.size /
							   l->cfg.line),
						l->cfg.line };

			l->seen.slot = calloc(1024, sizeof(uint64_t));
			l->seen.mask = 1023;
			ok = l->seen.slot &&
			     cm_init(&l->ref, &rc, true, NULL) == 0;
		}
		if (!ok) {
			ml_free(h);
			if (err)
				*err = "out of memory";
			return -1;
		}
		for (uint64_t f = 0; f <= frames; f++)
			l->tags[f] = ML_INVALID;
		l->victim = ML_INVALID;
		for (uint64_t set = 0; set < nsets; set++)
			l->hint[set] = frames;
	}
	return 0;
}

/* ---- the spec parser --------------------------------------------------- */

static bool num(const char *s, size_t len, bool suffix, uint64_t *v)
{
	char buf[32], *end;
	unsigned long long x;

	if (len == 0 || len >= sizeof(buf) || *s < '0' || *s > '9')
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	x = strtoull(buf, &end, 0);
	if (errno)
		return false;
	if (suffix && (*end == 'K' || *end == 'k')) {
		x <<= 10;
		end++;
	} else if (suffix && (*end == 'M' || *end == 'm')) {
		x <<= 20;
		end++;
	}
	if (*end != '\0' || x > (1ull << 40) * (suffix ? 1 : (1ull << 23)))
		return false;
	*v = x;
	return true;
}

#define FORM                                                                   \
	"NAME:SIZE:WAYS:LINE:lru|plru|random|srrip[:ninc|incl|excl]"           \
	"[:lat=N][:slices=2|4|8][:hash=MASK+MASK..][:seed=N], levels "         \
	"separated by '/'"

/* one level's text s (len bytes) into l; false after a message */
static bool parse_level(const char *s, size_t len, unsigned i,
			struct ml_level_cfg *l, char *err, size_t errlen)
{
	static const uint64_t deflat[] = { 4, 12, 40 };
	unsigned field = 0, nmask = 0;
	const char *p = s, *end = s + len;
	uint64_t v;

	memset(l, 0, sizeof(*l));
	l->lat = deflat[i < 3 ? i : 2];
	l->slices = 1;
	l->seed = 1;
	while (p <= end) {
		const char *q = memchr(p, ':', (size_t)(end - p));
		size_t n = q ? (size_t)(q - p) : (size_t)(end - p);
		bool ok = true;

#define IS(word)  (n == strlen(word) && strncmp(p, word, n) == 0)
#define OPT(word) (n > strlen(word) && strncmp(p, word, strlen(word)) == 0)
		switch (field) {
		case 0:
			ok = n > 0 && n < sizeof(l->name);
			if (ok)
				memcpy(l->name, p, n);
			break;
		case 1:
			ok = num(p, n, true, &l->size);
			break;
		case 2:
			ok = num(p, n, false, &v) && v <= ML_MAX_WAYS;
			l->ways = (uint32_t)v;
			break;
		case 3:
			ok = num(p, n, false, &v) && v <= 65536;
			l->line = (uint32_t)v;
			break;
		case 4:
			if (IS("lru"))
				l->policy = ML_LRU;
			else if (IS("plru"))
				l->policy = ML_PLRU;
			else if (IS("random"))
				l->policy = ML_RANDOM;
			else if (IS("srrip"))
				l->policy = ML_SRRIP;
			else
				ok = false;
			break;
		default:
			if (IS("ninc"))
				l->incl = ML_NINE;
			else if (IS("incl"))
				l->incl = ML_INCL;
			else if (IS("excl"))
				l->incl = ML_EXCL;
			else if (OPT("lat="))
				ok = num(p + 4, n - 4, false, &l->lat);
			else if (OPT("slices=")) {
				ok = num(p + 7, n - 7, false, &v) && v <= 8;
				l->slices = (unsigned)v;
			} else if (OPT("seed=")) {
				ok = num(p + 5, n - 5, false, &v) &&
				     v <= UINT32_MAX;
				l->seed = (uint32_t)v;
			} else if (OPT("hash=")) {
				const char *m = p + 5, *me = p + n;

				l->hashed = true;
				while (ok && m < me) {
					const char *plus = memchr(
						m, '+', (size_t)(me - m));
					size_t ml = plus ? (size_t)(plus - m)
							 : (size_t)(me - m);

					ok = nmask < 3 &&
					     num(m, ml, false,
						 &l->mask[nmask]) &&
					     l->mask[nmask] != 0;
					nmask++;
					m += ml + 1;
				}
			} else
				ok = false;
		}
#undef IS
#undef OPT
		if (!ok) {
			snprintf(err, errlen,
				 "levels: level %u, bad field '%.*s': expected "
				 "%s",
				 i + 1, (int)n, p, FORM);
			return false;
		}
		field++;
		p += n + 1;
	}
	if (field < 5) {
		snprintf(err, errlen,
			 "levels: level %u '%.*s' is incomplete: %s", i + 1,
			 (int)len, s, FORM);
		return false;
	}
	if (l->hashed && (1u << nmask) != l->slices) {
		snprintf(err, errlen,
			 "levels: level %u: hash= needs log2(slices) masks (%u "
			 "given for %u slices)",
			 i + 1, nmask, l->slices);
		return false;
	}
	return true;
}

int ml_parse(const char *spec, struct ml_config *cfg, char *err, size_t errlen)
{
	const char *p = spec, *msg;
	unsigned bad = 0;

	memset(cfg, 0, sizeof(*cfg));
	for (;;) {
		const char *slash = strchr(p, '/');
		size_t len = slash ? (size_t)(slash - p) : strlen(p);

		if (cfg->n == ML_MAX_LEVELS) {
			snprintf(err, errlen, "levels: at most %d levels",
				 ML_MAX_LEVELS);
			return -1;
		}
		if (!parse_level(p, len, cfg->n, &cfg->lv[cfg->n], err, errlen))
			return -1;
		cfg->n++;
		if (!slash)
			break;
		p = slash + 1;
	}
	msg = ml_check(cfg, &bad);
	if (msg) {
		snprintf(err, errlen, "levels: level %u (%s): %s", bad + 1,
			 cfg->lv[bad].name, msg);
		return -1;
	}
	return 0;
}
