/* SPDX-License-Identifier: MIT */
/* arch/x86/console.h - the x86 console devices: COM1 16550 UART and VGA text. */
#ifndef ARCH_X86_CONSOLE_H
#define ARCH_X86_CONSOLE_H

#include "kernel/types.h"

struct multiboot_info;

/* Programs COM1 (0x3F8) for 115200 8N1 with FIFOs. Returns true when a UART
 * answered the loopback test, false when there is none (output then goes to
 * the VGA screen only). */
bool serial_init(void);
/* True when the last serial_init() found COM1 and the UART has not since
 * stopped draining its transmitter (serial_write then gives up on it). */
bool serial_present(void);
/* Writes n bytes, waiting for the transmitter before each; "\n" becomes "\r\n". */
void serial_write(const char *s, size_t n);
/* Reads one byte if one is waiting; returns -1 when none. */
int serial_getc(void);

/* Clears the 80x25 text screen at 0xB8000. */
void vga_init(void);
/* Writes n bytes with scrolling; handles '\n', '\r', '\t'. */
void vga_write(const char *s, size_t n);
/* Makes vga_write do nothing from now on (a graphics framebuffer console
 * took over the screen, e.g. on UEFI: 0xB8000 is no text screen there). */
void vga_disable(void);

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
 * Call after fbcon_init(). */
void console_describe(const struct multiboot_info *mbi);

#endif
