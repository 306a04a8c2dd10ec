/* SPDX-License-Identifier: MIT */
/* tests/host/test_cmdline_grub.c - the command line as boot loaders pass it
 * (issue 8): the loader's path token (item 7), GRUB 2's quoting undone by
 * the tokenizer (item 16), and the list of rejections repeated at the end of
 * the log (item 8). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "kernel/cmdline.h"
#include "tests/host/host_support.h"

/* Choices holding the characters GRUB escapes or that its script language
 * treats specially; a token reaches the value only when decoded exactly. */
static const char *const odd_choices[] = {
	"plain", "a b", "x\\y", "p  q", "it's", "say \"hi\"", "#", "x;reboot", "$x", "\\", "\"", "'", "a\\\\b", NULL,
};

static u32 colors;
static u32 odd;
static bool help;
static struct kernel_param params[3];

static int setup(void **state)
{
	(void)state;
	colors = 64;
	odd = 0;
	help = false;
	struct kernel_param p[] = {
		{ .name = "colors", .type = PARAM_UINT, .value = &colors, .min = 1, .max = 1024, .help = "colors" },
		{ .name = "odd", .type = PARAM_ENUM, .value = &odd, .choices = odd_choices, .help = "odd values" },
		{ .name = "help", .type = PARAM_FLAG, .value = &help, .help = "help" },
	};
	memcpy(params, p, sizeof(p));
	cmdline_rejections_clear();
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

/* What GRUB 2's `multiboot FILE ARGS...` hands the kernel: each argument
 * with a backslash before \, " and ', in double quotes when it holds a
 * space, separated by single spaces (grub_create_loader_cmdline). */
static void grub_quote(char *out, size_t size, const char *const *argv, size_t argc)
{
	size_t n = 0;

	for (size_t i = 0; i < argc; i++) {
		bool space = strchr(argv[i], ' ') != NULL;
		if (i)
			out[n++] = ' ';
		if (space)
			out[n++] = '"';
		for (const char *c = argv[i]; *c; c++) {
			if (*c == '\\' || *c == '"' || *c == '\'')
				out[n++] = '\\';
			out[n++] = *c;
		}
		if (space)
			out[n++] = '"';
		assert_true(n < size - 4);
	}
	out[n] = '\0';
}

/* ---- item 7: the loader's path token ------------------------------------ */

static void test_path_without_slash_is_the_loader_token(void **state)
{
	static const char *const paths[] = {
		"kernel.elf",	    /* qemu -kernel kernel.elf, from build/ */
		"./kernel.elf",	    /* qemu -kernel ./kernel.elf */
		"build/kernel.elf", /* from the top directory */
		"/boot/kernel.elf", /* GRUB */
		"(hd0,msdos1)/boot/kernel.elf",
		"(cd)/boot/kernel.elf",
		"pagecolor.bin",
		"kernel.elf.gz",
		"KERNEL.ELF",
		"disk.img",
		"\"my kernel.elf\"", /* GRUB-quoted path with a space */
	};
	char line[128];
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(paths); i++) {
		colors = 64;
		snprintf(line, sizeof(line), "%s colors=%u", paths[i], (unsigned)(i + 2));
		assert_int_equal(parse(line), 0);
		assert_int_equal(colors, i + 2);
		assert_string_equal(capture_text(), "");
		/* The path alone, too. */
		assert_int_equal(parse(paths[i]), 0);
		assert_string_equal(capture_text(), "");
	}
	assert_int_equal(cmdline_rejected_count(), 0);
}

