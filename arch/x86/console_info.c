/* SPDX-License-Identifier: MIT */
/* arch/x86/console_info.c - is there a VGA text screen? The rule, from the
 * boot loader's Multiboot information (pure C: host-tested).
 *
 * The kernel's VGA console writes 80x25 cells at 0xB8000. Whether a text
 * screen shows them, only the loader can say:
 *   1. flags bit 12 (framebuffer info): type 2 (EGA text) at 0xB8000 is a
 *      text screen; type 1 (RGB) or 0 (indexed) is a graphics mode, so there
 *      is no text screen (the RGB one gets the framebuffer console, fbcon.c);
 *      EGA text at another address is not the one the kernel writes to.
 *   2. else flags bit 11 (VBE info): the current VBE mode number; BIOS modes
 *      0-3 and 7 and VESA modes 0x108-0x10C are text, any other is graphics.
 *   3. else the loader said nothing (QEMU's -kernel loader; GRUB on a UEFI
 *      machine where it set no video mode): the kernel cannot know. It keeps
 *      writing to 0xB8000 and the console line says vga=assumed.
 * The Multiboot specification 0.6.96, "Boot information format". */
#include "arch/x86/console.h"
#include "boot/multiboot.h"
#include "kernel/printk.h"

#define FB_TYPE_INDEXED 0
#define FB_TYPE_RGB	1
#define FB_TYPE_EGA	2
#define VGA_TEXT_PHYS	0xB8000u
#define MBI_FLAG_VBE	(1u << 11) /* vbe_* fields valid */

static bool vbe_mode_is_text(u32 mode)
{
	mode &= 0x3FFF; /* bit 14: linear framebuffer, bit 15: keep memory */
	if (mode < 0x100)
		return mode <= 3 || mode == 7;
	return mode >= 0x108 && mode <= 0x10C;
}

enum vga_text_state console_vga_text(const struct multiboot_info *mbi, bool fb_active, char *why, size_t size)
{
	if (mbi->flags & MULTIBOOT_INFO_FRAMEBUFFER) {
		u64 addr = mbi->framebuffer_addr;
		u32 w = mbi->framebuffer_width, h = mbi->framebuffer_height;

		switch (mbi->framebuffer_type) {
		case FB_TYPE_EGA:
			if (addr != VGA_TEXT_PHYS) {
				ksnprintf(why, size, "EGA text %ux%u at 0x%llx, not 0xb8000: not used", w, h,
					  (unsigned long long)addr);
				return VGA_TEXT_NO;
			}
			ksnprintf(why, size, "EGA text %ux%u at 0xb8000, from the loader's framebuffer info", w, h);
			return VGA_TEXT_YES;
		case FB_TYPE_RGB:
			ksnprintf(why, size, "%ux%ux%u RGB framebuffer at 0x%llx%s; no VGA text screen", w, h,
				  mbi->framebuffer_bpp, (unsigned long long)addr,
				  fb_active ? "" : " that the framebuffer console cannot use");
			return VGA_TEXT_NO;
		case FB_TYPE_INDEXED:
			ksnprintf(why, size, "%ux%ux%u indexed-colour framebuffer: not supported, no VGA text screen",
				  w, h, mbi->framebuffer_bpp);
			return VGA_TEXT_NO;
		default:
			ksnprintf(why, size, "framebuffer of unknown type %u: no VGA text screen",
				  mbi->framebuffer_type);
			return VGA_TEXT_NO;
		}
	}
	if (mbi->flags & MBI_FLAG_VBE) {
		bool text = vbe_mode_is_text(mbi->vbe_mode);
		ksnprintf(why, size, "VBE mode 0x%x (%s), from the loader's VBE info", mbi->vbe_mode,
			  text ? "text" : "graphics: no VGA text screen");
		return text ? VGA_TEXT_YES : VGA_TEXT_NO;
	}
	ksnprintf(why, size,
		  "no video info from the loader: writing to 0xb8000 without knowing that a VGA text "
		  "screen is there");
	return VGA_TEXT_ASSUMED;
}

const char *console_vga_token(enum vga_text_state s)
{
	return s == VGA_TEXT_YES ? "yes" : s == VGA_TEXT_NO ? "no" : "assumed";
}
