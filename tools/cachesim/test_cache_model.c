/* SPDX-License-Identifier: MIT */
/*
 * test_cache_model.c - cmocka unit tests of cache_model.c alone, with access
 * sequences whose hit/miss counts are worked out by hand, plus a randomised
 * comparison against a naive timestamp-LRU reference (hits and each miss's
 * victim). Every cache test runs
 * on both set implementations (move-to-front array and hash + list).
 */
#include "cache_model.h"
#include "levels.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define LINE 64

static void mk(struct cm_cache *c, uint64_t size, uint32_t ways, uint32_t line,
	       bool large)
{
	struct cm_config cfg = { .size = size, .ways = ways, .line = line };
	const char *err = NULL;

	assert_int_equal(cm_init(c, &cfg, large, &err), 0);
	assert_null(err);
}

/* Accesses each address of seq in order; returns the number of hits. */
static unsigned run(struct cm_cache *c, const uint64_t *seq, size_t n)
{
	unsigned hits = 0;

	for (size_t i = 0; i < n; i++)
		hits += cm_access(c, seq[i]);
	return hits;
}

/* Sweeps [base, base + bytes) by line; returns the number of hits. */
static unsigned sweep(struct cm_cache *c, uint64_t base, uint64_t bytes)
{
	unsigned hits = 0;

	for (uint64_t a = base; a < base + bytes; a += c->cfg.line)
		hits += cm_access(c, a);
	return hits;
}

static void test_direct_mapped_conflict(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;
		/* 4 KiB direct-mapped: 0 and 4096 share set 0 */
		const uint64_t seq[] = { 0, 4096, 0, 4096, 8192, 0 };

		mk(&c, 4096, 1, LINE, large);
		assert_int_equal(run(&c, seq, 6), 0);
		assert_int_equal(c.misses, 6);
		/* a different set is not disturbed */
		assert_false(cm_access(&c, 64));
		assert_true(cm_access(&c, 64));
		assert_true(cm_access(&c, 0));
		cm_free(&c);
	}
}

static void test_direct_mapped_sweeps(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;

		mk(&c, 4096, 1, LINE, large);
		/* a sweep of exactly size bytes fits: 2nd pass all hits */
		assert_int_equal(sweep(&c, 0, 4096), 0);
		assert_int_equal(sweep(&c, 0, 4096), 64);
		cm_free(&c);

		/* size + line: line 64 and line 0 fight over set 0, only */
		mk(&c, 4096, 1, LINE, large);
		assert_int_equal(sweep(&c, 0, 4096 + LINE), 0);
		assert_int_equal(sweep(&c, 0, 4096 + LINE), 63);
		assert_int_equal(c.misses, 65 + 2);
		cm_free(&c);

		/* 2 x size thrashes completely */
		mk(&c, 4096, 1, LINE, large);
		assert_int_equal(sweep(&c, 0, 8192), 0);
		assert_int_equal(sweep(&c, 0, 8192), 0);
		cm_free(&c);
	}
}

static void test_two_way_lru(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;
		/* 2-way, 4 sets of 64 B: set stride 256; A B C all in set 1 */
		const uint64_t A = 64, B = 64 + 256, C = 64 + 512;

		mk(&c, 512, 2, LINE, large);
		assert_false(cm_access(&c, A));
		assert_false(cm_access(&c, B));
		assert_true(cm_access(&c, A));
		assert_false(cm_access(&c, C)); /* evicts B, the LRU */
		assert_true(cm_access(&c, A));
		assert_int_equal(c.hits, 2);
		assert_int_equal(c.misses, 3);
		/* LRU order now: A (MRU), C. B misses and evicts C. */
		assert_false(cm_access(&c, B));
		assert_true(cm_access(&c, A));
		assert_false(cm_access(&c, C)); /* evicts B */
		assert_true(cm_access(&c, A));
		assert_false(cm_access(&c, B)); /* evicts C */
		assert_int_equal(c.hits, 4);
		assert_int_equal(c.misses, 6);
		cm_free(&c);
	}
}

