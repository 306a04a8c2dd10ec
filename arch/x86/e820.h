/* SPDX-License-Identifier: MIT */
/* arch/x86/e820.h - the firmware memory map (BIOS e820 types, as Multiboot
 * and the Linux boot log report them), its sanitizer, and the step that
 * feeds the sanitized map to memblock as generic ranges.
 *
 * The same code runs in the kernel and, built for the host, in
 * tools/zoneinfo, the host tests and tests/fuzz/fuzz_memmap, so the tool and
 * the kernel agree on every map. */
#ifndef ARCH_X86_E820_H
#define ARCH_X86_E820_H

#include "kernel/types.h"

/* Entries a raw table keeps. Entries are merged on input where they touch
 * or overlap the previous entry of the same type (a UEFI map's runs of one
 * type), and a full table is compacted (sanitized in place, without the
 * 4 GiB cut) before an entry is refused; see e820_add(). */
#define E820_MAX_ENTRIES 1024
/* A sanitized map has at most 2n+1 entries for n raw entries (the +1 is the
 * reserve that stands for refused entries, see e820_add()). */
#define E820_TABLE_CAP (2 * E820_MAX_ENTRIES + 2)

/* Types as ACPI and Linux name them. Every value other than E820_TYPE_RAM,
 * including 0 and values no specification defines, is memory the kernel
 * must not use. */
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
	/* Input accounting of a raw table, kept by e820_add(): */
	u32 nr_input;	  /* e820_add() calls with a non-empty entry */
	u32 nr_merged;	  /* of those, merged into the previous entry */
	u32 nr_compacted; /* times the full table was compacted */
	u32 nr_refused;	  /* entries not stored (table full after compaction) */
	u32 nr_refused_ram;
	/* Hull [refused_lo, refused_hi) of the refused entries that are not
	 * usable RAM: e820_sanitize() treats it as reserved, so memory a refused
	 * entry reserves is never handed out (refused RAM is simply not used). */
	u64 refused_lo, refused_hi;
	struct e820_entry entries[E820_TABLE_CAP];
};

/* Empties t, accounting included. */
void e820_reset(struct e820_table *t);

/* Adds [addr, addr + size) bytes of type (any 32-bit value) to a raw table;
 * a size that runs past 2^64 is cut at 2^64 - 1. A zero-length entry is
 * ignored (returns 0). An entry of the same type that touches or overlaps
 * the last entry is merged into it. When the table holds E820_MAX_ENTRIES
 * entries it is compacted first (overlaps resolved, touching entries of one
 * type merged; what every address means is unchanged); when that does not
 * free a slot the entry is refused and counted (nr_refused). Returns 0 when
 * the entry is in the table, -1 when it was refused. */
int e820_add(struct e820_table *t, u64 addr, u64 size, u32 type);

/* Builds out from a raw table in: sorted by address, zero-length entries
 * dropped, everything at or above 4 GiB cut off (an entry crossing 4 GiB is
 * truncated), overlaps resolved so that every non-usable type wins over
 * usable memory (between two non-usable types the larger type number wins:
 * the choice only affects the name), adjacent entries of one type merged.
 * The hull of refused non-RAM entries counts as E820_TYPE_RESERVED.
 * *dropped_above_4g (may be NULL) receives the bytes of usable memory ignored
 * at or above 4 GiB, resolved the same way (RAM listed twice counts once;
 * reserved over RAM wins). Runs in O(n log n + n * overlap depth). Returns the
 * number of entries in out, or -1 when in has more than E820_MAX_ENTRIES
 * entries (only possible when filled without e820_add; out is then empty). */
int e820_sanitize(const struct e820_table *in, struct e820_table *out, u64 *dropped_above_4g);

/* Bytes of type in a sanitized table. */
u64 e820_total(const struct e820_table *t, u32 type);
/* Whole 4 KiB pages of usable RAM in a sanitized table (partial pages at the
 * ends of each entry are trimmed). */
u32 e820_usable_pages(const struct e820_table *t);

/* "usable", "reserved", "ACPI data", "ACPI NVS", "unusable", "persistent",
 * or "type N" (N in decimal, any 32-bit value, written into a static
 * buffer). */
const char *e820_type_name(u32 type);
/* Prints every entry as "<prefix>: [mem 0x...-0x...] <type>" (end inclusive,
 * the Linux boot-log form). */
void e820_print(const struct e820_table *t, const char *prefix);

/* Prints what was done to a raw map on input (one line, "memory: map from
 * <source> has N entries, merged to M ..."; a second line when entries were
 * refused, naming how many and the reserved hull) and sanitized into map. */
void e820_print_input(const struct e820_table *raw, const struct e820_table *map, const char *source);

/* Feeds every usable entry of a sanitized table to memblock.memory as a
 * generic range (memblock_add(); partial pages are trimmed there). Returns
 * the pages added. When memblock's region table overflows, says in one line
 * how many ranges were not added; the ranges that fit are kept and counted. */
int e820_memblock_add(const struct e820_table *sanitized);

#endif
