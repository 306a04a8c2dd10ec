/* SPDX-License-Identifier: MIT */
/* kernel/cmdline.c - the kernel command-line parser (see cmdline.h).
 *
 * Tokens are separated by spaces or tabs (newlines and carriage returns count
 * as spaces too, some boot loaders pass them). Inside a token, a pair of
 * double quotes makes the separators between them part of the token (the
 * quotes themselves are dropped), and a backslash before \, " or ' stands
 * for that character; a backslash before anything else is an ordinary
 * character. This is exactly the quoting GRUB 2 applies when it builds a
 * Multiboot command line from its own arguments (grub_create_loader_cmdline:
 * \, " and ' get a backslash, an argument with a space is put in double
 * quotes), so the kernel sees the tokens GRUB's `multiboot` command was
 * given; QEMU's -append passes the text as it is, and the same rules apply.
 * An unterminated double quote runs to the end of the line. Empty tokens
 * (`""`) are ignored. Each token is decoded into a bounded local buffer
 * before it is looked at, so the parser never reads past the terminating NUL
 * and never writes past its buffers whatever the bytes.
 *
 * Messages (kernel tests grep them, keep the wording):
 *   cmdline: <key>=<value> rejected: <problem>; accepted: <form>; keeping default <default>
 *   cmdline: unknown parameter '<key>' ignored; 'help' lists the parameters
 *   cmdline: token '<first 32 bytes>...' (<n> bytes) rejected: longer than 256 bytes; ignored
 * Every rejection is also remembered (cmdline_print_rejections repeats them
 * at the end of the log, as "cmdline: rejected at boot: <token> (<problem>)").
 * A bare key that needs a value prints "<key> rejected: missing value; ...".
 * When an earlier token already set the parameter, "keeping default <v>"
 * becomes "keeping earlier value <v>".
 *
 * Sizes: decimal N with an optional unit K, M or G (or k, m, g; powers of
 * 1024), then an optional "B" or "iB" after the unit ("256K", "256KiB",
 * "2MB"); a plain byte count may end in "B" ("4096B"). Numbers: decimal, or
 * hex with a 0x/0X prefix. No signs, no spaces, nothing after the value. */
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "kernel/wrap.h"

#define CMDLINE_TOKEN_MAX 256
/* A remembered token longer than this is cut to it, with "..." after it. */
#define CMDLINE_REJECT_TEXT 64

/* The rejections since the last cmdline_rejections_clear(), oldest first. */
static struct {
	char text[CMDLINE_REJECT_TEXT + 4]; /* key[=value], "..." when cut */
	char problem[160];		    /* why, copied (some are built on the stack); "..." when cut */
} rejections[CMDLINE_REJECT_MAX];
static unsigned nr_rejected; /* all of them, stored or not */
/* What the run's exit status does about them (cmdline_set_exit_note). */
static const char *exit_note = "QEMU exits 5";

enum num_err { NUM_OK = 0, NUM_SYNTAX = -1, NUM_OVERFLOW = -2 };

