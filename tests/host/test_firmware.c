/* SPDX-License-Identifier: MIT */
/* tests/host/test_firmware.c - the firmware's tables are checked before
 * use (arch/x86/acpi.c, arch/x86/madt.c), on crafted tables.
 *
 * The inputs an outside tester tried: a MADT listing APIC id 1 twice (ids
 * 0 1 1 on three CPUs: the kernel reported three CPUs, started CPU 1 twice,
 * never started id 2 and hung in smp_call_all), and a MADT whose local APIC
 * address is ordinary RAM (0x800000 on 64 MiB: the kernel wrote APIC
 * registers into RAM). And the rest of the kind: table checksums and
 * lengths, entry lengths, the boot CPU listed, the local APIC, I/O APIC and
 * HPET addresses page-aligned and outside usable RAM, the MP table's
 * checksum, entry count and entry types. Every problem is named in one line
 * (madt_info.notes) and the decode goes on with what is safe. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "arch/x86/acpi.h"
#include "arch/x86/madt.h"
#include "tests/host/le_bytes.h"

/* ---- crafted tables ------------------------------------------------------------ */

static u8 t[512]; /* the table being built */
static u32 tlen;

/* A MADT header with local APIC address lapic; entries follow. */
static void madt_start(u32 lapic)
{
	memset(t, 0, sizeof(t));
	memcpy(t, "APIC", 4);
	put32(t + 36, lapic);
	put32(t + 40, 1);
	tlen = 44;
}

static void entry(const u8 *e, u32 len)
{
	memcpy(t + tlen, e, len);
	tlen += len;
}

static void lapic(u32 acpi_id, u32 apic_id)
{
	entry((const u8[]){ 0, 8, (u8)acpi_id, (u8)apic_id, 1, 0, 0, 0 }, 8);
}

static void ioapic(u32 id, u32 addr)
{
	u8 e[12] = { 1, 12, (u8)id, 0 };
	put32(e + 4, addr);
	entry(e, 12);
}

static bool has_note(const struct madt_info *m, const char *want)
{
	for (u32 i = 0; i < MIN(m->nr_notes, (u32)MADT_NOTES); i++)
		if (!strcmp(m->notes[i], want))
			return true;
	for (u32 i = 0; i < MIN(m->nr_notes, (u32)MADT_NOTES); i++)
		print_message("note: %s\n", m->notes[i]);
	return false;
}

/* The loader's memory map of a 64 MiB QEMU guest (Multiboot entries). */
static u8 mmap64[3 * 24];

static void make_mmap64(void)
{
	static const u64 e[3][3] = { { 0, 0x9fc00, 1 }, { 0x100000, 0x3ee0000, 1 }, { 0xfffc0000, 0x40000, 2 } };
	for (u32 i = 0; i < 3; i++) {
		put32(mmap64 + i * 24, 20);
		put64(mmap64 + i * 24 + 4, e[i][0]);
		put64(mmap64 + i * 24 + 12, e[i][1]);
		put32(mmap64 + i * 24 + 20, (u32)e[i][2]);
	}
}

/* ---- the two inputs ------------------------------------------------------ */

/* (a) APIC id 1 twice, on three CPUs: two CPUs, one line naming the id. */
static void test_duplicate_apic_id(void **state)
{
	struct madt_info m;
	(void)state;
	madt_start(0xFEE00000);
	lapic(0, 0);
	lapic(1, 1);
	lapic(2, 1);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 2);
	assert_int_equal(m.apic_id[0], 0);
	assert_int_equal(m.apic_id[1], 1);
	assert_int_equal(m.duplicates, 1);
	assert_int_equal(m.nr_notes, 1);
	assert_true(has_note(&m, "ACPI MADT: APIC id 1 is listed twice (entries 1 and 2): the CPU is used once"));
	make_mmap64();
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_false(m.unsafe);
	assert_int_equal(m.nr_notes, 1);

	/* more of them: every id once, the first repeat named, the count said */
	madt_start(0xFEE00000);
	lapic(0, 0);
	lapic(1, 1);
	lapic(2, 1);
	lapic(3, 0);
	lapic(4, 2);
	lapic(5, 2);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 3);
	assert_int_equal(m.apic_id[2], 2);
	assert_int_equal(m.duplicates, 3);
	assert_true(has_note(&m, "ACPI MADT: 3 entries in all repeat an APIC id listed before: not used"));

	/* the broadcast id */
	madt_start(0xFEE00000);
	lapic(0, 0);
	lapic(1, 255);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 1);
	assert_true(has_note(&m, "ACPI MADT: entry 1 has APIC id 255, the xAPIC broadcast id: not used"));
}

