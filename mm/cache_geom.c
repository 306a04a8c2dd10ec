/* SPDX-License-Identifier: MIT */
/* mm/cache_geom.c - see cache_geom.h. */
#include "mm/cache_geom.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/mmzone.h"
#include "mm/page_color.h"

#define LEVELS_FORM                                                                                                    \
	"NAME:SIZE:WAYS:LINE:lru|plru|random|srrip[:ninc|incl|excl][:lat=N][:slices=2|4|8][:hash=MASK+MASK..]"         \
	"[:seed=N], levels separated by '/'"

static bool is_pow2(u32 x)
{
	return x && !(x & (x - 1));
}

static u32 log2_u32(u32 x)
{
	u32 r = 0;

	while (x >>= 1)
		r++;
	return r;
}

/* A decimal or 0x-hex number of s[0..len) into *v (at most max); with
 * suffix, K or M (x1024) may follow. */
static bool parse_num(const char *s, u32 len, bool suffix, u64 max, u64 *v)
{
	u64 x = 0;
	u32 i = 0, base = 10, digits = 0;

	if (len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		i = 2;
	}
	for (; i < len; i++) {
		char c = s[i];
		u32 d;

		if (c >= '0' && c <= '9')
			d = (u32)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (u32)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (u32)(c - 'A' + 10);
		else
			break;
		if (x > (~0ull - d) / base)
			return false;
		x = x * base + d;
		digits++;
	}
	if (!digits)
		return false;
	if (suffix && i + 1 == len && (s[i] == 'K' || s[i] == 'k' || s[i] == 'M' || s[i] == 'm')) {
		u32 shift = (s[i] == 'K' || s[i] == 'k') ? 10 : 20;
		if (x > (max >> shift))
			return false;
		x <<= shift;
		i++;
	}
	if (i != len || x > max)
		return false;
	*v = x;
	return true;
}

static bool field_is(const char *p, u32 n, const char *word)
{
	return n == strlen(word) && !strncmp(p, word, n);
}

static bool field_opt(const char *p, u32 n, const char *word)
{
	return n > strlen(word) && !strncmp(p, word, strlen(word));
}

/* One level's text s[0..len) into l (level number i + 1); false after a message. */
static bool parse_level(const char *s, u32 len, u32 i, struct cache_level *l, char *why, u32 why_size)
{
	const char *p = s, *end = s + len;
	u32 field = 0, nmask = 0;
	u64 v;

	memset(l, 0, sizeof(*l));
	l->level = i + 1;
	l->slices = 1;
	while (p <= end) {
		const char *q = p;
		u32 n;
		bool ok = true;

		while (q < end && *q != ':')
			q++;
		n = (u32)(q - p);
		switch (field) {
		case 0:
			ok = n > 0 && n < sizeof(l->name);
			if (ok)
				memcpy(l->name, p, n);
			break;
		case 1:
			ok = parse_num(p, n, true, 1u << 30, &v);
			l->size = (u32)v;
			break;
		case 2:
			ok = parse_num(p, n, false, 1024, &v) && v >= 1;
			l->ways = (u32)v;
			break;
		case 3:
			ok = parse_num(p, n, false, 65536, &v) && is_pow2((u32)v);
			l->line = (u32)v;
			break;
		case 4: /* the replacement policy: accepted, no bearing on colors */
			ok = field_is(p, n, "lru") || field_is(p, n, "plru") || field_is(p, n, "random") ||
			     field_is(p, n, "srrip");
			break;
		default:
			if (field_is(p, n, "ninc") || field_is(p, n, "incl") || field_is(p, n, "excl"))
				break; /* inclusion: accepted, ignored */
			if (field_opt(p, n, "lat=") || field_opt(p, n, "seed=")) {
				u32 k = field_opt(p, n, "lat=") ? 4 : 5;
				ok = parse_num(p + k, n - k, false, 0xffffffffu, &v);
			} else if (field_opt(p, n, "slices=")) {
				ok = parse_num(p + 7, n - 7, false, 8, &v) && (v == 1 || v == 2 || v == 4 || v == 8);
				l->slices = (u32)v;
			} else if (field_opt(p, n, "hash=")) {
				const char *m = p + 5, *me = p + n;

				l->hashed = true;
				while (ok && m < me) {
					const char *plus = m;
					while (plus < me && *plus != '+')
						plus++;
					ok = nmask < 3 && parse_num(m, (u32)(plus - m), false, ~0ull, &v) && v != 0;
					if (ok)
						l->mask[nmask++] = v;
					m = plus + 1;
				}
				ok = ok && p[n - 1] != '+';
			} else {
				ok = false;
			}
		}
		if (!ok) {
			ksnprintf(why, why_size, "level %u, bad field '%.*s'; accepted: %s", i + 1, (int)n, p,
				  LEVELS_FORM);
			return false;
		}
		field++;
		p = q + 1;
	}
	if (field < 5) {
		ksnprintf(why, why_size, "level %u '%.*s' has %u field%s, needs at least 5; accepted: %s", i + 1,
			  (int)len, s, field, field == 1 ? "" : "s", LEVELS_FORM);
		return false;
	}
	if (l->hashed && nmask != log2_u32(l->slices)) {
		ksnprintf(why, why_size, "level %u (%s): %u slice%s need%s %u hash mask%s, hash= gives %u", i + 1,
			  l->name, l->slices, l->slices == 1 ? "" : "s", l->slices == 1 ? "s" : "", log2_u32(l->slices),
			  log2_u32(l->slices) == 1 ? "" : "s", nmask);
		return false;
	}
	{
		u32 per = l->ways * l->line * l->slices; /* <= 1024 * 65536 * 8 = 2^29 */
		if (l->size % per || !is_pow2(l->size / per)) {
			ksnprintf(why, why_size,
				  "level %u (%s): size %u is not a power-of-two multiple of ways x line x slices "
				  "(%u x %u x %u)",
				  i + 1, l->name, l->size, l->ways, l->line, l->slices);
			return false;
		}
	}
	return true;
}

