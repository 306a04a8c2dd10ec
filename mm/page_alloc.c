/* SPDX-License-Identifier: MIT */
/* mm/page_alloc.c - the zoned buddy allocator.
 *
 * Each zone keeps free blocks of 2^order pages (order 0..MAX_ORDER-1) in
 * free_area[order]. Allocation takes the smallest free block that is large
 * enough and splits it (__expand); freeing merges a block with its buddy
 * while the buddy is free too (__free_one_page). Where a free block waits,
 * and which block an allocation takes, is the placement policy's business:
 * this file calls it through mm/placement/registry.h (__placement_add/del)
 * and mm/placement/fast.h (__placement_pick), names no policy and never
 * looks at colors. The policy never calls back in here.
 *
 * Free lists are per order and migrate type (grouping by mobility,
 * mm/pageblock.h): a request takes from its type's lists, and when they
 * are empty falls back to another type's (__rmqueue_fallback), perhaps
 * stealing that type's page block.
 *
 * Locking: the zone lock (mm/zone_lock.h) is a ticket spinlock taken with
 * interrupts off; on one CPU it is always free. Functions named __name
 * expect the caller to hold it (asserted in debug builds:
 * assert_zone_locked). Order-0 requests may be served by the
 * per-CPU lists (mm/pcp.c) in front of this core, through the mm_pcp hooks
 * and the two bulk doors at the end of the allocation and freeing parts;
 * the per-CPU lists are kept per migrate type (as Linux's since 2.6.24),
 * so a page freed to them goes back to a request of its own type and they
 * mix no types in a page block that the buddy core would not.
 */
#include "mm/page_alloc.h"
#include "kernel/printk.h"
#include "mm/inject.h" /* MM_INJECT: fault injection, fuzz builds only */
#include "mm/internal.h"
#include "mm/memblock.h"
#include "mm/color_set.h"
#include "mm/pageblock.h"
#include "mm/placement/fast.h"
#include "mm/zone_lock.h"

u32 mm_bad_free_count;
void (*mm_free_poison)(u32 pfn, u32 order);
static u32 (*mm_alloc_check)(u32 pfn, u32 order); /* mm_set_alloc_check */
const struct pcp_hooks *mm_pcp;
bool mm_pcp_colors;
#ifdef MM_INJECT_BUG
bool mm_inject_armed;
#endif

/* zone_limit_pfn[z] .. zone_limit_pfn[z + 1]: the pfns zone z may hold (free_area_init). */
static u32 zone_limit_pfn[MAX_NR_ZONES + 1];

/* ---- free lists ---------------------------------------------------------- */

/* Puts a free block on the lists of migrate type mt. */
static inline __attribute__((always_inline)) void __add_to_free_list(struct zone *zone, struct page *page, u32 order,
								     u32 mt)
{
	struct free_area *area = &zone->free_area[order];

	assert_zone_locked();
	page->flags = (page->flags & ~PG_MT_MASK) | PG_buddy | (mt << PG_MT_SHIFT);
	page->private = order;
	__placement_add(zone, page, page_to_pfn(page), order);
	if (MM_INJECT(wrong_order, order == 3 && (page_to_pfn(page) & 0x80)))
		page->private = order - 1; /* MM_INJECT: wrong_order */
	if (MM_INJECT(wrong_list,
		      placement_active_lists == PLACEMENT_PLAIN && order == 1 && (page_to_pfn(page) & 0x20))) {
		list_del(&page->lru); /* MM_INJECT: wrong_list, onto the next order's list */
		list_add(&page->lru, &zone->free_area[order + 1].free_list[mt]);
	}
	if (MM_INJECT(double_free,
		      placement_active_lists == PLACEMENT_PLAIN && order == 0 && (page_to_pfn(page) & 0x10)))
		list_add(&page->lru, &area->free_list[mt]); /* MM_INJECT: double_free, linked twice */
	area->nr_free++;
	area->nr_free_mt[mt]++;
	zone->free_pages += 1u << order;
}

/* Takes a free block off the policy's lists and clears PG_buddy. `lists`:
 * placement_active_lists, or a path's constant (__placement_path_lists). */
