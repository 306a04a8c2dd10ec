/* SPDX-License-Identifier: MIT */
/* test_task_attr.c - cmocka tests of the simulator's per-task attribution
 * (task_attr.c) on a tiny cache: who evicted whose lines, and which misses
 * are inter-task conflict misses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "cache_model.h"
#include "task_attr.h"

/* L2: 4 sets x 1 way of 64-byte lines (addresses 256 bytes apart share a
 * set); no L1, so every access goes to L2. */
static struct cm_hier h;
static struct ta_state ta;

static int setup(void **state)
{
	struct cm_config l2 = { 256, 1, 64 };
	(void)state;
	assert_int_equal(cm_hier_init(&h, NULL, &l2, NULL), 0);
	assert_int_equal(ta_init(&ta, 4, 6, 1 << 20), 0);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	ta_free(&ta);
	cm_hier_free(&h);
	return 0;
}

static void task(unsigned id)
{
	assert_int_equal(ta_marker(&ta, true, 4 * id), 0);
}

static enum cm_outcome touch(unsigned phase, uint64_t pa)
{
	enum cm_outcome o = cm_hier_access(&h, pa);
	ta_access(&ta, phase, pa, o, h.l2.victim);
	return o;
}

static void test_nothing_before_a_marker(void **state)
{
	(void)state;
	touch(0, 0);
	assert_false(ta.used);
	assert_null(ta.st); /* nothing allocated for runs without tasks */
	/* malformed markers: a load, an unaligned offset, a task id too large */
	assert_int_equal(ta_marker(&ta, false, 4), 0);
	assert_int_equal(ta_marker(&ta, true, 6), 0);
	assert_int_equal(ta_marker(&ta, true, 4 * TA_TASKS), 0);
	assert_int_equal(ta.bad_markers, 3);
	assert_false(ta.used);
}

static void test_inter_task_evictions(void **state)
{
	(void)state;
	task(1); /* the victim: lines in sets 0 and 1 */
	assert_int_equal(touch(1, 0x1000), CM_L2_MISS);
	assert_int_equal(touch(1, 0x1040), CM_L2_MISS);
	assert_int_equal(touch(1, 0x1000), CM_L2_HIT);
	task(2); /* the aggressor: set 0 -> evicts the victim's 0x1000 */
	assert_int_equal(touch(1, 0x2000), CM_L2_MISS);
	task(0); /* the kernel (an interrupt): set 1 -> evicts 0x1040 */
	assert_int_equal(touch(1, 0x3040), CM_L2_MISS);
	task(1);
	assert_int_equal(touch(1, 0x1000),
			 CM_L2_MISS); /* conflict miss, by task 2 */
	assert_int_equal(touch(1, 0x1040),
			 CM_L2_MISS); /* conflict miss, by the kernel */
	assert_int_equal(touch(1, 0x1080),
			 CM_L2_MISS); /* cold: no one's conflict */
	assert_int_equal(
		touch(1, 0x1180),
		CM_L2_MISS); /* evicts its own 0x1080: not inter-task */
	assert_int_equal(touch(1, 0x1080),
			 CM_L2_MISS); /* a miss it caused itself */

	const struct ta_stats *v = ta_get(&ta, 1, 1), *a = ta_get(&ta, 1, 2),
			      *k = ta_get(&ta, 1, 0);
	assert_int_equal(v->accesses, 8);
	assert_int_equal(v->l2_misses, 7);
	assert_int_equal(v->evicted_by_task, 1);
	assert_int_equal(v->evicted_by_kernel, 1);
	assert_int_equal(v->conflict_task, 1);
	assert_int_equal(v->conflict_kernel, 1);
	/* the victim took set 0 back from the aggressor: the aggressor's loss */
	assert_int_equal(a->evicted_by_task, 1);
	assert_int_equal(a->conflict_task, 0);
	assert_int_equal(k->evicted_by_task, 1);
	assert_int_equal(k->accesses, 1);
	/* other phases saw nothing */
	assert_int_equal(ta_get(&ta, 2, 1)->accesses, 0);
}

