/* SPDX-License-Identifier: MIT */
/* mm/recolor.c - see recolor.h. */
#include "mm/recolor.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/placement/registry.h"

int recolor_pages(struct task *t, const struct color_set *to, u32 *pfns, u32 n, u32 gfp, recolor_copy_fn copy,
		  void *ctx, struct recolor_stats *st)
{
	u32 i, failed = 0;

	color_set_task_assign(t, to);
	for (i = 0; i < n; i++) {
		struct alloc_hint h = { .task = t, .order = 0, .migratetype = MIGRATE_MOVABLE, .colors = &to->map };
		struct page *np;
		u32 old = pfns[i], borrowed = t->color_borrowed;

		st->scanned++;
		if (color_set_has(to, pfn_color(old))) {
			st->kept++;
			continue;
		}
		np = alloc_pages_hint(gfp, &h);
		if (np && (t->color_borrowed != borrowed || !color_set_has(to, pfn_color(page_to_pfn(np))))) {
			/* a page from outside the set moves nothing in: give it back */
			t->color_borrowed = borrowed;
			color_set_stats.borrowed--;
			__free_pages(np, 0);
			np = NULL;
		}
		if (!np || copy(ctx, i, page_to_pfn(np), old) < 0) {
			if (np)
				__free_pages(np, 0);
			st->failed++;
			failed++;
			continue;
		}
		pfns[i] = page_to_pfn(np);
		__free_pages(pfn_to_page(old), 0);
		st->copied++;
	}
	return failed ? -1 : 0;
}
