/* mm/internal.h - buddy-core helpers for placement policies in mm/.
 * Every function here must be called with the zone lock held (the "__" rule). */
#ifndef MM_INTERNAL_H
#define MM_INTERNAL_H

#include "mm/page_alloc.h"

#ifdef MM_HOST
typedef u32 irqflags_t;
static inline irqflags_t zone_lock_irqsave(void)
{
	return 0;
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	(void)f;
}
#else
#include "arch/x86/cpu.h"
typedef u32 irqflags_t;
/* UP kernel: the "zone lock" is interrupts off. */
static inline irqflags_t zone_lock_irqsave(void)
{
	return local_irq_save();
}
static inline void zone_unlock_irqrestore(irqflags_t f)
{
	local_irq_restore(f);
}
#endif

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
