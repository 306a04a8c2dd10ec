/* SPDX-License-Identifier: MIT */
/* arch/x86/acpi.h - the few ACPI tables the TSC calibration reads: the RSDP,
 * the RSDT/XSDT, the HPET table (its MMIO base) and the FADT (the PM timer's
 * port and width).
 *
 * Layouts from the ACPI specification (6.x): "Root System Description
 * Pointer", "Root/Extended System Description Table", "Fixed ACPI
 * Description Table"; and the IA-PC HPET specification 1.0a, "ACPI table".
 * Every table is checked (signature, length, checksum) before a field is
 * read. The code is pure: physical memory is reached through a map callback
 * (identity in the kernel while paging is off; a byte buffer in the host
 * tests, tests/host/test_tsc.c). */
#ifndef ARCH_X86_ACPI_H
#define ARCH_X86_ACPI_H

#include "kernel/types.h"

/* Returns a pointer through which len bytes at physical address phys can be
 * read, or NULL when that range cannot be reached (above 4 GiB, not mapped,
 * outside the test buffer). */
typedef const u8 *(*acpi_map_fn)(u64 phys, u32 len, void *ctx);

#define ACPI_HDR_LEN	     36u	/* the common table header */
#define ACPI_TABLE_MAX	     (1u << 20) /* a longer table is taken as corrupt */
#define ACPI_PM_TIMER_HZ     3579545u	/* the PM timer's fixed rate */
#define ACPI_EBDA_PTR	     0x40Eu	/* BIOS data area: EBDA segment (16 bits) */
#define ACPI_BIOS_AREA_START 0xE0000u	/* the RSDP's second search area */
#define ACPI_BIOS_AREA_END   0x100000u

struct acpi_rsdp_info {
	u64 phys;    /* where it was found */
	u8 revision; /* 0 = ACPI 1.0 (20 bytes, RSDT only), >= 2: 36 bytes, XSDT */
	u32 rsdt;    /* RsdtAddress */
	u64 xsdt;    /* XsdtAddress (0 for revision 0) */
	char oem[7]; /* OEMID, NUL-terminated */
};

struct acpi_hpet_info {
	u64 base;     /* MMIO base of the event timer block */
	u8 number;    /* HPET sequence number */
	u16 min_tick; /* main counter minimum clock tick in periodic mode */
};

struct acpi_pm_timer_info {
	u16 port;    /* I/O port of the 32-bit PM_TMR register */
	u8 bits;     /* 24, or 32 when FADT flag TMR_VAL_EXT (bit 8) is set */
	bool from_x; /* the port came from X_PM_TMR_BLK (PM_TMR_BLK was 0) */
};

/* True when the len bytes at p sum to 0 modulo 256 (every ACPI checksum). */
bool acpi_checksum_ok(const u8 *p, u32 len);

/* Checks an RSDP candidate at p (avail bytes readable there): the "RSD PTR "
 * signature, the checksum of the first 20 bytes, and for revision >= 2 the
 * Length field (36..avail) and the extended checksum over Length bytes.
 * Fills *out (phys set to 0; the caller knows where p is). Returns 0, or -1
 * when any check fails. */
int acpi_rsdp_check(const u8 *p, u32 avail, struct acpi_rsdp_info *out);

/* Scans area[0..len) on 16-byte boundaries for the first valid RSDP (as
 * acpi_rsdp_check). Returns its offset, or -1. */
s32 acpi_rsdp_scan(const u8 *area, u32 len, struct acpi_rsdp_info *out);

/* Finds the RSDP where the ACPI specification says a PC BIOS puts it: the
 * first KiB of the EBDA (segment at 0x40E of the BIOS data area, used when it
 * points into [0x80000, 0xA0000)), then 0xE0000-0xFFFFF. Returns 0 (out->phys
 * set), or -1 when there is none (UEFI firmware need not put one there). */
int acpi_find_rsdp(acpi_map_fn map, void *ctx, struct acpi_rsdp_info *out);

/* Finds the RSDP in the ACPI regions of the loader's Multiboot memory map
 * (mmap_len bytes at physical mmap_phys, entries of "size, base, length,
 * type" with size counting the bytes after itself): every entry of type 3
 * (ACPI reclaimable) or 4 (ACPI NVS) below 4 GiB is scanned on 16-byte
 * boundaries, at most ACPI_REGION_SCAN_MAX bytes of each. This is where UEFI
 * firmware leaves it (OVMF allocates it as EfiACPIReclaimMemory), since a
 * Multiboot 1 loader does not pass the EFI system table. Other types are
 * not read (reserved regions include device registers). Returns 0 (out->phys
 * set), or -1. */