/* (b) the local APIC address in usable RAM: refused, run on one CPU. */
static void test_lapic_in_ram_refused(void **state)
{
	struct madt_info m;
	(void)state;
	make_mmap64();
	madt_start(0x800000);
	lapic(0, 0);
	lapic(1, 1);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_true(m.unsafe);
	assert_true(has_note(&m, "ACPI MADT: the local APIC at 0x800000 is in usable RAM [mem 0x100000-0x3fdffff]: "
				 "refused, 1 CPU"));
	/* in low RAM too, and a range that only overlaps RAM's start */
	madt_start(0x9f000);
	lapic(0, 0);
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_true(m.unsafe);
	madt_start(0xFF000);
	lapic(0, 0);
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_false(m.unsafe); /* [0xff000, 0x100000) touches RAM at 0x100000 but does not overlap it */
	/* not page-aligned, zero */
	madt_start(0xFEE00010);
	lapic(0, 0);
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_true(m.unsafe);
	assert_true(has_note(&m, "ACPI MADT: the local APIC at 0xfee00010 is not page-aligned: refused, 1 CPU"));
	madt_start(0);
	lapic(0, 0);
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_true(m.unsafe);
	assert_true(has_note(&m, "ACPI MADT: the local APIC is at address 0: refused, 1 CPU"));
	/* the default address, and no memory map (only the address checked) */
	madt_start(0xFEE00000);
	lapic(0, 0);
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", 0, NULL, 0);
	assert_false(m.unsafe);
	assert_int_equal(m.nr_notes, 0);
}

/* ---- the rest of the kind: entries, the boot CPU, the I/O APIC ---------------- */

static void test_entry_lengths(void **state)
{
	struct madt_info m;
	(void)state;
	/* length 0, then 1, then past the end: the walk stops, the entries
	 * before it are used, the entry is named */
	for (u32 bad = 0; bad < 3; bad++) {
		madt_start(0xFEE00000);
		lapic(0, 0);
		entry((const u8[]){ 0, bad == 2 ? 200 : (u8)bad, 1, 1, 1, 0, 0, 0 }, 8);
		lapic(2, 2);
		assert_int_equal(madt_decode(t, tlen, &m), 0);
		assert_int_equal(m.nr_cpus, 1);
		assert_int_equal(m.nr_notes, 1);
		char want[MADT_NOTE_LEN];
		snprintf(want, sizeof(want),
			 "ACPI MADT: entry 1 at offset 52 (type 0) has length %u (2..16): it and the 16 bytes after "
			 "it are not read",
			 bad == 2 ? 200 : bad);
		assert_true(has_note(&m, want));
	}
	/* a local APIC entry of 6 bytes: skipped, the walk goes on */
	madt_start(0xFEE00000);
	lapic(0, 0);
	entry((const u8[]){ 0, 6, 1, 1, 1, 0 }, 6);
	lapic(2, 2);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 2);
	assert_int_equal(m.apic_id[1], 2);
	assert_true(has_note(&m, "ACPI MADT: entry 1 (local APIC) has length 6, below its 8: skipped"));
	/* an address override of 10 bytes, and one above 4 GiB: not used */
	madt_start(0xFEE00000);
	lapic(0, 0);
	entry((const u8[]){ 5, 10, 0, 0, 0, 0, 0xD0, 0xFE, 0, 0 }, 10);
	entry((const u8[]){ 5, 12, 0, 0, 0, 0, 0xD0, 0xFE, 1, 0, 0, 0 }, 12);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.lapic_phys, 0xFEE00000u);
	assert_true(has_note(&m, "ACPI MADT: entry 1 (local APIC address override) has length 10, below its 12: "
				 "skipped"));
	assert_true(has_note(&m, "ACPI MADT: the local APIC address override 0x1fed00000 is above 4 GiB: not used"));
	/* one stray byte at the end */
	madt_start(0xFEE00000);
	lapic(0, 0);
	tlen++;
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 1);
	assert_true(has_note(&m, "ACPI MADT: 1 stray byte at its end not read"));
	/* more problems than notes: all counted */
	madt_start(0xFEE00000);
	lapic(0, 0);
	for (u32 i = 0; i < MADT_NOTES + 3; i++)
		entry((const u8[]){ 0, 4, 1, 1 }, 4);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_notes, MADT_NOTES + 3);
}

