/* SPDX-License-Identifier: MIT */
/* mm/mm_check.h - the allocator's invariant checker. */
#ifndef MM_MM_CHECK_H
#define MM_MM_CHECK_H

#include "kernel/types.h"

/* Verifies every zone:
 *  - each free block (PG_buddy head) is on exactly one list of the active
 *    placement policy (walked through placement_ops.for_each_block): of its
 *    own order and zone (and, for a coloring policy, the color list of its
 *    color; for random, its array slot); its start is aligned to its order; it lies inside the zone's
 *    span; none of its pages is reserved, allocated, ballast or inside
 *    another free block;
 *  - buddies are coalesced: no free block's buddy is a free block of the
 *    same order (below MAX_ORDER-1);
 *  - nr_free of every order, the zone's free_pages and the policy's own
 *    structures (placement_ops.check: non-empty color bitmaps, array
 *    slots, the other lists empty) agree with the lists; coloring counters are consistent
 *    (hits + misses <= allocations).
 * Prints the first violation as
 *   "mm_check: FAIL zone <name> pfn 0x<pfn> order <o> color <c>: <what>"
 * and returns -1; returns 0 when everything holds. Cost: O(spanned pages). */
int mm_check(void);
/* A further check mm_check() runs when set (mm/pcp.c: the per-CPU lists),
 * after the zone lock is released: 0, or -1 after printing the violation. */
extern int (*mm_check_extra)(void);

struct zone;

/* The local checks below verify in O(1) (or O(MAX_ORDER)) what one
 * allocator operation touched, so that a caller that knows which blocks an
 * operation changed (the allocator fuzz target, tests/fuzz/fuzz_alloc.c)
 * need not run the O(spanned pages) mm_check() after every operation. They
 * print the first violation in mm_check()'s format and return -1, else 0.
 * Together with the caller's accounting they see each kind of corruption
 * mm_check() sees, at the blocks the operation touched; mm_check() is still
 * the reference and should run at the end of a sequence. */

/* Checks that (pfn, order) is a free block of zone as mm_check() requires,
 * looking only at the block and its two list neighbours: head marked
 * PG_buddy (and not reserved/allocated/ballast) with private == order,
 * aligned, inside the span; linked consistently (next->prev and prev->next
 * point back, neither neighbour is the block itself); each neighbour is
 * either the list head this block belongs on (free_area[order].free_list[mt],
 * or while coloring the color list pfn_color(pfn) >> order, whose bit in
 * the non-empty bitmap must be set) or a free block of the same zone, order
 * (and color list, and migrate type: the one its page block has, or
 * MIGRATE_MOVABLE where grouping is off); its buddy of the same order is not also free
 * (coalesced, below MAX_ORDER-1). order: 0..MAX_ORDER-1. */
int mm_check_free_block(struct zone *zone, u32 pfn, u32 order);

/* Checks the free blocks that could cover pfn: for every order k, the page
 * at pfn rounded down to 2^k, when marked free, must be a well-formed free
 * block (mm_check_free_block) of its zone; at most one of them may cover
 * pfn, and none when `allocated` (pfn is in a block the caller holds).
 * A pfn outside mem_map passes. O(MAX_ORDER). */
int mm_check_pfn(u32 pfn, bool allocated);

/* Checks one zone's counters against each other, without walking lists:
 * sum over orders of nr_free << order == free_pages; free_pages <=
 * managed_pages; for every order, nr_free is the sum of nr_free_mt over
 * the types, nr_free_mt[mt] == 0 exactly when type mt's lists are empty
 * (the plain list, or while coloring the non-empty bitmap), the plain
 * lists are empty while coloring is on, and only the movable lists hold
 * blocks where grouping is off. O(MAX_ORDER + colors / 32). */
int mm_check_zone_counters(struct zone *zone);

#endif
