/* SPDX-License-Identifier: MIT */
/* bench/frag_owner.c - see frag_owner.h. */
#include "bench/frag_owner.h"
#include "kernel/string.h"
#include "mm/mmzone.h"

static void *identity_va(u32 pfn)
{
	return (void *)((uintptr_t)pfn << PAGE_SHIFT);
}

void *(*frag_page_va)(u32 pfn) = identity_va;

bool frag_move(u32 old_pfn, u32 new_pfn, void *arg)
{
	struct frag_owner *f = arg;
	u32 i = old_pfn < f->rmap_len ? f->rmap[old_pfn] : FRAG_NONE;

	if (i == FRAG_NONE || new_pfn >= f->rmap_len)
		return false;
	memcpy(frag_page_va(new_pfn), frag_page_va(old_pfn), PAGE_SIZE);
	f->obj[i].pfn = new_pfn;
	f->rmap[new_pfn] = i;
	f->rmap[old_pfn] = FRAG_NONE;
	return true;
}