static void test_boot_cpu_must_be_listed(void **state)
{
	struct madt_info m;
	(void)state;
	make_mmap64();
	madt_start(0xFEE00000);
	lapic(0, 1);
	lapic(1, 2);
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_true(m.unsafe);
	assert_true(has_note(&m, "ACPI MADT: the boot CPU's APIC id 0 is not listed: the table is not used, 1 CPU"));
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", 2, mmap64, sizeof(mmap64));
	assert_false(m.unsafe);
	/* not known yet (the kernel reads it from the local APIC later) */
	madt_decode(t, tlen, &m);
	madt_check(&m, "ACPI MADT", ~0u, mmap64, sizeof(mmap64));
	assert_false(m.unsafe);
	assert_int_equal(m.nr_notes, 0);
	/* the kernel's later check, alone */
	{
		char buf[MADT_NOTE_LEN];
		assert_string_equal(madt_check_boot_cpu(&m, "MP table", 0, buf, sizeof(buf)),
				    "MP table: the boot CPU's APIC id 0 is not listed: the table is not used, 1 CPU");
		assert_true(m.unsafe);
		assert_null(madt_check_boot_cpu(&m, "MP table", 1, buf, sizeof(buf)));
	}
}

static void test_ioapic_checked_not_fatal(void **state)
{
	struct madt_info m;
	(void)state;
	make_mmap64();
	madt_start(0xFEE00000);
	lapic(0, 0);
	lapic(1, 1);
	ioapic(0, 0xFEC00000);
	ioapic(1, 0x200000);
	ioapic(2, 0xFEC00400);
	assert_int_equal(madt_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_ioapics, 3);
	madt_check(&m, "ACPI MADT", 0, mmap64, sizeof(mmap64));
	assert_false(m.unsafe); /* this kernel does not use the I/O APIC */
	assert_int_equal(m.nr_notes, 2);
	assert_true(has_note(&m, "ACPI MADT: the I/O APIC at 0x200000 is in usable RAM [mem 0x100000-0x3fdffff] (not "
				 "used by this kernel)"));
	assert_true(
	    has_note(&m, "ACPI MADT: the I/O APIC at 0xfec00400 is not page-aligned (not used by this kernel)"));
}

/* ---- the MP table ----------------------------------------------------------------- */

static void mp_sum(void)
{
	u8 s = 0;
	t[7] = 0;
	for (u32 i = 0; i < tlen; i++)
		s = (u8)(s + t[i]);
	t[7] = (u8)(0x100 - s);
}

static void mp_start(void)
{
	memset(t, 0, sizeof(t));
	memcpy(t, "PCMP", 4);
	put32(t + 36, 0xFEE00000);
	tlen = 44;
}

