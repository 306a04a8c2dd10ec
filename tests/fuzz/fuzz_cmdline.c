/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_cmdline.c - libFuzzer target for kernel/cmdline.c.
 *
 *   clang -g -O1 -std=gnu11 -I. -DMM_HOST -fsanitize=fuzzer,address,undefined \
 *	tests/fuzz/fuzz_cmdline.c kernel/cmdline.c kernel/printk.c -o /tmp/fuzz_cmdline
 *   /tmp/fuzz_cmdline -max_total_time=20 tests/fuzz/corpus/cmdline
 *
 * The input (NUL-terminated copy) is parsed against a table with every
 * parameter type; the target aborts when an invariant breaks:
 *  - a parameter that was not accepted (given == false) keeps its value;
 *  - an accepted value is valid for its parameter (range, power of two,
 *    enum index, flag true, list mask non-empty and within the choices);
 *  - every rejection printed exactly one "cmdline: " line (lines ==
 *    return value), each shorter than the printk limit and ending in '\n';
 *  - parse_u32 / parse_size agree with a simple reference and round-trip
 *    through ksnprintf / format_size. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/cmdline.h"
#include "kernel/printk.h"

#include "tests/fuzz/fuzz_check.h"

static const char *const modes[] = { "off", "on", "auto", NULL };
static const char *const empty_choices[] = { NULL };

/* printk may hand a long line to the sink in several writes: count whole
 * lines. sink_calls: lines completed; line_len: bytes of the current one. */
static unsigned long sink_calls;
static size_t line_len;
static char line_head[9];
static bool sink_bad;

static void sink(const char *s, size_t n)
{
	if (n == 0)
		sink_bad = true;
	for (size_t i = 0; i < n; i++) {
		if (line_len < sizeof(line_head))
			line_head[line_len] = s[i];
		line_len++;
		if (s[i] == '\n') {
			if (line_len <= 10 || line_len > PRINTK_MAX_OUTPUT + 64 ||
			    memcmp(line_head, "cmdline: ", 9) != 0)
				sink_bad = true;
			sink_calls++;
			line_len = 0;
		}
	}
}

enum { P_BOOL, P_UINT, P_SIZE, P_SIZE_ANY, P_ENUM, P_ENUM_EMPTY, P_FLAG, P_HEX, P_LIST, NPARAMS };

struct vals {
	bool b, flag;
	u32 u, size, size_any, e, e_empty, hex, list;
};

static void make_table(struct kernel_param *p, struct vals *v)
{
	*v = (struct vals){ .b = true,
			    .flag = false,
			    .u = 64,
			    .size = 256 * 1024,
			    .size_any = 12345,
			    .e = 2,
			    .e_empty = 0,
			    .hex = 0xdead,
			    .list = 1 };
	struct kernel_param t[NPARAMS] = {
		[P_BOOL] = { .name = "page_color", .type = PARAM_BOOL, .value = &v->b },
		[P_UINT] = { .name = "colors", .type = PARAM_UINT, .value = &v->u, .min = 1, .max = 1024 },
		[P_SIZE] = { .name = "cache_size",
			     .type = PARAM_SIZE,
			     .value = &v->size,
			     .min = 4096,
			     .max = 1u << 30,
			     .pow2 = true },
		[P_SIZE_ANY] = { .name = "mem",
				 .type = PARAM_SIZE,
				 .value = &v->size_any,
				 .min = 0,
				 .max = 0xffffffffu,
				 .pow2 = false },
		[P_ENUM] = { .name = "mode", .type = PARAM_ENUM, .value = &v->e, .choices = modes },
		[P_ENUM_EMPTY] = { .name = "none", .type = PARAM_ENUM, .value = &v->e_empty, .choices = empty_choices },
		[P_FLAG] = { .name = "help", .type = PARAM_FLAG, .value = &v->flag },
		[P_HEX] = { .name = "seed", .type = PARAM_UINT, .value = &v->hex, .min = 0, .max = 0xffffffffu },
		[P_LIST] = { .name = "bench", .type = PARAM_LIST, .value = &v->list, .choices = modes },
	};
	memcpy(p, t, sizeof(t));
}

static void check_table(const struct kernel_param *p, const struct vals *v, const struct vals *d)
{
	if (!p[P_BOOL].given)
		CHECK(v->b == d->b);
	if (!p[P_FLAG].given)
		CHECK(v->flag == d->flag);
	else
		CHECK(v->flag);
	if (!p[P_UINT].given)
		CHECK(v->u == d->u);
	else
		CHECK(v->u >= 1 && v->u <= 1024);
	if (!p[P_SIZE].given)
		CHECK(v->size == d->size);
	else
		CHECK(v->size >= 4096 && v->size <= (1u << 30) && !(v->size & (v->size - 1)));
	if (!p[P_SIZE_ANY].given)
		CHECK(v->size_any == d->size_any);
	if (!p[P_ENUM].given)
		CHECK(v->e == d->e);
	else
		CHECK(v->e < 3);
	CHECK(!p[P_ENUM_EMPTY].given && v->e_empty == d->e_empty);
	if (!p[P_HEX].given)
		CHECK(v->hex == d->hex);
	if (!p[P_LIST].given)
		CHECK(v->list == d->list);
	else
		CHECK(v->list != 0 && v->list < 8);
}

