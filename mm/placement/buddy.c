/* SPDX-License-Identifier: MIT */
/* mm/placement/buddy.c - the buddy policy: plain lists, no coloring.
 *
 * Free blocks wait on the buddy core's plain list of their order and
 * migrate type (free_area[order].free_list[mt]; freed blocks go to the
 * head); a request
 * takes the first block of the smallest order that fits and keeps its
 * lowest sub-block, as Linux's __rmqueue_smallest() and expand() do. After
 * a switch to this policy the plain lists are in address order (the order
 * of a fresh allocator); with mm_shuffle on they are then shuffled again
 * (cfg->reshuffle: mm/shuffle.c), imitating a long-running system. */
#include "mm/placement/buddy.h"

static bool buddy_pick(struct zone *zone, struct alloc_hint *hint, struct placement_pick *out)
{
	return __buddy_pick(zone, hint, out);
}

static void buddy_started(const struct placement_config *cfg)
{
	if (cfg->reshuffle)
		cfg->reshuffle();
}

static void buddy_for_each_block(struct zone *zone, u32 order, placement_visit_fn fn, void *arg)
{
	u32 mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		struct list_head *head = &zone->free_area[order].free_list[mt], *pos, *next;

		for (pos = head->next; pos != head; pos = next) {
			next = pos->next;
			fn(zone, list_entry(pos, struct page, lru), 0, arg);
		}
	}
}

/* The plain lists' shape, before mm_check() walks them: every link's back
 * pointer agrees and each list ends within max_pfn steps (a block linked
 * twice makes a cycle that a walk would never leave); every block on type
 * mt's list records type mt. */
static const char *buddy_check(struct zone *zone, u32 order)
{
	u32 mt;

	for (mt = 0; mt < MIGRATE_TYPES; mt++) {
		struct list_head *head = &zone->free_area[order].free_list[mt], *pos;
		u32 guard = max_pfn + 1;

		for (pos = head->next; pos != head; pos = pos->next) {
			if (pos->next->prev != pos || pos->prev->next != pos)
				return "free list links broken (a block linked twice?)";
			if (--guard == 0)
				return "free list does not end (cycle)";
			if (page_mt(list_entry(pos, struct page, lru)) != mt)
				return "free block on another migrate type's list";
		}
	}
	return NULL;
}

static u32 buddy_nr_lists(const struct zone *zone, u32 order)
{
	UNUSED(zone);
	UNUSED(order);
	return 1;
}

static void buddy_add(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
	UNUSED(pfn);
	list_add(&page->lru, &zone->free_area[order].free_list[page_mt(page)]);
}

static void buddy_del(struct zone *zone, struct page *page, u32 pfn, u32 order)
{
	UNUSED(zone);
	UNUSED(pfn);
	UNUSED(order);
	list_del(&page->lru);
}

const struct placement_ops placement_buddy_ops = {
	.name = "buddy",
	.desc = "plain lists, first block of the smallest order; no coloring",
	.lists = __buddy_lists,
	.colors = false,
	.pcp = __buddy_pcp,
	.add = buddy_add,
	.del = buddy_del,
	.pick = buddy_pick,
	.started = buddy_started,
	.for_each_block = buddy_for_each_block,
	.nr_lists = buddy_nr_lists,
	.check = buddy_check,
};
