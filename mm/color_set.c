/* SPDX-License-Identifier: MIT */
/* mm/color_set.c - see color_set.h. */
#include "mm/color_set.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/cache_geom.h"
#include "mm/gfp.h"
#include "mm/placement/registry.h"

struct color_set_stats color_set_stats;
bool color_sets_active;

static struct color_set kernel_set, task_set, reserved_set;
static bool have_kernel, have_task, have_reserved, have_task_sets, borrow = true;

void color_set_init(struct color_set *s, u32 ncolors)
{
	color_bitmap_init(&s->map, ncolors, s->storage);
	s->ncolors = ncolors;
	s->count = 0;
}

void color_set_add_range(struct color_set *s, u32 first, u32 last)
{
	u32 c;

	for (c = first; c <= last && c < s->ncolors; c++) {
		if (!color_bitmap_test(&s->map, c)) {
			color_bitmap_set(&s->map, c);
			s->count++;
		}
	}
}

void color_set_remove(struct color_set *s, const struct color_set *o)
{
	u32 c;

	for (c = color_bitmap_find_next(&o->map, 0); c != COLOR_BITMAP_NONE && c < s->ncolors;
	     c = color_bitmap_find_next(&o->map, c + 1)) {
		if (color_bitmap_test(&s->map, c)) {
			color_bitmap_clear(&s->map, c);
			s->count--;
		}
	}
}

/* Parses a decimal number at *p (at most 9 digits), advancing *p. */
static bool parse_color(const char **p, u32 *out)
{
	u32 v = 0, n = 0;

	while (**p >= '0' && **p <= '9') {
		if (++n > 9)
			return false;
		v = v * 10 + (u32)(**p - '0');
		(*p)++;
	}
	*out = v;
	return n > 0;
}

int color_set_parse(struct color_set *s, const char *text, u32 ncolors, char *why, u32 why_size)
{
	const char *p = text;

	color_set_init(s, ncolors);
	if (!*p) {
		ksnprintf(why, why_size, "empty set; accepted: colors or ranges 0-%u, e.g. 0-3,8-11", ncolors - 1);
		return -1;
	}
	for (;;) {
		const char *item = p;
		u32 a, b;
		int len;

		if (!parse_color(&p, &a))
			goto syntax;
		b = a;
		if (*p == '-') {
			p++;
			if (!parse_color(&p, &b))
				goto syntax;
		}
		if (*p != ',' && *p != '\0')
			goto syntax;
		len = (int)(p - item);
		if (a > b) {
			ksnprintf(why, why_size, "range '%.*s' runs backwards; write it low-high", len, item);
			goto fail;
		}
		if (b >= ncolors) {
			ksnprintf(why, why_size, "color %u in '%.*s' is out of range: this cache has %u colors (0-%u)",
				  b, len, item, ncolors, ncolors - 1);
			goto fail;
		}
		color_set_add_range(s, a, b);
		if (*p == '\0')
			return 0;
		p++; /* the comma */
		continue;
	syntax:
		while (*p && *p != ',')
			p++;
		ksnprintf(why, why_size,
			  "bad item '%.*s'; accepted: colors or ranges 0-%u separated by commas, e.g. 0-3,8-11",
			  (int)(p - item), item, ncolors - 1);
		goto fail;
	}
fail:
	color_set_init(s, ncolors);
	return -1;
}

char *color_set_format(const struct color_set *s, char *buf, u32 size)
{
	u32 len = 0, c = color_bitmap_find_next(&s->map, 0);

	buf[0] = '\0';
	if (c == COLOR_BITMAP_NONE) {
		ksnprintf(buf, size, "(empty)");
		return buf;
	}
	while (c != COLOR_BITMAP_NONE) {
		u32 e = c;
		int n;

		while (e + 1 < s->ncolors && color_bitmap_test(&s->map, e + 1))
			e++;
		n = e == c ? ksnprintf(buf + len, size - len, "%s%u", len ? "," : "", c)
			   : ksnprintf(buf + len, size - len, "%s%u-%u", len ? "," : "", c, e);
		if (n < 0 || len + (u32)n >= size) {
			if (size >= 4)
				memcpy(buf + size - 4, "...", 4);
			return buf;
		}
		len += (u32)n;
		c = e + 1 < s->ncolors ? color_bitmap_find_next(&s->map, e + 1) : COLOR_BITMAP_NONE;
	}
	return buf;
}

