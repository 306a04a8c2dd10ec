/* SPDX-License-Identifier: MIT */
/* tests/host/test_cmdline_list.c - PARAM_LIST rejections stay one printable
 * line. Found by fuzz_cmdline (corpus file list_item_newline): a list item
 * holding a newline (possible inside a quoted token) was printed raw in the
 * rejection's problem text, splitting it into two lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "kernel/cmdline.h"
#include "tests/host/host_support.h"

static const char *const names[] = { "stride", "fft", NULL };

static unsigned lines_in(const char *s)
{
	unsigned n = 0;

	for (; *s; s++)
		n += *s == '\n';
	return n;
}

static void test_list_item_with_newline_is_escaped(void **state)
{
	u32 v = 1;
	struct kernel_param p = { .name = "bench", .type = PARAM_LIST, .value = &v, .choices = names };
	(void)state;

	capture_reset();
	cmdline_rejections_clear();
	assert_int_equal(cmdline_parse("bench=\"fft,st\nride\"", &p, 1), 1);
	assert_int_equal(v, 1); /* default kept */
	assert_false(p.given);
	assert_int_equal(lines_in(capture_text()), 1);
	assert_non_null(strstr(capture_text(), "'st\\x0aride' is not one of the choices"));
	assert_non_null(strstr(capture_text(), "cmdline: bench=fft,st\\x0aride rejected: "));
}

static void test_good_list_sets_the_mask(void **state)
{
	u32 v = 0;
	struct kernel_param p = { .name = "bench", .type = PARAM_LIST, .value = &v, .choices = names };
	(void)state;

	capture_reset();
	assert_int_equal(cmdline_parse("bench=fft,stride", &p, 1), 0);
	assert_int_equal(v, 3u);
	assert_true(p.given);
	assert_int_equal(lines_in(capture_text()), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list_item_with_newline_is_escaped),
		cmocka_unit_test(test_good_list_sets_the_mask),
	};
	capture_start();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
