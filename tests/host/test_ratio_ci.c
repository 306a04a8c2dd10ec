/* SPDX-License-Identifier: MIT */
/* tests/host/test_ratio_ci.c - the colored/uncolored ratio's 95% interval
 * (bench/ratio_ci.c), the closing summary (bench/summary.c) and line
 * wrapping (kernel/wrap.c).
 *
 * The ranks are checked against the published two-sided 5% critical values
 * of the Mann-Whitney U test (k = U_crit + 1: n = m = 5: 2; 6: 5; 7: 8; 8:
 * 13; 10: 23; 20: 127; 5 and 10: 8), and for 64 + 64 and 9 + 64 against an
 * exact count computed independently (Python, the recursion
 * f(n, m, u) = f(n - 1, m, u - m) + f(n, m - 1, u)). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "bench/ratio_ci.h"
#include "bench/summary.h"
#include "kernel/mwc.h"
#include "kernel/qr.h"
#include "kernel/wrap.h"
#include "host_support.h"

static void test_rank_matches_published_critical_values(void **state)
{
	static const struct {
		u32 n, m, k;
	} t[] = { { 5, 5, 3 },	{ 6, 6, 6 },  { 7, 7, 9 }, { 8, 8, 14 }, { 10, 10, 24 },   { 20, 20, 128 },
		  { 5, 10, 9 }, { 10, 5, 9 }, { 4, 4, 1 }, { 3, 5, 1 },	 { 64, 64, 1637 }, { 9, 64, 172 } };
	double tail;

	(void)state;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		u32 k = ratio_ci_rank(t[i].n, t[i].m, 0.05, &tail);
		if (k != t[i].k)
			fail_msg("n=%u m=%u: k=%u, expected %u", t[i].n, t[i].m, k, t[i].k);
		assert_true(tail <= 0.025);
	}
	/* exact tails: 4/252 for 5+5, 1/70 for 4+4, 3996/184756 for 10+10 */
	ratio_ci_rank(5, 5, 0.05, &tail);
	assert_float_equal(tail, 4.0 / 252, 1e-15);
	ratio_ci_rank(4, 4, 0.05, &tail);
	assert_float_equal(tail, 1.0 / 70, 1e-15);
	ratio_ci_rank(10, 10, 0.05, &tail);
	assert_float_equal(tail, 3996.0 / 184756, 1e-15);
	ratio_ci_rank(64, 64, 0.05, &tail);
	assert_float_equal(tail, 594515041940693661343567851319589198.0 / 23951146041928082866135587776380551750.0,
			   1e-12);
}

static void test_too_few_runs_have_no_interval(void **state)
{
	double x[] = { 1, 2, 3 }, y[] = { 2, 3, 4 };
	struct ratio_ci ci;

	(void)state;
	assert_int_equal(ratio_ci_rank(3, 3, 0.05, NULL), 0);
	assert_int_equal(ratio_ci_rank(1, 20, 0.05, NULL), 0); /* P(U <= 0) = 1/21 > 0.025 */
	assert_int_equal(ratio_ci_rank(1, 64, 0.05, NULL), 1); /* 1/65 <= 0.025 < 2/65 */
	assert_int_equal(ratio_ci_compute(x, 3, y, 3, 0.05, &ci), 0);
	assert_false(ci.have_interval);
	assert_float_equal(ci.ratio, 2.0 / 3.0, 1e-12);
	assert_int_equal(ratio_ci_compute(x, 0, y, 3, 0.05, &ci), -1);
	assert_int_equal(ratio_ci_compute(x, 3, y, 0, 0.05, &ci), -1);
	y[1] = 0; /* median of y is 3 -> 2: still a ratio, a zero time gives no interval */
	assert_int_equal(ratio_ci_compute(x, 3, y, 3, 0.05, &ci), 0);
	assert_false(ci.have_interval);
}

/* 5 + 5 runs: the interval is the 3rd smallest and 3rd largest of the 25
 * pairwise ratios (computed here by brute force). */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static void test_interval_is_the_kth_pairwise_ratio(void **state)
{
	double x[] = { 80, 85, 82, 90, 84 }, y[] = { 110, 130, 99, 125, 140 }, p[25];
	struct ratio_ci ci;
	int n = 0;

	(void)state;
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 5; j++)
			p[n++] = x[i] / y[j];
	qsort(p, 25, sizeof(p[0]), cmp_double);
	assert_int_equal(ratio_ci_compute(x, 5, y, 5, 0.05, &ci), 0);
	assert_true(ci.have_interval);
	assert_float_equal(ci.ratio, 84.0 / 125.0, 1e-12);
	assert_float_equal(ci.lo, p[2], 1e-6);
	assert_float_equal(ci.hi, p[22], 1e-6);
	assert_float_equal(ci.level, 1 - 8.0 / 252, 1e-12);
	assert_true(ci.hi < 1); /* these colored runs are faster */
}

