/* SPDX-License-Identifier: MIT */
/* kernel/cmdline.h - kernel command-line parser.
 *
 * The command line is a list of whitespace-separated tokens. A token is
 * `key=value`, or a bare `key` (only for PARAM_FLAG parameters and `help`).
 * Double quotes group separators into a token ("key=a b" or key="a b"), and
 * \\, \" and \' stand for \, " and ' (GRUB 2's quoting of the arguments of its
 * `multiboot` command, undone; details in kernel/cmdline.c).
 * Parameters are described by a caller-supplied table, so the kernel and the
 * host tools (tools/zoneinfo) share one parser.
 *
 * Bad input never stops the boot: a missing or malformed value, or a value
 * out of range is reported with printk as
 *   cmdline: <key>=<value> rejected: <problem>; accepted: <form>; keeping default <default>
 * an unknown key as
 *   cmdline: unknown parameter '<key>' ignored; 'help' lists the parameters
 * and the parameter keeps its default. Tokens longer than 256 bytes are
 * rejected whole. (Exact wording and grammar: kernel/cmdline.c.) The token
 * that belongs to the boot loader is skipped: the first token when it has no
 * '=' and holds a '/' or ends in .elf, .bin, .img, .gz, .xz, .bz2 or .zst
 * ("/boot/kernel.elf", "(hd0,1)/kernel", or "kernel.elf" from QEMU's
 * -kernel run in build/). `help` prints every parameter with its
 * form, default and help. Every rejection is remembered for
 * cmdline_print_rejections, so the end of the log can repeat them. */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

#include "kernel/types.h"

enum param_type {
	PARAM_BOOL, /* on|off (also 1|0, yes|no, true|false); value: bool */
	PARAM_UINT, /* decimal or 0x-hex u32 within [min, max]; value: u32 */
	PARAM_SIZE, /* N, N[K|M|G] (k/m/g too) in bytes, within [min, max],
			and a power of two when .pow2 is set; value: u32 */
	PARAM_ENUM, /* one of .choices (NULL-terminated); value: u32 index */
	PARAM_FLAG, /* bare key, no value; value: bool set to true */
	PARAM_LIST, /* comma-separated .choices ("stride,fft"), each at most
			once; value: u32 bit mask, bit i set for choice i
			(at most 32 choices); a bad item rejects the token */
	PARAM_STR,  /* any non-empty text of at most .max - 1 bytes; value:
			char[.max], NUL-terminated (its meaning is checked by
			its owner later, e.g. color sets against the number of
			colors; see cmdline_reject_late) */
};

struct kernel_param {
	const char *name;
	enum param_type type;
	void *value;		    /* bool* or u32* as above */
	u32 min, max;		    /* PARAM_UINT / PARAM_SIZE range, inclusive */
	bool pow2;		    /* PARAM_SIZE: must be a power of two */
	const char *const *choices; /* PARAM_ENUM, PARAM_LIST */
	const char *help;	    /* one line for `help` */
	const char *form;	    /* PARAM_STR: what the text may be (help and messages), or NULL */
	const char *unit;	    /* PARAM_UINT: what the number counts (pages, percent, ms, ...),
				       for the generated reference (docs/parameters.md); sizes are bytes */
	bool machine_default;	    /* the boot sequence replaces the table's default with one that
				       depends on the machine (init/defaults.c); .help says what it is */
	const char *default_text;   /* PARAM_UINT whose default is outside min..max (0 = "the largest"):
				       what the default means; rejections say "keeping the default (<it>)" */
	bool given;		    /* set by the parser when a valid value was seen */
};

/* Parses cmdline (NUL-terminated, may be NULL or empty) against params[n].
 * Returns the number of rejected tokens (0 when all were accepted); each
 * rejection has been printed. Values of rejected tokens are left untouched. */
int cmdline_parse(const char *cmdline, struct kernel_param *params, size_t n);

/* The one lookup: the row of params[n] named key, or NULL. */
struct kernel_param *param_find(struct kernel_param *params, size_t n, const char *key);

/* Rejections remembered by cmdline_parse (all calls since the last clear).
 * At most CMDLINE_REJECT_MAX are stored, each token cut to 64 bytes; the
 * count covers every one. */
#define CMDLINE_REJECT_MAX 16
/* Number of rejected tokens since the last clear (stored or not). */
unsigned cmdline_rejected_count(void);
/* Records a rejection found after parsing (a value whose meaning depends on
 * the machine, e.g. kernel_colors= against the number of colors): counted
 * and listed by cmdline_print_rejections like a parser's. text is the token
 * as given (key=value), problem says what is wrong; the caller prints its
 * own message at the time. */