static bool is_sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int hex_value(char c)
{
	if (is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Reads the digits at *pp in base 10 or 16 into *out, advancing *pp.
 * Returns NUM_SYNTAX when there is no digit, NUM_OVERFLOW when the value
 * does not fit in a u32 (all digits are still consumed), else NUM_OK. */
static int scan_digits(const char **pp, unsigned base, u32 *out)
{
	const char *p = *pp;
	bool overflow = false;
	u32 v = 0;
	int d;

	while ((d = hex_value(*p)) >= 0 && (unsigned)d < base) {
		if (v > (0xffffffffu - (u32)d) / base)
			overflow = true;
		else
			v = v * base + (u32)d;
		p++;
	}
	if (p == *pp)
		return NUM_SYNTAX;
	*pp = p;
	*out = v;
	return overflow ? NUM_OVERFLOW : NUM_OK;
}

/* parse_u32 with a reason: NUM_OK, NUM_SYNTAX or NUM_OVERFLOW. */
static int parse_u32_why(const char *s, u32 *out)
{
	unsigned base = 10;
	u32 v;
	int err;

	if (!s)
		return NUM_SYNTAX;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	err = scan_digits(&s, base, &v);
	if (err == NUM_SYNTAX || *s)
		return NUM_SYNTAX;
	if (err == NUM_OVERFLOW)
		return NUM_OVERFLOW;
	*out = v;
	return NUM_OK;
}

/* parse_u32: see cmdline.h. Returns 0, or -1 (syntax or overflow); *out is
 * written only on success. */
int parse_u32(const char *s, u32 *out)
{
	return parse_u32_why(s, out) == NUM_OK ? 0 : -1;
}

/* parse_size with a reason: NUM_OK, NUM_SYNTAX or NUM_OVERFLOW. */
static int parse_size_why(const char *s, u32 *out)
{
	unsigned shift = 0;
	u32 v;
	int err;

	if (!s)
		return NUM_SYNTAX;
	err = scan_digits(&s, 10, &v);
	if (err == NUM_SYNTAX)
		return NUM_SYNTAX;
	switch (*s) {
	case 'K':
	case 'k':
		shift = 10;
		s++;
		break;
	case 'M':
	case 'm':
		shift = 20;
		s++;
		break;
	case 'G':
	case 'g':
		shift = 30;
		s++;
		break;
	default:
		break;
	}
	if (shift && s[0] == 'i' && s[1] == 'B')
		s += 2;
	else if (s[0] == 'B')
		s++;
	if (*s)
		return NUM_SYNTAX;
	if (err == NUM_OVERFLOW || (shift && v > (0xffffffffu >> shift)))
		return NUM_OVERFLOW;
	*out = v << shift;
	return NUM_OK;
}

/* parse_size: see cmdline.h. Returns 0, or -1 (syntax or overflow); *out is
 * written only on success. */
int parse_size(const char *s, u32 *out)
{
	return parse_size_why(s, out) == NUM_OK ? 0 : -1;
}

/* format_size: see cmdline.h. Always NUL-terminates when size > 0. */
void format_size(char *buf, size_t size, u32 bytes)
{
	static const struct {
		u32 unit;
		char suffix;
	} units[] = {
		{ 1u << 30, 'G' },
		{ 1u << 20, 'M' },
		{ 1u << 10, 'K' },
	};

	for (size_t i = 0; i < ARRAY_SIZE(units); i++) {
		if (bytes && bytes % units[i].unit == 0) {
			ksnprintf(buf, size, "%u%c", bytes / units[i].unit, units[i].suffix);
			return;
		}
	}
	ksnprintf(buf, size, "%u", bytes);
}

/* ---- values and their textual forms ------------------------------------ */

/* Case-insensitive ASCII equality. */
static bool str_ieq(const char *a, const char *b)
{
	for (;; a++, b++) {
		char x = *a, y = *b;
		if (x >= 'A' && x <= 'Z')
			x = (char)(x - 'A' + 'a');
		if (y >= 'A' && y <= 'Z')
			y = (char)(y - 'A' + 'a');
		if (x != y)
			return false;
		if (!x)
			return true;
	}
}

/* Returns 1 or 0 for a boolean word, -1 when s is not one. */
static int parse_bool(const char *s)
{
	static const char *const yes[] = { "on", "1", "yes", "true" };
	static const char *const no[] = { "off", "0", "no", "false" };

	for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
		if (str_ieq(s, yes[i]))
			return 1;
		if (str_ieq(s, no[i]))
			return 0;
	}
	return -1;
}

static size_t enum_count(const struct kernel_param *p)
{
	size_t n = 0;

	if (p->choices)
		while (p->choices[n])
			n++;
	return n;
}

/* parse_list: see cmdline.h. */
int parse_list(const char *s, const char *const *choices, u32 *mask, char *bad, size_t bad_size)
{
	u32 m = 0;

	if (!s || !choices)
		return -1;
	for (;;) {
		const char *end = strchr(s, ',');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		size_t i;

		for (i = 0; choices[i] && i < 32; i++)
			if (strlen(choices[i]) == len && !strncmp(choices[i], s, len))
				break;
		if (len == 0 || !choices[i] || i >= 32) {
			if (bad && bad_size) {
				size_t n = MIN(len, bad_size - 1);
				memcpy(bad, s, n);
				bad[n] = '\0';
			}
			return -1;
		}
		m |= 1u << i;
		if (!end)
			break;
		s = end + 1;
	}
	*mask = m;
	return 0;
}

/* param_form: see cmdline.h. */
void param_form(const struct kernel_param *p, char *buf, size_t size)
{
	char lo[16], hi[16];
	size_t len = 0;

	buf[0] = '\0';
	switch (p->type) {
	case PARAM_BOOL:
		ksnprintf(buf, size, "on|off");
		break;
	case PARAM_UINT:
		ksnprintf(buf, size, "a number from %u to %u", p->min, p->max);
		break;
	case PARAM_SIZE:
		format_size(lo, sizeof(lo), p->min);
		format_size(hi, sizeof(hi), p->max);
		ksnprintf(buf, size, "N[K|M|G]%s between %s and %s", p->pow2 ? ", a power of two" : "", lo, hi);
		break;
	case PARAM_ENUM:
		for (size_t i = 0; p->choices && p->choices[i] && len < size; i++)
			len += (size_t)ksnprintf(buf + len, size - len, "%s%s", i ? "|" : "", p->choices[i]);
		break;
	case PARAM_FLAG:
		ksnprintf(buf, size, "no value (bare '%s')", p->name);
		break;
	case PARAM_STR:
		if (p->form)
			ksnprintf(buf, size, "%s, at most %u bytes", p->form, p->max ? p->max - 1 : 0);
		else
			ksnprintf(buf, size, "text of at most %u bytes", p->max ? p->max - 1 : 0);
		break;
	case PARAM_LIST:
		len = (size_t)ksnprintf(buf, size, "comma-separated ");
		for (size_t i = 0; p->choices && p->choices[i] && len < size; i++)
			len += (size_t)ksnprintf(buf + len, size - len, "%s%s", i ? "|" : "", p->choices[i]);
		break;
	}
}

/* param_value: see cmdline.h. */
void param_value(const struct kernel_param *p, char *buf, size_t size)
{
	u32 v;

	if (!p->value) {
		ksnprintf(buf, size, "-");
		return;
	}
	switch (p->type) {
	case PARAM_BOOL:
	case PARAM_FLAG:
		ksnprintf(buf, size, "%s", *(const bool *)p->value ? "on" : "off");
		break;
	case PARAM_UINT:
		ksnprintf(buf, size, "%u", *(const u32 *)p->value);
		break;
	case PARAM_SIZE:
		format_size(buf, size, *(const u32 *)p->value);
		break;
	case PARAM_ENUM:
		v = *(const u32 *)p->value;
		if (v < enum_count(p))
			ksnprintf(buf, size, "%s", p->choices[v]);
		else
			ksnprintf(buf, size, "%u", v);
		break;
	case PARAM_STR:
		ksnprintf(buf, size, "%s", *(const char *)p->value ? (const char *)p->value : "(none)");
		break;
	case PARAM_LIST: {
		size_t len = 0;

		v = *(const u32 *)p->value;
		buf[0] = '\0';
		for (size_t i = 0; p->choices && p->choices[i] && i < 32 && len < size; i++)
			if (v & (1u << i))
				len += (size_t)ksnprintf(buf + len, size - len, "%s%s", len ? "," : "", p->choices[i]);
		if (!len)
			ksnprintf(buf, size, "(none)");
		break;
	}
	}
}

/* ---- parsing ------------------------------------------------------------ */

/* param_find: see cmdline.h. */
struct kernel_param *param_find(struct kernel_param *params, size_t n, const char *key)
{
	for (size_t i = 0; i < n; i++)
		if (params[i].name && strcmp(params[i].name, key) == 0)
			return &params[i];
	return NULL;
}

/* Writes key, then "=" and value when value is not NULL, into out (size
 * bytes, NUL-terminated) as printable text: a byte below 0x20 or 0x7f
 * becomes \xNN. A quoted token may hold a newline; printed raw it would
 * split the message, or forge a record ("x<newline>@final status=ok"). */
static void shown_token(char *out, size_t size, const char *key, const char *value)
{
	size_t n = 0;

	for (int part = 0; part < 2; part++) {
		const char *s = part ? value : key;
		if (!s)
			break;
		if (part && n + 1 < size)
			out[n++] = '=';
		for (; *s && n + 5 < size; s++) {
			unsigned char c = (unsigned char)*s;
			if (c < 0x20 || c == 0x7f)
				n += (size_t)ksnprintf(out + n, size - n, "\\x%02x", c);
			else
				out[n++] = (char)c;
		}
	}
	out[n] = '\0';
}

/* The first occurrence of needle in s, or NULL. */
static const char *find_text(const char *s, const char *needle)
{
	size_t n = strlen(needle);

	for (; *s; s++)
		if (strncmp(s, needle, n) == 0)
			return s;
	return NULL;
}

/* Room for a whole token made printable. */
#define CMDLINE_SHOWN_MAX (CMDLINE_TOKEN_MAX * 4 + 8)

/* Remembers one rejection: text (a printable key[=value]) and problem (a
 * string literal). Only the first CMDLINE_REJECT_MAX are stored, each cut
 * to CMDLINE_REJECT_TEXT bytes with "..." after it; all are counted. */
static void remember(const char *text, const char *problem)
{
	unsigned i = nr_rejected++;
	int n;

	if (i >= CMDLINE_REJECT_MAX)
		return;
	n = ksnprintf(rejections[i].text, CMDLINE_REJECT_TEXT + 1, "%s", text);
	if (n > CMDLINE_REJECT_TEXT)
		memcpy(rejections[i].text + CMDLINE_REJECT_TEXT, "...", 4);
	ksnprintf(rejections[i].problem, sizeof(rejections[i].problem), "%s", problem);
	if (strlen(problem) >= sizeof(rejections[i].problem)) {
		/* Too long for the record: an accepted form is on the rejection's
		 * own line, so the end of the log points there rather than
		 * showing the form cut off; anything else cut ends in "...". */
		const char *form = find_text(problem, "; accepted: ");
		size_t keep = form ? (size_t)(form - problem) : 0;
		static const char above[] = "; accepted form above";

		if (form && keep + sizeof(above) <= sizeof(rejections[i].problem))
			memcpy(rejections[i].problem + keep, above, sizeof(above));
		else
			memcpy(rejections[i].problem + sizeof(rejections[i].problem) - 4, "...", 4);
	}
}

/* cmdline_rejected_count: see cmdline.h. */
unsigned cmdline_rejected_count(void)
{
	return nr_rejected;
}

/* cmdline_reject_late: see cmdline.h. */
void cmdline_reject_late(const char *text, const char *problem)
{
	remember(text, problem);
}

/* cmdline_rejections_clear: see cmdline.h. Cannot fail. */
void cmdline_rejections_clear(void)
{
	nr_rejected = 0;
}

/* cmdline_print_rejections: see cmdline.h. Prints nothing when there were
 * none. */
void cmdline_print_rejections(void)
{
	unsigned shown = MIN(nr_rejected, (unsigned)CMDLINE_REJECT_MAX);
	char summary[160];

	if (!nr_rejected)
		return;
	/* At the end of the log: every line within the 80-column screen. */
	for (unsigned i = 0; i < shown; i++) {
		char line[CMDLINE_REJECT_TEXT + 4 + 160 + 48]; /* prefix, text, (problem) */
		ksnprintf(line, sizeof(line), "cmdline: rejected at boot: %s (%s)", rejections[i].text,
			  rejections[i].problem);
		printk_wrapped(line, WRAP_SCREEN_COLS, "cmdline:   ");
	}
	if (nr_rejected > shown)
		printk("cmdline: rejected at boot: %u more not listed (the first %u are above)\n", nr_rejected - shown,
		       shown);
	ksnprintf(summary, sizeof(summary), "cmdline: %u parameter%s rejected; earlier values or defaults kept (%s)",
		  nr_rejected, nr_rejected == 1 ? "" : "s", exit_note);
	printk_wrapped(summary, WRAP_SCREEN_COLS, "cmdline:   ");
}

/* cmdline_set_exit_note: see cmdline.h. */
void cmdline_set_exit_note(const char *note)
{
	exit_note = note ? note : "QEMU exits 5";
}

/* Prints the rejection of key[=value] for p. Always returns 1. */
static int reject(const struct kernel_param *p, const char *key, const char *value, const char *problem)
{
	char form[256], cur[64], shown[CMDLINE_SHOWN_MAX];

	param_form(p, form, sizeof(form));
	param_value(p, cur, sizeof(cur));
	shown_token(shown, sizeof(shown), key, value);
	if (!p->given && p->default_text) /* a default the accepted form does not include */
		printk("cmdline: %s rejected: %s; accepted: %s; keeping the default (%s)\n", shown, problem, form,
		       p->default_text);
	else
		printk("cmdline: %s rejected: %s; accepted: %s; keeping %s %s\n", shown, problem, form,
		       p->given ? "earlier value" : "default", cur);
	remember(shown, problem);
	return 1;
}

static void store_u32(struct kernel_param *p, u32 v)
{
	if (p->value)
		*(u32 *)p->value = v;
	p->given = true;
}

static void store_bool(struct kernel_param *p, bool v)
{
	if (p->value)
		*(bool *)p->value = v;
	p->given = true;
}

/* Why a number was refused, as the message's <problem>. */
static const char *num_problem(int err, const char *syntax)
{
	return err == NUM_OVERFLOW ? "value too large" : syntax;
}

/* Applies value to p. Returns 0 when accepted, 1 when rejected (printed). */
static int apply_value(struct kernel_param *p, const char *key, const char *value)
{
	u32 v = 0;
	int err;

	if (p->type == PARAM_FLAG) {
		if (value)
			return reject(p, key, value, "unexpected value");
		store_bool(p, true);
		return 0;
	}
	if (!value || !*value)
		return reject(p, key, value, "missing value");

	switch (p->type) {
	case PARAM_BOOL:
		err = parse_bool(value);
		if (err < 0)
			return reject(p, key, value, "not on or off");
		store_bool(p, err == 1);
		return 0;
	case PARAM_UINT:
		err = parse_u32_why(value, &v);
		if (err)
			return reject(p, key, value, num_problem(err, "not a number"));
		if (v < p->min || v > p->max)
			return reject(p, key, value, "out of range");
		store_u32(p, v);
		return 0;
	case PARAM_SIZE:
		err = parse_size_why(value, &v);
		if (err)
			return reject(p, key, value, num_problem(err, "not a size"));
		if (v < p->min || v > p->max)
			return reject(p, key, value, "out of range");
		if (p->pow2 && (v & (v - 1)) != 0)
			return reject(p, key, value, "not a power of two");
		store_u32(p, v);
		return 0;
	case PARAM_ENUM:
		for (size_t i = 0; p->choices && p->choices[i]; i++) {
			if (strcmp(p->choices[i], value) == 0) {
				store_u32(p, (u32)i);
				return 0;
			}
		}
		return reject(p, key, value, "not one of the choices");
	case PARAM_LIST: {
		char bad[40], shown_bad[40 * 4 + 8], why[200];

		if (parse_list(value, p->choices, &v, bad, sizeof(bad)) < 0) {
			shown_token(shown_bad, sizeof(shown_bad), bad, NULL); /* printable, as the token */
			if (bad[0])
				ksnprintf(why, sizeof(why), "'%s' is not one of the choices", shown_bad);
			else
				ksnprintf(why, sizeof(why), "empty item in the list");
			return reject(p, key, value, why);
		}
		/* "none" means nothing: with other choices the line contradicts itself */
		for (size_t i = 0; p->choices && p->choices[i] && i < 32; i++)
			if (!strcmp(p->choices[i], "none") && (v & (1u << i)) && (v & ~(1u << i)))
				return reject(p, key, value, "'none' cannot be combined with other choices");
		store_u32(p, v);
		return 0;
	}
	case PARAM_STR: {
		size_t n = strlen(value);

		if (!p->value || n + 1 > p->max)
			return reject(p, key, value, "too long");
		memcpy(p->value, value, n + 1);
		p->given = true;
		return 0;
	}
	case PARAM_FLAG:
		break;
	}
	return reject(p, key, value, "unsupported parameter type");
}

/* True when s ends in suffix, ASCII case ignored. */
static bool ends_with_ci(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && str_ieq(s + n - m, suffix);
}

/* True when the first token is the boot loader's image path. Loaders that
 * pass it put the kernel's file name first: QEMU's -kernel as given on its
 * command line (from build/, a bare "kernel.elf"), others as a path
 * ("/boot/kernel.elf", "(hd0,1)/kernel"); GRUB 2 does not pass it. So: a
 * token without '=' that holds a '/', or ends in a kernel image's file
 * extension. A bare word, or a typo such as "bench.none", is not a path and
 * is reported. */
static bool is_image_path(const char *tok)
{
	static const char *const exts[] = { ".elf", ".bin", ".img", ".gz", ".xz", ".bz2", ".zst" };

	if (strchr(tok, '='))
		return false;
	if (strchr(tok, '/'))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(exts); i++)
		if (ends_with_ci(tok, exts[i]))
			return true;
	return false;
}

