/* SPDX-License-Identifier: MIT */
/* tests/host/host_support.h - helpers shared by the host (cmocka) tests.
 *
 * Header-only so every test binary can include it without extra objects.
 * Console capture: capture_start() registers a printk sink that appends to a
 * static buffer; capture_text() returns everything printed since the last
 * capture_reset() (NUL-terminated, cut at CAPTURE_MAX - 1 bytes, with
 * capture_overflowed() telling whether anything was cut). Call
 * capture_stop() (or console_unregister_all()) in teardown. */
#ifndef TESTS_HOST_SUPPORT_H
#define TESTS_HOST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "kernel/printk.h"
#include <asm/page.h>

/* The suites run with 4 KiB pages (build/h) and 8 KiB pages (build/h8,
 * -DPAGE_SHIFT=13): BY_PAGE(v4, v8) is v4 with 4 KiB pages, v8 with 8 KiB
 * pages, for a value that is not a byte count divided by PAGE_SIZE (a
 * partial page's rounding, a count of colors). */
#if PAGE_SHIFT != 12 && PAGE_SHIFT != 13
#error "the host suites are built for 4 KiB (PAGE_SHIFT 12) or 8 KiB (13) pages"
#endif
#define BY_PAGE(v4, v8) (PAGE_SHIFT == 12 ? (v4) : (v8))

#ifndef CAPTURE_MAX
#define CAPTURE_MAX (256 * 1024)
#endif

static char capture_buf[CAPTURE_MAX];
static size_t capture_len;
static bool capture_cut;
static unsigned long capture_writes;

static inline void capture_sink(const char *s, size_t n)
{
	size_t room = CAPTURE_MAX - 1 - capture_len;

	capture_writes++;
	if (n > room) {
		n = room;
		capture_cut = true;
	}
	memcpy(capture_buf + capture_len, s, n);
	capture_len += n;
	capture_buf[capture_len] = '\0';
}

/* Empties the capture buffer (the sink stays registered). */
static inline void capture_reset(void)
{
	capture_len = 0;
	capture_cut = false;
	capture_writes = 0;
	capture_buf[0] = '\0';
}

/* Removes every console and registers only the capture sink, emptied.
 * Returns 0 (console_register cannot fail on an empty table). */
static inline int capture_start(void)
{
	console_unregister_all();
	capture_reset();
	return console_register(capture_sink);
}

/* Unregisters every console (the buffer keeps its text). */
static inline void capture_stop(void)
{
	console_unregister_all();
}

/* Everything captured since the last reset, NUL-terminated. */
static inline const char *capture_text(void)
{
	return capture_buf;
}

static inline size_t capture_length(void)
{
	return capture_len;
}

/* Number of sink calls (one per printk) since the last reset. */
static inline unsigned long capture_count(void)
{
	return capture_writes;
}

static inline bool capture_overflowed(void)
{
	return capture_cut;
}

/* True when the captured text contains needle. */
static inline bool capture_contains(const char *needle)
{
	return strstr(capture_buf, needle) != NULL;
}

#endif
