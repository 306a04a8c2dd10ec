/* SPDX-License-Identifier: MIT */
/* tests/host/test_console.c - the VGA text screen rule of the console line
 * (issue 8, item 6): what the Multiboot information says decides vga=yes,
 * vga=no or vga=assumed, with the evidence in words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "arch/x86/console.h"
#include "boot/multiboot.h"

#define FLAG_VBE (1u << 11)

static struct multiboot_info fb_info(u32 type, u64 addr, u32 w, u32 h, u8 bpp)
{
	struct multiboot_info m;

	memset(&m, 0, sizeof(m));
	m.flags = MULTIBOOT_INFO_MEMORY | MULTIBOOT_INFO_FRAMEBUFFER;
	m.framebuffer_type = (u8)type;
	m.framebuffer_addr = addr;
	m.framebuffer_width = w;
	m.framebuffer_height = h;
	m.framebuffer_bpp = bpp;
	m.framebuffer_pitch = w * (bpp / 8);
	return m;
}

/* GRUB on a BIOS PC with gfxpayload=text: EGA text 80x25 at 0xB8000. */
static void test_ega_text(void **state)
{
	struct multiboot_info m = fb_info(2, 0xB8000, 80, 25, 16);
	char why[160];
	(void)state;

	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_YES);
	assert_string_equal(why, "EGA text 80x25 at 0xb8000, from the loader's framebuffer info");
	/* EGA text somewhere else is not the screen the kernel writes to. */
	m.framebuffer_addr = 0xB0000;
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_NO);
	assert_string_equal(why, "EGA text 80x25 at 0xb0000, not 0xb8000: not used");
}

/* GRUB on UEFI: a linear RGB framebuffer, taken by fbcon; no text screen. */
static void test_rgb_framebuffer(void **state)
{
	struct multiboot_info m = fb_info(1, 0x80000000, 1024, 768, 32);
	char why[160];
	(void)state;

	assert_int_equal(console_vga_text(&m, true, why, sizeof(why)), VGA_TEXT_NO);
	assert_string_equal(why, "1024x768x32 RGB framebuffer at 0x80000000; no VGA text screen");
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_NO);
	assert_string_equal(why, "1024x768x32 RGB framebuffer at 0x80000000 that the framebuffer console cannot use; "
				 "no VGA text screen");
	m = fb_info(0, 0xFD000000, 640, 480, 8);
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_NO);
	assert_string_equal(why, "640x480x8 indexed-colour framebuffer: not supported, no VGA text screen");
	m = fb_info(7, 0xFD000000, 640, 480, 8);
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_NO);
}

/* VBE information only (flags bit 11): the mode number decides. */
static void test_vbe_mode(void **state)
{
	struct multiboot_info m;
	char why[160];
	(void)state;

	memset(&m, 0, sizeof(m));
	m.flags = FLAG_VBE;
	m.vbe_mode = 0x3;
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_YES);
	assert_string_equal(why, "VBE mode 0x3 (text), from the loader's VBE info");
	m.vbe_mode = 0x4118; /* 1024x768x24 with the linear-framebuffer bit */
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_NO);
	assert_string_equal(why, "VBE mode 0x4118 (graphics: no VGA text screen), from the loader's VBE info");
	m.vbe_mode = 0x108; /* VESA 80x60 text */
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_YES);
	m.vbe_mode = 0x7; /* monochrome text */
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_YES);
	m.vbe_mode = 0x13; /* 320x200x8 */
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_NO);
	/* Framebuffer info wins over VBE info. */
	m = fb_info(1, 0x80000000, 800, 600, 32);
	m.flags |= FLAG_VBE;
	m.vbe_mode = 0x3;
	assert_int_equal(console_vga_text(&m, true, why, sizeof(why)), VGA_TEXT_NO);
}

/* QEMU's -kernel loader, or GRUB with no video information: unknown. */
static void test_no_video_info(void **state)
{
	struct multiboot_info m;
	char why[160];
	(void)state;

	memset(&m, 0, sizeof(m));
	m.flags = MULTIBOOT_INFO_MEMORY | MULTIBOOT_INFO_CMDLINE | MULTIBOOT_INFO_MEM_MAP;
	assert_int_equal(console_vga_text(&m, false, why, sizeof(why)), VGA_TEXT_ASSUMED);
	assert_string_equal(why, "no video info from the loader: writing to 0xb8000 without knowing that a VGA text "
				 "screen is there");
	assert_string_equal(console_vga_token(VGA_TEXT_ASSUMED), "assumed");
	assert_string_equal(console_vga_token(VGA_TEXT_YES), "yes");
	assert_string_equal(console_vga_token(VGA_TEXT_NO), "no");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ega_text),
		cmocka_unit_test(test_rgb_framebuffer),
		cmocka_unit_test(test_vbe_mode),
		cmocka_unit_test(test_no_video_info),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
