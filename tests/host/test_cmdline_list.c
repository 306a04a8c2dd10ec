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

/* bench=all,none was accepted and "none" silently dropped: a list that
 * names "none" with other choices contradicts itself and is rejected. */
static void test_none_with_other_choices_is_rejected(void **state)
{
	static const char *const with_none[] = { "all", "fft", "stride", "none", NULL };
	u32 v = 1;
	struct kernel_param p = { .name = "bench", .type = PARAM_LIST, .value = &v, .choices = with_none };
	(void)state;

	for (unsigned i = 0; i < 3; i++) {
		static const char *const lines[] = { "bench=all,none", "bench=none,fft", "bench=stride,none,all" };

		capture_reset();
		cmdline_rejections_clear();
		p.given = false;
		assert_int_equal(cmdline_parse(lines[i], &p, 1), 1);
		assert_int_equal(v, 1); /* default kept */
		assert_false(p.given);
		assert_non_null(strstr(capture_text(), "rejected: 'none' cannot be combined with other choices"));
	}
	capture_reset();
	assert_int_equal(cmdline_parse("bench=none", &p, 1), 0);
	assert_int_equal(v, 1u << 3);
	assert_int_equal(cmdline_parse("bench=none,none", &p, 1), 0); /* said twice: still nothing */
}

/* cmdline_printable: control bytes become \xNN; the length is the whole
 * text's; a short buffer holds whole characters only. */
static void test_printable(void **state)
{
	char out[64];
	(void)state;

	assert_int_equal(cmdline_printable(out, sizeof(out), "a=\x1b[2J b\x07\x7f"), 19);
	assert_string_equal(out, "a=\\x1b[2J b\\x07\\x7f");
	assert_int_equal(cmdline_printable(out, 4,
					   "a\x1b"
					   "b"),
			 6);
	assert_string_equal(out, "a"); /* "\x1b" does not fit whole */
	assert_int_equal(cmdline_printable(out, sizeof(out), "plain \"q\" \\"), 11);
	assert_string_equal(out, "plain \"q\" \\");
}

/* cmdline_each_unknown: the names cmdline_parse would call unknown, and
 * nothing else (not the image path, not a known name with a bad value). */
static void seen(const char *key, void *arg)
{
	char *buf = arg;

	strcat(buf, key);
	strcat(buf, "|");
}

static void test_each_unknown(void **state)
{
	u32 v = 0;
	struct kernel_param p = { .name = "bench", .type = PARAM_LIST, .value = &v, .choices = names };
	char buf[256] = "";
	(void)state;

	capture_reset();
	assert_int_equal(
	    cmdline_each_unknown("/boot/k.elf bench=nonee colour=on \"x y\"=1 \"\" k\x1b=2", &p, 1, seen, buf), 3);
	assert_string_equal(buf, "colour|x y|k\\x1b|");
	assert_int_equal(v, 0); /* nothing applied */
	assert_string_equal(capture_text(), "");
	assert_int_equal(cmdline_each_unknown("colour.elf", &p, 1, NULL, NULL), 0); /* the image path */
	assert_int_equal(cmdline_each_unknown(NULL, &p, 1, NULL, NULL), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list_item_with_newline_is_escaped),
		cmocka_unit_test(test_good_list_sets_the_mask),
		cmocka_unit_test(test_none_with_other_choices_is_rejected),
		cmocka_unit_test(test_printable),
		cmocka_unit_test(test_each_unknown),
	};
	capture_start();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
