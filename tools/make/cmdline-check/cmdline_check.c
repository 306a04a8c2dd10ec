/* SPDX-License-Identifier: MIT */
/* tools/make/cmdline-check/cmdline_check.c - checks a kernel command line on the
 * host, before booting, with the kernel's own parser and parameter table
 * (kernel/cmdline.c, init/params.c, built for the host as tools/zoneinfo is).
 *
 *   cmdline-check [--what TEXT] [--values] [--] "LINE"
 *   cmdline-check --reference
 *
 * Built once per kernel (cmdline-check.mk): build/cmdline-check holds the x86
 * kernel's table, build/alpha/cmdline-check the Alpha kernel's (init/params.c
 * with Alpha's rows and 8 KiB pages), each knowing the other's own rows by
 * name (other_arch.c): an x86-only name given to the Alpha kernel is refused
 * as x86's, and the reverse.
 *
 * Names: a token whose name the kernel does not know is refused (exit 2),
 * with the closest known name ("did you mean ...?") and how to pass the line
 * unchecked (CMDLINE_CHECK=off): the kernel would ignore such a token and
 * run everything with its defaults, often minutes of benchmarks, before its
 * own end-of-run report said so.
 * Values stay the kernel's to judge (on a real PC it keeps its defaults and
 * says so): the kernel's own messages for the values it will reject are
 * printed as a note (and, for the Alpha kernel, bench= naming an x86-only
 * benchmark), and the exit status is 0. With --values (for the
 * parameters a tool composes itself from its options, e.g. RUNS= into
 * bench_runs=) a rejected value is refused too (exit 2).
 * Messages go to stderr, each starting with TEXT (default "make run", or
 * "make ARCH=alpha run").
 * --reference writes the parameter reference, docs/parameters.md (`make docs`;
 * the Alpha kernel's: docs/parameters-alpha.md),
 * to stdout from the same table: every row's name, accepted form, default,
 * unit and help, so the manual cannot drift from `help`
 * (tests/report/test_reference_docs.py compares).
 * Exit status: 0 accepted, 2 refused or bad usage (or, for --reference, a
 * row that lacks what the reference needs: a number's unit). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "init/params.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "mm/cache_geom.h"
#include "tools/make/cmdline-check/other_arch.h"

#ifndef CMDLINE_CHECK_ALPHA
#define CMDLINE_CHECK_ALPHA 0 /* 1: the Alpha kernel's table (cmdline-check.mk) */
#endif

static const char *what; /* check_run unless --what */

/* The kernel's messages, gathered (printk hands them over in chunks). */
static char *out;
static size_t out_len, out_cap;

static void gather(const char *s, size_t n)
{
	if (out_len + n + 1 > out_cap) {
		out_cap = (out_len + n + 1) * 2;
		out = realloc(out, out_cap);
		if (!out) {
			perror("cmdline-check");
			exit(2);
		}
	}
	memcpy(out + out_len, s, n);
	out_len += n;
	out[out_len] = '\0';
}

/* Edit distance (insertions, deletions, substitutions) of a and b, both at
 * most 256 bytes (tokens are). */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[258];

	if (la > 256 || lb > 256)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/* The known name closest to key: within a third of its length (at least
 * 2 edits), or one that contains key or is contained in it (4+ bytes).
 * NULL when none is close. */
static const char *closest_of(const char *key, const char *(*name_at)(size_t i, const void *set), const void *set,
			      size_t count)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1, limit = strlen(key) / 3;

	if (limit < 2)
		limit = 2;
	for (size_t i = 0; i < count; i++) {
		const char *name = name_at(i, set);
		size_t d;

		if (!name)
			continue;
		d = distance(key, name);
		if (d > limit && strlen(key) >= 4 && strlen(name) >= 4 && (strstr(name, key) || strstr(key, name)))
			d = limit; /* "colour" in "page_colour" ... */
		if (d <= limit && d < best_d) {
			best = name;
			best_d = d;
		}
	}
	return best;
}

