/* SPDX-License-Identifier: MIT */
/* tests/host/test_workload.c - the pure logic behind the opt-in workloads
 * and the policy comparison: the comma-list parameter (bench=, bench_policies=),
 * which benchmarks a bench= mask runs, triad's interleaved allocation order
 * and virtual layout, sparse's span, the per-color load count, the shuffle
 * of reuse's free order. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "bench/bench.h"
#include "bench/workload.h"
#include <asm/page.h>
#include "kernel/cmdline.h"
#include "tests/host/host_support.h"

/* bench=: the kernel's own table; the policy names (bench/policy_switch.c is
 * kernel-only) as the adapter lists them */
#define names bench_names
static const char *const pols[] = { "buddy", "binhop", "vacolor", "bestbin", "random", NULL };

static void test_parse_list_accepts(void **state)
{
	u32 m = 0;
	(void)state;
	assert_int_equal(parse_list("all", names, &m, NULL, 0), 0);
	assert_int_equal(m, BENCH_BIT(BENCH_ALL));
	assert_int_equal(parse_list("stride,fft,triad", names, &m, NULL, 0), 0);
	assert_int_equal(m, BENCH_BIT(BENCH_STRIDE) | BENCH_BIT(BENCH_FFT) | BENCH_BIT(BENCH_TRIAD));
	assert_int_equal(parse_list("reuse,reuse", names, &m, NULL, 0), 0); /* repeat: once */
	assert_int_equal(m, BENCH_BIT(BENCH_REUSE));
	assert_int_equal(parse_list("random,buddy", pols, &m, NULL, 0), 0);
	assert_int_equal(m, (1u << 4) | 1u);
}

static void test_parse_list_rejects(void **state)
{
	u32 m = 77;
	char bad[8];
	(void)state;
	assert_int_equal(parse_list("stride,fftx", names, &m, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "fftx");
	assert_int_equal(m, 77); /* untouched */
	assert_int_equal(parse_list("stride,,fft", names, &m, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "");
	assert_int_equal(parse_list("stride,", names, &m, bad, sizeof(bad)), -1);
	assert_int_equal(parse_list("", names, &m, bad, sizeof(bad)), -1);
	assert_int_equal(parse_list("Stride", names, &m, bad, sizeof(bad)), -1); /* exact */
	assert_int_equal(parse_list("verylongname", names, &m, bad, sizeof(bad)), -1);
	assert_string_equal(bad, "verylon");			     /* cut to the buffer */
	assert_int_equal(parse_list("str", names, &m, NULL, 0), -1); /* no prefix match */
	assert_int_equal(m, 77);
}

/* The parameter type: a bad list is rejected whole with the kernel's
 * message, and the default stays. */
static void test_param_list_message(void **state)
{
	u32 mask = BENCH_BIT(BENCH_ALL);
	struct kernel_param p[] = {
		{ .name = "bench", .type = PARAM_LIST, .value = &mask, .choices = names, .help = "x" },
	};
	(void)state;
	capture_start();
	assert_int_equal(cmdline_parse("bench=stride,bogus", p, 1), 1);
	assert_int_equal(mask, BENCH_BIT(BENCH_ALL));
	assert_non_null(strstr(
	    capture_text(), "cmdline: bench=stride,bogus rejected: 'bogus' is not one of the choices; "
			    "accepted: comma-separated "
			    "all|fft|stride|none|probe|triad|sparse|reuse|frag|copy|interfere|pcp|smpstress|readahead|"
			    "smptask; "
			    "keeping default all\n"));
	capture_reset();
	assert_int_equal(cmdline_parse("bench=triad,sparse", p, 1), 0);
	assert_int_equal(mask, BENCH_BIT(BENCH_TRIAD) | BENCH_BIT(BENCH_SPARSE));
	assert_true(p[0].given);
	assert_int_equal(cmdline_parse("bench=", p, 1), 1);
	assert_non_null(strstr(capture_text(), "keeping earlier value triad,sparse\n"));
	capture_stop();
}

static void test_bench_expand(void **state)
{
	(void)state;
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_ALL)), BENCH_BIT(BENCH_STRIDE) | BENCH_BIT(BENCH_FFT));
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_NONE)), 0);
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_ALL) | BENCH_BIT(BENCH_TRIAD)),
			 BENCH_BIT(BENCH_STRIDE) | BENCH_BIT(BENCH_FFT) | BENCH_BIT(BENCH_TRIAD));
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_NONE) | BENCH_BIT(BENCH_REUSE)), BENCH_BIT(BENCH_REUSE));
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_PROBE)), BENCH_BIT(BENCH_PROBE));
	/* bench=copy only by name: not in "all" */
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_COPY)), BENCH_BIT(BENCH_COPY));
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_ALL)) & BENCH_BIT(BENCH_COPY), 0);
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_INTERFERE)), BENCH_BIT(BENCH_INTERFERE)); /* only by name */
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_FRAG)), BENCH_BIT(BENCH_FRAG));		/* opt-in, not in all */
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_ALL)) & BENCH_BIT(BENCH_FRAG), 0);
	/* pcp and smpstress only by name: not in all */
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_ALL)) & (BENCH_BIT(BENCH_PCP) | BENCH_BIT(BENCH_SMPSTRESS)), 0);
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_ALL)) & BENCH_BIT(BENCH_READAHEAD), 0); /* opt-in too */
	assert_int_equal(bench_expand(BENCH_BIT(BENCH_PCP)), BENCH_BIT(BENCH_PCP));
	assert_int_equal(bench_expand(~0u << BENCH_NR), 0); /* unknown bits dropped */
}