static void test_first_token_that_is_not_a_path(void **state)
{
	(void)state;
	/* A '.' alone does not make a path: "bench.none" is a typo of
	 * bench=none, "kernel" a bare word. */
	assert_int_equal(parse("bench.none"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: unknown parameter 'bench.none' ignored; 'help' lists the parameters\n");
	capture_reset();
	assert_int_equal(parse("pagecolor colors=3"), 1);
	assert_int_equal(parse(".elf"), 1);
	capture_reset();
	/* A bare word is a flag or a typo, never a path. */
	assert_int_equal(parse("colour colors=9"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: unknown parameter 'colour' ignored; 'help' lists the parameters\n");
	assert_int_equal(colors, 9);
	capture_reset();
	assert_int_equal(parse("help"), 0);
	assert_true(help);
	/* key=value first is a parameter, even with a '.' or '/' in it. */
	capture_reset();
	assert_int_equal(parse("colors=1.5"), 1);
	assert_true(capture_contains("cmdline: colors=1.5 rejected: not a number;"));
	capture_reset();
	assert_int_equal(parse("a.b=3"), 1);
	assert_string_equal(capture_text(), "cmdline: unknown parameter 'a.b' ignored; 'help' lists the parameters\n");
	/* A path anywhere but first is an unknown parameter. */
	capture_reset();
	assert_int_equal(parse("colors=4 kernel.elf"), 1);
	assert_string_equal(capture_text(),
			    "cmdline: unknown parameter 'kernel.elf' ignored; 'help' lists the parameters\n");
	/* "" before the path is nothing: the path is still the first token. */
	capture_reset();
	assert_int_equal(parse("\"\" kernel.elf colors=5"), 0);
	assert_int_equal(colors, 5);
}

/* ---- item 16: GRUB's quoting undone ------------------------------------- */

/* Every odd value, as GRUB passes it, reaches the parameter exactly. */
static void test_grub_quoted_values_decoded(void **state)
{
	char arg[64], line[256];
	(void)state;

	for (u32 i = 0; odd_choices[i]; i++) {
		const char *argv[] = { "/boot/kernel.elf", arg, "colors=3" };
		snprintf(arg, sizeof(arg), "odd=%s", odd_choices[i]);
		grub_quote(line, sizeof(line), argv, ARRAY_SIZE(argv));
		odd = 99;
		colors = 64;
		capture_reset();
		assert_int_equal(parse(line), 0);
		assert_string_equal(capture_text(), "");
		assert_int_equal(odd, i);
		assert_int_equal(colors, 3);
	}
}

/* The exact strings the issue reports GRUB producing. */
static void test_grub_examples_from_the_issue(void **state)
{
	(void)state;
	assert_int_equal(parse("/boot/kernel.elf odd=x\\\\y"), 0); /* x\y arrives as x\\y */
	assert_int_equal(odd, 2);
	assert_int_equal(parse("/boot/kernel.elf \"odd=p  q\""), 0); /* 'odd=p  q' as "odd=p  q" */
	assert_int_equal(odd, 3);
	assert_int_equal(parse("odd=\"a b\""), 0); /* quotes inside a token */
	assert_int_equal(odd, 1);
	assert_int_equal(parse("odd=it\\'s"), 0);
	assert_int_equal(odd, 4);
	assert_int_equal(parse("\"odd=say \\\"hi\\\"\""), 0);
	assert_int_equal(odd, 5);
	/* A backslash before any other byte is itself (QEMU -append x\y). */
	assert_int_equal(parse("odd=x\\y"), 0);
	assert_int_equal(odd, 2);
	assert_int_equal(parse("odd=\\"), 0); /* a lone backslash at the end */
	assert_int_equal(odd, 9);
	assert_string_equal(capture_text(), "");
}

/* Round trip: any argument list GRUB quotes comes back token for token
 * (seen through the rejection list: every token here is unknown). */
static void test_grub_round_trip(void **state)
{
	static const char *const argv[] = {
		"/boot/kernel.elf",
		"k1=a b",
		"k2=  lead",
		"k3=\\\\",
		"k4='q'",
		"k5=\"",
		"k6=#x",
		"k7=;",
		"k8=$HOME",
		"k9=\xc3\xa9t\xc3\xa9",
		"k10=a\\\"b c",
	};
	char line[512];
	(void)state;

	grub_quote(line, sizeof(line), argv, ARRAY_SIZE(argv));
	assert_int_equal(parse(line), 10);
	capture_reset();
	cmdline_print_rejections();
	assert_string_equal(capture_text(),
			    "cmdline: rejected at boot: k1=a b (unknown parameter)\n"
			    "cmdline: rejected at boot: k2=  lead (unknown parameter)\n"
			    "cmdline: rejected at boot: k3=\\\\ (unknown parameter)\n"
			    "cmdline: rejected at boot: k4='q' (unknown parameter)\n"
			    "cmdline: rejected at boot: k5=\" (unknown parameter)\n"
			    "cmdline: rejected at boot: k6=#x (unknown parameter)\n"
			    "cmdline: rejected at boot: k7=; (unknown parameter)\n"
			    "cmdline: rejected at boot: k8=$HOME (unknown parameter)\n"
			    "cmdline: rejected at boot: k9=\xc3\xa9t\xc3\xa9 (unknown parameter)\n"
			    "cmdline: rejected at boot: k10=a\\\"b c (unknown parameter)\n"
			    "cmdline: 10 parameters rejected; earlier values or defaults kept (QEMU exits 5)\n");
}

static void test_quotes_group_separators(void **state)
{
	(void)state;
	/* Multiple spaces and tabs inside quotes stay; outside they separate. */
	assert_int_equal(parse("  odd=\"p  q\"\t colors=\"7\"  "), 0);
	assert_int_equal(odd, 3);
	assert_int_equal(colors, 7);
	/* An unterminated quote runs to the end of the line. */
	assert_int_equal(parse("colors=8 \"odd=p  q"), 0);
	assert_int_equal(odd, 3);
	assert_int_equal(colors, 8);
	/* GRUB puts only arguments with a space in quotes: a tab inside one
	 * separates tokens (so tools/make/mkiso.sh refuses control characters). */
	assert_int_equal(parse("/boot/kernel.elf colors=2\todd=#"), 0);
	assert_int_equal(colors, 2);
	assert_int_equal(odd, 6);
	/* "" alone is an empty token: ignored. */
	assert_int_equal(parse("\"\" colors=9 \"\""), 0);
	assert_int_equal(colors, 9);
	assert_string_equal(capture_text(), "");
	/* A quoted token longer than 256 bytes is still rejected whole. */
	char line[400];
	line[0] = '"';
	memset(line + 1, 'v', 300);
	strcpy(line + 301, "\" colors=10");
	assert_int_equal(parse(line), 1);
	assert_true(capture_contains("(300 bytes) rejected: longer than 256 bytes"));
	assert_int_equal(colors, 10);
}

/* A quoted token can hold a newline or other control bytes: messages show
 * them as \xNN, so one rejection is one line and no record can be forged
 * (found by fuzz_cmdline). */
static void test_control_bytes_never_break_a_line(void **state)
{
	(void)state;
	assert_int_equal(parse("\"colors=1\n@final status=ok\" \"bad\r\x1b[2J\"=\"\x7f\t\""), 2);
	assert_string_equal(capture_text(),
			    "cmdline: colors=1\\x0a@final status=ok rejected: not a number; accepted: a number from 1 "
			    "to 1024; keeping default 64\n"
			    "cmdline: unknown parameter 'bad\\x0d\\x1b[2J' ignored; 'help' lists the parameters\n");
	capture_reset();
	cmdline_print_rejections();
	assert_string_equal(capture_text(),
			    "cmdline: rejected at boot: colors=1\\x0a@final status=ok (not a number)\n"
			    "cmdline: rejected at boot: bad\\x0d\\x1b[2J=\\x7f\\x09 (unknown parameter)\n"
			    "cmdline: 2 parameters rejected; earlier values or defaults kept (QEMU exits 5)\n");
}

/* ---- item 8: rejections remembered for the end of the log -------------- */

static void test_rejections_listed_at_the_end(void **state)
{
	(void)state;
	assert_int_equal(parse("colour=on colors=0 help=1 colors=12"), 3);
	assert_int_equal(cmdline_rejected_count(), 3);
	assert_int_equal(colors, 12);
	capture_reset();
	cmdline_print_rejections();
	assert_string_equal(capture_text(),
			    "cmdline: rejected at boot: colour=on (unknown parameter)\n"
			    "cmdline: rejected at boot: colors=0 (out of range)\n"
			    "cmdline: rejected at boot: help=1 (unexpected value)\n"
			    "cmdline: 3 parameters rejected; earlier values or defaults kept (QEMU exits 5)\n");
	/* Later calls add to the list; clear empties it. */
	assert_int_equal(parse("bogus"), 1);
	assert_int_equal(cmdline_rejected_count(), 4);
	cmdline_rejections_clear();
	assert_int_equal(cmdline_rejected_count(), 0);
	capture_reset();
	cmdline_print_rejections();
	assert_string_equal(capture_text(), "");
	assert_int_equal(parse("colors=5 odd=plain"), 0);
	assert_int_equal(cmdline_rejected_count(), 0);
	assert_int_equal(parse("odd"), 1);
	capture_reset();
	cmdline_print_rejections();
	assert_string_equal(capture_text(),
			    "cmdline: rejected at boot: odd (missing value)\n"
			    "cmdline: 1 parameter rejected; earlier values or defaults kept (QEMU exits 5)\n");
}

/* The list is bounded: 16 stored, the rest counted; long tokens are cut. */
static void test_rejection_list_is_bounded(void **state)
{
	char line[2048];
	size_t n = 0;
	(void)state;

	for (int i = 0; i < 20; i++)
		n += (size_t)snprintf(line + n, sizeof(line) - n, "bad%d=%d ", i, i);
	assert_int_equal(parse(line), 20);
	assert_int_equal(cmdline_rejected_count(), 20);
	capture_reset();
	cmdline_print_rejections();
	assert_true(capture_contains("cmdline: rejected at boot: bad0=0 (unknown parameter)\n"));
	assert_true(capture_contains("cmdline: rejected at boot: bad15=15 (unknown parameter)\n"));
	assert_false(capture_contains("bad16"));
	assert_true(capture_contains("cmdline: rejected at boot: 4 more not listed (the first 16 are above)\n"));
	assert_true(capture_contains("cmdline: 20 parameters rejected;"));

	cmdline_rejections_clear();
	strcpy(line, "colors=");
	memset(line + 7, '7', 100);
	line[107] = '\0';
	assert_int_equal(parse(line), 1);
	memset(line, 'x', 300);
	line[300] = '\0';
	assert_int_equal(parse(line), 1);
	capture_reset();
	cmdline_print_rejections();
	/* 64 bytes of key=value, then "..."; at the end of the log every line
	 * fits the 80-column screen, continued after "cmdline:   " */
	assert_true(capture_contains("cmdline: rejected at boot:\ncmdline:   colors="
				     "777777777777777777777777777777777777777777777777777777777...\n"
				     "cmdline:   (value too large)\n"));
	assert_true(capture_contains("cmdline: rejected at boot: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (longer than "
				     "256\ncmdline:   bytes)\n"));
	for (const char *p = capture_text(), *e; (e = strchr(p, '\n')); p = e + 1)
		assert_true(e - p <= 79);
}

/* A late rejection's problem is kept whole (the color set's message was
 * cut at 79 bytes, mid-phrase and unmarked, in the list at the end), and
 * one too long for the record ends in "...". */
static void test_late_rejection_problem_kept_whole(void **state)
{
	static const char problem[] = "color 700 in '0-700' is out of range: this cache has 256 colors (0-255); "
				      "keeping the default (no set)";
	char longer[400];
	const char *text;
	(void)state;

	cmdline_rejections_clear();
	cmdline_reject_late("kernel_colors=0-700", problem);
	memset(longer, 'x', sizeof(longer) - 1);
	longer[sizeof(longer) - 1] = '\0';
	cmdline_reject_late("task_colors=1", longer);
	capture_reset();
	cmdline_print_rejections();
	text = capture_text();
	/* wrapped at the screen's width, so compare without the line breaks */
	char flat[2048];
	size_t n = 0;
	for (const char *c = text; *c && n + 1 < sizeof(flat); c++) {
		if (*c == '\n' && strncmp(c + 1, "cmdline:   ", 11) == 0)
			c += 11, flat[n++] = ' '; /* a continuation: the break was a space */
		else
			flat[n++] = *c;
	}
	flat[n] = '\0';
	assert_non_null(strstr(flat, "cmdline: rejected at boot: kernel_colors=0-700 (color 700 in '0-700' is out of "
				     "range: this cache has 256 colors (0-255); keeping the default (no set))"));
	assert_non_null(strstr(flat, "xxx...)"));
	cmdline_rejections_clear();
}

/* A late rejection whose problem ends in an accepted form too long for the
 * record (cache_levels=bogus: "...needs at least 5; accepted: NAME:SIZE:..."
 * was listed at the end cut mid-form, "hash=MASK+MASK.....)") points to the
 * form on its own line instead; the summary's note on the exit status is
 * the architecture's (Alpha: the run script reads @final). */
static void test_late_rejection_long_form_points_above(void **state)
{
	char problem[400];
	const char *text;
	(void)state;

	snprintf(problem, sizeof(problem), "level 1 'bogus' has 1 field, needs at least 5; accepted: %s",
		 "NAME:SIZE:WAYS:LINE:lru|plru|random|srrip[:ninc|incl|excl][:lat=N][:slices=2|4|8]"
		 "[:hash=MASK+MASK..][:seed=N], levels separated by '/'");
	assert_true(strlen(problem) > 160);
	cmdline_rejections_clear();
	cmdline_reject_late("cache_levels=bogus", problem);
	cmdline_reject_late("color_level=4", "cache_levels= gives 3 levels; accepted: a number from 1 to 3");
	capture_reset();
	cmdline_print_rejections();
	text = capture_text();
	assert_string_equal(text, "cmdline: rejected at boot: cache_levels=bogus (level 1 'bogus' has 1 field,\n"
				  "cmdline:   needs at least 5; accepted form above)\n"
				  "cmdline: rejected at boot: color_level=4 (cache_levels= gives 3 levels;\n"
				  "cmdline:   accepted: a number from 1 to 3)\n"
				  "cmdline: 2 parameters rejected; earlier values or defaults kept (QEMU exits 5)\n");
	assert_null(strstr(text, "MASK"));

	cmdline_set_exit_note("exit status 5 from run-qemu-alpha.sh, which reads @final's cmdline_errors");
	capture_reset();
	cmdline_print_rejections();
	text = capture_text();
	cmdline_set_exit_note(NULL);
	assert_null(strstr(text, "QEMU exits"));
	assert_non_null(strstr(text, "cmdline: 2 parameters rejected; earlier values or defaults kept (exit status 5\n"
				     "cmdline:   from run-qemu-alpha.sh, which reads @final's cmdline_errors)\n"));
	cmdline_rejections_clear();
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_path_without_slash_is_the_loader_token),
		T(test_first_token_that_is_not_a_path),
		T(test_grub_quoted_values_decoded),
		T(test_grub_examples_from_the_issue),
		T(test_grub_round_trip),
		T(test_quotes_group_separators),
		T(test_control_bytes_never_break_a_line),
		T(test_rejections_listed_at_the_end),
		T(test_rejection_list_is_bounded),
		T(test_late_rejection_problem_kept_whole),
		T(test_late_rejection_long_form_points_above),
	};
	return cmocka_run_group_tests_name("cmdline_grub", tests, NULL, NULL);
}
