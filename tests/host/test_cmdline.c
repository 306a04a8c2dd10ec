/* SPDX-License-Identifier: MIT */
/* tests/host/test_cmdline.c - the command-line parser: accepted values, every
 * kind of rejection with its exact message, defaults kept, robustness. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "kernel/cmdline.h"
#include "tests/host/host_support.h"

static const char *const colors_choices[] = { "off", "on", "auto", NULL };

static bool page_color;
static u32 cache_size;
static u32 colors;
static u32 mode;
static bool help;
static u32 bench_size;

static struct kernel_param params[6];

static void reset_params(void)
{
	page_color = true;
	cache_size = 256 * KiB;
	colors = 64;
	mode = 2;
	help = false;
	bench_size = 100000;
	struct kernel_param p[] = {
		{ .name = "page_color",
		  .type = PARAM_BOOL,
		  .value = &page_color,
		  .help = "allocate pages by cache color" },
		{ .name = "cache_size",
		  .type = PARAM_SIZE,
		  .value = &cache_size,
		  .min = 4 * KiB,
		  .max = 1024 * MiB,
		  .pow2 = true,
		  .help = "L2 size" },
		{ .name = "colors",
		  .type = PARAM_UINT,
		  .value = &colors,
		  .min = 1,
		  .max = 1024,
		  .help = "number of colors" },
		{ .name = "mode",
		  .type = PARAM_ENUM,
		  .value = &mode,
		  .choices = colors_choices,
		  .help = "coloring mode" },
		{ .name = "help", .type = PARAM_FLAG, .value = &help, .help = "print this table" },
		{ .name = "bench_size",
		  .type = PARAM_SIZE,
		  .value = &bench_size,
		  .min = 1000,
		  .max = 10 * MiB,
		  .pow2 = false,
		  .help = "working set" },
	};
	memcpy(params, p, sizeof(p));
}

static int setup(void **state)
{
	(void)state;
	reset_params();
	capture_start();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	capture_stop();
	return 0;
}

static int parse(const char *line)
{
	return cmdline_parse(line, params, ARRAY_SIZE(params));
}

static bool defaults_kept(void)
{
	return page_color == true && cache_size == 256 * KiB && colors == 64 && mode == 2 && help == false &&
	       bench_size == 100000;
}

static bool none_given(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(params); i++)
		if (params[i].given)
			return false;
	return true;
}

/* ---- helpers: parse_size, parse_u32, format_size ----------------------- */

static void test_parse_size(void **state)
{
	static const struct {
		const char *s;
		u32 v;
	} ok[] = {
		{ "0", 0 },
		{ "1", 1 },
		{ "4096", 4096 },
		{ "4K", 4096 },
		{ "4k", 4096 },
		{ "256K", 262144 },
		{ "256KiB", 262144 },
		{ "256KB", 262144 },
		{ "2M", 2097152 },
		{ "2m", 2097152 },
		{ "2MB", 2097152 },
		{ "2MiB", 2097152 },
		{ "1G", 1073741824u },
		{ "3g", 3221225472u },
		{ "3GiB", 3221225472u },
		{ "4095M", 4293918720u },
		{ "4194303K", 4294966272u },
		{ "4294967295", 4294967295u },
		{ "4096B", 4096 },
		{ "007K", 7168 },
	};
	static const char *const bad[] = {
		"",	"K",   "-1",   "+1",   " 1",  "1 ",    "1KK", "1T",   "1Kb",
		"1kib", "1iB", "1.5M", "0x10", "1e3", "12abc", "1B2", "1KBB",
	};
	static const char *const too_big[] = {
		"4294967296", "4G", "4096M", "4194304K", "99999999999999999999999", "5G", "4294967296B",
	};
	u32 v;
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(ok); i++) {
		v = 12345;
		if (parse_size(ok[i].s, &v) != 0 || v != ok[i].v)
			fail_msg("parse_size(\"%s\") = %u, want %u", ok[i].s, v, ok[i].v);
	}
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		v = 12345;
		if (parse_size(bad[i], &v) != -1 || v != 12345)
			fail_msg("parse_size(\"%s\") accepted", bad[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(too_big); i++) {
		v = 12345;
		if (parse_size(too_big[i], &v) != -1 || v != 12345)
			fail_msg("parse_size(\"%s\") accepted", too_big[i]);
	}
	assert_int_equal(parse_size(NULL, &v), -1);
}

