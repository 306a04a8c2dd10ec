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

#define MADT_MAX_CPUS	 64 /* entries kept; more are counted in `ignored` */
#define MADT_MAX_IOAPICS 8
#define MADT_NOTES	 6 /* problems kept, each a line for the log */
#define MADT_NOTE_LEN	 160

struct madt_info {
	u32 lapic_phys;		   /* local APIC base (override applied when below 4 GiB) */
	u32 flags;		   /* MADT flags: bit 0 PCAT_COMPAT (8259 PICs present) */
	u32 nr_cpus;		   /* usable CPUs recorded in apic_id[] (enabled or online capable) */
	u8 apic_id[MADT_MAX_CPUS]; /* their local APIC ids, in table order */
	u8 acpi_id[MADT_MAX_CPUS]; /* their ACPI processor ids */
	u32 disabled;		   /* type-0 entries neither enabled nor online capable (skipped) */
	u32 x2apic;		   /* type-9 (x2APIC) entries: not used by this xAPIC kernel */
	u32 ignored;		   /* usable CPUs beyond MADT_MAX_CPUS */
	u32 duplicates;		   /* entries whose APIC id was listed before (not used) */
	u32 nr_ioapics;		   /* I/O APICs listed (addresses of the first MADT_MAX_IOAPICS kept) */
	u32 ioapic_phys[MADT_MAX_IOAPICS];
	bool unsafe;  /* madt_check: the CPUs cannot be started safely (run on one) */
	u32 nr_notes; /* problems found, each named in notes[] (the first MADT_NOTES) */
	char notes[MADT_NOTES][MADT_NOTE_LEN];
};

/* Decodes a MADT of len bytes at t (already found and checksummed by
 * acpi_find_table). Nothing in it is believed unchecked; each problem is
 * named in out->notes[] (one line each, "ACPI MADT: ..."), and the decode
 * goes on with what is safe: an entry with a length below 2 or running past
 * the table end stops the walk (the entries before it are used); a local
 * APIC, I/O APIC or address override entry shorter than its type's length
 * is skipped; a CPU whose APIC id was listed before is not used again
 * (`duplicates`; ids 0 1 1 give two CPUs, and CPU 1 is not started twice);
 * APIC id 255, the xAPIC broadcast id (an INIT sent to it would reach every
 * CPU), is not used.
 * I/O APIC entries (type 1) are counted and their addresses kept. Returns
 * 0, or -1 when t is not a MADT of at least 44 bytes. */
int madt_decode(const u8 *t, u32 len, struct madt_info *out);

/* Checks a decoded table against the machine before anything is started:
 * the boot CPU's APIC id (boot_apic_id, read from its local APIC; above
 * 0xFF: not known yet, not checked) must be listed;
 * the local APIC's address and every I/O APIC's must pass acpi_mmio_check()
 * against the loader's memory map (mmap_len bytes at mmap, may be NULL):
 * nonzero, page-aligned, below 4 GiB, outside usable RAM. A failure is named
 * in out->notes[]; a missing boot CPU or a bad local APIC address sets
 * out->unsafe (the kernel then runs on one CPU and touches no APIC); a bad
 * I/O APIC is only named (this kernel does not use it). `source` names the
 * table in the notes ("ACPI MADT" or "MP table"). */
void madt_check(struct madt_info *m, const char *source, u32 boot_apic_id, const u8 *mmap, u32 mmap_len);
/* The boot CPU's part of madt_check(): NULL when boot_apic_id is listed (or
 * may be among entries beyond MADT_MAX_CPUS), else buf (cap bytes) holding
 * the line, with m->unsafe set. */
const char *madt_check_boot_cpu(struct madt_info *m, const char *source, u32 boot_apic_id, char *buf, u32 cap);

/* Finds the RSDP (acpi_find_rsdp, then the memory map's ACPI regions when
 * mmap_len is nonzero) and decodes the MADT. Returns 0; -1 no RSDP; -2 no
 * valid MADT (or an unreachable root table): out->notes[0] then says what
 * is wrong (acpi_table_problem), out->nr_notes 1, when a table is bad
 * rather than absent. */
int madt_find(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct madt_info *out);

/* The Intel MultiProcessor Specification 1.4's table, the fallback where
 * firmware has no MADT: the floating pointer ("_MP_", 16 bytes, checksum,
 * on a 16-byte boundary in the first KiB of the EBDA, the last KiB of base
 * memory, or 0xF0000-0xFFFFF) names the configuration table ("PCMP",
 * checksum over its base length), whose Processor entries (type 0, 20
 * bytes: local APIC id at 1, flags at 3, bit 0 enabled) list the CPUs.
 * mptable_decode fills out like madt_decode (lapic_phys from the table
 * header; duplicates and I/O APICs (type 2) as there): the checksum over
 * the base length, and an entry count that does not fit the table or an
 * entry of unknown type (the walk stops; the entries before are used) are
 * named in out->notes[]; returns 0, or -1 for a bad table (a note says
 * why, except for a wrong signature). mptable_find returns 0; -1 no
 * floating pointer; -2 a default configuration (feature byte 1 nonzero: no
 * table, two CPUs at APIC ids 0 and 1 by the specification) or a bad
 * table. */
int mptable_decode(const u8 *t, u32 len, struct madt_info *out);
int mptable_find(acpi_map_fn map, void *ctx, struct madt_info *out);

#endif
