/* SPDX-License-Identifier: MIT */
/*
 * replay.c - replays a trace the plugin recorded (trace=FILE) through the
 * N-level model (levels.c), for the validation against refmodel.py and for
 * timing the model on the host:
 *
 *   replay --levels SPEC [--classify] [--reps N] TRACE
 *   replay --two-level L1SIZE:L1WAYS:L2SIZE:L2WAYS:LINE [--reps N] TRACE
 *
 * The first prints one line per level (the plugin's own level lines, without
 * the phase):
 *   level=NAME accesses=N hits=N misses=N evictions=N inval=N
 *     [compulsory=N capacity=N conflict=N]
 * The second replays through today's two-level model (cache_model.h,
 * cm_hier) and prints the same lines for L1 and L2 (for comparing the two
 * models' counts and speed). Both print on stderr the accesses replayed and
 * the CPU time of the replay alone (the last of --reps runs, each on a
 * fresh model): "replay: N accesses x R reps in S s CPU = A accesses/s".
 *
 * Trace file (written by cachesim.c): 16 bytes "PCTRACE1", u32 record size
 * (16), u32 0, then records, little-endian: u64 physical address, u32
 * phase, u16 vCPU, u8 log2(size), u8 flags (bit 0: store).
 */
#include "cache_model.h"
#include "levels.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t *load(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	unsigned char hdr[16], rec[16];
	uint64_t *a = NULL;
	size_t cap = 0;

	*n = 0;
	if (!f || fread(hdr, 1, 16, f) != 16 || memcmp(hdr, "PCTRACE1", 8) ||
	    hdr[8] != 16) {
		fprintf(stderr, "replay: %s: not a cachesim trace (PCTRACE1)\n",
			path);
		exit(2);
	}
	while (fread(rec, 1, 16, f) == 16) {
		uint64_t pa = 0;

		for (int b = 7; b >= 0; b--)
			pa = pa << 8 | rec[b];
		if (*n == cap) {
			cap = cap ? 2 * cap : 4096;
			a = realloc(a, cap * sizeof(*a));
			if (!a) {
				fprintf(stderr, "replay: out of memory\n");
				exit(2);
			}
		}
		a[(*n)++] = pa;
	}
	fclose(f);
	return a;
}

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void usage(void)
{
	fprintf(stderr, "usage: replay --levels SPEC [--classify] [--reps N] "
			"TRACE\n"
			"       replay --two-level "
			"L1SIZE:L1WAYS:L2SIZE:L2WAYS:LINE [--reps N] TRACE\n");
	exit(2);
}

static void print_level(const char *name, const struct ml_counts *c,
			bool classify)
{
	printf("level=%s accesses=%" PRIu64 " hits=%" PRIu64 " misses=%" PRIu64
	       " evictions=%" PRIu64 " inval=%" PRIu64,
	       name, c->hits + c->misses, c->hits, c->misses, c->evictions,
	       c->inval);
	if (classify)
		printf(" compulsory=%" PRIu64 " capacity=%" PRId64
		       " conflict=%" PRId64,
		       c->compulsory, (int64_t)(c->ref_misses - c->compulsory),
		       (int64_t)(c->misses - c->ref_misses));
	printf("\n");
}

int main(int argc, char **argv)
{
	const char *spec = NULL, *two = NULL, *path = NULL, *err = NULL;
	bool classify = false;
	long reps = 1;
	size_t n;
	uint64_t *a;
	double t = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--levels") && i + 1 < argc)
			spec = argv[++i];
		else if (!strcmp(argv[i], "--two-level") && i + 1 < argc)
			two = argv[++i];
		else if (!strcmp(argv[i], "--classify"))
			classify = true;
		else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
			reps = strtol(argv[++i], NULL, 10);
		else if (argv[i][0] != '-' && !path)
			path = argv[i];
		else
			usage();
	}
	if (!path || !!spec == !!two || reps < 1)
		usage();
	a = load(path, &n);
	if (spec) {
		struct ml_config cfg;
		struct ml_hier h;
		char msg[256];

		if (ml_parse(spec, &cfg, msg, sizeof(msg)) != 0) {
			fprintf(stderr, "replay: %s\n", msg);
			return 2;
		}
		for (long r = 0; r < reps; r++) {
			double t0;

			if (ml_init(&h, &cfg, classify, &err) != 0) {
				fprintf(stderr, "replay: %s\n", err);
				return 2;
			}
			t0 = cpu_seconds();
			for (size_t i = 0; i < n; i++)
				ml_access(&h, a[i]);
			t = cpu_seconds() - t0;
			if (r + 1 < reps)
				ml_free(&h);
		}
		for (unsigned i = 0; i < h.n; i++)
			print_level(h.lv[i].cfg.name, &h.lv[i].c, classify);
		ml_free(&h);
	} else {
		struct cm_config c1 = { 0 }, c2 = { 0 };
		unsigned long long s1, w1, s2, w2, line;
		struct cm_hier h;
		uint64_t l1h = 0, l2h = 0, l2m = 0;

		if (sscanf(two, "%llu:%llu:%llu:%llu:%llu", &s1, &w1, &s2, &w2,
			   &line) != 5)
			usage();
		c1 = (struct cm_config){ s1, (uint32_t)w1, (uint32_t)line };
		c2 = (struct cm_config){ s2, (uint32_t)w2, (uint32_t)line };
		for (long r = 0; r < reps; r++) {
			double t0;

			if (cm_hier_init(&h, &c1, &c2, &err) != 0) {
				fprintf(stderr, "replay: %s\n", err);
				return 2;
			}
			l1h = l2h = l2m = 0;
			t0 = cpu_seconds();
			for (size_t i = 0; i < n; i++) {
				enum cm_outcome o = cm_hier_access(&h, a[i]);

				l1h += o == CM_L1_HIT;
				l2h += o == CM_L2_HIT;
				l2m += o == CM_L2_MISS;
			}
			t = cpu_seconds() - t0;
			if (r + 1 < reps)
				cm_hier_free(&h);
		}
		printf("level=L1 accesses=%zu hits=%" PRIu64 " misses=%" PRIu64
		       "\nlevel=L2 accesses=%" PRIu64 " hits=%" PRIu64
		       " misses=%" PRIu64 "\n",
		       n, l1h, l2h + l2m, l2h + l2m, l2h, l2m);
		cm_hier_free(&h);
	}
	fprintf(stderr,
		"replay: %zu accesses x %ld reps, last in %.3f s CPU = %.3g "
		"accesses/s\n",
		n, reps, t, t > 0 ? n / t : 0.0);
	free(a);
	return 0;
}