static void test_sixteen_way_lru(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;
		const uint64_t stride = 2 * 16 * LINE; /* 2 sets: same set */

		mk(&c, 2 * 16 * LINE, 16, LINE, large);
		for (int i = 0; i < 16; i++)
			assert_false(cm_access(&c, i * stride));
		for (int i = 0; i < 16; i++)
			assert_true(cm_access(&c, i * stride));
		/* touch 0 again: LRU is now line 1 */
		assert_true(cm_access(&c, 0));
		assert_false(cm_access(&c, 16 * stride)); /* evicts 1 */
		assert_true(cm_access(&c, 0));
		assert_false(cm_access(&c, 1 * stride)); /* evicts 2 */
		assert_false(cm_access(&c, 2 * stride)); /* evicts 3 */
		assert_true(cm_access(&c, 15 * stride));
		assert_int_equal(c.hits, 16 + 3);
		assert_int_equal(c.misses, 16 + 3);
		/* the other set is still empty */
		assert_false(cm_access(&c, LINE));
		cm_free(&c);
	}
}

static void test_fully_associative(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;

		/* 64 lines, 64 ways: 1 set. Page-strided lines all fit. */
		mk(&c, 64 * LINE, 64, LINE, large);
		assert_int_equal(c.nsets, 1);
		for (int pass = 0; pass < 2; pass++)
			for (uint64_t i = 0; i < 64; i++)
				assert_int_equal(cm_access(&c, i * 4096),
						 pass == 1);
		/* 65 lines cyclically: LRU misses every time */
		for (int pass = 0; pass < 3; pass++)
			for (uint64_t i = 0; i < 65; i++)
				cm_access(&c, (1000 + i) * 4096);
		assert_int_equal(c.hits, 64);
		assert_int_equal(c.misses, 64 + 3 * 65);
		cm_free(&c);
	}
}

static void test_line_granularity(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;

		mk(&c, 4096, 1, LINE, large);
		assert_false(cm_access(&c, 0x1000));
		assert_true(cm_access(&c, 0x103f));
		assert_false(cm_access(&c, 0x1040));
		assert_int_equal(c.hits, 1);
		assert_int_equal(c.misses, 2);
		cm_free(&c);

		/* 32-byte lines: 0x1020 is another line */
		mk(&c, 4096, 2, 32, large);
		assert_false(cm_access(&c, 0x1000));
		assert_false(cm_access(&c, 0x1020));
		assert_true(cm_access(&c, 0x101f));
		cm_free(&c);
	}
}

static void test_high_physical_addresses(void **state)
{
	struct cm_cache c;

	(void)state;
	mk(&c, 4096, 1, LINE, false);
	/* same set, different tags above 4 GiB: must not alias */
	assert_false(cm_access(&c, 0x100000000ull));
	assert_false(cm_access(&c, 0x000000000ull));
	assert_false(cm_access(&c, 0x100000000ull));
	cm_free(&c);
}

static void test_invalidate(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;

		mk(&c, 1024, 4, LINE, large);
		assert_int_equal(sweep(&c, 0, 1024), 0);
		cm_invalidate(&c);
		assert_int_equal(sweep(&c, 0, 1024), 0);
		assert_int_equal(sweep(&c, 0, 1024), 16);
		assert_int_equal(c.misses, 32);
		cm_free(&c);
	}
}

static void test_l1_filter(void **state)
{
	struct cm_config l1 = { .size = 2 * LINE, .ways = 2, .line = LINE };
	struct cm_config l2 = { .size = 4096, .ways = 1, .line = LINE };
	struct cm_hier h;
	const char *err = NULL;

	(void)state;
	assert_int_equal(cm_hier_init(&h, &l1, &l2, &err), 0);
	assert_true(h.has_l1);
	assert_int_equal(cm_hier_access(&h, 0), CM_L2_MISS);
	assert_int_equal(cm_hier_access(&h, 8), CM_L1_HIT);
	assert_int_equal(cm_hier_access(&h, 0), CM_L1_HIT);
	/* L1 hits never reached L2 */
	assert_int_equal(h.l2.hits + h.l2.misses, 1);
	assert_int_equal(cm_hier_access(&h, 64), CM_L2_MISS);
	assert_int_equal(cm_hier_access(&h, 128), CM_L2_MISS); /* L1 evicts 0 */
	assert_int_equal(cm_hier_access(&h, 0), CM_L2_HIT);    /* from L2 */
	assert_int_equal(h.l1.hits, 2);
	assert_int_equal(h.l1.misses, 4);
	assert_int_equal(h.l2.hits, 1);
	assert_int_equal(h.l2.misses, 3);
	/* a line L1 keeps is not refreshed in L2: L2 conflict evicts it */
	assert_int_equal(cm_hier_access(&h, 4096), CM_L2_MISS); /* L2 set 0 */
	assert_int_equal(cm_hier_access(&h, 0), CM_L1_HIT);
	cm_hier_free(&h);
}