static void mp_proc(u32 id)
{
	entry((const u8[]){ 0, (u8)id, 0x14, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 20);
}

static void mp_finish(u32 count)
{
	t[4] = (u8)tlen;
	t[5] = (u8)(tlen >> 8);
	t[34] = (u8)count;
	mp_sum();
}

static void test_mptable(void **state)
{
	struct madt_info m;
	(void)state;
	/* checksum */
	mp_start();
	mp_proc(0);
	mp_finish(1);
	t[50] ^= 0x40;
	assert_int_equal(mptable_decode(t, tlen, &m), -1);
	assert_true(has_note(&m, "MP table: checksum over its 64 bytes fails: not used"));
	/* base length beyond the table */
	mp_start();
	mp_proc(0);
	mp_finish(1);
	assert_int_equal(mptable_decode(t, 50, &m), -1);
	assert_true(has_note(&m, "MP table: base length 64 outside 44..50: not used"));
	/* more entries announced than fit */
	mp_start();
	mp_proc(0);
	mp_proc(1);
	mp_finish(5);
	assert_int_equal(mptable_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 2);
	assert_true(has_note(&m, "MP table: 5 entries announced, 2 fit in its 84 bytes: the others are not read"));
	/* an unknown entry type: the entries before it are used */
	mp_start();
	mp_proc(0);
	entry((const u8[]){ 7, 0, 0, 0, 0, 0, 0, 0 }, 8);
	mp_proc(1);
	mp_finish(3);
	assert_int_equal(mptable_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 1);
	assert_true(has_note(&m, "MP table: entry 1 at offset 64 has unknown type 7: it and the 1 entries after it are "
				 "not read"));
	/* duplicates as in the MADT */
	mp_start();
	mp_proc(0);
	mp_proc(1);
	mp_proc(1);
	mp_finish(3);
	assert_int_equal(mptable_decode(t, tlen, &m), 0);
	assert_int_equal(m.nr_cpus, 2);
	assert_true(has_note(&m, "MP table: APIC id 1 is listed twice (entries 1 and 2): the CPU is used once"));
}

/* ---- ACPI tables in a synthetic physical memory ------------------------------------ */

#define PHYS_SIZE (2u << 20)
static u8 phys[PHYS_SIZE];

static const u8 *test_map(u64 pa, u32 len, void *ctx)
{
	(void)ctx;
	if (pa > PHYS_SIZE || len > PHYS_SIZE - pa)
		return NULL;
	return phys + pa;
}

static void fix_sum(u32 pa, u32 len, u32 off)
{
	u8 s = 0;
	phys[pa + off] = 0;
	for (u32 i = 0; i < len; i++)
		s = (u8)(s + phys[pa + i]);
	phys[pa + off] = (u8)(0x100 - s);
}

/* RSDP at 0xE0000 -> RSDT at 0x100000 listing the tables at entries[]. */
static void acpi_root(const u32 *entries, u32 n)
{
	u32 len = ACPI_HDR_LEN + 4 * n;
	memset(phys, 0, sizeof(phys));
	memcpy(phys + 0xE0000, "RSD PTR ", 8);
	put32(phys + 0xE0000 + 16, 0x100000);
	fix_sum(0xE0000, 20, 8);
	memcpy(phys + 0x100000, "RSDT", 4);
	put32(phys + 0x100000 + 4, len);
	for (u32 i = 0; i < n; i++)
		put32(phys + 0x100000 + ACPI_HDR_LEN + 4 * i, entries[i]);
	fix_sum(0x100000, len, 9);
}

/* The MADT built in t[] placed at pa, checksummed. */
static void place_madt(u32 pa)
{
	put32(t + 4, tlen);
	memcpy(phys + pa, t, tlen);
	fix_sum(pa, tlen, 9);
}

static void test_acpi_tables_named(void **state)
{
	static const u32 e[] = { 0x110000 };
	struct madt_info m;
	struct acpi_rsdp_info r;
	char buf[160];
	bool absent;
	(void)state;

	madt_start(0xFEE00000);
	lapic(0, 0);
	lapic(1, 1);
	acpi_root(e, 1);
	place_madt(0x110000);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), 0);
	assert_int_equal(m.nr_cpus, 2);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_null(acpi_table_problem(test_map, NULL, &r, "APIC", buf, sizeof(buf), &absent));

	/* the MADT's checksum */
	phys[0x110000 + 50] ^= 1;
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_int_equal(m.nr_notes, 1);
	assert_true(has_note(&m, "the ACPI MADT at 0x110000 (60 bytes): checksum fails (bytes sum to 0x01): not used"));
	/* its length: below the header, beyond ACPI_TABLE_MAX */
	place_madt(0x110000);
	put32(phys + 0x110000 + 4, 20);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_true(has_note(&m, "the ACPI MADT at 0x110000 says it is 20 bytes long (36..1048576): not used"));
	put32(phys + 0x110000 + 4, 2u << 20);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_true(has_note(&m, "the ACPI MADT at 0x110000 says it is 2097152 bytes long (36..1048576): not used"));
	/* beyond reachable memory */
	place_madt(0x110000);
	put32(phys + 0x110000 + 4, PHYS_SIZE - 0x110000 + 4);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_true(has_note(&m, "the ACPI MADT at 0x110000 (983044 bytes) cannot be reached: not used"));

	/* the root table: checksum, signature, a length not whole entries */
	place_madt(0x110000);
	put32(phys + 0x110000 + 4, tlen);
	fix_sum(0x110000, tlen, 9);
	phys[0x100000 + 20] ^= 2;
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_true(has_note(&m, "the ACPI RSDT at 0x100000 (40 bytes): checksum fails (bytes sum to 0x02): not used"));
	acpi_root(e, 1);
	place_madt(0x110000);
	memcpy(phys + 0x100000, "XXXX", 4);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_true(has_note(&m, "the ACPI RSDT at 0x100000 has signature \"XXXX\": not used"));
	acpi_root(e, 1);
	place_madt(0x110000);
	put32(phys + 0x100000 + 4, 42);
	fix_sum(0x100000, 42, 9);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_string_equal(acpi_table_problem(test_map, NULL, &r, "APIC", buf, sizeof(buf), &absent),
			    "the ACPI RSDT is 42 bytes long, not a whole number of 4-byte entries");
	assert_false(absent);

	/* a valid ACPI table too short to be a MADT (fuzz_firmware checks it too) */
	acpi_root(e, 1);
	madt_start(0xFEE00000);
	tlen = 40;
	place_madt(0x110000);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_true(has_note(&m, "the ACPI MADT is 40 bytes long, shorter than its 44-byte header: not used"));

	/* no MADT at all: absent, no note (the MP table is looked for) */
	acpi_root(NULL, 0);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_int_equal(m.nr_notes, 0);
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_string_equal(acpi_table_problem(test_map, NULL, &r, "APIC", buf, sizeof(buf), &absent), "no APIC table");
	assert_true(absent);
}

