/* SPDX-License-Identifier: MIT */
/* tests/host/test_bench_results.c - the benchmark records (bench/stats.c):
 * a run that did not happen is never a result.
 *
 * Regression (issue "Every machine, every loader, every input", item 12):
 * `make run MEM=32M CMDLINE="seed=3 bench_max=128M bench=fft"` printed
 * "@result bench=fft n=1048576 ... median=0.000 ... verified=yes" for FFTs
 * that never ran: failed runs were stored as 0 and went into min, median and
 * mean. Now the statistics cover the completed runs only, a partial point
 * says "runs=K of=N reason=...", and a point with no completed run is an
 * "@skip" record with no figures. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench/bench.h"
#include "host_support.h"

static struct bench_point point(const double *v, u32 ran, u32 runs, const char *reason)
{
	return (struct bench_point){ .bench = "fft",
				     .keys = "n=1024 ws=16384",
				     .unit = "cycles",
				     .colored = true,
				     .v = v,
				     .ran = ran,
				     .runs = runs,
				     .reason = reason,
				     .hits = 30,
				     .misses = 2,
				     .extra = "verified=yes" };
}

static void test_all_runs_completed_keeps_the_result_format(void **state)
{
	char buf[512];
	double v[] = { 3.0, 1.0, 2.0 };
	struct bench_point p = point(v, 3, 3, NULL);

	(void)state;
	p.unit = "cycles/load";
	assert_string_equal(bench_format_record(buf, sizeof(buf), &p),
			    "@result bench=fft n=1024 ws=16384 color=on runs=3 unit=cycles/load min=1.000"
			    " median=2.000 mean=2.000 stddev=1.000 hits=30 misses=2 highmem_pages=0 verified=yes");
}

static void test_partial_point_statistics_over_completed_runs_only(void **state)
{
	char buf[512];
	/* 2 of 5 runs failed; the 3 that ran are passed, nothing for the others */
	double v[] = { 12.0, 10.0, 14.0 };
	struct bench_point p = point(v, 3, 5, "no_memory");

	(void)state;
	p.unit = "cycles/load";
	p.tsc_khz = 1000000; /* 1 GHz: ns = cycles */
	bench_format_record(buf, sizeof(buf), &p);
	assert_non_null(strstr(buf, " runs=3 of=5 reason=no_memory unit=cycles/load "));
	assert_non_null(strstr(buf, " min=10.000 median=12.000 mean=12.000 stddev=2.000 ns_median=12.000 "));
	assert_null(strstr(buf, "=0.000"));
}

static void test_point_with_no_completed_run_is_a_skip_with_no_figures(void **state)
{
	char buf[512];
	struct bench_point p = point(NULL, 0, 5, "no_memory");

	(void)state;
	p.keys = "n=1048576 ws=16777216";
	assert_string_equal(bench_format_record(buf, sizeof(buf), &p),
			    "@skip bench=fft n=1048576 ws=16777216 color=on reason=no_memory runs=0 of=5");
}

static void test_off_mode_and_missing_reason(void **state)
{
	char buf[512];
	double v[] = { 5.0 };
	struct bench_point p = point(v, 1, 2, NULL);

	(void)state;
	p.colored = false;
	bench_format_record(buf, sizeof(buf), &p);
	assert_non_null(strstr(buf, " color=off runs=1 of=2 reason=unknown unit=cycles "));
	assert_non_null(strstr(buf, " min=5.000 median=5.000 mean=5.000 stddev=0.000 "));
}

static void test_large_values_are_whole_cycles(void **state)
{
	char buf[512];
	double v[] = { 1587477, 1613080, 1660247 };
	struct bench_point p = point(v, 3, 3, NULL);

	(void)state;
	bench_format_record(buf, sizeof(buf), &p);
	assert_non_null(strstr(buf, " min=1587477 median=1613080 mean=1620268 "));
}

static void test_stats_of_an_even_count_and_of_none(void **state)
{
	struct bench_stats st;
	double v[] = { 4, 1, 3, 2 };

	(void)state;
	bench_stats(v, 4, &st);
	assert_true(st.min == 1 && st.median == 2.5 && st.mean == 2.5);
	assert_true(st.stddev > 1.2909 && st.stddev < 1.2910); /* sqrt(5/3) */
	bench_stats(v, 0, &st);
	assert_true(st.min == 0 && st.median == 0 && st.mean == 0 && st.stddev == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_runs_completed_keeps_the_result_format),
		cmocka_unit_test(test_partial_point_statistics_over_completed_runs_only),
		cmocka_unit_test(test_point_with_no_completed_run_is_a_skip_with_no_figures),
		cmocka_unit_test(test_off_mode_and_missing_reason),
		cmocka_unit_test(test_large_values_are_whole_cycles),
		cmocka_unit_test(test_stats_of_an_even_count_and_of_none),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
