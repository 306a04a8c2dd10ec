/* SPDX-License-Identifier: MIT */
/* mm/compaction.h - moving movable pages to make high-order free blocks.
 *
 * The thread's "migrating pages instead of freeing them" ("Avoiding
 * fragmentation through different allocator", linux-kernel, January 2005),
 * as Linux's mm/compaction.c later did it: a migration scanner walks a
 * zone's page blocks upward from the bottom and moves every movable page it
 * finds to a free page that a free scanner, walking downward from the top,
 * has taken off the free lists; the freed pages merge into large blocks at
 * the bottom. The pass stops when the zone has a free block of the order
 * asked for, or when the scanners meet.
 *
 * Who may be moved: an allocated order-0 block of MIGRATE_MOVABLE whose
 * owner agrees (the owner's callback copies the contents and updates its
 * reference: the reverse map from page to owner is the owner's), and the
 * ballast of mm/shuffle.c (BALLAST_MIGRATETYPE, found by its flag alone:
 * moving the flag is the whole update; its contents mean nothing). Page
 * blocks holding an unmovable (or reserved) page are skipped by the
 * migration scanner (they cannot become free); with grouping on, the free
 * scanner takes free pages from MIGRATE_MOVABLE page blocks only (Linux's
 * suitable_migration_target), and only from free blocks smaller than the
 * order asked for (and at most 256 pages): a block the request could use
 * is never broken up to be filled. */
#ifndef MM_COMPACTION_H
#define MM_COMPACTION_H

#include "mm/mmzone.h"

/* Moves the contents of the page at old_pfn to new_pfn and updates the
 * owner's reference. Returns false when the page is not the owner's (it is
 * then left where it is). */
typedef bool (*compact_move_fn)(u32 old_pfn, u32 new_pfn, void *arg);

struct compact_stats {
	u32 passes;	    /* compact_zone calls */
	u32 moved;	    /* pages moved (owners' pages and ballast) */
	u32 blocks_scanned; /* page blocks the migration scanner looked at */
};
extern struct compact_stats compact_stats;
extern bool compaction_enabled; /* compaction=on|off (mm_config.compaction) */

/* One compaction pass over zone for a free block of order `order`
 * (0..MAX_ORDER-1). Returns true when the zone has a free block of order
 * >= order afterwards. Takes the zone lock for each step (never across
 * move). Adds to compact_stats. */
bool compact_zone(struct zone *zone, u32 order, compact_move_fn move, void *arg);

/* Does zone have a free block of order >= order (any type)? */
bool zone_has_free_order(const struct zone *zone, u32 order);

#endif