/* Handles one NUL-terminated token. Returns 1 when it was rejected. */
static int parse_token(char *tok, bool first, struct kernel_param *params, size_t n)
{
	char *eq = strchr(tok, '=');
	const char *value = NULL;
	struct kernel_param *p;

	if (first && is_image_path(tok))
		return 0;
	if (eq) {
		*eq = '\0';
		value = eq + 1;
	}
	p = param_find(params, n, tok);
	if (!p) {
		char shown[CMDLINE_SHOWN_MAX];

		shown_token(shown, sizeof(shown), tok, NULL);
		printk("cmdline: unknown parameter '%s' ignored; 'help' lists the parameters\n", shown);
		shown_token(shown, sizeof(shown), tok, value);
		remember(shown, "unknown parameter");
		return 1;
	}
	return apply_value(p, tok, value);
}

/* Decodes the token that starts at *p (not a separator) into out[0..cap),
 * undoing double quotes and backslash escapes (see the top of this file).
 * Advances *p past the token. Returns the decoded length, which may exceed
 * cap (then only cap bytes were stored). out is not NUL-terminated. */
static size_t next_token(const char **pp, char *out, size_t cap)
{
	const char *p = *pp;
	bool quoted = false;
	size_t len = 0;

	for (; *p && (quoted || !is_sep(*p)); p++) {
		char c = *p;

		if (c == '"') {
			quoted = !quoted;
			continue;
		}
		if (c == '\\' && (p[1] == '\\' || p[1] == '"' || p[1] == '\''))
			c = *++p;
		if (len < cap)
			out[len] = c;
		len++;
	}
	*pp = p;
	return len;
}

