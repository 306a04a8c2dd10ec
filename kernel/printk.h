/* SPDX-License-Identifier: MIT */
/* kernel/printk.h - formatted output to every registered console.
 *
 * The formatter (kvsnprintf) is pure C with no libc, shared by the kernel and
 * the host tests. Supported conversions: %d %i %u %x %X %o %c %s %p %%, the
 * length modifiers l and ll (so %llu %lld %llx), flags '-' (left-justify) and
 * '0' (zero pad), and a decimal field width or '*'. %p prints 0x and 8 hex
 * digits. Unknown conversions are printed verbatim. No floating point. */
#ifndef KERNEL_PRINTK_H
#define KERNEL_PRINTK_H

#include "kernel/types.h"

/* Formats into buf (size bytes, always NUL-terminated when size > 0).
 * Returns the length the full output would have had (like C99 vsnprintf),
 * so a return value >= size means the output was truncated. */
int kvsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int ksnprintf(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A console sink: receives n bytes (not NUL-terminated). */
typedef void (*console_write_fn)(const char *s, size_t n);

/* Adds a sink; at most PRINTK_MAX_CONSOLES. Returns 0, or -1 when full. */
#define PRINTK_MAX_CONSOLES 4
int console_register(console_write_fn fn);
/* Removes every sink (used by host tests between cases). */
void console_unregister_all(void);

/* Formats and writes the text to every registered console, in order, in
 * one or more writes (chunks of at most 256 bytes). Output longer than
 * PRINTK_MAX_OUTPUT bytes is cut after that many bytes and followed by
 * " [truncated, N bytes]\n" (N = the full length): a cut line still ends
 * with a newline and says so. Returns the number of bytes written to each
 * console (the marker included). */
#define PRINTK_MAX_OUTPUT 4096
int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintk(const char *fmt, va_list ap);

#endif
