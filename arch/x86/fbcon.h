/* arch/x86/fbcon.h - a text console on the Multiboot framebuffer (when the
 * loader hands one over, as GRUB does on UEFI where there is no VGA text). */
#ifndef ARCH_X86_FBCON_H
#define ARCH_X86_FBCON_H

#include "boot/multiboot.h"

/* Registers a framebuffer console when mbi describes a linear RGB
 * framebuffer (flags bit 12, type 1) that can be mapped; returns true then.
 * Returns false (and does nothing) otherwise: EGA text, no framebuffer. */
bool fbcon_init(const struct multiboot_info *mbi);

#endif