int cache_levels_parse(const char *spec, struct cache_geom *g, char *why, u32 why_size)
{
	const char *p = spec;

	memset(g, 0, sizeof(*g));
	g->source = "cache_levels=";
	if (!*p) {
		ksnprintf(why, why_size, "empty; accepted: %s", LEVELS_FORM);
		return -1;
	}
	for (;;) {
		const char *slash = strchr(p, '/');
		u32 len = slash ? (u32)(slash - p) : (u32)strlen(p);

		if (g->n == CACHE_GEOM_MAX_LEVELS) {
			ksnprintf(why, why_size, "at most %u levels", CACHE_GEOM_MAX_LEVELS);
			goto fail;
		}
		if (!parse_level(p, len, g->n, &g->lv[g->n], why, why_size))
			goto fail;
		g->n++;
		if (!slash)
			return 0;
		p = slash + 1;
	}
fail:
	g->n = 0;
	return -1;
}

void cache_geom_one_level(struct cache_geom *g, u32 size, u32 ways, const char *source)
{
	memset(g, 0, sizeof(*g));
	g->source = source;
	g->n = 1;
	memcpy(g->lv[0].name, "cache", 6);
	g->lv[0].level = 1;
	g->lv[0].size = size;
	g->lv[0].ways = ways;
	g->lv[0].line = 64;
	g->lv[0].slices = 1;
}

u32 cache_geom_largest(const struct cache_geom *g)
{
	u32 best = 0;

	for (u32 i = 1; i < g->n; i++)
		if (g->lv[i].size >= g->lv[best].size)
			best = i;
	return best;
}

u32 cache_level_sets(const struct cache_level *l)
{
	u32 per;

	if (!l->ways || !l->line || !l->slices)
		return 1;
	per = l->ways * l->line * l->slices;
	return l->size / per ? l->size / per : 1;
}

u32 cache_level_slice_masks(const struct cache_level *l, u64 mask[3])
{
	u32 k, bits = log2_u32(l->slices);

	for (k = 0; k < bits && k < 3; k++)
		mask[k] = l->hashed ? l->mask[k] : 1ull << (log2_u32(l->line) + log2_u32(cache_level_sets(l)) + k);
	return k;
}