static void test_no_l1(void **state)
{
	struct cm_config l1 = { .size = 0, .ways = 8, .line = LINE };
	struct cm_config l2 = { .size = 4096, .ways = 1, .line = LINE };
	struct cm_hier h;

	(void)state;
	assert_int_equal(cm_hier_init(&h, &l1, &l2, NULL), 0);
	assert_false(h.has_l1);
	assert_int_equal(cm_hier_access(&h, 0), CM_L2_MISS);
	assert_int_equal(cm_hier_access(&h, 0), CM_L2_HIT);
	assert_int_equal(cm_hier_access(&h, 4096), CM_L2_MISS);
	assert_int_equal(h.l2.hits + h.l2.misses, 3);
	cm_hier_free(&h);
	assert_int_equal(cm_hier_init(&h, NULL, &l2, NULL), 0);
	assert_false(h.has_l1);
	cm_hier_free(&h);
}

static uint64_t rng = 88172645463325252ull;

static uint64_t xorshift(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void test_invariant_hits_plus_misses(void **state)
{
	struct cm_config l1 = { .size = 32768, .ways = 8, .line = LINE };
	struct cm_config l2 = { .size = 262144, .ways = 4, .line = LINE };
	struct cm_hier h;
	uint64_t n = 200000, out[3] = { 0 };

	(void)state;
	assert_int_equal(cm_hier_init(&h, &l1, &l2, NULL), 0);
	for (uint64_t i = 0; i < n; i++)
		out[cm_hier_access(&h, xorshift() % (1u << 20))]++;
	assert_int_equal(out[0] + out[1] + out[2], n);
	assert_int_equal(h.l1.hits + h.l1.misses, n);
	assert_int_equal(h.l1.hits, out[CM_L1_HIT]);
	assert_int_equal(h.l2.hits + h.l2.misses, h.l1.misses);
	assert_int_equal(h.l2.hits, out[CM_L2_HIT]);
	assert_int_equal(h.l2.misses, out[CM_L2_MISS]);
	/* 1 MiB random over 256 KiB L2: some of each outcome */
	assert_true(out[0] > 0 && out[1] > 0 && out[2] > 0);
	cm_hier_free(&h);
}

/* Naive reference: per-frame tag and last-use time; evict the oldest. */
struct ref {
	uint64_t sets, ways, line;
	uint64_t *tag, *used; /* used == 0: invalid */
	uint64_t now;
};

/* One access; on a miss *evicted is the line it evicted, CM_NO_VICTIM when
 * it filled an empty way. */
static bool ref_access(struct ref *r, uint64_t addr, uint64_t *evicted)
{
	uint64_t ln = addr / r->line, s = ln % r->sets;
	uint64_t *t = r->tag + s * r->ways, *u = r->used + s * r->ways;
	uint64_t victim = 0;

	r->now++;
	for (uint64_t w = 0; w < r->ways; w++) {
		if (u[w] && t[w] == ln) {
			u[w] = r->now;
			return true;
		}
		if (u[w] < u[victim])
			victim = w;
	}
	*evicted = u[victim] ? t[victim] : CM_NO_VICTIM;
	t[victim] = ln;
	u[victim] = r->now;
	return false;
}

static void test_matches_reference(void **state)
{
	static const struct {
		uint64_t size;
		uint32_t ways, line;
	} geo[] = {
		{ 4096, 1, 64 },   { 4096, 2, 64 },   { 8192, 4, 32 },
		{ 16384, 16, 64 }, { 4096, 64, 64 },  { 65536, 32, 64 },
		{ 65536, 64, 64 }, { 2048, 128, 16 }, { 3 * 4096, 3, 64 },
		{ 32768, 8, 64 }, /* the plugin's default L1 */
	};

	(void)state;
	for (size_t g = 0; g < sizeof(geo) / sizeof(geo[0]); g++) {
		for (int large = 0; large < 2; large++) {
			struct cm_cache c;
			struct ref r = { .ways = geo[g].ways,
					 .line = geo[g].line };
			uint64_t span = 4 * geo[g].size, hits = 0;

			r.sets = geo[g].size / geo[g].ways / geo[g].line;
			r.tag = calloc(r.sets * r.ways, sizeof(uint64_t));
			r.used = calloc(r.sets * r.ways, sizeof(uint64_t));
			assert_non_null(r.tag);
			assert_non_null(r.used);
			mk(&c, geo[g].size, geo[g].ways, geo[g].line, large);
			for (int i = 0; i < 100000; i++) {
				/* mostly a hot region so that hits happen */
				uint64_t a = xorshift() %
					     (i % 3 ? geo[g].size : span);
				uint64_t evicted = 0;
				bool want = ref_access(&r, a, &evicted);

				assert_int_equal(cm_access(&c, a), want);
				/* the victim, which task attribution reads */
				if (!want)
					assert_int_equal(c.victim, evicted);
				hits += want;
			}
			assert_int_equal(c.hits, hits);
			assert_int_equal(c.hits + c.misses, 100000);
			assert_true(hits > 1000 && hits < 99000);
			cm_free(&c);
			free(r.tag);
			free(r.used);
		}
	}
}

static void test_bad_configs(void **state)
{
	static const struct cm_config bad[] = {
		{ 4096, 1, 0 },	     /* line 0 */
		{ 4096, 1, 48 },     /* line not a power of two */
		{ 4096, 0, 64 },     /* no ways */
		{ 0, 1, 64 },	     /* no size */
		{ 4000, 1, 64 },     /* not a multiple of the line */
		{ 3 * 4096, 1, 64 }, /* 192 sets: not a power of two */
		{ 4096, 128, 64 },   /* more ways than lines */
	};
	struct cm_cache c;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *err = NULL;

		assert_non_null(cm_check_config(&bad[i]));
		assert_int_equal(cm_init(&c, &bad[i], false, &err), -1);
		assert_non_null(err);
	}
	/* 12-way, 3 * 4 KiB: 16 sets, valid although ways is not 2^n */
	assert_null(cm_check_config(&(struct cm_config){ 12 * 1024, 12, 64 }));
}