static inline __attribute__((always_inline)) void __del_page_from_free_list_as(struct zone *zone, struct page *page,
									       u32 order, u32 lists)
{
	struct free_area *area = &zone->free_area[order];

	assert_zone_locked();
	__placement_del_as(zone, page, order, lists);
	area->nr_free_mt[page_mt(page)]--;
	page->flags &= ~PG_buddy;
	page->private = 0;
	area->nr_free--;
	zone->free_pages -= 1u << order;
}
static inline __attribute__((always_inline)) void __del_page_from_free_list(struct zone *zone, struct page *page,
									    u32 order)
{
	__del_page_from_free_list_as(zone, page, order, placement_active_lists);
}

/* ---- allocation ---------------------------------------------------------- */

/* Takes the free block at page (order `high`, already off its list) and
 * splits it down to order `low`, putting the unused halves back on the free
 * lists. At each halving the half whose pfn bit matches `want` is kept, so
 * the block returned has pfn bits [low, high) equal to those of want
 * (want = 0 keeps the lowest sub-block, as Linux's expand() does). The
 * halves go on the lists of type mt (the lists the block came from).
 * Returns the kept sub-block's first page. */
static struct page *__expand(struct zone *zone, struct page *page, u32 low, u32 high, u32 want, u32 mt)
{
	while (high > low) {
		u32 half;

		high--;
		half = 1u << high;
		if (MM_INJECT(lost_free, high == 2 && (page_to_pfn(page) & 0x40))) {
			page += (want & half) ? half : 0; /* MM_INJECT: lost_free, the spare half on no list */
			continue;
		}
		if (MM_INJECT(split_overlap, high == 1 && !(want & half) && (page_to_pfn(page) & 0x8))) {
			__add_to_free_list(zone, page, high, mt); /* MM_INJECT: split_overlap, frees the kept half */
			continue;
		}
		if (want & half) {
			/* keep the upper half, free the lower */
			__add_to_free_list(zone, page, high, mt);
			page += half;
		} else {
			__add_to_free_list(zone, page + half, high, mt);
		}
	}
	return page;
}

/* Takes the block a pick chose: off its list, split down to the requested
 * order keeping the sub-block the policy chose; the halves stay on the
 * lists of the block's type. */
static inline __attribute__((always_inline)) struct page *__take(struct zone *zone, const struct alloc_hint *hint,
								 const struct placement_pick *pick, u32 policy)
{
	u32 mt = page_mt(pick->page);

	__del_page_from_free_list_as(zone, pick->page, pick->order, __placement_path_lists(policy));
	if (pick->order == hint->order)
		return pick->page;
	return __expand(zone, pick->page, hint->order, pick->order, pick->keep, mt);
}

/* The request's own type has no block: Linux's __rmqueue_fallback. The
 * largest free block on the fallback types' lists (in the order of
 * mobility_fallbacks) is found with an any-color pick, which changes no
 * policy or task state; its page block may be stolen (__steal_pageblock),
 * and then the request's pick runs on its own type's lists; otherwise it
 * runs on the fallback type's lists. Counted in mobility_stats. Out of
 * line: the common path never comes here. */
static __attribute__((noinline)) struct page *__rmqueue_fallback(struct zone *zone, struct alloc_hint *hint)
{
	u32 start_mt = hint->migratetype, i;
	int o;

	for (o = MAX_ORDER - 1; o >= (int)hint->order; o--) {
		struct free_area *area = &zone->free_area[o];

		for (i = 0; i < MIGRATE_TYPES - 1; i++) {
			u32 ft = mobility_fallbacks[start_mt][i];
			struct alloc_hint probe = *hint;
			struct placement_pick pick;

			if (!area->nr_free_mt[ft])
				continue;
			probe.order = (u8)o;
			probe.any_color = true;
			probe.colors = NULL;
			probe.list_mt = (u8)ft;
			if (!placement_active->pick(zone, &probe, &pick))
				continue; /* cannot happen: nr_free_mt says there is one */
			mobility_stats.fallbacks[start_mt][ft]++;
			if (can_steal_fallback(pick.order, start_mt) &&
			    __steal_pageblock(zone, pick.page, pick.order, start_mt))
				hint->list_mt = (u8)start_mt;
			else {
				mobility_stats.no_steal++;
				hint->list_mt = (u8)ft;
			}
			if (!placement_active->pick(zone, hint, &pick))
				return NULL; /* a color set with no allowed color there */
			return __take(zone, hint, &pick, PLACEMENT_PATH_OPS);
		}
	}
	return NULL;
}

