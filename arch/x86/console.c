/* SPDX-License-Identifier: MIT */
/* arch/x86/console.c - console-wide code above the console drivers (serial.c,
 * vga.c, fbcon.c): which screen takes the log, and the line that says where
 * it goes. The drivers call neither each other nor this file. */
#include "arch/x86/console.h"
#include "arch/x86/fbcon.h"
#include "arch/x86/serial.h"
#include "arch/x86/vga.h"
#include "kernel/printk.h"

bool console_fb_init(const struct multiboot_info *mbi)
{
	if (!fbcon_init(mbi))
		return false;
	vga_disable(); /* a graphics mode: there is no text screen at 0xB8000 */
	return true;
}

void console_describe(const struct multiboot_info *mbi)
{
	char why[160];
	enum vga_text_state v = console_vga_text(mbi, fbcon_active(), why, sizeof(why));

	if (v == VGA_TEXT_NO)
		vga_disable();
	printk("boot: console serial=%s vga=%s fb=%s (%s)\n", serial_present() ? "yes" : "no", console_vga_token(v),
	       fbcon_active() ? "yes" : "no", why);
}
