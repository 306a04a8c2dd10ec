/* SPDX-License-Identifier: MIT */
/* tests/host/test_copy.c - every copy strategy of arch/x86/copy_strategies.c
 * at every source and destination offset 0..33 and length 0..300, plus long
 * copies, against the C library's memcpy, with guard bytes (the check is
 * tests/host/copy_check.h, shared with the 32-bit build `make test-copy32`);
 * and the alignment classes of the kernel's memcpy choice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "bench/copy.h"
#include "tests/host/copy_check.h"

static void check_strategy(enum copy_strategy_id id)
{
	char why[256];
	unsigned long cases;
	long bad;

	if (!copy_check_supported(id)) {
		print_message("copy: %s not supported by this CPU, not checked\n", copy_strategy_table[id].name);
		skip();
	}
	bad = copy_check_strategy(copy_strategy_table[id].fn, why, sizeof(why), &cases);
	if (bad)
		print_message("copy_%s: %ld of %lu cases wrong; first: %s\n", copy_strategy_table[id].name, bad, cases,
			      why);
	assert_int_equal(bad, 0);
	/* 34 x 34 offsets x 301 lengths + 5 x 8 x 8 long copies */
	assert_int_equal(cases, 34ul * 34 * 301 + 5 * 8 * 8);
}

static void test_movsl(void **state)
{
	(void)state;
	check_strategy(COPY_MOVSL);
}
static void test_int64(void **state)
{
	(void)state;
	check_strategy(COPY_INT64);
}
static void test_movsb(void **state)
{
	(void)state;
	check_strategy(COPY_MOVSB);
}
static void test_align(void **state)
{
	(void)state;
	check_strategy(COPY_ALIGN);
}
static void test_mmx(void **state)
{
	(void)state;
	check_strategy(COPY_MMX);
}
static void test_sse2(void **state)
{
	(void)state;
	check_strategy(COPY_SSE2);
}
static void test_nt(void **state)
{
	(void)state;
	check_strategy(COPY_NT);
}

/* The check itself must catch a wrong copy: a strategy that writes one byte
 * past the end, one that drops the last byte and one that copies right but
 * returns the wrong pointer all fail. */
static void *copy_overrun(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	((unsigned char *)dst)[n] = 0x5A;
	return dst;
}
static void *copy_short(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n ? n - 1 : 0);
	return dst;
}
static void *copy_badret(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	return (unsigned char *)dst + 1;
}

static void test_check_catches_faults(void **state)
{
	char why[256];
	unsigned long cases;
	(void)state;

	assert_true(copy_check_strategy(copy_overrun, why, sizeof(why), &cases) > 0);
	assert_non_null(strstr(why, "outside the copy"));
	assert_true(copy_check_strategy(copy_short, why, sizeof(why), &cases) > 0);
	assert_non_null(strstr(why, "len 1:"));
	assert_int_equal(copy_check_strategy(copy_badret, why, sizeof(why), &cases), (long)cases);
	assert_non_null(strstr(why, "not dst"));
}

static void test_classes(void **state)
{
	static unsigned char buf[64] __attribute__((aligned(64)));
	(void)state;

	assert_int_equal(copy_class_of(buf, buf + 8), COPY_CLASS_ALIGNED);
	assert_int_equal(copy_class_of(buf + 32, buf), COPY_CLASS_ALIGNED);
	assert_int_equal(copy_class_of(buf + 3, buf + 11), COPY_CLASS_SAME);
	assert_int_equal(copy_class_of(buf + 1, buf), COPY_CLASS_SKEWED);
	assert_int_equal(copy_class_of(buf, buf + 4), COPY_CLASS_SKEWED);
	assert_string_equal(copy_class_names[COPY_CLASS_SKEWED], "skewed");
	assert_string_equal(copy_strategy_names[COPY_INT64], "int64");
	assert_null(copy_strategy_names[COPY_NR]);
}

/* bench=copy's block tests: consecutive copies start at different
 * page-aligned places and stay inside the file with a 32-byte offset. The
 * failing input of the bug this fixed: a 512K file had one block, so every
 * copy read the same bytes and a copy that left bytes out passed. */
static void test_block_positions(void **state)
{
	static const uint32_t files[] = { 512 * 1024, 512 * 1024 + 4096, 1024 * 1024,
					  4u << 20,   32u << 20,	 (256u << 20) - 1 };
	size_t f;
	uint32_t k;
	(void)state;

	for (f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
		for (k = 0; k < 1000; k++) {
			uint32_t p = copy_block_pos(files[f], k), q = copy_block_pos(files[f], k + 1);

			assert_int_equal(p % PAGE_SIZE, 0);
			assert_true(p + 32 + COPY_BLOCK <= files[f]);
			assert_int_not_equal(p, q);
		}
	}
	assert_int_equal(copy_block_pos(512 * 1024, 0), 0);
	/* (512K - 64 - 256K) down to a page: 258048 with 4 KiB pages */
	assert_int_equal(copy_block_pos(512 * 1024, 1), (512 * 1024 - 64 - 256 * 1024) / PAGE_SIZE * PAGE_SIZE);
	assert_int_equal(copy_block_pos(512 * 1024, 2), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_movsl),	cmocka_unit_test(test_int64),
		cmocka_unit_test(test_movsb),	cmocka_unit_test(test_align),
		cmocka_unit_test(test_mmx),	cmocka_unit_test(test_sse2),
		cmocka_unit_test(test_nt),	cmocka_unit_test(test_check_catches_faults),
		cmocka_unit_test(test_classes), cmocka_unit_test(test_block_positions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
