/* SPDX-License-Identifier: MIT */
/* arch/x86/madt.h - the CPUs of the machine from the ACPI MADT.
 *
 * The Multiple APIC Description Table (signature "APIC"; ACPI 6.x, section
 * "Multiple APIC Description Table (MADT)") lists one Processor Local APIC
 * structure (type 0) per logical CPU, with its local APIC id and flags
 * (bit 0 Enabled; bit 1 Online Capable: a CPU that firmware left disabled
 * but that may be started), and the local APIC's physical address, which a
 * Local APIC Address Override (type 5) may replace. Pure C like acpi.c: the
 * host tests run it on synthetic tables (tests/host/test_smp.c). */
#ifndef ARCH_X86_MADT_H
#define ARCH_X86_MADT_H

#include "arch/x86/acpi.h"
#include "kernel/types.h"

#define MADT_MAX_CPUS 64 /* entries kept; more are counted in `ignored` */

struct madt_info {
	u32 lapic_phys;		   /* local APIC base (override applied when below 4 GiB) */
	u32 flags;		   /* MADT flags: bit 0 PCAT_COMPAT (8259 PICs present) */
	u32 nr_cpus;		   /* usable CPUs recorded in apic_id[] (enabled or online capable) */
	u8 apic_id[MADT_MAX_CPUS]; /* their local APIC ids, in table order */
	u8 acpi_id[MADT_MAX_CPUS]; /* their ACPI processor ids */
	u32 disabled;		   /* type-0 entries neither enabled nor online capable (skipped) */
	u32 x2apic;		   /* type-9 (x2APIC) entries: not used by this xAPIC kernel */
	u32 ignored;		   /* usable CPUs beyond MADT_MAX_CPUS */
};

/* Decodes a MADT of len bytes at t (already found and checksummed by
 * acpi_find_table). Entries with a length below 2 or running past the table
 * end stop the walk (a malformed table is not guessed at). Returns 0, or -1
 * when t is not a MADT of at least 44 bytes. */
int madt_decode(const u8 *t, u32 len, struct madt_info *out);

/* Finds the RSDP (acpi_find_rsdp, then the memory map's ACPI regions when
 * mmap_len is nonzero) and decodes the MADT. Returns 0; -1 no RSDP; -2 no
 * valid MADT (or an unreachable root table). */
int madt_find(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct madt_info *out);

/* The Intel MultiProcessor Specification 1.4's table, the fallback where
 * firmware has no MADT: the floating pointer ("_MP_", 16 bytes, checksum,
 * on a 16-byte boundary in the first KiB of the EBDA, the last KiB of base
 * memory, or 0xF0000-0xFFFFF) names the configuration table ("PCMP",
 * checksum over its base length), whose Processor entries (type 0, 20
 * bytes: local APIC id at 1, flags at 3, bit 0 enabled) list the CPUs.
 * mptable_decode fills out like madt_decode (lapic_phys from the table
 * header); returns 0, or -1 for a bad table. mptable_find returns 0; -1 no
 * floating pointer; -2 a default configuration (feature byte 1 nonzero: no
 * table, two CPUs at APIC ids 0 and 1 by the specification) or a bad
 * table. */
int mptable_decode(const u8 *t, u32 len, struct madt_info *out);
int mptable_find(acpi_map_fn map, void *ctx, struct madt_info *out);

#endif
