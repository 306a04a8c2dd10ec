/* SPDX-License-Identifier: MIT */
/* tests/host/test_printk.c - kvsnprintf/ksnprintf formatting and the printk
 * console fan-out, checked against exact expected strings. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "kernel/printk.h"
#include "tests/host/host_support.h"

/* Formats into a 128-byte buffer and compares with expect, including the
 * return value (the length of the full output). */
#define CHECK_FMT(expect, ...)                                                                                         \
	do {                                                                                                           \
		char b_[128];                                                                                          \
		memset(b_, 'Z', sizeof(b_));                                                                           \
		int n_ = ksnprintf(b_, sizeof(b_), __VA_ARGS__);                                                       \
		assert_string_equal(b_, expect);                                                                       \
		assert_int_equal(n_, (int)strlen(expect));                                                             \
	} while (0)

/* Suppress -Wformat for the deliberate "unknown conversion" cases. */
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
#pragma GCC diagnostic ignored "-Wformat-zero-length"
#pragma GCC diagnostic ignored "-Wformat-overflow"

static void test_plain_and_percent(void **state)
{
	(void)state;
	CHECK_FMT("", "");
	CHECK_FMT("hello", "hello");
	CHECK_FMT("100%", "100%%");
	CHECK_FMT("%%", "%%%%");
}

static void test_signed(void **state)
{
	(void)state;
	CHECK_FMT("0", "%d", 0);
	CHECK_FMT("42 -42", "%d %i", 42, -42);
	CHECK_FMT("-2147483648", "%d", INT_MIN);
	CHECK_FMT("2147483647", "%d", INT_MAX);
	CHECK_FMT("-9223372036854775808", "%lld", LLONG_MIN);
	CHECK_FMT("9223372036854775807", "%lld", LLONG_MAX);
	CHECK_FMT("-1", "%ld", -1L);
	CHECK_FMT("-123456789012", "%lli", -123456789012LL);
}

static void test_unsigned_bases(void **state)
{
	(void)state;
	CHECK_FMT("4294967295", "%u", UINT_MAX);
	CHECK_FMT("18446744073709551615", "%llu", ULLONG_MAX);
	CHECK_FMT("deadbeef DEADBEEF", "%x %X", 0xdeadbeefu, 0xdeadbeefu);
	CHECK_FMT("123456789abcdef0", "%llx", 0x123456789abcdef0ULL);
	CHECK_FMT("FFFFFFFFFFFFFFFF", "%llX", ULLONG_MAX);
	CHECK_FMT("1ffffffff", "%llx", 0x1ffffffffULL);
	CHECK_FMT("777 0", "%o %o", 0777u, 0u);
	CHECK_FMT("1777777777777777777777", "%llo", ULLONG_MAX);
	CHECK_FMT("4294967296", "%llu", 4294967296ULL);
	CHECK_FMT("12345", "%lu", 12345UL);
	CHECK_FMT("123", "%zu", (size_t)123);
}

static void test_width_and_flags(void **state)
{
	(void)state;
	CHECK_FMT("   42", "%5d", 42);
	CHECK_FMT("42   |", "%-5d|", 42);
	CHECK_FMT("00042", "%05d", 42);
	CHECK_FMT("-0042", "%05d", -42);
	CHECK_FMT("  -42", "%5d", -42);
	CHECK_FMT("-42  |", "%-5d|", -42);
	CHECK_FMT("42   |", "%-05d|", 42); /* '-' overrides '0' */
	CHECK_FMT("0000beef", "%08x", 0xbeefu);
	CHECK_FMT("12345", "%3d", 12345); /* width never truncates */
	CHECK_FMT("     7|7     |", "%*d|%-*d|", 6, 7, 6, 7);
	CHECK_FMT("7     |", "%*d|", -6, 7); /* negative '*' width: left */
	CHECK_FMT("00000000000000000001", "%020llu", 1ULL);
	CHECK_FMT("+5 -5  5", "%+d %+d % d", 5, -5, 5);
	CHECK_FMT("0xff 0XFF 0 010", "%#x %#X %#x %#o", 255u, 255u, 0u, 8u);
}