/* ---- isolation on a sliced level ------------------------------------------ */

static u32 parity64(u64 x)
{
	x ^= x >> 32;
	x ^= x >> 16;
	x ^= x >> 8;
	x ^= x >> 4;
	x ^= x >> 2;
	x ^= x >> 1;
	return (u32)(x & 1);
}

/* The slice bits (bit k = parity(addr & mask[k])) of the address addr. */
static u32 slice_bits(const u64 *mask, u32 nmask, u64 addr)
{
	u32 v = 0;

	for (u32 k = 0; k < nmask; k++)
		v |= parity64(addr & mask[k]) << k;
	return v;
}

/* What the isolation check needs of level d for ncolors colors: the slice
 * masks, and reach, a bitmap over the 2^nmask slice-bit vectors: those the
 * address bits a page of one color does not fix (12 + log2(ncolors) .. 31)
 * can add to the slice bits. */
struct slice_reach {
	u64 mask[3];
	u32 nmask, reach;
};

static void slice_reach_init(struct slice_reach *r, const struct color_derivation *d, u32 ncolors)
{
	u32 color_bits = 0;

	r->nmask = cache_level_slice_masks(&d->lv, r->mask);
	r->reach = 1;
	while ((1u << color_bits) < ncolors)
		color_bits++;
	for (u32 b = PAGE_SHIFT + color_bits; b < 32; b++) {
		u32 v = slice_bits(r->mask, r->nmask, 1ull << b), more = r->reach;
		for (u32 x = 0; x < (1u << r->nmask); x++)
			if (r->reach & (1u << x))
				more |= 1u << (x ^ v);
		r->reach = more;
	}
}

static bool collides(const struct color_derivation *d, const struct slice_reach *r, u32 c1, u32 c2)
{
	if (c1 == c2 || d->per_slice == 0)
		return true;
	if (c1 % d->per_slice != c2 % d->per_slice)
		return false; /* different set index bits: never the same set */
	if (!r->nmask)
		return true; /* one slice: the same sets */
	return (r->reach >> slice_bits(r->mask, r->nmask, (u64)(c1 ^ c2) << PAGE_SHIFT)) & 1;
}

bool color_pair_collides(const struct color_derivation *d, u32 ncolors, u32 c1, u32 c2)
{
	struct slice_reach r;

	slice_reach_init(&r, d, ncolors);
	return collides(d, &r, c1, c2);
}

u32 color_sets_collisions(const struct color_derivation *d, const struct color_set *a, const struct color_set *b,
			  u32 *x, u32 *y)
{
	struct slice_reach r;
	u32 n = 0, step = d->per_slice ? d->per_slice : 1;

	slice_reach_init(&r, d, a->ncolors);
	/* only colors of the same residue mod the colors per slice can meet */
	for (u32 i = color_bitmap_find_next(&a->map, 0); i != COLOR_BITMAP_NONE && i < a->ncolors;
	     i = color_bitmap_find_next(&a->map, i + 1))
		for (u32 j = d->per_slice ? i % step : 0; j < b->ncolors; j += step)
			if (j != i && color_set_has(b, j) && collides(d, &r, i, j) && !n++) {
				*x = i;
				*y = j;
			}
	return n;
}