/* cmdline_parse: see cmdline.h. Returns the number of rejected tokens
 * (unknown keys and overlong tokens included); 0 for a NULL or empty line. */
int cmdline_parse(const char *cmdline, struct kernel_param *params, size_t n)
{
	char tok[CMDLINE_TOKEN_MAX + 1];
	const char *p = cmdline;
	bool first = true;
	int rejected = 0;

	if (!p || (!params && n))
		return 0;
	for (;;) {
		size_t len;

		while (is_sep(*p))
			p++;
		if (!*p)
			break;
		len = next_token(&p, tok, CMDLINE_TOKEN_MAX);
		if (len == 0)
			continue; /* "" */
		if (len > CMDLINE_TOKEN_MAX) {
			char shown[CMDLINE_SHOWN_MAX];

			tok[32] = '\0';
			shown_token(shown, sizeof(shown), tok, NULL);
			printk("cmdline: token '%s...' (%u bytes) rejected: longer than %u bytes; ignored\n", shown,
			       (unsigned)len, (unsigned)CMDLINE_TOKEN_MAX);
			memcpy(shown + strlen(shown), "...", 4);
			remember(shown, "longer than 256 bytes");
			rejected++;
		} else {
			tok[len] = '\0';
			rejected += parse_token(tok, first, params, n);
		}
		first = false;
	}
	return rejected;
}

