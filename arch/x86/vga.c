/* SPDX-License-Identifier: MIT */
/* arch/x86/vga.c - the 80x25 colour text console at 0xB8000.
 *
 * Each cell is a 16-bit word: character in the low byte, attribute (background
 * nibble, foreground nibble) in the high byte. The hardware cursor position is
 * a cell index written to CRTC registers 0x0E (high) and 0x0F (low) through
 * the index/data ports 0x3D4/0x3D5. */
#include "arch/x86/vga.h"
#include "arch/x86/cpu.h"

#define VGA_COLS   80
#define VGA_ROWS   25
#define VGA_ATTR   0x07 /* light grey on black */
#define VGA_BLANK  ((u16)(VGA_ATTR << 8 | ' '))
#define CRTC_INDEX 0x3D4
#define CRTC_DATA  0x3D5

static volatile u16 *const vga_mem = (volatile u16 *)0xB8000;
static u32 row, col;
static bool disabled;

void vga_disable(void)
{
	disabled = true;
}

static void update_cursor(void)
{
	u16 pos = (u16)(row * VGA_COLS + col);
	outb(CRTC_INDEX, 0x0E);
	outb(CRTC_DATA, pos >> 8);
	outb(CRTC_INDEX, 0x0F);
	outb(CRTC_DATA, pos & 0xFF);
}

void vga_init(void)
{
	for (u32 i = 0; i < VGA_COLS * VGA_ROWS; i++)
		vga_mem[i] = VGA_BLANK;
	row = col = 0;
	update_cursor();
}

static void scroll(void)
{
	for (u32 i = 0; i < VGA_COLS * (VGA_ROWS - 1); i++)
		vga_mem[i] = vga_mem[i + VGA_COLS];
	for (u32 i = VGA_COLS * (VGA_ROWS - 1); i < VGA_COLS * VGA_ROWS; i++)
		vga_mem[i] = VGA_BLANK;
	row = VGA_ROWS - 1;
}

static void newline(void)
{
	col = 0;
	if (++row == VGA_ROWS)
		scroll();
}

void vga_write(const char *s, size_t n)
{
	if (disabled)
		return;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (c == '\n') {
			newline();
		} else if (c == '\r') {
			col = 0;
		} else if (c == '\t') {
			col = (col + 8) & ~7u;
			if (col >= VGA_COLS)
				newline();
		} else {
			vga_mem[row * VGA_COLS + col] = (u16)(VGA_ATTR << 8 | (u8)c);
			if (++col == VGA_COLS)
				newline();
		}
	}
	update_cursor();
}
