/* SPDX-License-Identifier: MIT */
/* arch/x86/serial.h - the COM1 16550 UART console driver (serial.c). */
#ifndef ARCH_X86_SERIAL_H
#define ARCH_X86_SERIAL_H

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

#endif