void cmdline_reject_late(const char *text, const char *problem);
/* Forgets every remembered rejection (count back to 0). */
void cmdline_rejections_clear(void);
/* Prints one line per stored rejection,
 *   cmdline: rejected at boot: <key>[=<value>] (<problem>)
 * then "cmdline: rejected at boot: N more not listed ..." when some were not
 * stored, and one summary line "cmdline: N parameter(s) rejected; ...".
 * Prints nothing when there was no rejection. For the end of the boot log,
 * so a typo is seen next to @final (issue 8, item 8). */
void cmdline_print_rejections(void);
/* What the summary line says in parentheses about the run's exit status
 * ("QEMU exits 5" unless set: true where the kernel's exit code is QEMU's).
 * An architecture whose run script derives the status otherwise says so
 * here (Alpha: run-qemu-alpha.sh reads @final's cmdline_errors). note must outlive the boot;
 * NULL restores the default. Cannot fail. */
void cmdline_set_exit_note(const char *note);

/* Prints every parameter as "  name: <accepted form> [<current value>]"
 * and its help on the next line, indented 6, each wrapped within
 * WRAP_SCREEN_COLS (79) columns (kernel/wrap.h): readable on the 80x25
 * screen of a real PC. */
void cmdline_print_help(const struct kernel_param *params, size_t n);

/* Writes into buf[size] (NUL-terminated) the accepted form of p as `help`
 * prints it ("on|off", "a number from 1 to 64", "N[K|M|G], a power of two
 * between 4K and 1G", "a|b|c", ...), and the value p->value holds now as a
 * user would type it ("on", "16", "256K", "stride,fft", "(none)"). Used by
 * cmdline_print_help and by the host's reference generator
 * (tools/make/cmdline-check --reference, docs/parameters.md). Cannot fail; the
 * text is cut at size - 1 bytes. */
void param_form(const struct kernel_param *p, char *buf, size_t size);
void param_value(const struct kernel_param *p, char *buf, size_t size);

/* Parses a size "N[K|M|G]" (whole string, no trailing junk) into *out bytes.
 * Returns 0, or -1 when malformed or when the value does not fit in 32 bits. */
int parse_size(const char *s, u32 *out);
/* Parses a decimal or 0x-hex u32 (whole string). Returns 0, or -1. */
int parse_u32(const char *s, u32 *out);

/* Parses a comma-separated list of names from choices (NULL-terminated, at
 * most 32) into *mask, bit i for choices[i]. Items are matched exactly
 * (case-sensitive); a repeated item is accepted once. Returns 0, or -1 when
 * the list is empty, has an empty item (",," or a trailing comma) or an
 * unknown item; then *mask is untouched and, when bad is not NULL, the
 * offending item (or "" for an empty one) is copied into bad[bad_size]. */
int parse_list(const char *s, const char *const *choices, u32 *mask, char *bad, size_t bad_size);

/* Formats a byte count compactly ("256K", "2M", "3G", or plain bytes). */
void format_size(char *buf, size_t size, u32 bytes);

/* cmdline_each_unknown: walks cmdline with cmdline_parse's own tokenizer
 * and calls fn(key, arg) for every token whose name (the text before '=',
 * printable: see cmdline_printable) no entry of params[0..n) has, i.e.
 * every token cmdline_parse would reject as "unknown parameter". The
 * loader's image path (first token) and tokens over 256 bytes are not
 * names and are skipped. Applies nothing, prints nothing. Returns the
 * number of unknown names (0 for a NULL line). Used by the host's check of
 * `make run CMDLINE=` (tools/make/cmdline-check) before booting. */
unsigned cmdline_each_unknown(const char *cmdline, struct kernel_param *params, size_t n,
			      void (*fn)(const char *key, void *arg), void *arg);

/* cmdline_printable: copies s into out (size bytes, NUL-terminated when
 * size > 0) with every byte below 0x20 and 0x7f written as \xNN, the form
 * the rejection messages use, so a command line echoed to the console
 * cannot carry terminal escape sequences or split a record. Returns the
 * length of the whole printable text (which may exceed size - 1: then out
 * holds its start, cut at a whole character). */
size_t cmdline_printable(char *out, size_t size, const char *s);

#endif