static void test_precision(void **state)
{
	(void)state;
	CHECK_FMT("00042", "%.5d", 42);
	CHECK_FMT("-00042", "%.5d", -42);
	CHECK_FMT("   007", "%06.3d", 7); /* '0' ignored with a precision */
	CHECK_FMT("abc", "%.3s", "abcdef");
	CHECK_FMT("xy", "%.*s", 2, "xyz");
}

static void test_char_and_string(void **state)
{
	(void)state;
	CHECK_FMT("a", "%c", 'a');
	CHECK_FMT("    b|c   |", "%5c|%-4c|", 'b', 'c');
	CHECK_FMT("abc", "%s", "abc");
	CHECK_FMT("       abc|abc       |", "%10s|%-10s|", "abc", "abc");
	CHECK_FMT("(null)", "%s", (char *)NULL);
	CHECK_FMT("  (null)", "%8s", (char *)NULL);
	CHECK_FMT("", "%s", "");
}

static void test_string_precision_reads_no_further(void **state)
{
	/* With a precision the argument need not be NUL-terminated. */
	char raw[3] = { 'a', 'b', 'c' };
	(void)state;
	CHECK_FMT("abc", "%.3s", raw);
}

static void test_pointer(void **state)
{
	(void)state;
	CHECK_FMT("0x00000000", "%p", (void *)0);
	CHECK_FMT("0x00001234", "%p", (void *)0x1234);
	CHECK_FMT("0xdeadbeef", "%p", (void *)(uintptr_t)0xdeadbeefu);
	CHECK_FMT("  0x00000010|", "%12p|", (void *)0x10);
	CHECK_FMT("0x00000010  |", "%-12p|", (void *)0x10);
#if UINTPTR_MAX > 0xffffffffu
	CHECK_FMT("0x123456789a", "%p", (void *)(uintptr_t)0x123456789aULL);
#endif
}

static void test_unknown_conversion_verbatim(void **state)
{
	(void)state;
	CHECK_FMT("%q", "%q");
	CHECK_FMT("a%5qb", "a%5qb");
	CHECK_FMT("x%", "x%");	       /* lone '%' at the end */
	CHECK_FMT("%y 7", "%y %d", 7); /* the argument is not consumed */
}

static void test_mixed_arguments(void **state)
{
	(void)state;
	CHECK_FMT("a=1 b=ffffffffff c=x d=str e=-3", "a=%d b=%llx c=%c d=%s e=%lld", 1, 0xffffffffffULL, 'x', "str",
		  -3LL);
}

static void test_truncation(void **state)
{
	char b[8];
	int n;
	(void)state;

	memset(b, 'Z', sizeof(b));
	n = ksnprintf(b, sizeof(b), "%s", "0123456789");
	assert_int_equal(n, 10);
	assert_string_equal(b, "0123456");

	memset(b, 'Z', sizeof(b));
	n = ksnprintf(b, sizeof(b), "%d", -1234567);
	assert_int_equal(n, 8);
	assert_string_equal(b, "-123456");

	memset(b, 'Z', sizeof(b));
	n = ksnprintf(b, sizeof(b), "%7s", "ab");
	assert_int_equal(n, 7); /* exactly fits */
	assert_string_equal(b, "     ab");
}

static void test_size_one_and_zero(void **state)
{
	char b[4] = { 'Z', 'Z', 'Z', 'Z' };
	int n;
	(void)state;

	n = ksnprintf(b, 1, "hello %d", 42);
	assert_int_equal(n, 8);
	assert_int_equal(b[0], '\0');
	assert_int_equal(b[1], 'Z');

	b[0] = 'Z';
	n = ksnprintf(b, 0, "hello %d", 42);
	assert_int_equal(n, 8);
	assert_int_equal(b[0], 'Z'); /* nothing written */

	n = ksnprintf(NULL, 0, "%llu", ULLONG_MAX);
	assert_int_equal(n, 20);
}

