/* mm/internal.h - buddy-core helpers for placement policies in mm/.
 * Every function here must be called with the zone lock held (the "__" rule). */
#ifndef MM_INTERNAL_H
#define MM_INTERNAL_H

#include <asm/irqflags.h>

#include "mm/page_alloc.h"

/* The zone lock (a uniprocessor kernel: interrupts off; see asm/irqflags.h). */
static inline irqflags_t zone_lock_irqsave(void)
{
	return arch_irq_save();
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	arch_irq_restore(f);
}
/* Takes the free block at page (order `high`, already off its list) and
 * splits it down to order `low`, putting the unused halves back on the free
 * lists. At each halving the half whose pfn bit matches `want` is kept, so
 * the block returned has pfn bits [low, high) equal to those of want
 * (want = 0 keeps the lowest sub-block, as Linux's expand() does). Returns
 * the kept sub-block's first page. */
struct page *__expand(struct zone *zone, struct page *page, u32 low, u32 high, u32 want);

/* Takes a free block off its list (uncolored or colored) and clears PG_buddy. */
void __del_page_from_free_list(struct zone *zone, struct page *page, u32 order);

#endif
