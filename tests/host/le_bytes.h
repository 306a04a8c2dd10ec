/* SPDX-License-Identifier: MIT */
/* tests/host/le_bytes.h - little-endian stores for crafting firmware tables
 * (ACPI, MADT, the Multiboot memory map) in host tests and fuzz targets. */
#ifndef TESTS_HOST_LE_BYTES_H
#define TESTS_HOST_LE_BYTES_H

#include "kernel/types.h"

/* Stores v at p, least significant byte first (4 bytes). */
static inline void put32(u8 *p, u32 v)
{
	for (u32 i = 0; i < 4; i++)
		p[i] = (u8)(v >> (8 * i));
}

/* Stores v at p, least significant byte first (8 bytes). */
static inline void put64(u8 *p, u64 v)
{
	put32(p, (u32)v);
	put32(p + 4, (u32)(v >> 32));
}

#endif