/* Asks the policy for a block of the request's type and takes it; falls
 * back to the other types when that type's lists have none. */
static inline __attribute__((always_inline)) struct page *__rmqueue(struct zone *zone, struct alloc_hint *hint,
								    u32 policy)
{
	struct placement_pick pick;

	assert_zone_locked();
	hint->list_mt = zone_grouping(zone) ? hint->migratetype : MIGRATE_MOVABLE;
	if (__builtin_expect(__placement_pick(zone, hint, &pick, policy), 1))
		return __take(zone, hint, &pick, policy);
	if (!zone_grouping(zone))
		return NULL;
	return __rmqueue_fallback(zone, hint);
}

/* Zones tried for a request, in order (Linux's zonelist), ending in -1. */
static const int *gfp_zonelist(gfp_t gfp)
{
	static const int dma[] = { ZONE_DMA, -1 };
	static const int kernel[] = { ZONE_NORMAL, ZONE_DMA, -1 };
	static const int high[] = { ZONE_HIGHMEM, ZONE_NORMAL, ZONE_DMA, -1 };

	if (gfp & GFP_DMA)
		return dma;
	if (gfp & GFP_HIGHUSER)
		return high;
	return kernel;
}

/* An order-0 page from the CPU's colored lists (mm/pcp.h), made an
 * allocated block of hint's type, or NULL (also for any other order). */
static __attribute__((noinline)) struct page *__alloc_pcp_color(int z, gfp_t gfp, struct alloc_hint *hint, bool check)
{
	struct page *page = mm_pcp && hint->order == 0
				? mm_pcp->alloc_color(&contig_page_data.node_zones[z], hint, (gfp & __GFP_COLD) != 0)
				: NULL;

	if (page) {
		page->flags = (page->flags & ~PG_MT_MASK) | PG_head | ((u32)hint->migratetype << PG_MT_SHIFT);
		page->private = 0;
		if (check)
			mm_alloc_check(page_to_pfn(page), 0);
	}
	return page;
}

/* The allocation path, compiled once per `policy` (a constant: an id of
 * PLACEMENT_FAST, or PLACEMENT_PATH_OPS; see mm/placement/fast.h) and
 * `check` (a constant: call mm_alloc_check on the block returned; only the
 * checked path, taken while a check is installed, does). */
