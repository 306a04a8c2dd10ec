/* SPDX-License-Identifier: MIT */
/* arch/x86/font8x16.h - the framebuffer console's built-in 8x16 bitmap font. */
#ifndef ARCH_X86_FONT8X16_H
#define ARCH_X86_FONT8X16_H

#include "kernel/types.h"

#define FONT_WIDTH  8
#define FONT_HEIGHT 16
#define FONT_FIRST  0x20 /* ' ' */
#define FONT_LAST   0x7e /* '~' */

/* font8x16[c - FONT_FIRST][row]: one byte per pixel row, top row first; bit 7
 * is the leftmost pixel. Printable ASCII only; fbcon draws others as '?'. */
extern const u8 font8x16[FONT_LAST - FONT_FIRST + 1][FONT_HEIGHT];

#endif
