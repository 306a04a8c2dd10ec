/* SPDX-License-Identifier: MIT */
/* arch/x86/fbcon.c - a text console on the linear framebuffer that the boot
 * loader hands over (GRUB on UEFI, where there is no VGA text mode).
 *
 * The Multiboot header (boot/entry.asm) asks for 1024x768x32; GRUB reports
 * what it set in the info structure (flags bit 12): physical address, pitch
 * (bytes per pixel row), width, height, bits per pixel, and for direct RGB
 * (type 1) the position and size of each colour field. The text grid is
 * width/8 x height/16 cells of the built-in font (font8x16.c).
 *
 * Where the pixels are: until paging is on, at their physical address (the
 * framebuffer usually sits above low memory, e.g. 0x80000000 or 0xC0000000,
 * which only the identity of paging-off reaches). paging_init() calls
 * fbcon_map() (init/memory.c hands it over) just before it sets CR0.PG: the
 * framebuffer is then mapped uncached at FBCON_VIRT (arch.h), and every
 * write looks at CR0.PG to pick the address, so no line is lost or
 * misdirected at the switch.
 *
 * Scrolling never reads the framebuffer (reads of uncached video memory are
 * very slow on real hardware): a shadow copy of the characters on screen is
 * moved up one row and only the cells whose character changed are redrawn. */
#include "arch/x86/fbcon.h"
#include "arch/x86/arch.h"
#include "arch/x86/cpu.h"
#include "arch/x86/font8x16.h"
#include "kernel/printk.h"
#include "kernel/qr.h"
#include "kernel/string.h"

#define FB_TYPE_RGB 1
#define FB_MAX_COLS 256 /* 2048 pixels; wider screens use the left part */
#define FB_MAX_ROWS 128 /* 2048 pixels */
#define CR0_PG	    (1u << 31)

static struct {
	u32 phys;		       /* physical address of pixel (0, 0) */
	u32 size;		       /* bytes used: pitch * rows * FONT_HEIGHT */
	u32 pitch;		       /* bytes per pixel row */
	u32 width, height, bpp, bytes; /* pixels, bits and bytes per pixel */
	u32 fg, bg;		       /* pixel values for text and background */
	u32 white;		       /* light QR modules */
	u32 cols, rows;		       /* text grid */
	u32 col, row;		       /* next cell to write */
	bool active, mapped;
} fb;
static u8 shadow[FB_MAX_ROWS][FB_MAX_COLS]; /* character shown in each cell */

bool fbcon_active(void)
{
	return fb.active;
}

/* A 0..255 intensity in a colour field of `size` bits at bit `pos`. */
static u32 channel(u32 v, u8 pos, u8 size)
{
	if (size == 0 || size > 8 || pos >= 32)
		return 0;
	return (v >> (8 - size)) << pos;
}

static u32 rgb(const struct multiboot_info *mbi, u32 r, u32 g, u32 b)
{
	const u8 *ci = mbi->color_info; /* red pos, size, green pos, size, blue pos, size */
	return channel(r, ci[0], ci[1]) | channel(g, ci[2], ci[3]) | channel(b, ci[4], ci[5]);
}

/* Where to write now: the physical address while paging is off, the mapping
 * once it is on (NULL if mapping failed: the console goes quiet). */
static u8 *fb_base(void)
{
	if (!(read_cr0() & CR0_PG))
		return (u8 *)fb.phys;
	return fb.mapped ? (u8 *)FBCON_VIRT : NULL;
}

static void put_pixel(u8 *p, u32 v)
{
	switch (fb.bytes) {
	case 4:
		*(volatile u32 *)p = v;
		break;
	case 3:
		((volatile u8 *)p)[0] = (u8)v;
		((volatile u8 *)p)[1] = (u8)(v >> 8);
		((volatile u8 *)p)[2] = (u8)(v >> 16);
		break;
	default:
		*(volatile u16 *)p = (u16)v;
		break;
	}
}

static void draw_cell(u8 *base, u32 row, u32 col, u8 ch)
{
	const u8 *glyph = font8x16[(ch < FONT_FIRST || ch > FONT_LAST ? '?' : ch) - FONT_FIRST];
	u8 *p = base + row * FONT_HEIGHT * fb.pitch + col * FONT_WIDTH * fb.bytes;

	for (u32 y = 0; y < FONT_HEIGHT; y++, p += fb.pitch) {
		u8 bits = ch == ' ' ? 0 : glyph[y];
		for (u32 x = 0; x < FONT_WIDTH; x++)
			put_pixel(p + x * fb.bytes, bits & (0x80u >> x) ? fb.fg : fb.bg);
	}
}

static void scroll(u8 *base)
{
	for (u32 r = 0; r < fb.rows; r++) {
		for (u32 c = 0; c < fb.cols; c++) {
			u8 next = r + 1 < fb.rows ? shadow[r + 1][c] : ' ';
			if (shadow[r][c] != next) {
				shadow[r][c] = next;
				draw_cell(base, r, c, next);
			}
		}
	}
	fb.row = fb.rows - 1;
}

static void newline(u8 *base)
{
	fb.col = 0;
	if (++fb.row == fb.rows)
		scroll(base);
}