static inline __attribute__((always_inline)) struct page *__alloc_pages_path(gfp_t gfp, struct alloc_hint *hint,
									     u32 policy, bool check)
{
	const int *zonelist = gfp_zonelist(gfp), *zl;
	struct page *page = NULL;
	irqflags_t flags;
	u32 order = hint->order;

	hint->any_color = (gfp & __GFP_NOCOLOR) != 0;
	if (__builtin_expect(color_sets_active, 0))
		color_set_apply(hint, gfp); /* cache partitioning (mm/color_set.h) */
	/* The hot and cold lists serve only the requests without a color set
	 * of a policy for which any page will do (placement_ops.pcp: buddy);
	 * binhop's and vacolor's take the colored lists below (mm/pcp.h). */
	if (order == 0 && mm_pcp && !hint->colors && __placement_path_pcp(policy)) {
		for (zl = zonelist; *zl >= 0; zl++) {
			page = mm_pcp->alloc(&contig_page_data.node_zones[*zl], (gfp & __GFP_COLD) != 0,
					     hint->migratetype);
			if (page) {
				page->flags =
				    (page->flags & ~PG_MT_MASK) | PG_head | ((u32)hint->migratetype << PG_MT_SHIFT);
				page->private = 0;
				if (check)
					mm_alloc_check(page_to_pfn(page), 0);
				return page;
			}
		}
	}
	/* A coloring policy's order-0 request: the CPU's colored list of the
	 * color the policy picks (mm/pcp.h), or the zone path below. Out of
	 * line, the order tested there: with the colored lists off it costs
	 * the path one test of one byte. */
	if (!__placement_path_pcp(policy) && __builtin_expect(mm_pcp_colors, 0)) {
		page = __alloc_pcp_color(zonelist[0], gfp, hint, check);
		if (page)
			return page;
	}
	flags = zone_lock_irqsave();
retry:
	for (zl = zonelist; *zl >= 0 && !page; zl++) {
		struct zone *zone = &contig_page_data.node_zones[*zl];
		if (zone->free_pages < (1u << order))
			continue;
		page = __rmqueue(zone, hint, policy);
	}
	if (__builtin_expect(!page && hint->colors != NULL, 0) && color_set_borrow(hint))
		goto retry; /* the set ran out: borrow (counted), or fail (color_borrow=off) */
	if (page) {
		page->flags = (page->flags & ~PG_MT_MASK) | PG_head | ((u32)hint->migratetype << PG_MT_SHIFT);
		page->private = order;
	}
	zone_unlock_irqrestore(flags);
	if (check && page)
		mm_alloc_check(page_to_pfn(page), order);
	/* A failed request drains this CPU's lists and tries once more, as
	 * Linux drains them before giving up: the pages they hold may complete
	 * a block of the order asked for, or be of another type. Once drained,
	 * drain_local returns 0 and the request fails. */
	if (__builtin_expect(!page && mm_pcp != NULL, 0) && mm_pcp->drain_local()) {
		flags = zone_lock_irqsave();
		goto retry;
	}
	return page;
}

/* The paths: one per policy of PLACEMENT_FAST with its pick inlined, one
 * through placement_ops for the others, and the same through placement_ops
 * with the allocation check (every policy's while mm_set_alloc_check has
 * installed one), each in three forms: a request built here (alloc_pages;
 * alloc_pages_va, with a virtual address) keeps its hint in registers, a
 * caller's hint (alloc_pages_hint) is read through the pointer. */
#define ALLOC_PAGES_PATHS_(name, path, needs_task, check)                                                              \
	static __attribute__((noinline)) struct page *__alloc_pages_##name(gfp_t gfp, u32 order)                       \
	{                                                                                                              \
		struct alloc_hint hint = { .task = (needs_task) ? current : NULL,                                      \
					   .order = (u8)order,                                                         \
					   .migratetype = (u8)gfp_migratetype(gfp) };                                  \
		return __alloc_pages_path(gfp, &hint, path, check);                                                    \
	}                                                                                                              \
	static __attribute__((noinline)) struct page *__alloc_pages_##name##_va(gfp_t gfp, u32 order, vaddr_t va)      \
	{                                                                                                              \
		struct alloc_hint hint = { .task = (needs_task) ? current : NULL,                                      \
					   .va = va,                                                                   \
					   .has_va = true,                                                             \
					   .order = (u8)order,                                                         \
					   .migratetype = (u8)gfp_migratetype_va(gfp) };                               \
		return __alloc_pages_path(gfp, &hint, path, check);                                                    \
	}                                                                                                              \
	static __attribute__((noinline)) struct page *__alloc_pages_##name##_hint(gfp_t gfp, struct alloc_hint *hint)  \
	{                                                                                                              \
		return __alloc_pages_path(gfp, hint, path, check);                                                     \
	}
#define ALLOC_PAGES_FAST_PATHS_(ID, name) ALLOC_PAGES_PATHS_(name, PLACEMENT_##ID, __##name##_task, false)
PLACEMENT_FAST(ALLOC_PAGES_FAST_PATHS_)
ALLOC_PAGES_PATHS_(ops, PLACEMENT_PATH_OPS, true, false)
ALLOC_PAGES_PATHS_(checked, PLACEMENT_PATH_OPS, true, true)
#undef ALLOC_PAGES_FAST_PATHS_
#undef ALLOC_PAGES_PATHS_

/* Each request's one decision: the path of the active policy, by its id
 * (PLACEMENT_FAST's ids their own, every other the ops path); while an
 * allocation check is installed, every entry is the checked path
 * (mm_set_alloc_check rewrites the table, so no path tests for the check). */
