/* kernel/cmdline.h - kernel command-line parser.
 *
 * The command line is a list of whitespace-separated tokens. A token is
 * `key=value`, or a bare `key` (only for PARAM_FLAG parameters and `help`).
 * Parameters are described by a caller-supplied table, so the kernel and the
 * host tools (tools/zoneinfo) share one parser.
 *
 * Bad input never stops the boot: a missing or malformed value, or a value
 * out of range is reported with printk as
 *   cmdline: <key>=<value> rejected: <problem>; accepted: <form>; keeping default <default>
 * an unknown key as
 *   cmdline: unknown parameter '<key>' ignored; 'help' lists the parameters
 * and the parameter keeps its default. Tokens longer than 256 bytes are
 * rejected whole. (Exact wording and grammar: kernel/cmdline.c.) Tokens that belong to the boot loader
 * (the first token when it looks like a path, e.g. "/boot/kernel.elf") are
 * skipped. `help` prints every parameter with its form, default and help. */
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
};

struct kernel_param {
	const char *name;
	enum param_type type;
	void *value;		    /* bool* or u32* as above */
	u32 min, max;		    /* PARAM_UINT / PARAM_SIZE range, inclusive */
	bool pow2;		    /* PARAM_SIZE: must be a power of two */
	const char *const *choices; /* PARAM_ENUM, PARAM_LIST */
	const char *help;	    /* one line for `help` */
	bool given;		    /* set by the parser when a valid value was seen */
};

/* Parses cmdline (NUL-terminated, may be NULL or empty) against params[n].
 * Returns the number of rejected tokens (0 when all were accepted); each
 * rejection has been printed. Values of rejected tokens are left untouched. */
int cmdline_parse(const char *cmdline, struct kernel_param *params, size_t n);

/* Prints the table: name, accepted form, current value, help. */
void cmdline_print_help(const struct kernel_param *params, size_t n);

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

#endif
