/* SPDX-License-Identifier: MIT */
/* arch/alpha/io.h - ISA port I/O on QEMU's clipper (Typhoon chipset).
 *
 * The Typhoon's PCI bus 0 I/O space is at physical 0x801fc000000 (the
 * chipset's pio base 0x10000000000 plus pchip 0's 0x1fc000000); an ISA port
 * is that plus the port number, reached through KSEG with byte loads and
 * stores (the BWX extension, present on the 21164A and later). */
#ifndef ARCH_ALPHA_IO_H
#define ARCH_ALPHA_IO_H

#include "kernel/types.h"

#define ALPHA_TYPHOON_PCI0_IO 0xfffffd01fc000000ul /* KSEG + 0x801fc000000 */

static inline void outb(u8 v, u16 port)
{
	*(volatile u8 *)(ALPHA_TYPHOON_PCI0_IO + port) = v;
	__asm__ volatile("mb" ::: "memory");
}

static inline u8 inb(u16 port)
{
	u8 v = *(volatile u8 *)(ALPHA_TYPHOON_PCI0_IO + port);

	__asm__ volatile("mb" ::: "memory");
	return v;
}

#endif
