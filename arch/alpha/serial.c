// SPDX-License-Identifier: MIT
/* arch/alpha/serial.c - COM1 (a 16550 at ISA port 0x3f8) as the console. */
#include "arch/alpha/serial.h"
#include "arch/alpha/io.h"

#define COM1 0x3f8

void serial_init(void)
{
	outb(0x00, COM1 + 1); /* no interrupts */
	outb(0x80, COM1 + 3); /* DLAB: divisor follows */
	outb(0x01, COM1 + 0); /* 115200 baud */
	outb(0x00, COM1 + 1);
	outb(0x03, COM1 + 3); /* 8 bits, no parity, one stop bit */
	outb(0xc7, COM1 + 2); /* FIFO on, cleared */
	outb(0x03, COM1 + 4); /* DTR, RTS */
}

static void serial_putc(char c)
{
	while (!(inb(COM1 + 5) & 0x20)) /* transmit holding register empty */
		;
	outb((u8)c, COM1);
}

void serial_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n')
			serial_putc('\r');
		serial_putc(s[i]);
	}
}