/* The side of 1 is judged as printed (3 decimals): an upper end of 0.9996
 * prints as 1.000 and is not called faster. */
static void test_side_as_printed(void **state)
{
	struct ratio_ci ci = { .ratio = 0.99, .lo = 0.95, .hi = 0.9996, .have_interval = true };

	(void)state;
	assert_int_equal(ratio_ci_side(&ci), 0);
	ci.hi = 0.9994;
	assert_int_equal(ratio_ci_side(&ci), -1);
	ci.lo = 1.0006, ci.hi = 1.2;
	assert_int_equal(ratio_ci_side(&ci), 1);
	ci.lo = 1.0004;
	assert_int_equal(ratio_ci_side(&ci), 0);
	ci.have_interval = false;
	ci.lo = 2;
	assert_int_equal(ratio_ci_side(&ci), 0);
}

/* The interval's promise: over many pairs of samples from one distribution
 * (no effect), it includes 1 in at least 95% of them; and it finds a real
 * 20% gain in most. Deterministic (fixed MWC seed). */
static double draw(struct mwc *r, double scale)
{
	/* a skewed run time: 100 plus a squared tail (0..16, median ~4) */
	double t = 0;
	for (int i = 0; i < 4; i++)
		t += (mwc_next(r) + 0.5) / 4294967296.0 * 10;
	return scale * (100 + t * t / 100);
}

static void test_coverage_and_power(void **state)
{
	struct mwc r;
	u32 covered = 0, found = 0, trials = 2000;

	(void)state;
	mwc_init(&r, 12345, MWC_CARRY_DEFAULT);
	for (u32 t = 0; t < trials; t++) {
		double x[5], y[5];
		struct ratio_ci ci;
		for (int i = 0; i < 5; i++)
			x[i] = draw(&r, 1.0), y[i] = draw(&r, 1.0);
		ratio_ci_compute(x, 5, y, 5, 0.05, &ci);
		covered += ci.lo <= 1 && ci.hi >= 1;
		for (int i = 0; i < 5; i++)
			x[i] = draw(&r, 0.8);
		ratio_ci_compute(x, 5, y, 5, 0.05, &ci);
		found += ci.hi < 1;
	}
	/* exact coverage 96.8% for 5+5: 2000 trials land within +-1.3% (3 sd) */
	if (covered < trials * 955 / 1000 || covered > trials * 981 / 1000)
		fail_msg("covered %u of %u", covered, trials);
	if (found < trials * 9 / 10)
		fail_msg("a 20%% gain found in only %u of %u", found, trials);
}

/* ---- the summary ---- */

static void add(const char *bench, const char *keys, bool colored, const double *v, u32 n)
{
	bench_summary_add(&(struct bench_point){
	    .bench = bench, .keys = keys, .unit = "cycles", .colored = colored, .v = v, .ran = n, .runs = n });
}

static void check_widths(const char *text, u32 *nlines)
{
	const char *p = text;
	u32 lines = 0;

	while (*p) {
		const char *e = strchr(p, '\n');
		assert_non_null(e);
		if (e - p > WRAP_SCREEN_COLS)
			fail_msg("line of %d columns: %.*s", (int)(e - p), (int)(e - p), p);
		lines++;
		p = e + 1;
	}
	*nlines = lines;
}

static int setup(void **state)
{
	(void)state;
	bench_summary_reset();
	return capture_start();
}

static int teardown(void **state)
{
	(void)state;
	capture_stop();
	return 0;
}