struct alloc_pages_path {
	struct page *(*alloc)(gfp_t gfp, u32 order);
	struct page *(*alloc_va)(gfp_t gfp, u32 order, vaddr_t va);
	struct page *(*alloc_hint)(gfp_t gfp, struct alloc_hint *hint);
};
#define ALLOC_PAGES_PATH_(name)                                                                                        \
	{                                                                                                              \
		__alloc_pages_##name, __alloc_pages_##name##_va, __alloc_pages_##name##_hint                           \
	}
#define ALLOC_PAGES_FAST_PATH_(ID, name) [PLACEMENT_##ID] = ALLOC_PAGES_PATH_(name),
#define ALLOC_PAGES_PATHS_INIT_                                                                                        \
	{                                                                                                              \
		[0 ... PLACEMENT_NR - 1] = ALLOC_PAGES_PATH_(ops), PLACEMENT_FAST(ALLOC_PAGES_FAST_PATH_)              \
	}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init" /* the fast ids override the default */
static const struct alloc_pages_path alloc_pages_paths_unchecked[PLACEMENT_NR] = ALLOC_PAGES_PATHS_INIT_;
static struct alloc_pages_path alloc_pages_paths[PLACEMENT_NR] = ALLOC_PAGES_PATHS_INIT_; /* mm_set_alloc_check */
#pragma GCC diagnostic pop
static const struct alloc_pages_path alloc_pages_path_checked = ALLOC_PAGES_PATH_(checked);
#undef ALLOC_PAGES_PATHS_INIT_
#undef ALLOC_PAGES_FAST_PATH_
#undef ALLOC_PAGES_PATH_

/* The policy cannot change during a request: switches run with the zone
 * lock held, and nothing allocates from interrupts. */
struct page *alloc_pages(gfp_t gfp, u32 order)
{
	if (order >= MAX_ORDER)
		return NULL;
	return alloc_pages_paths[placement_active_id].alloc(gfp, order);
}

struct page *alloc_pages_hint(gfp_t gfp, struct alloc_hint *hint)
{
	if (hint->order >= MAX_ORDER)
		return NULL;
	if (gfp & GFP_MOVABLE_MASK)
		hint->migratetype = (u8)gfp_migratetype(gfp);
	else if (hint->migratetype >= MIGRATE_TYPES)
		hint->migratetype = MIGRATE_UNMOVABLE;
	return alloc_pages_paths[placement_active_id].alloc_hint(gfp, hint);
}

struct page *alloc_pages_va(gfp_t gfp, u32 order, vaddr_t va)
{
	if (order >= MAX_ORDER)
		return NULL;
	return alloc_pages_paths[placement_active_id].alloc_va(gfp, order, va);
}

void mm_set_alloc_check(u32 (*check)(u32 pfn, u32 order))
{
	u32 id;

	mm_alloc_check = check;
	for (id = 0; id < PLACEMENT_NR; id++)
		alloc_pages_paths[id] = check ? alloc_pages_path_checked : alloc_pages_paths_unchecked[id];
}

u32 rmqueue_bulk(struct zone *zone, u32 count, struct list_head *list, u32 mt)
{
	struct alloc_hint hint = { .task = current, .order = 0, .any_color = true, .migratetype = (u8)mt };
	irqflags_t flags = zone_lock_irqsave();
	u32 n;

	for (n = 0; n < count && zone->free_pages; n++) {
		struct page *page = __rmqueue(zone, &hint, PLACEMENT_PATH_OPS);
		if (!page)
			break;
		page->flags |= PG_pcp;
		list_add_tail(&page->lru, list);
	}
	zone_unlock_irqrestore(flags);
	return n;
}

struct page *__rmqueue_color(struct zone *zone, u32 mt, u32 color)
{
	struct alloc_hint hint = { .order = 0, .migratetype = (u8)mt, .any_color = true };
	struct placement_pick pick;
	struct color_lists *cl;
	u32 o;

