/* SPDX-License-Identifier: MIT */
/* percpu_l1.c - see percpu_l1.h. */
#include "percpu_l1.h"

#include <string.h>

int cm_percpu_init(struct cm_percpu *p, unsigned ncpus,
		   const struct cm_config *l1, const struct cm_config *l2,
		   const char **err)
{
	memset(p, 0, sizeof(*p));
	p->ncpus = ncpus < 1		   ? 1
		   : ncpus > CM_PERCPU_MAX ? CM_PERCPU_MAX
					   : ncpus;
	for (unsigned i = 0; i < p->ncpus; i++)
		if (cm_init(&p->l1[i], l1, false, err) != 0) {
			while (i--)
				cm_free(&p->l1[i]);
			return -1;
		}
	if (cm_init(&p->l2, l2, false, err) != 0) {
		for (unsigned i = 0; i < p->ncpus; i++)
			cm_free(&p->l1[i]);
		return -1;
	}
	return 0;
}

void cm_percpu_free(struct cm_percpu *p)
{
	for (unsigned i = 0; i < p->ncpus; i++)
		cm_free(&p->l1[i]);
	cm_free(&p->l2);
}

enum cm_outcome cm_percpu_access(struct cm_percpu *p, unsigned cpu,
				 uint64_t paddr, bool is_store)
{
	enum cm_outcome o;

	if (cpu >= p->ncpus)
		cpu = p->ncpus - 1;
	if (cm_access(&p->l1[cpu], paddr))
		o = CM_L1_HIT;
	else
		o = cm_access(&p->l2, paddr) ? CM_L2_HIT : CM_L2_MISS;
	if (is_store && p->ncpus > 1)
		for (unsigned i = 0; i < p->ncpus; i++)
			if (i != cpu && cm_drop(&p->l1[i], paddr))
				p->invalidations++;
	return o;
}

void cm_percpu_invalidate(struct cm_percpu *p)
{
	for (unsigned i = 0; i < p->ncpus; i++)
		cm_invalidate(&p->l1[i]);
	cm_invalidate(&p->l2);
}

bool cm_percpu_drop(struct cm_percpu *p, uint64_t paddr)
{
	bool held = cm_drop(&p->l2, paddr);

	for (unsigned i = 0; i < p->ncpus; i++)
		held = cm_drop(&p->l1[i], paddr) || held;
	return held;
}