static void fbcon_write(const char *s, size_t n)
{
	u8 *base = fb_base();

	if (!base)
		return;
	for (size_t i = 0; i < n; i++) {
		u8 c = (u8)s[i];
		if (c == '\n') {
			newline(base);
		} else if (c == '\r') {
			fb.col = 0;
		} else if (c == '\t') {
			fb.col = (fb.col + 8) & ~7u;
			if (fb.col >= fb.cols)
				newline(base);
		} else {
			if (shadow[fb.row][fb.col] != c) {
				shadow[fb.row][fb.col] = c;
				draw_cell(base, fb.row, fb.col, c);
			}
			if (++fb.col == fb.cols)
				newline(base);
		}
	}
}

bool fbcon_init(const struct multiboot_info *mbi)
{
	u64 addr;
	u32 rows;
	u8 *base;

	if (!(mbi->flags & MULTIBOOT_INFO_FRAMEBUFFER) || mbi->framebuffer_type != FB_TYPE_RGB)
		return false; /* none, or EGA text (BIOS): vga.c has the screen */
	addr = mbi->framebuffer_addr;
	fb.bpp = mbi->framebuffer_bpp;
	fb.bytes = (fb.bpp + 7) / 8;
	fb.pitch = mbi->framebuffer_pitch;
	fb.width = mbi->framebuffer_width;
	fb.height = mbi->framebuffer_height;
	rows = MIN(fb.height / FONT_HEIGHT, MIN(FB_MAX_ROWS, FBCON_VIRT_SIZE / FONT_HEIGHT / MAX(fb.pitch, 1u)));
	if ((fb.bpp != 15 && fb.bpp != 16 && fb.bpp != 24 && fb.bpp != 32) || fb.pitch < fb.width * fb.bytes ||
	    fb.width < FONT_WIDTH || rows == 0 || addr + (u64)fb.pitch * rows * FONT_HEIGHT > 0x100000000ull ||
	    (addr & (PAGE_SIZE - 1))) {
		printk("fbcon: framebuffer %ux%ux%u at 0x%llx pitch %u not usable; no framebuffer console\n", fb.width,
		       fb.height, fb.bpp, (unsigned long long)addr, fb.pitch);
		return false;
	}
	fb.phys = (u32)addr;
	fb.rows = rows;
	fb.cols = MIN(fb.width / FONT_WIDTH, (u32)FB_MAX_COLS);
	fb.size = fb.pitch * fb.rows * FONT_HEIGHT;
	fb.fg = rgb(mbi, 0xaa, 0xaa, 0xaa); /* light grey on black, as vga.c */
	fb.bg = rgb(mbi, 0, 0, 0);
	fb.white = rgb(mbi, 0xff, 0xff, 0xff);
	fb.row = fb.col = 0;

	base = fb_base();
	for (u32 y = 0; y < fb.rows * FONT_HEIGHT; y++)
		for (u32 x = 0; x < fb.width; x++)
			put_pixel(base + y * fb.pitch + x * fb.bytes, fb.bg);
	memset(shadow, ' ', sizeof(shadow));

	fb.active = true;
	console_register(fbcon_write);
	printk(
	    "fbcon: %ux%ux%u framebuffer at 0x%08x pitch %u (red %u:%u green %u:%u blue %u:%u): %ux%u text console\n",
	    fb.width, fb.height, fb.bpp, fb.phys, fb.pitch, mbi->color_info[0], mbi->color_info[1], mbi->color_info[2],
	    mbi->color_info[3], mbi->color_info[4], mbi->color_info[5], fb.cols, fb.rows);
	return true;
}

void fbcon_map(void)
{
	u32 pages = (fb.size + PAGE_SIZE - 1) / PAGE_SIZE;

	if (!fb.active)
		return;
	for (u32 i = 0; i < pages; i++) {
		if (map_page(FBCON_VIRT + i * PAGE_SIZE, (fb.phys >> PAGE_SHIFT) + i, true) < 0) {
			printk("fbcon: cannot map the framebuffer (no page-table page); framebuffer console off\n");
			return;
		}
	}
	fb.mapped = true;
}

/* fbcon_draw_qr: see fbcon.h. Right of the 80th text column, at the top:
 * text within 79 columns (the end of the log) never covers it, and nothing
 * may be printed after it (scrolling would redraw those cells). */
int fbcon_draw_qr(const struct qr_code *q)
{
	u32 quiet = 4, side = q->size + 2 * quiet, left = 80 * FONT_WIDTH + FONT_WIDTH, px, x0, y0;
	u8 *base = fb_base();

	if (!fb.active || !base || fb.width <= left + side * 2)
		return -1;
	px = MIN((fb.width - left) / side, fb.rows * FONT_HEIGHT / side);
	px = MIN(px, 8u);
	if (px < 2)
		return -1;
	x0 = fb.width - side * px - FONT_WIDTH;
	y0 = FONT_HEIGHT;
	if (y0 + side * px > fb.rows * FONT_HEIGHT)
		y0 = 0;
	for (u32 y = 0; y < side * px; y++)
		for (u32 x = 0; x < side * px; x++) {
			int my = (int)(y / px) - (int)quiet, mx = (int)(x / px) - (int)quiet;
			bool dark = my >= 0 && mx >= 0 && my < (int)q->size && mx < (int)q->size && q->module[my][mx];
			put_pixel(base + (y0 + y) * fb.pitch + (x0 + x) * fb.bytes, dark ? fb.bg : fb.white);
		}
	return (int)px;
}
