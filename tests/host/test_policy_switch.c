/* SPDX-License-Identifier: MIT */
/* tests/host/test_policy_switch.c - the benchmarks' coloring pair
 * (bench/policy_switch.c): color=on runs under the policy in force when it
 * colors, else binhop; color=off runs under buddy; a held policy stays. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include "bench/policy_switch.h"
#include "bench/workload.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

/* The pair as the driver sets it from the policy in force at boot: every
 * coloring policy is its own color=on; a policy that colors nothing gives
 * binhop (page_color=on's policy). */
static void test_pair_follows_the_boot_policy(void **state)
{
	(void)state;
	for (u32 id = 0; id < PLACEMENT_NR; id++) {
		assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
		assert_int_equal(placement_select_id(id), 0);
		bool colors = placement_active->colors;
		bench_policy_pair_from_active(BENCH_MODES_BOTH);
		bench_set_coloring(true);
		assert_int_equal(placement_active_id, colors ? id : (u32)PLACEMENT_BINHOP);
		assert_true(placement_active->colors);
		bench_set_coloring(false);
		assert_int_equal(placement_active_id, (u32)PLACEMENT_BUDDY);
		bench_set_coloring(true);
		assert_int_equal(placement_active_id, colors ? id : (u32)PLACEMENT_BINHOP);
	}
}

/* While the driver holds a policy (bench_policies=), the benchmarks' own
 * switch changes nothing. */
static void test_held_policy_stays(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("bestbin"), 0);
	bench_policy_pair_from_active(BENCH_MODES_BOTH);
	bench_policy_hold(true);
	bench_set_coloring(false);
	assert_string_equal(placement_name(), "bestbin");
	bench_policy_hold(false);
	bench_set_coloring(false);
	assert_string_equal(placement_name(), "buddy");
}

/* The bench: line names only the modes that will run: with bench_modes=off
 * (page_color=off at boot) no color=on run is announced. */
static void test_pair_line_names_the_modes_that_run(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
	assert_int_equal(placement_select("buddy"), 0);
	capture_start();
	capture_reset();
	bench_policy_pair_from_active(BENCH_MODES_OFF);
	assert_string_equal(capture_text(), "bench: color=off runs only, under buddy\n");
	capture_reset();
	assert_int_equal(placement_select("vacolor"), 0);
	bench_policy_pair_from_active(BENCH_MODES_ON);
	assert_string_equal(capture_text(), "bench: color=on runs only, under placement vacolor\n");
	capture_reset();
	bench_policy_pair_from_active(BENCH_MODES_BOTH);
	assert_string_equal(capture_text(),
			    "bench: color=on runs under placement vacolor, color=off runs under buddy\n");
	capture_stop();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pair_follows_the_boot_policy),
		cmocka_unit_test(test_held_policy_stays),
		cmocka_unit_test(test_pair_line_names_the_modes_that_run),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