static const char *param_name_at(size_t i, const void *set)
{
	(void)set;
	return boot_params[i].name;
}

static const char *choice_at(size_t i, const void *set)
{
	return ((const char *const *)set)[i];
}

static const char *closest(const char *key)
{
	return closest_of(key, param_name_at, NULL, boot_param_count);
}

static const char *row_name_at(size_t i, const void *set)
{
	return ((const struct kernel_param *)set)[i].name;
}

/* For a parameter with named choices (enum, list): the closest choice to
 * each item of value that is not one, as a note. */
static void suggest_choices(const char *line)
{
	char *copy = strdup(line), *save = NULL;

	for (char *tok = strtok_r(copy, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
		char *eq = strchr(tok, '='), *item_save = NULL;
		const struct kernel_param *p;
		size_t n = 0;

		if (!eq)
			continue;
		*eq = '\0';
		p = params_find(tok);
		if (!p || !p->choices || (p->type != PARAM_ENUM && p->type != PARAM_LIST))
			continue;
		while (p->choices[n])
			n++;
		for (char *item = strtok_r(eq + 1, p->type == PARAM_LIST ? "," : "", &item_save); item;
		     item = strtok_r(NULL, p->type == PARAM_LIST ? "," : "", &item_save)) {
			const char *near;
			size_t i;

			for (i = 0; i < n && strcmp(p->choices[i], item); i++)
				;
			near = i == n ? closest_of(item, choice_at, p->choices, n) : NULL;
			if (near)
				fprintf(stderr, "%s:   %s: '%s' is not a choice; did you mean '%s'?\n", what, tok, item,
					near);
		}
	}
	free(copy);
}

static void unknown(const char *key, void *arg)
{
	const char *near = closest(key);

	(void)arg;
	if (rows_find(other_rows, other_row_count, key))
		fprintf(stderr, "%s: unknown kernel parameter '%s' (%s only: not a parameter of the %s kernel)\n", what,
			key, other_arch, check_arch);
	else if (near)
		fprintf(stderr, "%s: unknown kernel parameter '%s' (did you mean '%s'?)\n", what, key, near);
	else if ((near = closest_of(key, row_name_at, other_rows, other_row_count)))
		/* a misspelt name of the other kernel's own ("smpp" on Alpha) */
		fprintf(stderr,
			"%s: unknown kernel parameter '%s' (did you mean '%s'? %s only: not a parameter of the %s "
			"kernel)\n",
			what, key, near, other_arch, check_arch);
	else
		fprintf(stderr, "%s: unknown kernel parameter '%s'\n", what, key);
}

/* Prints the gathered kernel messages, each line after prefix, with the
 * host's "keeping default <v>" (the host does not know the machine's
 * defaults, e.g. cache_size from CPUID) replaced by keep_text. */
static void print_kernel_messages(const char *prefix, const char *keep_text)
{
	char *line = out;

	while (line && *line) {
		char *nl = strchr(line, '\n'), *keep;

		if (nl)
			*nl = '\0';
		keep = strstr(line, "; keeping default ");
		if (keep)
			fprintf(stderr, "%s%.*s%s\n", prefix, (int)(keep - line), line, keep_text);
		else
			fprintf(stderr, "%s%s\n", prefix, line);
		line = nl ? nl + 1 : NULL;
	}
}

/* cache_levels= is free text to the parameter table: the kernel parses it
 * at boot (mm/color_count.c) with mm/cache_geom.c, built here too, so its
 * verdict is known now. Prints the kernel's message for a bad spec (and for
 * a color_level= beyond a good spec's levels), gathered like the parser's;
 * "keeping default -" stands for the machine's choice, which
 * print_kernel_messages replaces. Returns the values the kernel will reject
 * beyond the parser's (0..2). */
static int check_cache_levels(void)
{
	static struct cache_geom g;
	char why[320];
	const struct mm_config *mm = &boot_config.mm;
	const struct kernel_param *level = params_find("color_level");

	if (!mm->cache_levels[0]) /* none given (or empty): the kernel's default */
		return 0;
	if (cache_levels_parse(mm->cache_levels, &g, why, sizeof(why)) < 0) {
		printk("cmdline: cache_levels=%s rejected: %s; keeping default -\n", mm->cache_levels, why);
		return 1;
	}
	if (level && level->given && mm->color_level > g.n) {
		printk("cmdline: color_level=%u rejected: cache_levels= gives %u level%s; accepted: a number from 1 to "
		       "%u; keeping default -\n",
		       mm->color_level, g.n, g.n == 1 ? "" : "s", g.n);
		return 1;
	}
	return 0;
}

/* bench= naming a benchmark this kernel does not build (the Alpha kernel's
 * x86-only ones, bench/registry.h): the parser takes the name, the boot
 * sequence rejects the token whole and keeps the default (init/alpha/
 * main.c). Prints that, gathered like the parser's messages; returns the
 * values the kernel will reject beyond the parser's (0 or 1). */
static int check_bench_unbuilt(void)
{
	u32 which = boot_config.bench.which, bad = which & ~check_bench_built;
	char given[160], named[160];
	size_t gl = 0, nl = 0;

	if (!param_given("bench") || !bad)
		return 0;
	given[0] = named[0] = '\0';
	for (u32 i = 0; i < BENCH_NR; i++) {
		if (which & BENCH_BIT(i))
			gl += (size_t)snprintf(given + gl, sizeof(given) - gl, "%s%s", gl ? "," : "", bench_names[i]);
		if (bad & BENCH_BIT(i))
			nl += (size_t)snprintf(named + nl, sizeof(named) - nl, "%s%s", nl ? ", " : "", bench_names[i]);
	}
	printk("cmdline: bench=%s rejected: %s only in the %s kernel; keeping default -\n", given, named, other_arch);
	return 1;
}

/* Prints s into a Markdown table cell: '|' escaped, as text or code. */
static void cell(const char *s, bool code)
{
	fputs(code ? "`" : "", stdout);
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", stdout);
		else
			putchar(*s);
	}
	fputs(code ? "`" : "", stdout);
}

