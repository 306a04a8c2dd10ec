// SPDX-License-Identifier: MIT
/*
 * tools/cachesim/geometry_check.c - the cache model's geometry judged before
 * anything boots, by the model's own rule (cm_check_config in cache_model.c).
 *
 *   geometry-check L2SIZE L2WAYS LINE L1SIZE [L1WAYS]
 *   geometry-check --levels SPEC     (a levels= spec, by levels.c's ml_parse,
 *                                     which applies ml_check; make CACHE=/LEVELS=)
 *
 * Sizes in bytes, NK or NM (as the run scripts take them); L1SIZE 0 means no
 * L1; L1WAYS defaults to the plugin's 8. Exit status 0 when the plugin would
 * take the geometry; 2 with one line per refused value on stderr, naming the
 * make variable and the accepted form (without this check QEMU started, the
 * plugin refused the geometry and the run ended "no exit report from the
 * kernel", status 4).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache_model.h"
#include "levels.h"

/* "2M", "32K", "65536" -> bytes; -1 when not a size. */
static int64_t parse_size(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (end == s || v > (1ULL << 40))
		return -1;
	if (*end == 'K' || *end == 'k')
		v <<= 10, end++;
	else if (*end == 'M' || *end == 'm')
		v <<= 20, end++;
	return *end ? -1 : (int64_t)v;
}

static int64_t parse_uint(const char *s)
{
	char *end;
	unsigned long v = strtoul(s, &end, 10);

	return (end == s || *end || v > 1u << 20) ? -1 : (int64_t)v;
}

static int judge(const char *level, const char *vars, int64_t size,
		 int64_t ways, int64_t line)
{
	struct cm_config cfg = { .size = (uint64_t)size,
				 .ways = (uint32_t)ways,
				 .line = (uint32_t)line };
	const char *why = cm_check_config(&cfg);

	if (!why)
		return 0;
	fprintf(stderr,
		"%s %" PRId64 " bytes, %" PRId64 "-way, %" PRId64
		"-byte lines (%s) rejected: %s\n",
		level, size, ways, line, vars, why);
	return 2;
}

int main(int argc, char **argv)
{
	int64_t l2, l2ways, line, l1, l1ways = 8;
	int rc = 0;

	if (argc == 3 && !strcmp(argv[1], "--levels")) {
		struct ml_config cfg;
		char msg[256];

		if (ml_parse(argv[2], &cfg, msg, sizeof(msg)) == 0)
			return 0;
		fprintf(stderr,
			"cache model: LEVELS=%s rejected: %s (form: "
			"NAME:SIZE:WAYS:LINE:POLICY[:OPTION]... levels "
			"separated by '/', tools/cachesim/README.md)\n",
			argv[2], msg);
		return 2;
	}
	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: geometry-check L2SIZE L2WAYS LINE "
				"L1SIZE [L1WAYS] | --levels SPEC\n");
		return 2;
	}
	l2 = parse_size(argv[1]);
	l2ways = parse_uint(argv[2]);
	line = parse_uint(argv[3]);
	l1 = parse_size(argv[4]);
	if (argc == 6)
		l1ways = parse_uint(argv[5]);
	if (l2 < 0 || l1 < 0 || l2ways < 0 || line < 0 || l1ways < 0) {
		fprintf(stderr,
			"cache model: CACHE_SIZE=%s CACHE_WAYS=%s LINE=%s "
			"L1=%s rejected: accepted: sizes as N, "
			"NK or NM bytes, ways and line as whole numbers (e.g. "
			"CACHE_SIZE=2M CACHE_WAYS=1 LINE=64 "
			"L1=32K)\n",
			argv[1], argv[2], argv[3], argv[4]);
		return 2;
	}
	rc |= judge("cache model: L2", "CACHE_SIZE, CACHE_WAYS, LINE", l2,
		    l2ways, line);
	if (l1)
		rc |= judge("cache model: L1", "L1, LINE", l1, l1ways, line);
	return rc;
}