/* An ACPI 2.0 RSDP at 0xE0000 -> XSDT at 0x100000 listing entries[]. */
static void acpi_xsdt_root(const u64 *entries, u32 n)
{
	u32 len = ACPI_HDR_LEN + 8 * n;
	memset(phys, 0, sizeof(phys));
	memcpy(phys + 0xE0000, "RSD PTR ", 8);
	phys[0xE0000 + 15] = 2; /* revision */
	put32(phys + 0xE0000 + 20, 36);
	put64(phys + 0xE0000 + 24, 0x100000);
	fix_sum(0xE0000, 20, 8);
	fix_sum(0xE0000, 36, 32);
	memcpy(phys + 0x100000, "XSDT", 4);
	put32(phys + 0x100000 + 4, len);
	for (u32 i = 0; i < n; i++)
		put64(phys + 0x100000 + ACPI_HDR_LEN + 8 * i, entries[i]);
	fix_sum(0x100000, len, 9);
}

/* An XSDT whose tables lie above 4 GiB (firmware may put them there): the
 * kernel cannot read them, and says so instead of "no table" or nothing. */
static void test_xsdt_entries_above_4g_named(void **state)
{
	static const u64 high[] = { 0x100000000ull, 0x110000, 0x2000F0000ull };
	struct madt_info m;
	struct acpi_rsdp_info r;
	char buf[160];
	bool absent = true;
	(void)state;

	acpi_xsdt_root(high, 3); /* no MADT below 4 GiB, two entries above */
	assert_int_equal(acpi_find_rsdp(test_map, NULL, &r), 0);
	assert_int_equal(r.xsdt, 0x100000);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), -2);
	assert_int_equal(m.nr_notes, 1);
	assert_true(has_note(&m, "no APIC table below 4 GiB; 2 XSDT entries above 4 GiB skipped (first at "
				 "0x100000000): this 32-bit kernel reads tables in the low 4 GiB only: not used"));
	assert_string_equal(acpi_table_problem(test_map, NULL, &r, "FACP", buf, sizeof(buf), &absent),
			    "no FADT below 4 GiB; 2 XSDT entries above 4 GiB skipped (first at 0x100000000): this "
			    "32-bit kernel reads tables in the low 4 GiB only");
	assert_false(absent);

	/* the MADT below 4 GiB is used; the entries above are not read */
	madt_start(0xFEE00000);
	lapic(0, 0);
	place_madt(0x110000);
	assert_int_equal(madt_find(test_map, NULL, 0, 0, &m), 0);
	assert_int_equal(m.nr_cpus, 1);
	assert_null(acpi_table_problem(test_map, NULL, &r, "APIC", buf, sizeof(buf), &absent));

	/* one entry above 4 GiB, and only that: the singular */
	acpi_xsdt_root(high, 1);
	assert_string_equal(acpi_table_problem(test_map, NULL, &r, "HPET", buf, sizeof(buf), &absent),
			    "no HPET table below 4 GiB; 1 XSDT entry above 4 GiB skipped (first at 0x100000000): "
			    "this 32-bit kernel reads tables in the low 4 GiB only");
	/* none above: absent, as before */
	acpi_xsdt_root(NULL, 0);
	assert_string_equal(acpi_table_problem(test_map, NULL, &r, "HPET", buf, sizeof(buf), &absent), "no HPET table");
	assert_true(absent);
}