/* a0 b0 c0 a1 b1 c1 ...: every page of every array exactly once. */
static void test_triad_order(void **state)
{
	u32 seen[3][7] = { { 0 } }, k, a, p;
	(void)state;
	for (k = 0; k < 21; k++) {
		triad_slot(k, &a, &p);
		assert_int_equal(a, k % 3);
		assert_true(p < 7);
		seen[a][p]++;
	}
	triad_slot(4, &a, &p);
	assert_int_equal(a, 1);
	assert_int_equal(p, 1);
	for (a = 0; a < 3; a++)
		for (p = 0; p < 7; p++)
			assert_int_equal(seen[a][p], 1);
}

static void test_triad_stride(void **state)
{
	(void)state;
	/* at least the color span: a[i], b[i], c[i] get one virtual color */
	assert_int_equal(triad_va_stride(4096, 256 * 1024), 256 * 1024);
	assert_int_equal(triad_va_stride(5 * 4096, 64 * 1024), 64 * 1024);
	/* larger arrays: the next power of two, still a multiple of the span */
	assert_int_equal(triad_va_stride(5 * 4096, 4096), 32768);
	assert_int_equal(triad_va_stride(1 << 20, 1 << 16), 1 << 20);
	assert_int_equal(triad_va_stride((1u << 20) + 1, 1 << 16), 1 << 21);
	assert_int_equal(triad_va_stride(0x80000001u, 4096), 0); /* does not fit */
}

static void test_sparse_span(void **state)
{
	(void)state;
	assert_int_equal(sparse_va_span(4, 16), 4 * 16 * PAGE_SIZE);
	assert_int_equal(sparse_va_span(1024, 16), (64u << 20) / 4096 * PAGE_SIZE);
	assert_int_equal(sparse_va_span(65536 * 4096 / PAGE_SIZE, 16), 0); /* 4 GiB: no */
}

static void test_color_max_load(void **state)
{
	u16 counts[8];
	u32 spread[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 }, same[] = { 3, 11, 19, 27, 4 };
	(void)state;
	assert_int_equal(color_max_load(spread, 8, 8, counts, 8), 1);
	assert_int_equal(color_max_load(spread, 9, 8, counts, 8), 2); /* 0 and 8 */
	assert_int_equal(color_max_load(same, 5, 8, counts, 8), 4);   /* color 3 */
	assert_int_equal(color_max_load(same, 5, 1, counts, 8), 5);
	assert_int_equal(color_max_load(same, 0, 8, counts, 8), 0);
}

/* Fewer counts than colors: window by window, the same answer as with one
 * count per color, wherever the fullest color lies (here in the last
 * window of 2 of 8 colors, then in the first); the counts beyond ncounts
 * never written. */
static void test_color_max_load_windows(void **state)
{
	u16 counts[3] = { 0, 0, 0xbeef };
	u32 late[] = { 6, 14, 22, 7, 1, 9, 3 }, early[] = { 0, 8, 16, 7, 6, 15 };
	(void)state;
	assert_int_equal(color_max_load(late, 7, 8, counts, 2), 3);  /* color 6 */
	assert_int_equal(color_max_load(early, 6, 8, counts, 2), 3); /* color 0 */
	assert_int_equal(color_max_load(late, 7, 8, counts, 1), 3);
	assert_int_equal(color_max_load(early, 6, 8, counts, 0), 0);
	assert_int_equal(counts[2], 0xbeef);
}

static void test_shuffle_is_permutation(void **state)
{
	u32 v[16], seen[16] = { 0 }, i, moved = 0;
	struct mwc g;
	(void)state;
	for (i = 0; i < 16; i++)
		v[i] = i;
	mwc_init(&g, 42, MWC_CARRY_DEFAULT);
	wl_shuffle(v, 16, &g);
	for (i = 0; i < 16; i++) {
		assert_true(v[i] < 16);
		seen[v[i]]++;
		moved += v[i] != i;
	}
	for (i = 0; i < 16; i++)
		assert_int_equal(seen[i], 1);
	assert_true(moved > 8); /* P(<= 8 moved) is below 1e-4 for a uniform shuffle */
	wl_shuffle(v, 1, &g);
	wl_shuffle(v, 0, &g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_list_accepts),
		cmocka_unit_test(test_parse_list_rejects),
		cmocka_unit_test(test_param_list_message),
		cmocka_unit_test(test_bench_expand),
		cmocka_unit_test(test_triad_order),
		cmocka_unit_test(test_triad_stride),
		cmocka_unit_test(test_sparse_span),
		cmocka_unit_test(test_color_max_load),
		cmocka_unit_test(test_color_max_load_windows),
		cmocka_unit_test(test_shuffle_is_permutation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