/* Reference for parse_u32: strict grammar, then strtoull. */
static void check_u32(const char *s)
{
	u32 v = 0x5a5a5a5a;
	int r = parse_u32(s, &v);
	const char *d = s;
	int base = 10;
	bool grammar = true;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		d = s + 2;
		base = 16;
	}
	if (!*d)
		grammar = false;
	for (const char *c = d; *c && grammar; c++)
		if (!(base == 16 ? (c[0] >= '0' && c[0] <= '9') || ((c[0] | 32) >= 'a' && (c[0] | 32) <= 'f')
				 : (c[0] >= '0' && c[0] <= '9')))
			grammar = false;
	if (!grammar) {
		CHECK(r == -1 && v == 0x5a5a5a5a);
		return;
	}
	/* strip leading zeros so strtoull's range suffices for the check */
	while (d[0] == '0' && d[1])
		d++;
	if (strlen(d) > (base == 16 ? 8u : 10u)) {
		CHECK(r == -1);
		return;
	}
	unsigned long long ref = strtoull(d, NULL, base);
	if (ref > 0xffffffffull) {
		CHECK(r == -1);
	} else {
		CHECK(r == 0 && v == ref);
		char buf[16];
		u32 w;
		ksnprintf(buf, sizeof(buf), "%#x", v);
		CHECK(parse_u32(buf, &w) == 0 && w == v);
	}
}

static void check_size(const char *s)
{
	u32 v = 0x5a5a5a5a, w;
	char buf[24];

	if (parse_size(s, &v) != 0) {
		CHECK(v == 0x5a5a5a5a);
		return;
	}
	format_size(buf, sizeof(buf), v);
	CHECK(parse_size(buf, &w) == 0 && w == v);
}

/* The host check's name walk (cmdline_each_unknown): names only, each
 * printable, no more than cmdline_parse rejected, nothing printed or
 * applied. cmdline_printable: no control byte out, the length said. */
static unsigned unknown_seen;

static void on_unknown(const char *key, void *arg)
{
	(void)arg;
	unknown_seen++;
	for (const char *k = key; *k; k++)
		CHECK((unsigned char)*k >= 0x20 && *k != 0x7f);
}

static void check_unknown_and_printable(const char *line, struct kernel_param *params, const struct vals *v,
					unsigned rejected)
{
	struct vals before = *v;
	unsigned long calls = sink_calls;
	size_t n = strlen(line), whole, cut;
	char *out = malloc(4 * n + 1), small[16];

	unknown_seen = 0;
	CHECK(cmdline_each_unknown(line, params, NPARAMS, on_unknown, NULL) == unknown_seen);
	CHECK(unknown_seen <= rejected);
	CHECK(sink_calls == calls);
	CHECK(!memcmp(&before, v, sizeof(before)));
	if (!out)
		return;
	whole = cmdline_printable(out, 4 * n + 1, line);
	CHECK(whole == strlen(out) && whole >= n && whole <= 4 * n);
	for (size_t i = 0; i < whole; i++)
		CHECK((unsigned char)out[i] >= 0x20 && out[i] != 0x7f);
	cut = cmdline_printable(small, sizeof(small), line);
	CHECK(cut == whole && strlen(small) < sizeof(small) && !strncmp(small, out, strlen(small)));
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kernel_param params[NPARAMS];
	struct vals v, d;
	char *line = malloc(size + 1);
	int rejected;

	if (!line)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';

	console_unregister_all();
	console_register(sink);
	sink_calls = 0;
	line_len = 0;
	sink_bad = false;
	cmdline_rejections_clear();

	make_table(params, &v);
	d = v;
	rejected = cmdline_parse(line, params, NPARAMS);
	CHECK(rejected >= 0);
	CHECK((unsigned long)rejected == sink_calls);
	CHECK(!sink_bad);
	CHECK(line_len == 0);
	CHECK(cmdline_rejected_count() == (unsigned)rejected);
	check_table(params, &v, &d);
	if (rejected == 0) {
		/* no rejected token means no printed line */
		CHECK(sink_calls == 0);
	}

	sink_calls = 0;
	cmdline_print_help(params, NPARAMS);
	CHECK(sink_calls == NPARAMS + 2);

	check_u32(line);
	check_size(line);
	check_unknown_and_printable(line, params, &v, (unsigned)rejected);

	console_unregister_all();
	free(line);
	return 0;
}