/* ---- the N-level model (levels.c) ---------------------------------------- */

/* a hierarchy from a levels= spec; classify as given */
static void mkl(struct ml_hier *h, const char *spec, bool classify)
{
	struct ml_config cfg;
	char err[256] = "";
	const char *e = NULL;

	if (ml_parse(spec, &cfg, err, sizeof(err)) != 0)
		fail_msg("%s: %s", spec, err);
	assert_int_equal(ml_init(h, &cfg, classify, &e), 0);
}

/* line i's address: every line maps to set 0 of a one-set level */
#define LN(i) ((uint64_t)(i)*LINE)

static unsigned acc(struct ml_hier *h, const unsigned *lines, size_t n)
{
	unsigned last = 0;

	for (size_t i = 0; i < n; i++)
		last = ml_access(h, LN(lines[i]));
	return last;
}

/* LRU: the victim is the least recently used line (a hit refreshes). */
static void test_levels_lru_evicts_least_recent(void **state)
{
	static const unsigned seq[] = { 1, 2, 3, 4, 1, 3, 5 };
	struct ml_hier h;

	(void)state;
	mkl(&h, "C:256:4:64:lru", false); /* one set, 4 ways */
	acc(&h, seq, 7);
	assert_false(ml_present(&h.lv[0], LN(2))); /* the least recent */
	for (unsigned l = 1; l <= 5; l++)
		if (l != 2)
			assert_true(ml_present(&h.lv[0], LN(l)));
	assert_int_equal(h.lv[0].c.hits, 2);
	assert_int_equal(h.lv[0].c.misses, 5);
	assert_int_equal(h.lv[0].c.evictions, 1);
	ml_free(&h);
}

/* The last fill's victim, as the plugin's task attribution reads it at the
 * last level: ML_INVALID until a fill displaces a valid line, then that
 * line's number (not its address), kept until the caller resets it. */
