/* SPDX-License-Identifier: MIT */
/* arch/x86/vga.h - the VGA text console driver (vga.c): 80x25 cells at 0xB8000. */
#ifndef ARCH_X86_VGA_H
#define ARCH_X86_VGA_H

#include "kernel/types.h"

/* Clears the 80x25 text screen at 0xB8000. */
void vga_init(void);
/* Writes n bytes with scrolling; handles '\n', '\r', '\t'. */
void vga_write(const char *s, size_t n);
/* Makes vga_write do nothing from now on (a graphics framebuffer console
 * took over the screen, e.g. on UEFI: 0xB8000 is no text screen there). */
void vga_disable(void);

#endif