static int call_vsn(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = kvsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void test_kvsnprintf(void **state)
{
	char b[32];
	(void)state;
	assert_int_equal(call_vsn(b, sizeof(b), "%s-%u-%x", "v", 9u, 10u), 5);
	assert_string_equal(b, "v-9-a");
}

/* ---- consoles --------------------------------------------------------- */

static char second_buf[64];
static size_t second_len;
static void second_sink(const char *s, size_t n)
{
	memcpy(second_buf + second_len, s, n);
	second_len += n;
}

static int teardown_consoles(void **state)
{
	(void)state;
	capture_stop();
	return 0;
}

static void test_printk_reaches_every_sink(void **state)
{
	(void)state;
	assert_int_equal(capture_start(), 0);
	second_len = 0;
	assert_int_equal(console_register(second_sink), 0);

	assert_int_equal(printk("x=%d %s\n", 5, "ok"), 7);
	assert_string_equal(capture_text(), "x=5 ok\n");
	assert_int_equal(capture_count(), 1);
	assert_int_equal(second_len, 7);
	assert_memory_equal(second_buf, "x=5 ok\n", 7);
}

static void test_printk_no_sink(void **state)
{
	(void)state;
	console_unregister_all();
	assert_int_equal(printk("nobody listens %d", 1), 16);
}

static void test_console_table_full(void **state)
{
	(void)state;
	assert_int_equal(capture_start(), 0);
	for (int i = 1; i < PRINTK_MAX_CONSOLES; i++)
		assert_int_equal(console_register(second_sink), 0);
	assert_int_equal(console_register(second_sink), -1);
	assert_int_equal(console_register(NULL), -1);
	console_unregister_all();
	assert_int_equal(capture_start(), 0);
	printk("a");
	assert_string_equal(capture_text(), "a");
	assert_int_equal(capture_count(), 1);
}

/* issue 8, item 15: a long line used to be cut at 1023 bytes without a
 * newline, and the next record was glued to it. Now a line up to
 * PRINTK_MAX_OUTPUT bytes is printed whole (in several sink writes). */
static void test_printk_long_line_printed_whole(void **state)
{
	static char big[3001];
	size_t i;
	(void)state;
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(capture_start(), 0);
	assert_int_equal(printk("@cmdline %s\n", big), 9 + 3000 + 1);
	printk("memory: 65023 KiB usable\n");
	assert_int_equal(capture_length(), 9 + 3000 + 1 + 25);
	assert_true(capture_count() > 2); /* chunks of 256 bytes, then the next line */
	assert_memory_equal(capture_text(), "@cmdline qqq", 12);
	for (i = 9; i < 9 + 3000; i++)
		assert_int_equal(capture_text()[i], 'q');
	assert_string_equal(capture_text() + 9 + 3000, "\nmemory: 65023 KiB usable\n");
}

/* Output past PRINTK_MAX_OUTPUT bytes: cut, marked, newline-terminated. */
static void test_printk_cut_line_is_marked_and_ends_the_line(void **state)
{
	static char big[6001];
	const char *want = " [truncated, 6022 bytes]\n@header version=x\n";
	int n;
	(void)state;
	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(capture_start(), 0);
	n = printk("boot: command line \"%s\"\n", big);
	printk("@header version=x\n");
	/* 20 + 6000 + 2 = 6022 bytes in full */
	assert_int_equal(n, PRINTK_MAX_OUTPUT + (int)strlen(" [truncated, 6022 bytes]\n"));
	assert_int_equal(capture_length(), PRINTK_MAX_OUTPUT + strlen(want));
	assert_memory_equal(capture_text(), "boot: command line \"zzz", 23);
	assert_int_equal(capture_text()[PRINTK_MAX_OUTPUT - 1], 'z');
	assert_string_equal(capture_text() + PRINTK_MAX_OUTPUT, want);

	/* A cut piece without a newline of its own still ends the line. */
	capture_reset();
	printk("%s", big);
	printk("@final status=ok\n");
	assert_string_equal(capture_text() + PRINTK_MAX_OUTPUT, " [truncated, 6000 bytes]\n@final status=ok\n");
}

/* The edges: exactly PRINTK_MAX_OUTPUT bytes is not cut, one more is; chunk
 * boundaries (256, 257, 512 bytes) lose and repeat nothing. */
static void test_printk_length_edges(void **state)
{
	static char big[PRINTK_MAX_OUTPUT + 2];
	static const size_t lens[] = { 1, 255, 256, 257, 511, 512, 513, PRINTK_MAX_OUTPUT - 1, PRINTK_MAX_OUTPUT };
	(void)state;
	assert_int_equal(capture_start(), 0);
	for (size_t k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
		for (size_t i = 0; i < lens[k]; i++)
			big[i] = (char)('a' + i % 26);
		big[lens[k]] = '\0';
		capture_reset();
		assert_int_equal(printk("%s", big), (int)lens[k]);
		assert_string_equal(capture_text(), big);
	}
	memset(big, 'y', PRINTK_MAX_OUTPUT + 1);
	big[PRINTK_MAX_OUTPUT + 1] = '\0';
	capture_reset();
	printk("%s", big);
	assert_int_equal(capture_length(), PRINTK_MAX_OUTPUT + strlen(" [truncated, 4097 bytes]\n"));
	assert_string_equal(capture_text() + PRINTK_MAX_OUTPUT, " [truncated, 4097 bytes]\n");

	/* Width padding counts like text: "%5000d" is cut too. */
	capture_reset();
	printk("%5000d\n", 7);
	assert_string_equal(capture_text() + PRINTK_MAX_OUTPUT, " [truncated, 5001 bytes]\n");
	assert_int_equal(capture_text()[PRINTK_MAX_OUTPUT - 1], ' ');
}

/* Several sinks get the same bytes, in the same order, for long lines too. */
static char long_sink_buf[8192];
static size_t long_sink_len;
static void long_sink(const char *s, size_t n)
{
	if (long_sink_len + n < sizeof(long_sink_buf)) {
		memcpy(long_sink_buf + long_sink_len, s, n);
		long_sink_len += n;
	}
}

static void test_printk_long_line_to_every_sink(void **state)
{
	static char big[1501];
	(void)state;
	memset(big, 'w', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(capture_start(), 0);
	long_sink_len = 0;
	assert_int_equal(console_register(long_sink), 0);
	printk("a %s b\n", big);
	assert_int_equal(long_sink_len, capture_length());
	assert_memory_equal(long_sink_buf, capture_text(), long_sink_len);
	assert_int_equal(long_sink_len, 1505);
}

static int vprintk_wrap(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

static void test_vprintk(void **state)
{
	(void)state;
	assert_int_equal(capture_start(), 0);
	assert_int_equal(vprintk_wrap("[%05u]", 42u), 7);
	assert_string_equal(capture_text(), "[00042]");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_and_percent),
		cmocka_unit_test(test_signed),
		cmocka_unit_test(test_unsigned_bases),
		cmocka_unit_test(test_width_and_flags),
		cmocka_unit_test(test_precision),
		cmocka_unit_test(test_char_and_string),
		cmocka_unit_test(test_string_precision_reads_no_further),
		cmocka_unit_test(test_pointer),
		cmocka_unit_test(test_unknown_conversion_verbatim),
		cmocka_unit_test(test_mixed_arguments),
		cmocka_unit_test(test_truncation),
		cmocka_unit_test(test_size_one_and_zero),
		cmocka_unit_test(test_kvsnprintf),
		cmocka_unit_test_teardown(test_printk_reaches_every_sink, teardown_consoles),
		cmocka_unit_test_teardown(test_printk_no_sink, teardown_consoles),
		cmocka_unit_test_teardown(test_console_table_full, teardown_consoles),
		cmocka_unit_test_teardown(test_printk_long_line_printed_whole, teardown_consoles),
		cmocka_unit_test_teardown(test_printk_cut_line_is_marked_and_ends_the_line, teardown_consoles),
		cmocka_unit_test_teardown(test_printk_length_edges, teardown_consoles),
		cmocka_unit_test_teardown(test_printk_long_line_to_every_sink, teardown_consoles),
		cmocka_unit_test_teardown(test_vprintk, teardown_consoles),
	};
	return cmocka_run_group_tests_name("printk", tests, NULL, NULL);
}