static void test_parse_u32(void **state)
{
	u32 v = 0;
	(void)state;

	assert_int_equal(parse_u32("0", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_u32("42", &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(parse_u32("010", &v), 0); /* decimal, not octal */
	assert_int_equal(v, 10);
	assert_int_equal(parse_u32("4294967295", &v), 0);
	assert_int_equal(v, 4294967295u);
	assert_int_equal(parse_u32("0x10", &v), 0);
	assert_int_equal(v, 16);
	assert_int_equal(parse_u32("0XfFfFfFfF", &v), 0);
	assert_int_equal(v, 0xffffffffu);
	assert_int_equal(parse_u32("0x00000000000000001", &v), 0);
	assert_int_equal(v, 1);

	v = 7;
	assert_int_equal(parse_u32("4294967296", &v), -1);
	assert_int_equal(parse_u32("0x100000000", &v), -1);
	assert_int_equal(parse_u32("18446744073709551616", &v), -1);
	assert_int_equal(parse_u32("", &v), -1);
	assert_int_equal(parse_u32("0x", &v), -1);
	assert_int_equal(parse_u32("x1", &v), -1);
	assert_int_equal(parse_u32("-1", &v), -1);
	assert_int_equal(parse_u32("12 ", &v), -1);
	assert_int_equal(parse_u32("12K", &v), -1);
	assert_int_equal(parse_u32("0x1g", &v), -1);
	assert_int_equal(parse_u32(NULL, &v), -1);
	assert_int_equal(v, 7);
}

static void test_format_size(void **state)
{
	static const struct {
		u32 v;
		const char *s;
	} cases[] = {
		{ 0, "0" },
		{ 1, "1" },
		{ 1000, "1000" },
		{ 1024, "1K" },
		{ 262144, "256K" },
		{ 2097152, "2M" },
		{ 3u << 30, "3G" },
		{ 1536 * 1024, "1536K" },
		{ 1073741824u, "1G" },
		{ 4294967295u, "4294967295" },
		{ 4294966272u, "4194303K" },
		{ 1025, "1025" },
	};
	char buf[32];
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		format_size(buf, sizeof(buf), cases[i].v);
		assert_string_equal(buf, cases[i].s);
	}
	format_size(buf, 3, 262144); /* truncated, still terminated */
	assert_string_equal(buf, "25");
}

/* ---- accepted values --------------------------------------------------- */

static void test_empty_and_null(void **state)
{
	(void)state;
	assert_int_equal(cmdline_parse(NULL, params, ARRAY_SIZE(params)), 0);
	assert_int_equal(parse(""), 0);
	assert_int_equal(parse("   \t  "), 0);
	assert_int_equal(cmdline_parse("colors=5", NULL, 0), 1); /* unknown */
	assert_true(defaults_kept());
	assert_true(none_given());
}

static void test_accepts_every_type(void **state)
{
	(void)state;
	assert_int_equal(parse("page_color=off cache_size=2M colors=0x20 mode=on help "
			       "bench_size=1500K"),
			 0);
	assert_string_equal(capture_text(), "");
	assert_false(page_color);
	assert_int_equal(cache_size, 2 * MiB);
	assert_int_equal(colors, 32);
	assert_int_equal(mode, 1);
	assert_true(help);
	assert_int_equal(bench_size, 1500 * KiB);
	for (size_t i = 0; i < ARRAY_SIZE(params); i++)
		assert_true(params[i].given);
}

static void test_bool_words(void **state)
{
	static const struct {
		const char *w;
		bool v;
	} words[] = {
		{ "on", true },	 { "off", false }, { "1", true },      { "0", false }, { "yes", true },
		{ "no", false }, { "true", true }, { "false", false }, { "ON", true }, { "Off", false },
	};
	char line[64];
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(words); i++) {
		page_color = !words[i].v;
		snprintf(line, sizeof(line), "page_color=%s", words[i].w);
		assert_int_equal(parse(line), 0);
		assert_int_equal(page_color, words[i].v);
	}
	assert_string_equal(capture_text(), "");
}

static void test_separators_tabs_and_bounds(void **state)
{
	(void)state;
	assert_int_equal(parse("\t colors=1\t\tcache_size=4K  mode=off \t"), 0);
	assert_int_equal(colors, 1);
	assert_int_equal(cache_size, 4096);
	assert_int_equal(mode, 0);
	assert_int_equal(parse("colors=1024 cache_size=1G bench_size=1000"), 0);
	assert_int_equal(colors, 1024);
	assert_int_equal(cache_size, 1u << 30);
	assert_int_equal(bench_size, 1000);
}

static void test_duplicate_later_wins(void **state)
{
	(void)state;
	assert_int_equal(parse("colors=3 colors=9 mode=off mode=auto"), 0);
	assert_int_equal(colors, 9);
	assert_int_equal(mode, 2);
	assert_string_equal(capture_text(), "");
}

static void test_image_path_skipped(void **state)
{
	(void)state;
	assert_int_equal(parse("/boot/kernel.elf colors=7"), 0);
	assert_int_equal(colors, 7);
	assert_string_equal(capture_text(), "");

	assert_int_equal(parse("  boot/kernel.elf colors=8"), 0); /* relative path */
	assert_int_equal(colors, 8);
	assert_string_equal(capture_text(), "");

	assert_int_equal(parse("(hd0,1)/kernel"), 0);
	assert_string_equal(capture_text(), "");

	/* Only the first token is the image; later paths are unknown keys. */
	assert_int_equal(parse("colors=3 /boot/kernel.elf"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: unknown parameter '/boot/kernel.elf' ignored; 'help' lists the parameters\n");
}

/* ---- rejections and their messages ------------------------------------ */

static void test_size_not_pow2(void **state)
{
	(void)state;
	assert_int_equal(parse("cache_size=3M"), 1);
	assert_string_equal(capture_text(), "cmdline: cache_size=3M rejected: not a power of two; accepted: N[K|M|G], "
					    "a power of two between 4K and 1G; keeping default 256K\n");
	assert_true(defaults_kept());
	assert_false(params[1].given);
}

static void test_size_out_of_range_and_malformed(void **state)
{
	(void)state;
	assert_int_equal(parse("cache_size=2K"), 1);
	assert_string_equal(capture_text(), "cmdline: cache_size=2K rejected: out of range; accepted: N[K|M|G], "
					    "a power of two between 4K and 1G; keeping default 256K\n");
	capture_reset();
	assert_int_equal(parse("cache_size=2G"), 1);
	assert_true(capture_contains("cache_size=2G rejected: out of range;"));
	capture_reset();
	assert_int_equal(parse("cache_size=lots"), 1);
	assert_true(capture_contains("cmdline: cache_size=lots rejected: not a size; accepted:"));
	capture_reset();
	assert_int_equal(parse("bench_size=20M"), 1);
	assert_string_equal(capture_text(), "cmdline: bench_size=20M rejected: out of range; accepted: N[K|M|G] "
					    "between 1000 and 10M; keeping default 100000\n");
	assert_true(defaults_kept());
	assert_true(none_given());
}

static void test_size_overflow(void **state)
{
	(void)state;
	assert_int_equal(parse("cache_size=4G cache_size=99999999999999999999K"), 2);
	assert_string_equal(capture_text(),
			    "cmdline: cache_size=4G rejected: value too large; accepted: N[K|M|G], "
			    "a power of two between 4K and 1G; keeping default 256K\n"
			    "cmdline: cache_size=99999999999999999999K rejected: value too large; "
			    "accepted: N[K|M|G], a power of two between 4K and 1G; keeping default 256K\n");
	assert_true(defaults_kept());
}

static void test_uint_rejections(void **state)
{
	(void)state;
	assert_int_equal(parse("colors=0"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: colors=0 rejected: out of range; accepted: a number from 1 to 1024; "
			    "keeping default 64\n");
	capture_reset();
	assert_int_equal(parse("colors=many"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: colors=many rejected: not a number; accepted: a number from 1 to 1024; "
			    "keeping default 64\n");
	capture_reset();
	assert_int_equal(parse("colors=4294967296"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: colors=4294967296 rejected: value too large; accepted: a number from 1 "
			    "to 1024; keeping default 64\n");
	capture_reset();
	assert_int_equal(parse("colors=0x1ffffffff colors=-1 colors=1025"), 3);
	assert_true(defaults_kept());
	assert_true(none_given());
}

/* A default outside the accepted range (color_level's 0, "the largest") is
 * said as what it means, not as a number the form excludes ("accepted: a
 * number from 1 to 6; keeping default 0" was printed); an earlier value
 * given on the line is still said as it is. */
static void test_default_outside_range_said_in_words(void **state)
{
	(void)state;
	colors = 0;
	params[2].default_text = "the largest level";
	assert_int_equal(parse("colors=9999"), 1);
	assert_string_equal(capture_text(), "cmdline: colors=9999 rejected: out of range; accepted: a number from 1 "
					    "to 1024; keeping the default (the largest level)\n");
	assert_int_equal(colors, 0);
	capture_reset();
	assert_int_equal(parse("colors=5 colors=9999"), 1);
	assert_string_equal(capture_text(), "cmdline: colors=9999 rejected: out of range; accepted: a number from 1 "
					    "to 1024; keeping earlier value 5\n");
	assert_int_equal(colors, 5);
}

static void test_bool_rejection(void **state)
{
	(void)state;
	assert_int_equal(parse("page_color=maybe"), 1);
	assert_string_equal(capture_text(), "cmdline: page_color=maybe rejected: not on or off; accepted: on|off; "
					    "keeping default on\n");
	assert_true(defaults_kept());
}

static void test_enum_rejection(void **state)
{
	(void)state;
	assert_int_equal(parse("mode=sometimes"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: mode=sometimes rejected: not one of the choices; accepted: off|on|auto; "
			    "keeping default auto\n");
	capture_reset();
	assert_int_equal(parse("mode=AUTO"), 1); /* choices are case-sensitive */
	assert_true(defaults_kept());
}

static void test_missing_value(void **state)
{
	(void)state;
	assert_int_equal(parse("colors"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: colors rejected: missing value; accepted: a number from 1 to 1024; "
			    "keeping default 64\n");
	capture_reset();
	assert_int_equal(parse("page_color="), 1);
	assert_string_equal(capture_text(),
			    "cmdline: page_color= rejected: missing value; accepted: on|off; keeping default on\n");
	capture_reset();
	assert_int_equal(parse("mode cache_size"), 2);
	assert_true(defaults_kept());
	assert_true(none_given());
}

static void test_flag_with_value(void **state)
{
	(void)state;
	assert_int_equal(parse("help=yes"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: help=yes rejected: unexpected value; accepted: no value (bare 'help'); "
			    "keeping default off\n");
	assert_false(help);
	assert_false(params[4].given);
}

static void test_unknown_keys(void **state)
{
	(void)state;
	assert_int_equal(parse("foo colors=5 bar=1 =x"), 3);
	assert_string_equal(capture_text(), "cmdline: unknown parameter 'foo' ignored; 'help' lists the parameters\n"
					    "cmdline: unknown parameter 'bar' ignored; 'help' lists the parameters\n"
					    "cmdline: unknown parameter '' ignored; 'help' lists the parameters\n");
	assert_int_equal(colors, 5);
}

static void test_help_unknown_without_param(void **state)
{
	(void)state;
	/* Without the 'help' flag in the table, 'help' is just an unknown key. */
	assert_int_equal(cmdline_parse("help", params, 4), 1);
	assert_string_equal(capture_text(), "cmdline: unknown parameter 'help' ignored; 'help' lists the parameters\n");
	capture_reset();
	assert_int_equal(parse("help"), 0);
	assert_true(help);
	assert_string_equal(capture_text(), "");
}

static void test_rejected_after_accepted_keeps_earlier(void **state)
{
	(void)state;
	assert_int_equal(parse("colors=5 colors=5000"), 1);
	assert_int_equal(colors, 5);
	assert_true(params[2].given);
	assert_string_equal(capture_text(),
			    "cmdline: colors=5000 rejected: out of range; accepted: a number from 1 to 1024; "
			    "keeping earlier value 5\n");
}

static void test_long_tokens(void **state)
{
	char line[1200];
	(void)state;

	/* Exactly 256 bytes is still a token (here an unknown one). */
	memset(line, 'a', 256);
	line[256] = '\0';
	assert_int_equal(parse(line), 1);
	assert_true(capture_contains("unknown parameter 'aaaa"));
	capture_reset();

	/* 257 bytes: rejected whole, the rest of the line still parsed. */
	strcpy(line, "colors=");
	memset(line + 7, '9', 250);
	strcpy(line + 257, " mode=off");
	assert_int_equal(parse(line), 1);
	assert_string_equal(capture_text(),
			    "cmdline: token 'colors=9999999999999999999999999...' (257 bytes) rejected: "
			    "longer than 256 bytes; ignored\n");
	assert_int_equal(colors, 64);
	assert_int_equal(mode, 0);
	capture_reset();

	/* A long value that fits in the token limit but overflows. */
	strcpy(line, "colors=");
	memset(line + 7, '9', 249);
	line[256] = '\0';
	assert_int_equal(parse(line), 1);
	assert_true(capture_contains("rejected: value too large;"));
	assert_int_equal(colors, 64);
	capture_reset();

	/* A huge line of a single token. */
	memset(line, 'x', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	assert_int_equal(parse(line), 1);
	assert_true(capture_contains("(1199 bytes) rejected: longer than 256 bytes"));
}

static void test_odd_bytes(void **state)
{
	static const char line[] = "colors=\xff\x80 \x01\x02=\x7f mode==on ===";
	(void)state;
	assert_int_equal(parse(line), 4);
	assert_true(defaults_kept());
	assert_true(capture_contains("cmdline: mode==on rejected: not one of the choices;"));
}

static void test_print_help(void **state)
{
	(void)state;
	cmdline_print_help(params, ARRAY_SIZE(params));
	const char *t = capture_text();
	assert_string_equal(t, "cmdline: parameters, name=value separated by spaces; each with its accepted\n"
			       "cmdline: values, [its current value] and what it sets:\n"
			       "  page_color: on|off [on]\n"
			       "      allocate pages by cache color\n"
			       "  cache_size: N[K|M|G], a power of two between 4K and 1G [256K]\n"
			       "      L2 size\n"
			       "  colors: a number from 1 to 1024 [64]\n"
			       "      number of colors\n"
			       "  mode: off|on|auto [auto]\n"
			       "      coloring mode\n"
			       "  help: no value (bare 'help') [off]\n"
			       "      print this table\n"
			       "  bench_size: N[K|M|G] between 1000 and 10M [100000]\n"
			       "      working set\n");

	/* Current values, not defaults, are shown. */
	capture_reset();
	parse("cache_size=1M");
	capture_reset();
	cmdline_print_help(params, ARRAY_SIZE(params));
	assert_non_null(strstr(capture_text(), "between 4K and 1G [1M]\n      L2 size\n"));
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_parse_size),
		T(test_parse_u32),
		T(test_format_size),
		T(test_empty_and_null),
		T(test_accepts_every_type),
		T(test_bool_words),
		T(test_separators_tabs_and_bounds),
		T(test_duplicate_later_wins),
		T(test_image_path_skipped),
		T(test_size_not_pow2),
		T(test_size_out_of_range_and_malformed),
		T(test_size_overflow),
		T(test_uint_rejections),
		T(test_default_outside_range_said_in_words),
		T(test_bool_rejection),
		T(test_enum_rejection),
		T(test_missing_value),
		T(test_flag_with_value),
		T(test_unknown_keys),
		T(test_help_unknown_without_param),
		T(test_rejected_after_accepted_keeps_earlier),
		T(test_long_tokens),
		T(test_odd_bytes),
		T(test_print_help),
	};
	return cmocka_run_group_tests_name("cmdline", tests, NULL, NULL);
}