/* rounds like page_color_count(): at least 1, at most PAGE_COLOR_MAX, a power of two */
static u32 round_colors(u32 colors)
{
	if (colors == 0)
		colors = 1;
	if (colors > PAGE_COLOR_MAX)
		colors = PAGE_COLOR_MAX;
	while (colors & (colors - 1))
		colors &= colors - 1;
	return colors;
}

int color_count_derive(const struct cache_geom *g, u32 color_level, bool per_slice, struct color_derivation *d)
{
	const struct cache_level *l;
	u32 idx;

	if (!g->n || color_level > g->n)
		return -1;
	idx = color_level ? color_level - 1 : cache_geom_largest(g);
	l = &g->lv[idx];
	memset(d, 0, sizeof(*d));
	d->index = idx;
	d->lv = *l;
	d->sets = cache_level_sets(l);
	if (!l->ways) { /* fully associative: one set */
		d->sets = 1;
		d->per_slice = d->whole = 0;
	} else {
		d->per_slice = (u32)((u64)d->sets * l->line / PAGE_SIZE);
		d->whole = l->size / l->ways / PAGE_SIZE;
	}
	d->per_slice_used = per_slice || l->slices == 1;
	d->colors = round_colors(d->per_slice_used ? d->per_slice : d->whole);
	return 0;
}

static struct color_derivation geometry;
static bool have_geometry;

const struct color_derivation *color_geometry(void)
{
	return have_geometry ? &geometry : NULL;
}

void color_geometry_set(const struct color_derivation *d)
{
	have_geometry = d != NULL;
	if (d)
		geometry = *d;
}

void color_count_log(const struct color_derivation *d, u32 nlevels)
{
	const struct cache_level *l = &d->lv;
	char sz[16];

	format_size(sz, sizeof(sz), l->size);
	printk("coloring: %s (level %u of %u", l->name, d->index + 1, nlevels);
	printk("): %s %u-way, %u-byte lines", sz, l->ways, l->line);
	if (l->slices > 1) {
		printk(", %u slices ", l->slices);
		if (l->hashed) {
			printk("by hash ");
			for (u32 k = 0; k < log2_u32(l->slices); k++)
				printk("%s0x%llx", k ? "+" : "", (unsigned long long)l->mask[k]);
		} else {
			printk("by the address bits above the set index");
		}
	}
	printk(": %u sets%s\n", d->sets, l->slices > 1 ? " per slice" : "");
	if (!l->ways) {
		printk("coloring: a fully associative level has one set: 1 color\n");
		return;
	}
	printk("coloring: colors = sets%s x line / %uK = %u x %u / %uK = %u%s", l->slices > 1 ? " per slice" : "",
	       PAGE_SIZE >> 10, d->sets, l->line, PAGE_SIZE >> 10, d->per_slice, l->slices > 1 ? " per slice" : "");
	if (l->slices > 1)
		printk("; counting the whole level, %s / (%u x %uK), would give %u", sz, l->ways, PAGE_SIZE >> 10,
		       d->whole);
	printk("\n");
	if (l->slices > 1 && !d->per_slice_used) {
		printk("coloring: color_per_slice=off: %u colors counted from the whole level, as before slices "
		       "were known;\n",
		       d->colors);
		if (l->hashed)
			printk("coloring:   the hash spreads every color over all %u slices, so colors that differ "
			       "only above the %u colors per slice share sets (color sets may not isolate)\n",
			       l->slices, d->per_slice);
		else
			printk("coloring:   slices by low bits: each of these colors is one slice's share of %u "
			       "colors per slice, so disjoint sets still isolate\n",
			       d->per_slice);
	}
	{
		u32 asked = d->per_slice_used ? d->per_slice : d->whole;
		printk("coloring: %u color%s used (%s%s)\n", d->colors, d->colors == 1 ? "" : "s",
		       d->per_slice_used ? (l->slices > 1 ? "per slice" : "sets x line / page size")
					 : "the whole level",
		       d->colors == asked	? ""
		       : asked > PAGE_COLOR_MAX ? ", capped to the most the color lists support"
		       : asked < 2		? "; 1 color: coloring has nothing to do and is off"
						: ", rounded down to a power of two");
	}
}