/* Prints the names of rows[n] that others[m] has no row of (as `code`,
 * comma-separated), or "none". */
static void print_names_not_in(const struct kernel_param *rows, size_t n, const struct kernel_param *others, size_t m)
{
	bool any = false;

	for (size_t i = 0; i < n; i++) {
		if (rows_find(others, m, rows[i].name))
			continue;
		printf("%s`%s`", any ? ", " : "", rows[i].name);
		any = true;
	}
	if (!any)
		fputs("none", stdout);
}

/* The reference's last part: how the other kernel's table differs from
 * this one's (the architectures' own rows, other_arch.h), and the bench=
 * names this kernel rejects at boot. */
static void print_other_kernel(void)
{
	char a[256], b[256];
	bool any = false;

	printf("\n## This kernel and the %s kernel\n\n", other_arch);
	printf("The rows of `init/params.c` are the same in both kernels; each architecture adds its own\n"
	       "(`arch/*/include/asm/boot_params.h`). `make run` and `make ARCH=alpha run` refuse the other\n"
	       "kernel's own names before booting, saying whose they are.\n\n");
	printf("- only the %s kernel (this table): ", check_arch);
	print_names_not_in(own_rows, own_row_count, other_rows, other_row_count);
	printf("\n- only the %s kernel (%s): ", other_arch,
	       CMDLINE_CHECK_ALPHA ? "[parameters.md](parameters.md)" : "[parameters-alpha.md](parameters-alpha.md)");
	print_names_not_in(other_rows, other_row_count, own_rows, own_row_count);
	printf("\n- in both, with other accepted values: ");
	for (size_t i = 0; i < own_row_count; i++) {
		const struct kernel_param *o = rows_find(other_rows, other_row_count, own_rows[i].name);

		if (!o)
			continue;
		param_form(&own_rows[i], a, sizeof(a));
		param_form(o, b, sizeof(b));
		if (!strcmp(a, b))
			continue;
		printf("%s`%s` (%s: `%s`; %s: `%s`)", any ? ", " : "", o->name, check_arch, a, other_arch, b);
		any = true;
	}
	if (!any)
		fputs("none", stdout);
	printf("\n");
	if (check_bench_built != BENCH_BIT(BENCH_NR) - 1) {
		bool first = true;

		printf("- `bench=` names the %s kernel does not build (rejected at boot, the default kept): ",
		       check_arch);
		for (u32 i = 0; i < BENCH_NR; i++)
			if (!(check_bench_built & BENCH_BIT(i))) {
				printf("%s`%s`", first ? "" : ", ", bench_names[i]);
				first = false;
			}
		printf("\n");
	}
}

