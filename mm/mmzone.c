/* SPDX-License-Identifier: MIT */
/* mm/mmzone.c - the node's data (see mmzone.h): defined apart from the buddy
 * core so that the placement policies, which read the zones, depend on this
 * file and not on mm/page_alloc.c (which calls them). */
#include "mm/mmzone.h"
#include "mm/zone_lock.h"

struct pglist_data contig_page_data;
const char *const zone_names[MAX_NR_ZONES] = { "DMA", "Normal", "HighMem" };

spinlock_t zone_lock = SPINLOCK_INIT; /* mm/zone_lock.h */