static void test_levels_victim_recorded(void **state)
{
	static const unsigned seq[] = { 1, 2, 3, 4, 1, 3 };
	struct ml_hier h;

	(void)state;
	mkl(&h, "L1:128:2:64:lru/C:256:4:64:lru", false);
	acc(&h, seq, 6);
	assert_true(h.lv[1].victim ==
		    ML_INVALID); /* 4 ways: nothing displaced yet */
	h.lv[1].victim = ML_INVALID;
	ml_access(&h,
		  LN(5)); /* misses everywhere: the LRU line of C (2) goes */
	assert_true(h.lv[1].victim == 2);
	h.lv[1].victim = ML_INVALID;
	ml_access(&h, LN(5)); /* a hit displaces nothing */
	assert_true(h.lv[1].victim == ML_INVALID);
	ml_free(&h);
}

/* Tree-PLRU, 4 ways: fill 1..4 (ways 0..3), hit 1: the root points right
 * (away from way 0), node 3 points left (way 2, since way 3 was the last
 * touched there): line 5 evicts line 3, where LRU would evict line 2. */
static void test_levels_plru_victim(void **state)
{
	static const unsigned seq[] = { 1, 2, 3, 4, 1, 5 };
	struct ml_hier h;

	(void)state;
	mkl(&h, "C:256:4:64:plru", false);
	acc(&h, seq, 6);
	assert_false(ml_present(&h.lv[0], LN(3)));
	assert_true(ml_present(&h.lv[0], LN(2)));
	assert_true(ml_present(&h.lv[0], LN(1)));
	assert_true(ml_present(&h.lv[0], LN(4)));
	assert_true(ml_present(&h.lv[0], LN(5)));
	assert_int_equal(h.lv[0].tags[2], 5); /* in line 3's way */
	/* next: root points left now (way 2 touched), node 2 right (way 1) */
	ml_access(&h, LN(6));
	assert_false(ml_present(&h.lv[0], LN(2)));
	ml_free(&h);
}

/* SRRIP (Jaleel et al., ISCA 2010): a fill inserts at RRPV 2, a hit
 * promotes to 0; with no line at 3, every line ages until one is. */
static void test_levels_srrip_insert_promote(void **state)
{
	struct ml_hier h;
	uint8_t *r;

	(void)state;
	mkl(&h, "C:128:2:64:srrip", false);
	r = h.lv[0].rrpv;
	ml_access(&h, LN(1));
	ml_access(&h, LN(2));
	assert_int_equal(r[0], 2);
	assert_int_equal(r[1], 2);
	ml_access(&h, LN(1)); /* hit */
	assert_int_equal(r[0], 0);
	ml_access(&h, LN(3)); /* ages 1 -> 1, 2 -> 3: evicts 2 */
	assert_false(ml_present(&h.lv[0], LN(2)));
	assert_true(ml_present(&h.lv[0], LN(1)));
	assert_int_equal(r[0], 1);
	assert_int_equal(r[1], 2);
	/* scan resistance: a stream of new lines never evicts the reused one
	 * before it has aged to 3 (two more misses here) */
	ml_access(&h, LN(4)); /* victim 3 (at 3 after one ageing), 1 -> 2 */
	assert_true(ml_present(&h.lv[0], LN(1)));
	assert_false(ml_present(&h.lv[0], LN(3)));
	ml_free(&h);
	/* a hit right after the fill promotes too (level 0's repeat-hit
	 * shortcut must not skip it: it once did, 2 stayed 2) */
	mkl(&h, "C:128:2:64:srrip", false);
	ml_access(&h, LN(1));
	assert_int_equal(h.lv[0].rrpv[0], 2);
	assert_int_equal(ml_access(&h, LN(1)), 0);
	assert_int_equal(h.lv[0].rrpv[0], 0);
	ml_free(&h);
}

/* Random: xorshift32 (Marsaglia 2003) from seed 2463534242 gives
 * 723471715, 2497366906, 2064144800: ways 3, 2, 0 of a full 4-way set. */
static void test_levels_random_xorshift(void **state)
{
	static const unsigned seq[] = { 1, 2, 3, 4, 5, 6, 7 };
	struct ml_hier h;

	(void)state;
	mkl(&h, "C:256:4:64:random:seed=2463534242", false);
	acc(&h, seq, 5);
	assert_int_equal(h.lv[0].rng, 723471715u);
	assert_int_equal(h.lv[0].tags[3], 5);
	acc(&h, seq + 5, 2);
	assert_int_equal(h.lv[0].tags[2], 6);
	assert_int_equal(h.lv[0].tags[0], 7);
	assert_int_equal(h.lv[0].tags[1], 2);
	ml_free(&h);
}