/* The reference of every parameter (docs/parameters.md), from boot_params[]
 * as compiled: the defaults are the table's, before the boot sequence puts
 * the machine's in (those rows say so). Returns 0, or 2 with a message when a
 * row lacks what the reference needs. */
static int print_reference(void)
{
	char form[256], value[64];

	for (size_t i = 0; i < boot_param_count; i++) {
		const struct kernel_param *p = &boot_params[i];

		if (p->type == PARAM_UINT && !p->unit) {
			fprintf(stderr, "cmdline-check --reference: parameter '%s' (init/params.c) has no .unit\n",
				p->name);
			return 2;
		}
		if (p->machine_default && !strstr(p->help, "default")) {
			fprintf(
			    stderr,
			    "cmdline-check --reference: parameter '%s' (init/params.c) has .machine_default but its "
			    ".help does not say the default\n",
			    p->name);
			return 2;
		}
	}
	if (CMDLINE_CHECK_ALPHA)
		printf(
		    "# pagecolor: the Alpha kernel's parameters\n\n"
		    "<!-- Generated by `make docs` (build/alpha/cmdline-check --reference) from init/params.c and "
		    "arch/alpha/include/asm/boot_params.h: do not edit. -->\n\n"
		    "Every parameter of the Alpha kernel (`make ARCH=alpha`, 8 KiB pages), generated from its own\n"
		    "table (`init/params.c`'s rows with `arch/alpha/include/asm/boot_params.h`'s): the one `help`\n"
		    "prints at boot and `make ARCH=alpha run` checks `CMDLINE` against before booting. The x86\n"
		    "kernel's: [parameters.md](parameters.md); what differs is listed at the end. To change a row,\n"
		    "edit the table and run `make docs`; `tests/report/test_reference_docs.py` fails while this file\n"
		    "and the table differ. How to pass parameters, what happens to a bad one, and the main options:\n"
		    "[usage.md](usage.md#kernel-parameters).\n\n");
	else
		printf(
		    "# pagecolor: kernel parameters\n\n"
		    "<!-- Generated by `make docs` (build/cmdline-check --reference) from init/params.c: do not edit. "
		    "-->\n\n"
		    "Every kernel parameter, generated from the kernel's own table (`init/params.c`): the one\n"
		    "`help` prints at boot and `make run` checks `CMDLINE` against before booting. To change a row,\n"
		    "edit the table and run `make docs`; `tests/report/test_reference_docs.py` fails while this file\n"
		    "and the table differ. How to pass parameters, what happens to a bad one, and the main options:\n"
		    "[usage.md](usage.md#kernel-parameters). The Alpha kernel's table differs: see the end.\n\n");
	printf("A token is `name=value` (a bare `name` for `help`). *Accepted* is the form `help` prints; a\n"
	       "value outside it is rejected by name, the default kept and the rejection repeated at the end of\n"
	       "the log. Sizes are bytes, written `N`, `NK`, `NM` or `NG` (K = 1024). *Default* is the table's;\n"
	       "\"from the machine\" means the boot sequence sets it from what it finds (`init/defaults.c`), as\n"
	       "*Meaning* says, and `help` shows the value in effect.\n\n"
	       "| parameter | accepted | default | unit | meaning |\n"
	       "|---|---|---|---|---|\n");
	for (size_t i = 0; i < boot_param_count; i++) {
		const struct kernel_param *p = &boot_params[i];

		param_form(p, form, sizeof(form));
		if (p->value == &boot_config.bench.which && check_bench_built != BENCH_BIT(BENCH_NR) - 1) {
			/* this kernel's benchmarks only: the others are rejected at boot */
			size_t k = (size_t)snprintf(form, sizeof(form), "comma-separated ");

			for (u32 b = 0; b < BENCH_NR && k < sizeof(form); b++)
				if (check_bench_built & BENCH_BIT(b))
					k +=
					    (size_t)snprintf(form + k, sizeof(form) - k, "%s%s",
							     k > strlen("comma-separated ") ? "|" : "", bench_names[b]);
		}
		param_value(p, value, sizeof(value));
		fputs("| ", stdout);
		cell(p->name, true);
		fputs(" | ", stdout);
		cell(form, true);
		fputs(" | ", stdout);
		if (p->machine_default)
			fputs("from the machine", stdout);
		else if (p->type == PARAM_FLAG)
			fputs("not given", stdout);
		else
			cell(value, true);
		fputs(" | ", stdout);
		if (p->type == PARAM_SIZE)
			fputs("bytes", stdout);
		else if (p->type == PARAM_UINT)
			cell(p->unit, false);
		else
			fputs("-", stdout);
		fputs(" | ", stdout);
		cell(p->help ? p->help : "", false);
		fputs(" |\n", stdout);
	}
	printf("\n%zu parameters.\n", boot_param_count);
	print_other_kernel();
	return 0;
}