static void test_summary_rows_marks_and_verdict(void **state)
{
	static const double same_on[] = { 10, 11, 10.5, 10.2, 10.8 }, same_off[] = { 10.1, 10.9, 10.4, 10.6, 10.3 };
	static const double fast[] = { 6, 6.1, 6.2, 5.9, 6.05 }, slow[] = { 10, 10.2, 9.9, 10.1, 10.3 };
	struct bench_config cfg = { .runs = 5 };
	char keys[64];
	u32 lines, ws;

	(void)state;
	/* stride 4 KiB .. 128 MiB (16 rows, the largest bench_max), FFT from 16 KiB */
	for (ws = 4096; ws <= (128u << 20); ws <<= 1) {
		snprintf(keys, sizeof(keys), "pattern=seq ws=%u", ws);
		add("stride", keys, true, ws == (1u << 20) ? fast : same_on, 5);
		add("stride", keys, false, ws == (1u << 20) ? slow : same_off, 5);
		snprintf(keys, sizeof(keys), "pattern=rand ws=%u", ws);
		add("stride", keys, true, ws == (2u << 20) ? slow : same_on, 5);
		add("stride", keys, false, ws == (2u << 20) ? fast : same_off, 5);
		if (ws >= 16384) {
			snprintf(keys, sizeof(keys), "n=%u ws=%u", ws / 16, ws);
			add("fft", keys, true, same_on, 5);
			add("fft", keys, false, same_off, 5);
		}
	}
	add("triad", "ws=4096", true, same_on, 5);		/* not a summary benchmark */
	add("stride", "pattern=seq ws=5000", true, same_on, 5); /* not a power of two */
	lines = bench_summary_print(&cfg, NULL, false);		/* bare metal: cycles decide */
	const char *t = capture_text();
	u32 printed;
	check_widths(t, &printed);
	assert_int_equal(printed, lines + 1); /* the blank line before it */
	assert_true(lines <= 25 - 3);	      /* with rejections' count line, @final and SUCCESS */
	assert_non_null(strstr(t, "\nws       stride seq             stride rand            FFT\n"));
	assert_non_null(strstr(t, "\n4 KiB    1.010 [0.943-1.068] ~  1.010 [0.943-1.068] ~\n"));
	assert_non_null(strstr(t, "\n128 MiB  "));
	assert_non_null(strstr(t, "\n1 MiB    0.599 [0.583-0.616]    1.010 [0.943-1.068] ~  1.010 [0.943-1.068] ~\n"));
	assert_non_null(strstr(t, "] ~\n")); /* the FFT column of an equal row */
	assert_non_null(strstr(t, "\n2 MiB    1.010 [0.943-1.068] ~  1.669 [1.623-1.717]    1.010"));
	assert_non_null(strstr(t, "5+5 runs"));
	assert_int_equal(bench_summary_last.points, 16 + 16 + 14);
	assert_int_equal(bench_summary_last.faster, 1);
	assert_int_equal(bench_summary_last.slower, 1);
	assert_int_equal(bench_summary_last.same, 44);
	assert_non_null(strstr(t, "\nverdict: colored faster at 1 of 46 points, slower at 1; best 0.599, seq 1M\n"));
	assert_null(strstr(t, "note:"));
	assert_null(strstr(t, "5000"));
}

/* Under QEMU's TCG the cycles are emulator time: the same points give no
 * verdict, only the note why (pointing to the cache model: its summary
 * follows under cachesim=on, else make run's default shows it); the
 * signature is said in words. Under another hypervisor the verdict stays. */
static void test_summary_no_verdict_under_tcg(void **state)
{
	static const double fast[] = { 6, 6.1, 6.2, 5.9, 6.05 }, slow[] = { 10, 10.2, 9.9, 10.1, 10.3 };
	struct bench_config cfg = { .runs = 5 };
	const char *t;
	u32 printed, lines;

	(void)state;
	add("stride", "pattern=seq ws=1048576", true, fast, 5);
	add("stride", "pattern=seq ws=1048576", false, slow, 5);
	lines = bench_summary_print(&cfg, "TCGTCGTCGTCG", false);
	t = capture_text();
	check_widths(t, &printed);
	assert_int_equal(printed, lines + 1);
	assert_non_null(strstr(t, "\nsummary: emulator time, colored / uncolored: median [95% interval], 5+5 runs\n"));
	assert_non_null(strstr(t, "\n1 MiB    0.599 [0.583-0.616]\n")); /* the figures are still shown */
	assert_null(strstr(t, "\nverdict"));
	assert_null(strstr(t, "TCGTCGTCGTCG"));
	assert_non_null(strstr(t, "\nnote: no verdict: under QEMU's TCG software emulator cycle counts are emulator"));
	assert_non_null(strstr(t, "make run with its cache model (the default)"));
	assert_null(strstr(bench_summary_qr_text(), "faster"));
	assert_non_null(strstr(bench_summary_qr_text(), "\nno verdict: emulator time (QEMU TCG)\n"));

	capture_reset();
	cfg.phase_marks = true; /* cachesim=on: the model's summary comes after QEMU */
	bench_summary_print(&cfg, "TCGTCGTCGTCG", false);
	t = capture_text();
	check_widths(t, &printed);
	assert_null(strstr(t, "\nverdict:"));
	assert_non_null(strstr(t, "the cache model's figures follow"));

	capture_reset();
	cfg.phase_marks = false;
	bench_summary_print(&cfg, "KVMKVMKVM", false);
	t = capture_text();
	check_widths(t, &printed);
	assert_non_null(strstr(t, "\nverdict: colored faster at 1 of 1 points, slower at 0; best 0.599, seq 1M\n"));
	assert_non_null(strstr(t, "note: under a hypervisor (KVM) cycle counts include its work"));
	assert_null(strstr(t, "KVMKVMKVM"));
}