/* Exclusive (victim) L2: a line is in L1 or L2, never both; an L2 hit
 * moves the line up and L1's victim down. */
static void test_levels_exclusive_moves(void **state)
{
	struct ml_hier h;

	(void)state;
	mkl(&h, "L1:64:1:64:lru/L2:256:4:64:lru:excl", false);
	ml_access(&h, LN(1)); /* memory -> L1 only */
	assert_true(ml_present(&h.lv[0], LN(1)));
	assert_false(ml_present(&h.lv[1], LN(1)));
	ml_access(&h, LN(2)); /* L1 evicts 1 into L2 */
	assert_true(ml_present(&h.lv[1], LN(1)));
	assert_false(ml_present(&h.lv[0], LN(1)));
	assert_false(ml_present(&h.lv[1], LN(2)));
	assert_int_equal(ml_access(&h, LN(1)), 1); /* L2 hit: swap */
	assert_true(ml_present(&h.lv[0], LN(1)));
	assert_false(ml_present(&h.lv[1], LN(1)));
	assert_true(ml_present(&h.lv[1], LN(2)));
	assert_int_equal(h.lv[1].c.hits, 1);
	assert_int_equal(h.lv[1].c.misses, 2);
	ml_free(&h);
}

/* Inclusive L2: its victim leaves L1 too (an inclusion victim, counted in
 * L1's inval). */
static void test_levels_inclusive_back_invalidates(void **state)
{
	struct ml_hier h;

	(void)state;
	mkl(&h, "L1:128:2:64:lru/L2:128:2:64:lru:incl", false);
	ml_access(&h, LN(1));
	ml_access(&h, LN(2));
	ml_access(&h, LN(1)); /* L1 hit: L2 still has 1 as its LRU line */
	ml_access(&h, LN(3)); /* L2 evicts 1, so L1 loses it */
	assert_false(ml_present(&h.lv[0], LN(1)));
	assert_true(ml_present(&h.lv[0], LN(2)));
	assert_true(ml_present(&h.lv[0], LN(3)));
	assert_int_equal(h.lv[0].c.inval, 1);
	assert_int_equal(h.lv[0].c.evictions, 0); /* 3 took the freed way */
	assert_int_equal(h.lv[1].c.evictions, 1);
	ml_free(&h);
}

/* Slices: bit k of the slice is the parity of paddr & mask[k]; `none`
 * takes the line-number bits above the set index. */
static void test_levels_slice_hash(void **state)
{
	struct ml_hier h;

	(void)state;
	assert_int_equal(ml_parity64(0), 0);
	assert_int_equal(ml_parity64(0x1000), 1);
	assert_int_equal(ml_parity64(0x11000), 0);
	assert_int_equal(ml_parity64(0x8000000000000001ull), 0);
	assert_int_equal(ml_parity64(0x7), 1);
	/* 4 slices, masks 0x11000 and 0x22040 */
	mkl(&h, "C:16K:4:64:lru:slices=4:hash=0x11000+0x22040", false);
	assert_int_equal(ml_slice(&h.lv[0], 0x0), 0);
	assert_int_equal(ml_slice(&h.lv[0], 0x1000), 1);  /* m0: 1 bit */
	assert_int_equal(ml_slice(&h.lv[0], 0x11000), 0); /* m0: 2 bits */
	assert_int_equal(ml_slice(&h.lv[0], 0x40), 2);	  /* m1: 1 bit */
	assert_int_equal(ml_slice(&h.lv[0], 0x21040), 1); /* m0 1, m1 2 */
	assert_int_equal(ml_slice(&h.lv[0], 0x3f), 0);	  /* no mask bit */
	assert_int_equal(ml_slice(&h.lv[0], 0x1040), 3);  /* m0 1, m1 1 */
	assert_int_equal(ml_slice(&h.lv[0], 0x2040), 0);  /* m1: 2 bits */
	ml_free(&h);
	/* none: 16 sets per slice (16K / (4 ways * 64 B * 4)), line bits 4..5 */
	mkl(&h, "C:16K:4:64:lru:slices=4", false);
	assert_int_equal(ml_slice(&h.lv[0], 15 * 64), 0);
	assert_int_equal(ml_slice(&h.lv[0], 16 * 64), 1);
	assert_int_equal(ml_slice(&h.lv[0], 48 * 64), 3);
	assert_int_equal(ml_slice(&h.lv[0], 64 * 64), 0);
	ml_free(&h);
}

