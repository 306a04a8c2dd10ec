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

#endif