	assert_zone_locked();
	hint.list_mt = zone_grouping(zone) ? (u8)mt : MIGRATE_MOVABLE;
	cl = zone->placement[hint.list_mt];
	if (placement_active_lists != PLACEMENT_COLOR || !cl || color > cl->mask ||
	    __color_lists_find(zone, hint.list_mt, 0, color, NULL, &o) != color)
		return NULL;
	pick = (struct placement_pick){ list_first_entry(&cl->area[o].lists[color >> o], struct page, lru), o, color };
	return __take(zone, &hint, &pick, PLACEMENT_PATH_OPS);
}

/* ---- freeing ------------------------------------------------------------- */

/*
 * The buddy of a block. A block of order k starts at a pfn that is a multiple
 * of 2^k; it and its buddy together form the aligned block of order k+1 that
 * contains them, so the buddy's pfn differs only in bit k:
 *
 *     buddy_pfn = pfn ^ (1 << k)        combined_pfn = pfn & ~(1 << k)
 *
 * Worked example: free pfn 0x1235 at order 0. Its buddy is 0x1234. If 0x1234
 * is a free order-0 block, they merge into the order-1 block at 0x1234, whose
 * buddy is 0x1236 (0x1234 ^ 2). If 0x1236 heads a free order-1 block, the
 * merge gives the order-2 block at 0x1234, whose buddy is 0x1230 (0x1234 ^ 4),
 * and so on until a buddy is not free, is split to a different order, lies
 * outside the zone, or order MAX_ORDER-1 is reached. A buddy may merge only
 * when it is the head of a free block (PG_buddy) of exactly the same order
 * and in the same zone: a free block of another order that merely contains
 * the buddy pfn is not a buddy at this order.
 */
static inline __attribute__((always_inline)) bool page_is_buddy(u32 zone_bits, u32 buddy_pfn, u32 order)
{
	const struct page *buddy;

	if (!pfn_valid(buddy_pfn))
		return false;
	buddy = pfn_to_page(buddy_pfn);
	if (MM_INJECT(bad_merge, (buddy->flags & PG_buddy) && buddy->private + 1 == order && (buddy_pfn & 0x40)))
		return true; /* MM_INJECT: bad_merge, a buddy free at a lower order */
	/* A page outside the zone's span but inside its pfn range is a hole or
	 * reserved, never PG_buddy: the zone number in flags is the zone test. */
	return (buddy->flags & (PG_buddy | PG_ZONE_MASK)) == (PG_buddy | zone_bits) && buddy->private == order;
}

/* Frees (pfn, order) into zone's lists, merging it with its buddy while the
 * buddy is free: the loop. */
static __attribute__((noinline)) void __free_one_page(struct zone *zone, u32 pfn, u32 order)
{
	u32 zone_bits = (u32)(zone - contig_page_data.node_zones) << PG_ZONE_SHIFT;

	assert_zone_locked();
	while (order < MAX_ORDER - 1) {
		u32 buddy_pfn = pfn ^ (1u << order);

		if (MM_INJECT(no_merge, order == 4 && (pfn & 0x100)))
			break; /* MM_INJECT: no_merge */
		if (!page_is_buddy(zone_bits, buddy_pfn, order))
			break;
		__del_page_from_free_list(zone, pfn_to_page(buddy_pfn), order);
		pfn &= buddy_pfn; /* the combined block starts at the lower pfn */
		order++;
	}
	/* a merge never crosses a page block (pageblock_order = MAX_ORDER-1) */
	__add_to_free_list(zone, pfn_to_page(pfn), order, __free_list_type(zone, pfn));
}

/* The same for the free path: when the buddy is not free (the common case
 * on a busy machine) the block goes on its list here, with no loop set up;
 * else the loop above runs. */
static inline __attribute__((always_inline)) void __free_one_page_inline(struct zone *zone, u32 pfn, u32 order)
{
	u32 zone_bits = (u32)(zone - contig_page_data.node_zones) << PG_ZONE_SHIFT;

	assert_zone_locked();
	if (order < MAX_ORDER - 1 && page_is_buddy(zone_bits, pfn ^ (1u << order), order)) {
		__free_one_page(zone, pfn, order);
		return;
	}
	__add_to_free_list(zone, pfn_to_page(pfn), order, __free_list_type(zone, pfn));
}

