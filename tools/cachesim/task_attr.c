/* SPDX-License-Identifier: MIT */
/* task_attr.c - see task_attr.h. */
#include "task_attr.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ta_init(struct ta_state *s, unsigned nphases, unsigned line_shift,
	    uint64_t track_bytes)
{
	memset(s, 0, sizeof(*s));
	s->nphases = nphases;
	s->line_shift = line_shift;
	s->track_bytes = track_bytes ? track_bytes : (1ull << 30);
	return 0;
}

static int ta_alloc(struct ta_state *s)
{
	s->nlines = s->track_bytes >> s->line_shift;
	s->owner = calloc(s->nlines, 1);
	s->evictor = calloc(s->nlines, 1);
	s->phase_of = calloc(s->nlines, sizeof(*s->phase_of));
	s->st = calloc((size_t)s->nphases * TA_TASKS, sizeof(*s->st));
	if (!s->owner || !s->evictor || !s->phase_of || !s->st) {
		fprintf(stderr,
			"cachesim: no memory for task attribution (%" PRIu64
			" lines): off\n",
			s->nlines);
		ta_free(s);
		return -1;
	}
	return 0;
}

int ta_marker(struct ta_state *s, bool is_store, uint64_t off)
{
	if (!is_store || off % 4 != 0 || off / 4 >= TA_TASKS) {
		s->bad_markers++;
		return 0;
	}
	if (!s->used) {
		if (!s->st && ta_alloc(s) < 0)
			return -1;
		s->used = true;
	}
	s->cur = (unsigned)(off / 4);
	return 0;
}

void ta_access(struct ta_state *s, unsigned phase, uint64_t pa,
	       enum cm_outcome out, uint64_t victim_line)
{
	struct ta_stats *me;
	uint64_t line = pa >> s->line_shift;
	uint8_t self = (uint8_t)(s->cur + 1);

	if (!s->used || phase >= s->nphases)
		return;
	me = &s->st[(uint64_t)phase * TA_TASKS + s->cur];
	me->accesses++;
	if (out != CM_L1_HIT)
		me->l2_accesses++;
	if (line >= s->nlines) {
		s->untracked++;
		return;
	}
	if (out == CM_L2_MISS) {
		uint8_t ev = s->evictor[line];

		me->l2_misses++;
		if (ev && ev != self) {
			if (ev == 1)
				me->conflict_kernel++;
			else
				me->conflict_task++;
		}
		if (victim_line != CM_NO_VICTIM && victim_line < s->nlines) {
			uint8_t o = s->owner[victim_line] & ~TA_SHARED;
			bool shared = s->owner[victim_line] & TA_SHARED;

			if (o && o != self &&
			    s->phase_of[victim_line] == phase) {
				struct ta_stats *v =
					&s->st[(uint64_t)phase * TA_TASKS +
					       (o - 1u)];
				if (shared)
					v->evicted_shared++;
				else if (self == 1)
					v->evicted_by_kernel++;
				else
					v->evicted_by_task++;
			}
			s->evictor[victim_line] = (o && o != self) ? self : 0;
		}
		s->evictor[line] = 0;
	}
	{
		uint8_t o = s->owner[line] & ~TA_SHARED;
		bool shared = (s->owner[line] & TA_SHARED) &&
			      s->phase_of[line] == phase;

		if (o && o != self && s->phase_of[line] == phase)
			shared = true; /* a second user in the same phase */
		s->owner[line] = (uint8_t)(self | (shared ? TA_SHARED : 0));
	}
	s->phase_of[line] = (uint16_t)phase;
}

void ta_report(const struct ta_state *s,
	       void (*emit)(void *ctx, const char *line), void *ctx)
{
	char buf[400];

	if (!s->used)
		return;
	for (unsigned p = 0; p < s->nphases; p++) {
		for (unsigned t = 0; t < TA_TASKS; t++) {
			const struct ta_stats *x = ta_get(s, p, t);

			if (!x->accesses)
				continue;
			snprintf(buf, sizeof(buf),
				 "cachesim task=%u phase=%u accesses=%" PRIu64
				 " l2_accesses=%" PRIu64 " l2_misses=%" PRIu64
				 " evicted_by_task=%" PRIu64
				 " evicted_by_kernel=%" PRIu64
				 " evicted_shared=%" PRIu64
				 " conflict_task=%" PRIu64
				 " conflict_kernel=%" PRIu64 "\n",
				 t, p, x->accesses, x->l2_accesses,
				 x->l2_misses, x->evicted_by_task,
				 x->evicted_by_kernel, x->evicted_shared,
				 x->conflict_task, x->conflict_kernel);
			emit(ctx, buf);
		}
	}
	snprintf(buf, sizeof(buf),
		 "cachesim tasks bad_markers=%" PRIu64 " untracked=%" PRIu64
		 "\n",
		 s->bad_markers, s->untracked);
	emit(ctx, buf);
}

void ta_free(struct ta_state *s)
{
	free(s->owner);
	free(s->evictor);
	free(s->phase_of);
	free(s->st);
	s->phase_of = NULL;
	s->owner = s->evictor = NULL;
	s->st = NULL;
	s->used = false;
}