/* A line the victim used in an earlier phase (kernel data it touched
 * before its timed part) is not its working set: its eviction is not an
 * inter-task eviction of the phase, but a miss on it is still a conflict. */
static void test_stale_lines_are_not_counted(void **state)
{
	(void)state;
	task(1);
	touch(1, 0x1000);
	task(2);
	touch(2, 0x2000); /* evicts 0x1000, last used by task 1 in phase 1 */
	assert_int_equal(ta_get(&ta, 2, 1)->evicted_by_task, 0);
	assert_int_equal(ta_get(&ta, 1, 1)->evicted_by_task, 0);
	task(1);
	assert_int_equal(touch(2, 0x1000), CM_L2_MISS);
	assert_int_equal(ta_get(&ta, 2, 1)->conflict_task, 1);
	task(2);
	touch(2, 0x2000); /* now in phase 2: counted */
	assert_int_equal(ta_get(&ta, 2, 1)->evicted_by_task, 1);
}

/* A line both tasks used in the phase (the IDT entry the CPU reads at
 * every interrupt) is shared: its eviction is not an inter-task eviction
 * of a private line. */
static void test_shared_lines(void **state)
{
	(void)state;
	task(2);
	touch(3, 0x5000); /* the aggressor's interrupt reads it */
	task(1);
	touch(3, 0x5000); /* so does the victim's: shared, hit */
	task(2);
	touch(3, 0x6000); /* the aggressor's stream evicts it */
	assert_int_equal(ta_get(&ta, 3, 1)->evicted_by_task, 0);
	assert_int_equal(ta_get(&ta, 3, 1)->evicted_shared, 1);
	task(1);
	touch(3, 0x1040); /* a private line of the victim */
	task(2);
	touch(3, 0x2040);
	assert_int_equal(ta_get(&ta, 3, 1)->evicted_by_task, 1);
}

/* Disjoint sets (the partitioned case): no inter-task evictions at all. */
static void test_disjoint_sets_do_not_interfere(void **state)
{
	(void)state;
	for (int round = 0; round < 10; round++) {
		task(1);
		for (uint64_t pa = 0x1000; pa < 0x1000 + 2 * 256; pa += 256)
			touch(2, pa); /* set 0 only */
		task(2);
		for (uint64_t pa = 0x8040; pa < 0x8040 + 8 * 256; pa += 64)
			if ((pa >> 6) % 4 != 0)
				touch(2, pa); /* sets 1-3 only */
	}
	assert_int_equal(ta_get(&ta, 2, 1)->evicted_by_task, 0);
	assert_int_equal(ta_get(&ta, 2, 2)->evicted_by_task, 0);
	assert_int_equal(ta_get(&ta, 2, 1)->conflict_task, 0);
	assert_true(ta_get(&ta, 2, 1)->l2_misses >
		    0); /* its own two lines share one set */
}

static char out[4096];
static void collect(void *ctx, const char *line)
{
	(void)ctx;
	strncat(out, line, sizeof(out) - strlen(out) - 1);
}

static void test_report(void **state)
{
	(void)state;
	out[0] = '\0';
	ta_report(&ta, collect, NULL);
	assert_string_equal(out, ""); /* no marker, no lines */
	task(3);
	touch(0, 0x40);
	ta_report(&ta, collect, NULL);
	assert_string_equal(out, "cachesim task=3 phase=0 accesses=1 "
				 "l2_accesses=1 l2_misses=1 evicted_by_task=0 "
				 "evicted_by_kernel=0 evicted_shared=0 "
				 "conflict_task=0 conflict_kernel=0\n"
				 "cachesim tasks bad_markers=0 untracked=0\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_nothing_before_a_marker,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_inter_task_evictions,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_stale_lines_are_not_counted, setup, teardown),
		cmocka_unit_test_setup_teardown(test_shared_lines, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
			test_disjoint_sets_do_not_interfere, setup, teardown),
		cmocka_unit_test_setup_teardown(test_report, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