/* The longest verdict: two-digit counts, the best point at rand 128 MiB;
 * still one line, and the whole summary 22 lines at most. */
static void test_summary_worst_case_width(void **state)
{
	static const double slow[] = { 10, 10.2, 9.9, 10.1, 10.3 }, fast[] = { 6, 6.1, 6.2, 5.9, 6.05 },
			    fastest[] = { 3, 3.1, 3.05, 2.95, 3.02 };
	struct bench_config cfg = { .runs = 5 };
	char keys[64];
	u32 lines, printed, ws;

	(void)state;
	for (ws = 4096; ws <= (128u << 20); ws <<= 1) {
		snprintf(keys, sizeof(keys), "pattern=seq ws=%u", ws);
		add("stride", keys, true, fast, 5);
		add("stride", keys, false, slow, 5);
		snprintf(keys, sizeof(keys), "pattern=rand ws=%u", ws);
		add("stride", keys, true, ws == (128u << 20) ? fastest : slow, 5);
		add("stride", keys, false, ws == (128u << 20) ? slow : fast, 5);
		snprintf(keys, sizeof(keys), "n=%u ws=%u", ws / 16, ws);
		add("fft", keys, true, slow, 5);
		add("fft", keys, false, fast, 5);
	}
	lines = bench_summary_print(&cfg, "KVMKVMKVM", false);
	const char *t = capture_text();
	check_widths(t, &printed);
	assert_int_equal(printed, lines + 1);
	assert_int_equal(lines, 22);
	assert_non_null(
	    strstr(t, "\nverdict: colored faster at 17 of 48 points, slower at 31; best 0.299, rand 128M\n"));
	/* the QR code's text: every row and the verdict, within a code's 520 bytes */
	const char *q = bench_summary_qr_text();
	fprintf(stderr, "QR %zu bytes:\n%s", strlen(q), q);
	assert_true(bench_summary_qr_fits());
	assert_true(strlen(q) <= QR_MAX_BYTES);
	assert_non_null(strstr(q, "\n4K 0.599 1.669 1.669\n"));
	assert_non_null(strstr(q, "\n128M 0.599 0.299 1.669\n"));
	assert_true(strncmp(q, "pagecolor colored/uncolored time, 5+5 runs, ~: 95% CI has 1\nws seq rand FFT\n", 75) ==
		    0);
	assert_non_null(strstr(q, "\nfaster 17/48 slower 31 best 0.299 rand 128M\nunder KVM: hypervisor time\n"));
	/* on a framebuffer one more line says so, still within the screen */
	capture_reset();
	lines = bench_summary_print(&cfg, "KVMKVMKVM", true);
	t = capture_text();
	check_widths(t, &printed);
	assert_int_equal(lines, 23);
	assert_non_null(strstr(t, "\nsummary: also as a QR code at the top right ("));
}

static void test_summary_one_mode_policies_and_nothing(void **state)
{
	static const double v[] = { 1, 2, 3, 4, 5 };
	struct bench_config cfg = { .runs = 5 };
	u32 lines;

	(void)state;
	assert_int_equal(bench_summary_print(&cfg, NULL, false), 0); /* nothing ran: nothing printed */
	assert_string_equal(capture_text(), "");
	add("stride", "pattern=seq ws=65536", true, v, 5);
	add("fft", "n=1024 ws=16384", false, v, 3);
	lines = bench_summary_print(&cfg, NULL, false);
	const char *t = capture_text();
	char row[128];
	snprintf(row, sizeof(row), "\n%-8s %-23s%-23s%s\n", "16 KiB", "", "", "uncolored only");
	assert_non_null(strstr(t, row));
	assert_non_null(strstr(t, "\n64 KiB   colored only\n"));
	assert_non_null(strstr(t, "verdict: no point ran both colored and uncolored"));
	assert_null(strstr(t, "hypervisor"));
	assert_int_equal(bench_summary_last.points, 0);
	u32 printed;
	check_widths(t, &printed);
	assert_int_equal(printed, lines + 1);
	capture_reset();
	cfg.policies = 3;
	bench_summary_print(&cfg, NULL, false);
	t = capture_text();
	check_widths(t, &printed);
	assert_non_null(strstr(t, "summary: bench_policies= ran one placement policy per block"));
	assert_null(strstr(t, "verdict"));
}