/* Why a free of (page, order) is bad, or NULL when it is fine. */
static const char *bad_free_reason(const struct page *page, u32 order)
{
	if (order >= MAX_ORDER)
		return "order out of range";
	if (page->flags & PG_buddy)
		return "page is already free (double free)";
	if (page->flags & PG_reserved)
		return "page is reserved, not allocated";
	if (!(page->flags & PG_head))
		return "page is not the start of an allocated block";
	if (page->private != order)
		return "order differs from the allocation's";
	return NULL;
}

/* Frees a checked block: order 0 to this CPU's list when the lists are on
 * (hot or cold), else to the buddy lists. */
static inline __attribute__((always_inline)) int free_pages_common(struct page *page, u32 order, bool cold)
{
	const char *why;
	irqflags_t flags;
	u32 pfn;

	/* one unsigned compare: below mem_map wraps to a large offset */
	if (__builtin_expect(
		!page || (unsigned long)page - (unsigned long)mem_map >= (unsigned long)max_pfn * sizeof(*page), 0)) {
		mm_bad_free_count++;
		printk("mm: bad free: page %p order %u: not in mem_map\n", (void *)page, order);
		return -1;
	}
	pfn = page_to_pfn(page);
	/* to the list of the type the page was allocated as; a page already on
	 * a list is a double free (below) */
	if (order == 0 && mm_pcp && (placement_active_pcp || mm_pcp_colors)) {
		/* The page is the caller's: no zone lock needed to check it. */
		u32 mt = page_mt(page);
		flags = arch_irq_save();
		why = page->flags & PG_pcp ? "page is already free (double free, on a per-CPU list)"
					   : bad_free_reason(page, 0);
		if (!why) {
			page->flags &= ~(PG_head | PG_MT_MASK);
			page->private = 0;
			if (mm_free_poison)
				mm_free_poison(pfn, 0);
			mm_pcp->free(page, cold, mt);
			arch_irq_restore(flags);
			return 0;
		}
		arch_irq_restore(flags);
		mm_bad_free_count++;
		printk("mm: bad free: pfn 0x%x order %u zone %s: %s\n", pfn, order, page_zone(page)->name, why);
		return -1;
	}
	flags = zone_lock_irqsave();
	/* The good case in one test (the flags bad_free_reason looks at, and
	 * the order, which an allocated head keeps below MAX_ORDER); the
	 * reason only when it fails. */
	if (__builtin_expect((page->flags & (PG_buddy | PG_reserved | PG_head)) != PG_head || page->private != order ||
				 order >= MAX_ORDER,
			     0)) {
		why = bad_free_reason(page, order);
		zone_unlock_irqrestore(flags);
		mm_bad_free_count++;
		printk("mm: bad free: pfn 0x%x order %u zone %s: %s\n", pfn, order, page_zone(page)->name, why);
		return -1;
	}
	page->flags &= ~(PG_head | PG_MT_MASK);
	page->private = 0;
	if (mm_free_poison)
		mm_free_poison(pfn, order);
	__free_one_page_inline(page_zone(page), pfn, order);
	zone_unlock_irqrestore(flags);
	return 0;
}

int __free_pages(struct page *page, u32 order)
{
	return free_pages_common(page, order, false);
}

int free_hot_page(struct page *page)
{
	return free_pages_common(page, 0, false);
}

int free_cold_page(struct page *page)
{
	return free_pages_common(page, 0, true);
}

u32 free_pages_bulk(struct zone *zone, u32 count, struct list_head *list)
{
	irqflags_t flags = zone_lock_irqsave();
	u32 n;

	for (n = 0; n < count && !list_empty(list); n++) {
		struct page *page = list_entry(list->prev, struct page, lru);

		list_del(&page->lru);
		page->flags &= ~PG_pcp;
		__free_one_page(zone, page_to_pfn(page), 0);
	}
	zone_unlock_irqrestore(flags);
	return n;
}