/* 3C: lines 0 and 2 share set 0 of a 2-set direct-mapped cache: 4 misses,
 * 2 compulsory; a 2-line fully associative cache holds both: 2 conflict. */
static void test_levels_three_c(void **state)
{
	static const unsigned seq[] = { 0, 2, 0, 2, 1, 3, 5, 1 };
	struct ml_hier h;
	const struct ml_counts *c;

	(void)state;
	mkl(&h, "C:128:1:64:lru", true);
	acc(&h, seq, 4);
	c = &h.lv[0].c;
	assert_int_equal(c->misses, 4);
	assert_int_equal(c->compulsory, 2);
	assert_int_equal(c->ref_misses, 2);
	/* 1, 3, 5 (3 new lines: compulsory), then 1: the 2-line reference
	 * lost it to 3 and 5 (a capacity miss), the cache too (set 1) */
	acc(&h, seq + 4, 4);
	assert_int_equal(c->misses, 8);
	assert_int_equal(c->compulsory, 5);
	assert_int_equal(c->ref_misses, 6); /* capacity 1, conflict 2 */
	ml_free(&h);
}

/* The spec parser names what is wrong. */
static void test_levels_bad_specs(void **state)
{
	static const char *const bad[][2] = {
		{ "L1:1K:3:64:plru", "power-of-two number of ways" },
		{ "L1:1K:2:64:fifo", "bad field 'fifo'" },
		{ "L1:1K:2:64:lru:slices=4:hash=0x40", "log2(slices) masks" },
		{ "L1:1K:2:64:lru:excl", "first level cannot be exclusive" },
		{ "L1:1K:2:64:lru/L2:4K:4:128:lru:incl", "line size" },
		{ "L1:3K:2:64:lru", "power of two" },
		{ "L1:1K:2", "incomplete" },
		{ "L1:1K:4:64:random:seed=0", "nonzero seed" },
	};
	struct ml_config cfg;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char err[256] = "";

		assert_int_equal(ml_parse(bad[i][0], &cfg, err, sizeof(err)),
				 -1);
		if (!strstr(err, bad[i][1]))
			fail_msg("%s: '%s' lacks '%s'", bad[i][0], err,
				 bad[i][1]);
	}
	/* 12 ways (not a power of two), 2 slices of 16 sets: valid */
	assert_int_equal(
		ml_parse("L3:24K:12:64:srrip:slices=2:lat=40", &cfg, NULL, 0),
		0);
	assert_int_equal(cfg.lv[0].lat, 40);
}

/* levels= with two LRU non-inclusive levels counts as the L1 + L2 model. */
static void test_levels_two_lru_match_hier(void **state)
{
	struct cm_config l1 = { 1024, 2, LINE }, l2 = { 8192, 4, LINE };
	struct cm_hier old;
	struct ml_hier h;
	uint64_t x = 88172645463325252ull;

	(void)state;
	assert_int_equal(cm_hier_init(&old, &l1, &l2, NULL), 0);
	mkl(&h, "L1:1K:2:64:lru/L2:8K:4:64:lru", false);
	for (int i = 0; i < 200000; i++) {
		uint64_t a;
		unsigned o, n;

		x ^= x << 13; /* xorshift64: addresses in 64 KiB */
		x ^= x >> 7;
		x ^= x << 17;
		a = x & 0xffff;
		o = cm_hier_access(&old, a);
		n = ml_access(&h, a);
		assert_int_equal(o, n);
	}
	assert_int_equal(old.l1.hits, h.lv[0].c.hits);
	assert_int_equal(old.l2.misses, h.lv[1].c.misses);
	cm_hier_free(&old);
	ml_free(&h);
}

/* A DMA store (cm_drop, the plugin's DMA window): a line cached before it
 * misses after it, the other lines of the set stay and keep their order
 * (the freed way is filled first), a store to a line not cached allocates
 * nothing, and the counters do not move. Both set implementations. */
