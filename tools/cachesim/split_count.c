/* SPDX-License-Identifier: MIT */
/* split_count.c - see split_count.h. */
#include "split_count.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

struct split_stats {
	uint64_t split_loads, split_stores;
	uint64_t second[3]; /* outcome of the second line, by enum cm_outcome */
	uint64_t size[5];   /* accesses of 1, 2, 4, 8, 16 bytes */
};

static struct split_stats *stats;
static unsigned nstats;

int split_count_init(unsigned nphases)
{
	stats = calloc(nphases, sizeof(*stats));
	nstats = stats ? nphases : 0;
	return stats ? 0 : -1;
}

void split_count_access(unsigned phase, uint64_t pa, unsigned size,
			bool is_store, struct cm_hier *h, uint32_t line)
{
	struct split_stats *s;
	unsigned k = 0;

	if (phase >= nstats)
		return;
	s = &stats[phase];
	while (k < 4 && (1u << k) < size)
		k++;
	s->size[k]++;
	if ((pa & (line - 1)) + size <= line)
		return;
	if (is_store)
		s->split_stores++;
	else
		s->split_loads++;
	s->second[cm_hier_access(h, (pa | (line - 1)) + 1)]++;
}

bool split_count_line(unsigned p, char *buf, unsigned long size)
{
	const struct split_stats *s;

	if (p >= nstats)
		return false;
	s = &stats[p];
	if (!(s->size[0] | s->size[1] | s->size[2] | s->size[3] | s->size[4]))
		return false;
	snprintf(buf, size,
		 "cachesim split phase=%u split_loads=%" PRIu64
		 " split_stores=%" PRIu64 " second_l1_hits=%" PRIu64
		 " second_l2_hits=%" PRIu64 " second_l2_misses=%" PRIu64
		 " size1=%" PRIu64 " size2=%" PRIu64 " size4=%" PRIu64
		 " size8=%" PRIu64 " size16=%" PRIu64 "\n",
		 p, s->split_loads, s->split_stores, s->second[CM_L1_HIT],
		 s->second[CM_L2_HIT], s->second[CM_L2_MISS], s->size[0],
		 s->size[1], s->size[2], s->size[3], s->size[4]);
	return true;
}