int main(int argc, char **argv)
{
	const char *line = NULL;
	bool values = false;
	unsigned bad_names;
	int bad_values, i;

	what = check_run;
	if (argc == 2 && !strcmp(argv[1], "--reference"))
		return print_reference();
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--what") && i + 1 < argc)
			what = argv[++i];
		else if (!strcmp(argv[i], "--values"))
			values = true;
		else if (!strcmp(argv[i], "--") && i + 2 == argc)
			line = argv[++i];
		else if (argv[i][0] != '-' && i + 1 == argc)
			line = argv[i];
		else {
			fprintf(stderr, "usage: cmdline-check [--what TEXT] [--values] [--] \"LINE\" | --reference\n");
			return 2;
		}
	}
	if (!line) {
		fprintf(stderr, "usage: cmdline-check [--what TEXT] [--values] [--] \"LINE\" | --reference\n");
		return 2;
	}
	bad_names = cmdline_each_unknown(line, boot_params, boot_param_count, unknown, NULL);
	console_register(gather);
	bad_values = params_parse(line) - (int)bad_names;
	bad_values += check_cache_levels();
	bad_values += check_bench_unbuilt();
	if (bad_names) {
		fprintf(stderr,
			"%s: refused before booting: %u unknown parameter name%s; the kernel would ignore %s and run "
			"with its defaults.\n"
			"%s: '%s CMDLINE=\"help bench=none\"' lists the parameters; to pass the line unchecked "
			"(the kernel then judges it itself): CMDLINE_CHECK=off\n",
			what, bad_names, bad_names == 1 ? "" : "s", bad_names == 1 ? "it" : "them", what, check_run);
		return 2;
	}
	if (bad_values > 0) {
		char prefix[256];

		if (values) {
			snprintf(prefix, sizeof(prefix), "%s: refused before booting: ", what);
			print_kernel_messages(prefix, "");
			suggest_choices(line);
			return 2;
		}
		fprintf(stderr,
			"%s: note: the kernel will reject %d value%s and keep the value%s it had (it says so again at "
			"the end of the run):\n",
			what, bad_values, bad_values == 1 ? "" : "s", bad_values == 1 ? "" : "s");
		snprintf(prefix, sizeof(prefix), "%s:   ", what);
		print_kernel_messages(prefix,
				      "; the kernel keeps the value it had (its default, or make's own earlier on "
				      "the line)");
		suggest_choices(line);
	}
	return 0;
}
