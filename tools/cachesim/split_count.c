/* SPDX-License-Identifier: MIT */
/* split_count.c - see split_count.h. */
#include "split_count.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

struct split_stats *split_stats_of;
unsigned split_nstats;

int split_count_init(unsigned nphases)
{
	split_stats_of = calloc(nphases, sizeof(*split_stats_of));
	split_nstats = split_stats_of ? nphases : 0;
	return split_stats_of ? 0 : -1;
}

bool split_count_line(unsigned p, char *buf, unsigned long size)
{
	const struct split_stats *s;

	if (p >= split_nstats)
		return false;
	s = &split_stats_of[p];
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
