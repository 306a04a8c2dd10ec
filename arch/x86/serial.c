/* SPDX-License-Identifier: MIT */
/* arch/x86/serial.c - the 16550 UART on COM1 as a polled console.
 *
 * Registers, at offsets from the base port 0x3F8 (DLAB = LCR bit 7):
 *   +0 THR (write) / RBR (read), or divisor low byte when DLAB=1
 *   +1 IER (interrupt enable),   or divisor high byte when DLAB=1
 *   +2 FCR (FIFO control, write)
 *   +3 LCR (line control: word length, parity, stop bits, DLAB)
 *   +4 MCR (modem control: DTR, RTS, OUT1, OUT2, LOOP)
 *   +5 LSR (line status: bit 0 data ready, bit 5 THR empty)
 * The baud rate is 115200 / divisor. */
#include "arch/x86/serial.h"
#include "arch/x86/cpu.h"

#define COM1	  0x3F8
#define UART_DATA (COM1 + 0)
#define UART_IER  (COM1 + 1)
#define UART_FCR  (COM1 + 2)
#define UART_LCR  (COM1 + 3)
#define UART_MCR  (COM1 + 4)
#define UART_LSR  (COM1 + 5)

#define LSR_DATA_READY 0x01
#define LSR_THR_EMPTY  0x20

/* One byte takes ~87 us at 115200 baud and the FIFO holds 16; an ISA port
 * read takes about 1 us, so 100000 polls is far more than a working UART
 * ever needs. A UART that stays busy that long is declared dead and skipped. */
#define TX_SPIN_LIMIT 100000

static bool present;

bool serial_present(void)
{
	return present;
}

bool serial_init(void)
{
	outb(UART_IER, 0x00);  /* no interrupts: we poll */
	outb(UART_LCR, 0x80);  /* DLAB=1 to reach the divisor latch */
	outb(UART_DATA, 0x01); /* divisor 1 = 115200 baud */
	outb(UART_IER, 0x00);
	outb(UART_LCR, 0x03); /* DLAB=0, 8 data bits, no parity, 1 stop bit */
	outb(UART_FCR, 0xC7); /* enable and clear both FIFOs, 14-byte trigger */

	/* Loopback test: with MCR.LOOP the transmitter feeds the receiver, so
	 * a byte written must read back. No UART (floating bus reads 0xFF) or
	 * a broken one fails. */
	outb(UART_MCR, 0x1E); /* LOOP, RTS, OUT1, OUT2 */
	outb(UART_DATA, 0xAE);
	for (int i = 0; i < 1000 && !(inb(UART_LSR) & LSR_DATA_READY); i++)
		;
	present = inb(UART_DATA) == 0xAE;

	outb(UART_MCR, 0x0B); /* normal operation: DTR, RTS, OUT2 */
	return present;
}

static void put_byte(u8 c)
{
	for (int i = 0; !(inb(UART_LSR) & LSR_THR_EMPTY); i++) {
		if (i >= TX_SPIN_LIMIT) {
			present = false;
			return;
		}
	}
	outb(UART_DATA, c);
}

void serial_write(const char *s, size_t n)
{
	for (size_t i = 0; i < n && present; i++) {
		if (s[i] == '\n')
			put_byte('\r');
		put_byte((u8)s[i]);
	}
}
