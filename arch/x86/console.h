/* SPDX-License-Identifier: MIT */
/* arch/x86/console.h - console-wide code above the console drivers (serial.h,
 * vga.h, fbcon.h): the rule for a VGA text screen (console_info.c, pure) and
 * console.c (the framebuffer console takes the screen from VGA text; the line
 * that says where the log goes). */
#ifndef ARCH_X86_CONSOLE_H
#define ARCH_X86_CONSOLE_H

#include "kernel/types.h"

struct multiboot_info;

/* Whether a VGA text screen shows what vga_write() writes (console_info.c
 * has the rule). */
enum vga_text_state {
	VGA_TEXT_YES,	 /* the loader says text mode at 0xB8000 */
	VGA_TEXT_NO,	 /* the loader says graphics (or text elsewhere) */
	VGA_TEXT_ASSUMED /* the loader says nothing: written to, unknown */
};
/* Decides from the Multiboot flags, framebuffer and VBE fields (fb_active:
 * the framebuffer console took the screen) and writes the evidence into why
 * (size bytes, e.g. "EGA text 80x25 at 0xb8000, from the loader's
 * framebuffer info"). Pure: no hardware access. */
enum vga_text_state console_vga_text(const struct multiboot_info *mbi, bool fb_active, char *why, size_t size);
/* "yes", "no" or "assumed". */
const char *console_vga_token(enum vga_text_state s);
/* Prints the line that says where the log goes, e.g.
 *   boot: console serial=yes vga=yes fb=no (EGA text 80x25 at 0xb8000, ...)
 *   boot: console serial=yes vga=no fb=yes (1024x768x32 RGB framebuffer ...)
 *   boot: console serial=no vga=assumed fb=no (no video info from the loader: ...)
 * and stops VGA text output when the loader says there is no text screen.
 * Call after console_fb_init(). (console.c) */
void console_describe(const struct multiboot_info *mbi);
/* fbcon_init(mbi) (fbcon.h), and when the framebuffer console took the
 * screen, vga_disable(): in a graphics mode there is no text screen at
 * 0xB8000. Returns what fbcon_init returned. Call with paging off. (console.c) */
bool console_fb_init(const struct multiboot_info *mbi);

#endif