/* The MP table found through its floating pointer: a pointer to nothing
 * or to a table without its signature is named. */
static void test_mptable_find_named(void **state)
{
	struct madt_info m;
	(void)state;
	memset(phys, 0, sizeof(phys));
	memcpy(phys + 0xF0000, "_MP_", 4);
	put32(phys + 0xF0004, 0x120000);
	phys[0xF0008] = 1; /* 16 bytes */
	phys[0xF0009] = 4;
	fix_sum(0xF0000, 16, 10);
	assert_int_equal(mptable_find(test_map, NULL, &m), -2);
	assert_true(has_note(&m, "MP table: no \"PCMP\" signature at 0x120000, where its floating pointer points: not "
				 "used"));
	put32(phys + 0xF0004, 0x300000); /* outside the memory */
	fix_sum(0xF0000, 16, 10);
	assert_int_equal(mptable_find(test_map, NULL, &m), -2);
	assert_true(has_note(&m, "MP table: its configuration table at 0x300000 cannot be reached: not used"));
	/* a good one */
	mp_start();
	mp_proc(0);
	mp_proc(1);
	mp_finish(2);
	memcpy(phys + 0x120000, t, tlen);
	put32(phys + 0xF0004, 0x120000);
	fix_sum(0xF0000, 16, 10);
	assert_int_equal(mptable_find(test_map, NULL, &m), 0);
	assert_int_equal(m.nr_cpus, 2);
	assert_int_equal(m.nr_notes, 0);
	/* a default configuration: no table, and no notes left over */
	m.nr_notes = 3;
	phys[0xF000B] = 5;
	fix_sum(0xF0000, 16, 10);
	assert_int_equal(mptable_find(test_map, NULL, &m), -2);
	assert_int_equal(m.nr_notes, 0);
}

/* The HPET's address, checked like the local APIC's. */
static void test_hpet_address_checked(void **state)
{
	static const u32 e[] = { 0x110000 };
	struct acpi_timers at;
	u8 map[2 * 24];
	(void)state;

	acpi_root(e, 1);
	memcpy(phys + 0x110000, "HPET", 4);
	put32(phys + 0x110000 + 4, 56);
	put64(phys + 0x110000 + 44, 0x200000); /* GAS: system memory (0), address at 44 */
	fix_sum(0x110000, 56, 9);
	put32(map, 20);
	put64(map + 4, 0);
	put64(map + 12, 0x9fc00);
	put32(map + 20, 1);
	put32(map + 24, 20);
	put64(map + 28, 0x100000);
	put64(map + 36, 0x3ee0000);
	put32(map + 44, 1);
	memcpy(phys + 0x1F0000, map, sizeof(map));
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0x1F0000, sizeof(map), &at), 0);
	assert_false(at.have_hpet);
	assert_string_equal(at.hpet_why, "the HPET at 0x200000 is in usable RAM [mem 0x100000-0x3fdffff]");
	put64(phys + 0x110000 + 44, 0xFED00100);
	fix_sum(0x110000, 56, 9);
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0x1F0000, sizeof(map), &at), 0);
	assert_string_equal(at.hpet_why, "the HPET at 0xfed00100 is not page-aligned");
	put64(phys + 0x110000 + 44, 0xFED00000);
	fix_sum(0x110000, 56, 9);
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0x1F0000, sizeof(map), &at), 0);
	assert_true(at.have_hpet);
	/* a bad HPET table is named, not only "no HPET table" */
	phys[0x110000 + 30] ^= 4;
	assert_int_equal(acpi_discover_timers(test_map, NULL, 0x1F0000, sizeof(map), &at), 0);
	assert_string_equal(at.hpet_why, "the ACPI HPET at 0x110000 (56 bytes): checksum fails (bytes sum to 0x04)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_duplicate_apic_id),
		cmocka_unit_test(test_lapic_in_ram_refused),
		cmocka_unit_test(test_entry_lengths),
		cmocka_unit_test(test_boot_cpu_must_be_listed),
		cmocka_unit_test(test_ioapic_checked_not_fatal),
		cmocka_unit_test(test_mptable),
		cmocka_unit_test(test_acpi_tables_named),
		cmocka_unit_test(test_xsdt_entries_above_4g_named),
		cmocka_unit_test(test_mptable_find_named),
		cmocka_unit_test(test_hpet_address_checked),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