#define ACPI_REGION_SCAN_MAX (16u << 20)
int acpi_find_rsdp_mmap(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct acpi_rsdp_info *out);

/* Finds the table with signature sig (4 characters) through the XSDT when
 * revision >= 2 and XsdtAddress is nonzero (64-bit entries, those above 4 GiB
 * skipped as unreachable), else the RSDT (32-bit entries). The root table
 * and the table are checked (signature, ACPI_HDR_LEN <= length <=
 * ACPI_TABLE_MAX, checksum); a bad entry is skipped. Returns 0 with *table
 * and *len set, -1 when the root table is unreachable or bad, -2 when no
 * valid table has that signature. */
int acpi_find_table(acpi_map_fn map, void *ctx, const struct acpi_rsdp_info *rsdp, const char *sig, const u8 **table,
		    u32 *len);

/* What is wrong with the table of signature sig reachable from the RSDP,
 * in words, for a one-line message, or NULL when acpi_find_table() finds it
 * valid: the root table unreachable, of another signature, shorter than its
 * header, longer than ACPI_TABLE_MAX or failing its checksum ("the RSDT at
 * 0x7fe14b1: checksum fails (bytes sum to 0x5a)"); a length not a whole
 * number of entries (noted, the whole entries are read); the first table
 * with that signature unreachable, too short, too long or failing its
 * checksum; or no table with that signature ("no HPET table", "no FADT",
 * with *absent set when absent is not NULL), unless the XSDT lists tables
 * above 4 GiB, which this kernel does not read: then that is said ("no HPET
 * table below 4 GiB; 2 XSDT entries above 4 GiB skipped (first at ...)"),
 * *absent stays false. Writes into buf (cap bytes) and
 * returns buf, or NULL. */
const char *acpi_table_problem(acpi_map_fn map, void *ctx, const struct acpi_rsdp_info *rsdp, const char *sig,
			       char *buf, u32 cap, bool *absent);

/* Checks a memory-mapped register block the firmware names (what: "the
 * local APIC", "the HPET", ...) at [addr, addr + len) against the loader's
 * Multiboot memory map (mmap_len bytes at mmap, entries of "size, base,
 * length, type"): it must be nonzero, page-aligned (align: 4096) and below
 * 4 GiB, and overlap no usable RAM (type 1), where the kernel's pages are.
 * Returns NULL when it passes, else buf (cap bytes) saying what is wrong
 * ("the local APIC at 0x800000 is in usable RAM [mem 0x100000-0x3fdffff]").
 * mmap may be NULL (mmap_len 0): only the address itself is checked. */
const char *acpi_mmio_check(const char *what, u64 addr, u32 len, const u8 *mmap, u32 mmap_len, char *buf, u32 cap);

/* Reads the HPET table (signature "HPET", length >= 56): the base address
 * GAS must be in system memory (space id 0) and nonzero. Returns 0, or -1. */
int acpi_hpet_decode(const u8 *t, u32 len, struct acpi_hpet_info *out);

/* Reads the FADT (signature "FACP", length >= 116): PM_TMR_BLK (offset 76)
 * with PM_TMR_LEN 4, else X_PM_TMR_BLK (offset 208, length >= 220) in system
 * I/O space (id 1) below 0x10000; width from flag TMR_VAL_EXT. Returns 0; -1
 * for a malformed table; -2 for a hardware-reduced ACPI platform (flag bit 20,
 * no PM timer) or a FADT that names no PM timer. */
int acpi_fadt_pm_timer(const u8 *t, u32 len, struct acpi_pm_timer_info *out);

/* What acpi_discover_timers() found, with the reason when it found nothing. */
struct acpi_timers {
	bool have_rsdp, have_hpet, have_pm_timer;
	struct acpi_rsdp_info rsdp;
	struct acpi_hpet_info hpet;
	struct acpi_pm_timer_info pm;
	const char *hpet_why;	/* NULL when found, else why not ("no HPET table"; a bad
				 * table or address is named with what is wrong) */
	const char *pm_why;	/* NULL when found, else why not */
	const char *rsdp_where; /* where the RSDP was found, NULL when not */
};

/* acpi_find_rsdp, then (when mmap_len is nonzero) acpi_find_rsdp_mmap, then
 * the HPET table and the FADT. Fills *out (rsdp_where: "EBDA/BIOS area" or
 * "memory map"); returns 0 when the RSDP was found (whatever the timers), -1
 * when not. */
int acpi_discover_timers(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct acpi_timers *out);

#endif
