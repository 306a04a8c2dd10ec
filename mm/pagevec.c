/* SPDX-License-Identifier: MIT */
/* mm/pagevec.c - batches of order-0 pages freed with one hot/cold hint
 * (see pagevec.h). */
#include "mm/pagevec.h"

void pagevec_init(struct pagevec *pv, bool cold)
{
	pv->nr = 0;
	pv->cold = cold;
}

int pagevec_add(struct pagevec *pv, struct page *page)
{
	if (!page || pv->nr >= PAGEVEC_SIZE)
		return -1;
	pv->pages[pv->nr++] = page;
	return (int)pagevec_space(pv);
}

u32 pagevec_release(struct pagevec *pv)
{
	int (*free_one)(struct page *) = pv->cold ? free_cold_page : free_hot_page;
	u32 freed = 0;

	for (u32 i = 0; i < pv->nr; i++)
		if (free_one(pv->pages[i]) == 0)
			freed++;
	pv->nr = 0;
	return freed;
}

u32 pagevec_free_page(struct pagevec *pv, struct page *page)
{
	u32 freed = 0;

	if (!page)
		return 0;
	if (pv->nr >= PAGEVEC_SIZE) /* a full vector left by pagevec_add */
		freed = pagevec_release(pv);
	pv->pages[pv->nr++] = page;
	if (pv->nr == PAGEVEC_SIZE)
		freed += pagevec_release(pv);
	return freed;
}