/* An outside trial's input: a page_color=off boot (every point uncolored)
 * said "4+4 runs" in the summary's header; it says which mode ran. */
static void test_summary_header_of_one_mode(void **state)
{
	static const double v[] = { 1, 2, 3, 4 };
	struct bench_config cfg = { .runs = 4 };

	(void)state;
	add("stride", "pattern=seq ws=65536", false, v, 4);
	add("fft", "n=1024 ws=16384", false, v, 4);
	bench_summary_print(&cfg, "TCGTCGTCGTCG", false);
	assert_non_null(strstr(capture_text(),
			       "summary: emulator time, colored / uncolored: median [95% interval], 4 runs, "
			       "uncolored only\n"));
	assert_null(strstr(capture_text(), "4+4"));
	assert_true(strncmp(bench_summary_qr_text(), "pagecolor colored/uncolored time, 4 runs, uncolored only,", 56) ==
		    0);
}

static void test_summary_few_runs(void **state)
{
	static const double v[] = { 1, 2, 3 };
	struct bench_config cfg = { .runs = 3 };

	(void)state;
	add("stride", "pattern=rand ws=8192", true, v, 3);
	add("stride", "pattern=rand ws=8192", false, v, 3);
	bench_summary_print(&cfg, "", false);
	const char *t = capture_text();
	char row[128];
	snprintf(row, sizeof(row), "\n%-8s %-23s%s\n", "8 KiB", "", "1.000 (few runs)");
	assert_non_null(strstr(t, row));
	assert_non_null(strstr(t, "under a hypervisor (an unnamed hypervisor)"));
	assert_int_equal(bench_summary_last.same, 1);
	assert_int_equal(bench_summary_last.few_runs, 1);
	assert_non_null(
	    strstr(t, "\nverdict: none: too few runs for a 95% interval (bench_runs=3; 4 or more needed)\n"));
}

/* ---- wrapping ---- */

static void test_wrap_breaks_at_spaces_with_continuation(void **state)
{
	(void)state;
	assert_int_equal(printk_wrapped("short line", 79, "x: "), 1);
	assert_string_equal(capture_text(), "short line\n");
	capture_reset();
	assert_int_equal(printk_wrapped("aaaa bbbb cccc dddd eeee ffff", 16, "c: "), 3);
	assert_string_equal(capture_text(), "aaaa bbbb cccc\nc: dddd eeee\nc: ffff\n");
	capture_reset();
	assert_int_equal(printk_wrapped("0123456789abcdefghij", 16, NULL), 2); /* a word longer than a line */
	assert_string_equal(capture_text(), "0123456789abcdef\nghij\n");
	capture_reset();
	/* a list of choices breaks after a '|' or ',', not mid-name (help's
	 * bench= line ended '...|smps' / 'tress' in the new-user trial) */
	assert_int_equal(printk_wrapped("all|fft|stride|smpstress,x", 16, NULL), 2);
	assert_string_equal(capture_text(), "all|fft|stride|\nsmpstress,x\n");
	capture_reset();
	assert_int_equal(printk_wrapped("", 79, NULL), 0);
	assert_string_equal(capture_text(), "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rank_matches_published_critical_values),
		cmocka_unit_test(test_too_few_runs_have_no_interval),
		cmocka_unit_test(test_interval_is_the_kth_pairwise_ratio),
		cmocka_unit_test(test_side_as_printed),
		cmocka_unit_test(test_coverage_and_power),
		cmocka_unit_test_setup_teardown(test_summary_no_verdict_under_tcg, setup, teardown),
		cmocka_unit_test_setup_teardown(test_summary_rows_marks_and_verdict, setup, teardown),
		cmocka_unit_test_setup_teardown(test_summary_worst_case_width, setup, teardown),
		cmocka_unit_test_setup_teardown(test_summary_one_mode_policies_and_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_summary_header_of_one_mode, setup, teardown),
		cmocka_unit_test_setup_teardown(test_summary_few_runs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_wrap_breaks_at_spaces_with_continuation, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
