/* SPDX-License-Identifier: MIT */
/* arch/x86/fbcon.h - a text console on the Multiboot framebuffer (when the
 * loader hands one over, as GRUB does on UEFI where there is no VGA text). */
#ifndef ARCH_X86_FBCON_H
#define ARCH_X86_FBCON_H

#include "boot/multiboot.h"

/* Registers a framebuffer console when mbi describes a linear RGB
 * framebuffer (flags bit 12, type 1) that can be mapped; returns true then.
 * Returns false (and does nothing) otherwise: EGA text, no framebuffer. Call
 * with paging off: it draws at the framebuffer's physical address. The VGA
 * text console is turned off by the caller, console_fb_init() (console.c). */
bool fbcon_init(const struct multiboot_info *mbi);
/* True after fbcon_init() returned true. */
bool fbcon_active(void);
/* Passed to paging_init() (by init/memory.c), which calls it right before it
 * turns paging on: maps the
 * framebuffer uncached at FBCON_VIRT (arch.h). From the moment CR0.PG is set
 * the console draws through that mapping. Does nothing without fbcon. */
void fbcon_map(void);

struct qr_code;
/* Draws a QR code (kernel/qr.h) with a 4-module light quiet zone at the top
 * right of the framebuffer, right of the 80th text column, as large as fits
 * (2 to 8 pixels per module). Draw it last: later text may scroll over it.
 * Returns the pixels per module, or -1 when there is no framebuffer console
 * or no room (narrower than 80 columns plus the code). */
int fbcon_draw_qr(const struct qr_code *q);

#endif
