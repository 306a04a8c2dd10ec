/* SPDX-License-Identifier: MIT */
/* kernel/wrap.h - printing a long human line within a screen's width
 * (printk_wrapped is in kernel/printk.c). */
#ifndef KERNEL_WRAP_H
#define KERNEL_WRAP_H

#include "kernel/types.h"

/* Width of the end-of-log lines: one less than the 80-column VGA text
 * screen, whose cursor wraps by itself after column 80 (a full line would
 * take two rows). */
#define WRAP_SCREEN_COLS 79

/* Prints text (no newline inside; one is added) as lines of at most width
 * bytes (width >= 16; smaller is raised to 16): broken at the last space
 * that fits; a word longer than a line after its last '|' or ',' that fits
 * (a list of choices: "all|fft|...|smpstress"), or cut hard when it has none. Every line after
 * the first starts with cont (e.g. "cmdline:   "), counted in the width;
 * cont longer than width / 2 is not used. Returns the number of lines
 * printed (0 for an empty text, which prints nothing). */
u32 printk_wrapped(const char *text, u32 width, const char *cont);

#endif