/* cmdline_each_unknown: see cmdline.h. */
unsigned cmdline_each_unknown(const char *cmdline, struct kernel_param *params, size_t n,
			      void (*fn)(const char *key, void *arg), void *arg)
{
	char tok[CMDLINE_TOKEN_MAX + 1], shown[CMDLINE_SHOWN_MAX];
	const char *p = cmdline;
	bool first = true;
	unsigned unknown = 0;

	if (!p)
		return 0;
	for (;;) {
		size_t len;
		char *eq;

		while (is_sep(*p))
			p++;
		if (!*p)
			break;
		len = next_token(&p, tok, CMDLINE_TOKEN_MAX);
		if (len == 0 || len > CMDLINE_TOKEN_MAX) {
			first = first && len == 0;
			continue;
		}
		tok[len] = '\0';
		if (!(first && is_image_path(tok))) {
			eq = strchr(tok, '=');
			if (eq)
				*eq = '\0';
			if (!param_find(params, n, tok)) {
				unknown++;
				shown_token(shown, sizeof(shown), tok, NULL);
				if (fn)
					fn(shown, arg);
			}
		}
		first = false;
	}
	return unknown;
}

/* cmdline_printable: see cmdline.h. */
size_t cmdline_printable(char *out, size_t size, const char *s)
{
	size_t n = 0, stored = 0;

	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		char esc[5];
		size_t w = 1;

		if (c < 0x20 || c == 0x7f)
			w = (size_t)ksnprintf(esc, sizeof(esc), "\\x%02x", c);
		else
			esc[0] = (char)c;
		if (stored == n && size && n + w < size) {
			memcpy(out + n, esc, w);
			stored += w;
		}
		n += w;
	}
	if (size)
		out[stored] = '\0';
	return n;
}

/* cmdline_print_help: see cmdline.h. Cannot fail. */
void cmdline_print_help(const struct kernel_param *params, size_t n)
{
	char form[256], cur[64], line[512];

	printk("cmdline: parameters, name=value separated by spaces; each with its accepted\n"
	       "cmdline: values, [its current value] and what it sets:\n");
	for (size_t i = 0; i < n; i++) {
		if (!params[i].name)
			continue;
		param_form(&params[i], form, sizeof(form));
		param_value(&params[i], cur, sizeof(cur));
		ksnprintf(line, sizeof(line), "  %s: %s [%s]", params[i].name, form, cur);
		printk_wrapped(line, WRAP_SCREEN_COLS, "      ");
		if (params[i].help && params[i].help[0]) {
			ksnprintf(line, sizeof(line), "      %s", params[i].help);
			printk_wrapped(line, WRAP_SCREEN_COLS, "      ");
		}
	}
}