u32 color_sets_check_isolation(const char *prefix, const struct color_derivation *d, const struct color_set *a,
			       const char *a_name, const struct color_set *b, const char *b_name)
{
	static char abuf[64], bbuf[64];
	u32 n, x = 0, y = 0;

	if (!d || a->ncolors != b->ncolors)
		return 0;
	n = color_sets_collisions(d, a, b, &x, &y);
	if (!n)
		return 0;
	printk("%s: %s (%s) and %s (%s) cannot isolate on %s: %u pair%s of colors share cache sets, e.g. %u and %u\n",
	       prefix, a_name, color_set_format(a, abuf, sizeof(abuf)), b_name, color_set_format(b, bbuf, sizeof(bbuf)),
	       d->lv.name, n, n == 1 ? "" : "s", x, y);
	if (d->per_slice && a->ncolors > d->per_slice && d->lv.slices > 1)
		printk("%s:   why: %u colors were counted from the whole level, but it has %u colors per slice; %u and "
		       "%u have the same set index (%u mod %u) and the %s puts pages of both in every slice, so "
		       "they share the sets of each slice; color_per_slice=on counts %u colors, whose disjoint "
		       "sets isolate\n",
		       prefix, a->ncolors, d->per_slice, x, y, x % d->per_slice, d->per_slice,
		       d->lv.hashed ? "slice hash" : "slice selection (address bits above the colors)", d->per_slice);
	else
		printk("%s:   why: %u and %u select the same sets (%u colors per slice on %s)\n", prefix, x, y,
		       d->per_slice, d->lv.name);
	return n;
}

/* ---- the sets in force ---------------------------------------------------- */

static void update_active(void)
{
	color_sets_active = have_kernel || have_task || have_task_sets;
}

void color_sets_reset(void)
{
	have_kernel = have_task = have_reserved = have_task_sets = false;
	borrow = true;
	color_set_stats.borrowed = color_set_stats.refused = 0;
	update_active();
}

const struct color_set *color_sets_kernel(void)
{
	return have_kernel ? &kernel_set : NULL;
}

u32 color_set_for_task(struct color_set *dst, const struct color_set *src)
{
	if (dst != src)
		memcpy(dst, src, sizeof(*dst));
	dst->map.l0 = dst->storage; /* the copy's own storage */
	dst->map.l1 = dst->storage + (src->map.l1 - src->storage);
	if (have_reserved && reserved_set.ncolors == dst->ncolors)
		color_set_remove(dst, &reserved_set);
	return dst->count;
}

void color_sets_set_task_default(const struct color_set *s)
{
	have_task = s != NULL;
	if (s)
		color_set_for_task(&task_set, s);
	update_active();
}

void color_set_task_assign(struct task *t, const struct color_set *s)
{
	t->colors = s ? &s->map : NULL;
	if (s) {
		have_task_sets = true;
		update_active();
	}
}

void color_sets_set_borrow(bool on)
{
	borrow = on;
}

void color_sets_set_kernel(const struct color_set *s)
{
	have_kernel = s != NULL;
	if (s && s != &kernel_set) {
		memcpy(&kernel_set, s, sizeof(kernel_set));
		kernel_set.map.l0 = kernel_set.storage;
		kernel_set.map.l1 = kernel_set.storage + (s->map.l1 - s->storage);
	}
	update_active();
}

/* Prints the colors of pfns [first, end) as a set ("all N colors" when
 * they cover the cache). */
static void print_image_colors(const char *what, u32 first, u32 end, u32 ncolors, struct color_set *out)
{
	static char buf[160];

	color_set_init(out, ncolors);
	if (end <= first)
		return;
	if (end - first >= ncolors)
		color_set_add_range(out, 0, ncolors - 1);
	else if ((first % ncolors) <= ((end - 1) % ncolors))
		color_set_add_range(out, first % ncolors, (end - 1) % ncolors);
	else {
		color_set_add_range(out, first % ncolors, ncolors - 1);
		color_set_add_range(out, 0, (end - 1) % ncolors);
	}
	printk("colors: kernel %s: pfns %u-%u (%u KiB), colors %s (%u of %u)\n", what, first, end - 1,
	       (end - first) * 4, color_set_format(out, buf, sizeof(buf)), out->count, ncolors);
}

static int reject_set(const char *name, const char *value, const char *why)
{
	static char text[COLOR_SET_TEXT + 32];

	printk("cmdline: %s=%s rejected: %s; keeping the default (no set)\n", name, value, why);
	ksnprintf(text, sizeof(text), "%s=%s", name, value);
	cmdline_reject_late(text, why);
	return 1;
}

