/* arch/x86/e820.h - the firmware memory map (BIOS e820 types, as Multiboot and the
 * Linux boot log report them) and its sanitizer. */
#ifndef ARCH_X86_E820_H
#define ARCH_X86_E820_H

#include "kernel/types.h"

#define E820_MAX_ENTRIES 128 /* entries accepted from firmware */
/* A sanitized map can have up to 2n-1 entries for n input entries. */
#define E820_TABLE_CAP (2 * E820_MAX_ENTRIES)

enum e820_type {
	E820_TYPE_RAM = 1, /* usable */
	E820_TYPE_RESERVED = 2,
	E820_TYPE_ACPI = 3,	/* ACPI tables, reclaimable after parsing */
	E820_TYPE_NVS = 4,	/* ACPI non-volatile storage */
	E820_TYPE_UNUSABLE = 5, /* bad memory */
	E820_TYPE_PMEM = 7,	/* persistent memory */
};

struct e820_entry {
	u64 addr; /* bytes */
	u64 size; /* bytes */
	u32 type; /* enum e820_type, or any other firmware value */
};

struct e820_table {
	u32 nr_entries;
	struct e820_entry entries[E820_TABLE_CAP];
};

/* Appends an entry. Returns 0, or -1 when the table is full (E820_TABLE_CAP). */
int e820_add(struct e820_table *t, u64 addr, u64 size, u32 type);

/* Builds out from in: entries sorted by address, zero-length entries dropped,
 * everything at or above 4 GiB cut off (an entry crossing 4 GiB is
 * truncated), overlaps resolved so that any non-usable type wins over usable
 * memory (between two non-usable types the larger type number wins), and
 * adjacent entries of one type merged. *dropped_above_4g (may be NULL)
 * receives the bytes of usable memory ignored at or above 4 GiB, resolved
 * the same way (RAM listed twice counts once; reserved over RAM wins).
 * Returns the number of entries in out, or -1 when in has more than
 * E820_MAX_ENTRIES entries (out is then empty). */
int e820_sanitize(const struct e820_table *in, struct e820_table *out, u64 *dropped_above_4g);

/* Bytes of type in a sanitized table. */
u64 e820_total(const struct e820_table *t, u32 type);
/* Whole 4 KiB pages of usable RAM in a sanitized table (partial pages at the
 * ends of each entry are trimmed). */
u32 e820_usable_pages(const struct e820_table *t);

/* "usable", "reserved", "ACPI data", "ACPI NVS", "unusable", "persistent",
 * or "type N" (N in decimal, written into a static buffer). */
const char *e820_type_name(u32 type);
/* Prints every entry as "<prefix>: [mem 0x...-0x...] <type>" (end inclusive,
 * the Linux boot-log form). */
void e820_print(const struct e820_table *t, const char *prefix);

#endif