u32 isolate_free_block(struct page *page, u32 mt)
{
	irqflags_t flags = zone_lock_irqsave();
	u32 order, i;

	if (!(page->flags & PG_buddy) || mt >= MIGRATE_TYPES) {
		zone_unlock_irqrestore(flags);
		return 0;
	}
	order = page->private;
	__del_page_from_free_list(page_zone(page), page, order);
	for (i = 0; i < (1u << order); i++) {
		page[i].flags = (page[i].flags & ~PG_MT_MASK) | PG_head | (mt << PG_MT_SHIFT);
		page[i].private = 0;
	}
	zone_unlock_irqrestore(flags);
	if (mm_alloc_check)
		mm_alloc_check(page_to_pfn(page), order);
	return 1u << order;
}

u32 nr_free_pages(void)
{
	struct zone *zone;
	u32 sum = 0;

	for_each_zone(zone)
		sum += zone->free_pages;
	return sum + (mm_pcp ? mm_pcp->count() : 0);
}

/* ---- building the node --------------------------------------------------- */

void free_area_init(struct page *map, u32 nr_pfns, const u32 *max_zone_pfn)
{
	u32 z, pfn, o;

	zone_limit_pfn[0] = 0;
	for (z = 0; z < MAX_NR_ZONES; z++)
		zone_limit_pfn[z + 1] = max_zone_pfn[z];

	contig_page_data.node_mem_map = map;
	contig_page_data.node_spanned_pages = nr_pfns;
	mm_bad_free_count = 0;

	for (z = 0; z < MAX_NR_ZONES; z++) {
		struct zone *zone = &contig_page_data.node_zones[z];
		u32 lo = zone_limit_pfn[z], hi = MIN(zone_limit_pfn[z + 1], nr_pfns);
		u32 first = 0, last = 0, i;

		*zone = (struct zone){ .name = zone_names[z] };
		for (o = 0; o < MAX_ORDER; o++)
			for (i = 0; i < MIGRATE_TYPES; i++)
				INIT_LIST_HEAD(&zone->free_area[o].free_list[i]);
		/* Span: from the first to the last usable pfn in the zone's range. */
		for (i = 0; i < memblock.memory.cnt; i++) {
			u32 b = MAX(lo, memblock.memory.regions[i].base_pfn);
			u32 e = MIN(hi, memblock.memory.regions[i].end_pfn);
			if (e <= b)
				continue;
			if (!zone->present_pages || b < first)
				first = b;
			if (e > last)
				last = e;
			zone->present_pages += e - b;
		}
		if (zone->present_pages) {
			zone->zone_start_pfn = first;
			zone->spanned_pages = last - first;
		} else {
			zone->zone_start_pfn = lo;
		}
		pageblock_zone_init(zone);
	}
	for (pfn = 0; pfn < nr_pfns; pfn++) {
		u32 zid = pfn < zone_limit_pfn[1] ? ZONE_DMA : pfn < zone_limit_pfn[2] ? ZONE_NORMAL : ZONE_HIGHMEM;
		map[pfn].flags = PG_reserved | (zid << PG_ZONE_SHIFT);
		map[pfn].private = 0;
		INIT_LIST_HEAD(&map[pfn].lru);
	}
}

/* Frees [start, end) into the buddy lists in the largest aligned blocks. */
static void release_range(u32 start, u32 end, void *arg)
{
	UNUSED(arg);
	end = MIN(end, max_pfn);
	while (start < end) {
		u32 order = MAX_ORDER - 1, i;
		struct zone *zone = page_zone(pfn_to_page(start));

		/* Largest order aligned at start that fits and stays in the zone. */
		while (order > 0 && ((start & ((1u << order) - 1)) || start + (1u << order) > end ||
				     !zone_spans_pfn(zone, start + (1u << order) - 1)))
			order--;
		for (i = 0; i < (1u << order); i++)
			pfn_to_page(start + i)->flags &= ~PG_reserved;
		zone->managed_pages += 1u << order;
		__free_one_page(zone, start, order);
		start += 1u << order;
	}
}

void mm_release_memblock(void)
{
	irqflags_t flags = zone_lock_irqsave();
	memblock_for_each_free_range(release_range, NULL);
	zone_unlock_irqrestore(flags);
}