int color_sets_boot(const struct color_sets_config *cfg, u32 ncolors, const struct kernel_image_pfns *img)
{
	/* one scratch set (4 KiB) in turn for the image's bss colors, each
	 * parsed set (copied out by color_sets_set_*) and the other colors */
	static struct color_set parsed;
	static char why[160], buf[160];
	int rejected = 0;
	u32 bss_colors = 0;

	color_sets_reset();
	borrow = cfg->borrow;
	if (img) {
		print_image_colors("image text+data", img->start, img->data_end, ncolors, &reserved_set);
		print_image_colors("image bss", img->data_end, img->end, ncolors, &parsed);
		bss_colors = parsed.count;
	}
	if (cfg->kernel[0]) {
		if (color_set_parse(&parsed, cfg->kernel, ncolors, why, sizeof(why)) < 0) {
			rejected += reject_set("kernel_colors", cfg->kernel, why);
		} else {
			color_sets_set_kernel(&parsed);
			if (!img)
				color_set_init(&reserved_set, ncolors);
			/* the kernel's colors and its image's text and data are kept out of task sets */
			for (u32 c = 0; c < ncolors; c++)
				if (color_set_has(&kernel_set, c))
					color_set_add_range(&reserved_set, c, c);
			have_reserved = true;
			printk("colors: kernel_colors=%s: kernel allocations (page tables, stacks, buffers) use colors "
			       "%s\n",
			       cfg->kernel, color_set_format(&kernel_set, buf, sizeof(buf)));
			printk("colors: kept out of task sets: %s (kernel_colors and the image's text+data)%s\n",
			       color_set_format(&reserved_set, buf, sizeof(buf)),
			       bss_colors == ncolors ? "; the image's bss covers every color and cannot be kept out"
						     : "");
		}
	}
	if (!have_reserved)
		color_set_init(&reserved_set, ncolors); /* nothing reserved */
	if (cfg->task[0]) {
		if (color_set_parse(&parsed, cfg->task, ncolors, why, sizeof(why)) < 0) {
			rejected += reject_set("task_colors", cfg->task, why);
		} else if (color_set_for_task(&parsed, &parsed) == 0) {
			rejected += reject_set("task_colors", cfg->task,
					       "no color left once the kernel's colors are taken out");
		} else {
			color_sets_set_task_default(&parsed);
			printk("colors: task_colors=%s: every task's pages use colors %s (%u of %u)\n", cfg->task,
			       color_set_format(&task_set, buf, sizeof(buf)), task_set.count, ncolors);
		}
	}
	{ /* on a sliced level counted whole, "disjoint" may not mean isolated */
		struct color_set *rest = &parsed; /* the parsed sets are copied out by now */
		const struct color_derivation *d = color_geometry();

		if (have_kernel && have_task) {
			color_sets_check_isolation("colors", d, &task_set, "task_colors", &kernel_set, "kernel_colors");
		} else if (have_kernel || have_task) {
			const struct color_set *s = have_kernel ? &kernel_set : &task_set;
			color_set_init(rest, ncolors);
			color_set_add_range(rest, 0, ncolors - 1);
			color_set_remove(rest, s);
			if (rest->count)
				color_sets_check_isolation("colors", d, s,
							   have_kernel ? "kernel_colors" : "task_colors", rest,
							   "the other colors");
		}
	}
	if (color_sets_active) {
		printk("colors: when a set runs out: %s\n",
		       borrow ? "borrow other colors (counted; color_borrow=off fails instead)"
			      : "fail (color_borrow=off)");
		if (!placement_active->colors)
			printk("colors: placement=%s ignores color sets: choose binhop, vacolor or bestbin\n",
			       placement_name());
	}
	return rejected;
}

void color_set_apply(struct alloc_hint *hint, u32 gfp)
{
	if (hint->colors)
		return;
	if (!(gfp & GFP_HIGHUSER)) {
		if (have_kernel) {
			hint->colors = &kernel_set.map;
			hint->any_color = false;
		}
		return;
	}
	if (hint->task && hint->task->colors)
		hint->colors = hint->task->colors;
	else if (have_task && hint->task && hint->task->pid != 0)
		hint->colors = &task_set.map;
}

bool color_set_borrow(struct alloc_hint *hint)
{
	if (!borrow) {
		color_set_stats.refused++;
		return false;
	}
	hint->colors = NULL;
	color_set_stats.borrowed += 1u << hint->order;
	if (hint->task)
		hint->task->color_borrowed += 1u << hint->order;
	return true;
}
