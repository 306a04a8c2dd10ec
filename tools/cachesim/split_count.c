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

bool split_count_line(unsigned p, const uint64_t size[5], char *buf,
		      unsigned long size_of_buf)
{
	const struct split_stats *s;

	if (p >= split_nstats)
		return false;
	s = &split_stats_of[p];
	if (!(size[0] | size[1] | size[2] | size[3] | size[4]))
		return false;
	snprintf(buf, size_of_buf,
		 "cachesim split phase=%u split_loads=%" PRIu64
		 " split_stores=%" PRIu64 " second_l1_hits=%" PRIu64
		 " second_l2_hits=%" PRIu64 " second_l2_misses=%" PRIu64
		 " size1=%" PRIu64 " size2=%" PRIu64 " size4=%" PRIu64
		 " size8=%" PRIu64 " size16=%" PRIu64 "\n",
		 p, s->split_loads, s->split_stores, s->second[CM_L1_HIT],
		 s->second[CM_L2_HIT], s->second[CM_L2_MISS], size[0], size[1],
		 size[2], size[3], size[4]);
	return true;
}