static void test_dma_drop(void **state)
{
	(void)state;
	for (int large = 0; large < 2; large++) {
		struct cm_cache c;

		mk(&c, 2 * LINE * 4, 2, LINE, large);	    /* 4 sets, 2 ways */
		uint64_t a = 0, b = 4 * LINE, d = 8 * LINE; /* set 0 */
		cm_access(&c, a);
		cm_access(&c, b); /* b most recent, a least */
		assert_int_equal(c.misses, 2);
		assert_true(cm_drop(&c, b + 8)); /* any byte of the line */
		assert_int_equal(c.hits + c.misses, 2);
		assert_false(cm_drop(&c, b)); /* gone */
		assert_false(cm_drop(&c, d)); /* never cached: not allocated */
		assert_int_equal(c.hits + c.misses, 2);
		assert_false(cm_access(
			&c, d)); /* a miss: the drop did not fill it */
		assert_true(
			cm_access(&c, a)); /* d took b's freed way, not a's */
		assert_false(cm_access(
			&c, b)); /* cached before the DMA, a miss after */
		assert_int_equal(c.misses, 4);
		cm_free(&c);
	}
}

/* Both levels of the two-level model lose the line. */
static void test_dma_drop_hier(void **state)
{
	struct cm_config l1 = { 2 * LINE, 2, LINE },
			 l2 = { 16 * LINE, 4, LINE };
	struct cm_hier h;

	(void)state;
	assert_int_equal(cm_hier_init(&h, &l1, &l2, NULL), 0);
	assert_int_equal(cm_hier_access(&h, 0), CM_L2_MISS);
	assert_int_equal(cm_hier_access(&h, 0), CM_L1_HIT);
	assert_true(cm_hier_drop(&h, 0));
	assert_int_equal(cm_hier_access(&h, 0), CM_L2_MISS);
	assert_false(cm_hier_drop(&h, LINE)); /* never cached */
	assert_int_equal(cm_hier_access(&h, LINE), CM_L2_MISS);
	cm_hier_free(&h);
}

/* The N-level model: every level (inclusive or not) loses the line, the
 * next access goes to memory, and a drop of a line no level holds
 * allocates nothing; under classify the miss after a drop is not
 * compulsory again. */
static void test_levels_dma_drop(void **state)
{
	struct ml_hier h;

	(void)state;
	mkl(&h, "L1:128:2:64:lru/L2:512:2:64:lru/L3:1K:4:64:lru:incl", true);
	assert_int_equal(ml_access(&h, LN(1)), 3);
	assert_int_equal(ml_access(&h, LN(1)), 0);
	assert_int_equal(ml_drop(&h, LN(1)), 3);
	for (unsigned i = 0; i < 3; i++)
		assert_false(ml_present(&h.lv[i], LN(1)));
	assert_int_equal(ml_access(&h, LN(1)), 3);
	assert_int_equal(h.lv[0].c.compulsory, 1);
	assert_int_equal(ml_drop(&h, LN(2)), 0);
	for (unsigned i = 0; i < 3; i++)
		assert_false(ml_present(&h.lv[i], LN(2)));
	assert_int_equal(ml_access(&h, LN(2)), 3);
	ml_free(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_direct_mapped_conflict),
		cmocka_unit_test(test_direct_mapped_sweeps),
		cmocka_unit_test(test_two_way_lru),
		cmocka_unit_test(test_sixteen_way_lru),
		cmocka_unit_test(test_fully_associative),
		cmocka_unit_test(test_line_granularity),
		cmocka_unit_test(test_high_physical_addresses),
		cmocka_unit_test(test_invalidate),
		cmocka_unit_test(test_l1_filter),
		cmocka_unit_test(test_no_l1),
		cmocka_unit_test(test_invariant_hits_plus_misses),
		cmocka_unit_test(test_matches_reference),
		cmocka_unit_test(test_bad_configs),
		cmocka_unit_test(test_levels_lru_evicts_least_recent),
		cmocka_unit_test(test_levels_victim_recorded),
		cmocka_unit_test(test_levels_plru_victim),
		cmocka_unit_test(test_levels_srrip_insert_promote),
		cmocka_unit_test(test_levels_random_xorshift),
		cmocka_unit_test(test_levels_exclusive_moves),
		cmocka_unit_test(test_levels_inclusive_back_invalidates),
		cmocka_unit_test(test_levels_slice_hash),
		cmocka_unit_test(test_levels_three_c),
		cmocka_unit_test(test_levels_bad_specs),
		cmocka_unit_test(test_levels_two_lru_match_hier),
		cmocka_unit_test(test_dma_drop),
		cmocka_unit_test(test_dma_drop_hier),
		cmocka_unit_test(test_levels_dma_drop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
