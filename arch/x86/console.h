/* arch/x86/console.h - the x86 console devices: COM1 16550 UART and VGA text. */
#ifndef ARCH_X86_CONSOLE_H
#define ARCH_X86_CONSOLE_H

#include "kernel/types.h"

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

#endif
