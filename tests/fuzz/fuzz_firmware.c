/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_firmware.c - libFuzzer target for the firmware's CPU
 * tables as the kernel reads them (arch/x86/madt.c, arch/x86/acpi.c).
 *
 *   make build/fuzz/fuzz_firmware      (rules: tests/fuzz/fuzz.mk)
 *   build/fuzz/fuzz_firmware -max_total_time=20 tests/fuzz/corpus/firmware
 *
 * Input: byte 0 picks what the rest is (mod 3):
 *   0  a MADT body: "APIC" and the length are written over bytes 0..7, the
 *      rest (local APIC address, flags, entries) is the input's;
 *   1  an MP configuration table: "PCMP" over bytes 0..3, the base length
 *      and checksum are the input's (a valid checksum is made when byte 1
 *      of the input is odd, so that the entries get read);
 *   2  a small physical memory (RSDP at 0xE0000 pointing at an RSDT at
 *      0x100000 whose entries and tables are the input's bytes, laid from
 *      0x100000 on): madt_find, acpi_table_problem. The input's last byte
 *      asks for right checksums (bit 0 the RSDT's, bit 1 its tables').
 * Invariants (abort on violation):
 *  - decoding never reads outside the table (ASan) and always terminates;
 *  - the CPUs kept are at most MADT_MAX_CPUS and their APIC ids distinct
 *    and not 255 (the broadcast id);
 *    every repeated id is counted in `duplicates`;
 *  - madt_check against a 64 MiB machine's map: when not unsafe, the local
 *    APIC address is nonzero, page-aligned and outside usable RAM, and the
 *    boot CPU's id (0) is listed (or beyond the entries read);
 *  - every note is a NUL-terminated line without a newline;
 *  - a MADT that madt_find() rejects while acpi_table_problem() calls
 *    present is named (a problem, or a note). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/x86/acpi.h"
#include "arch/x86/madt.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/host/le_bytes.h"

#define PHYS_SIZE (0x110000 + 4096)
static u8 phys[PHYS_SIZE];
#define TABLE_MAX 4096
static u8 mmap64[2 * 24];

static const u8 *test_map(u64 pa, u32 len, void *ctx)
{
	(void)ctx;
	if (pa > PHYS_SIZE || len > PHYS_SIZE - pa)
		return NULL;
	return phys + pa;
}

static void check_info(struct madt_info *m)
{
	CHECK(m->nr_cpus <= MADT_MAX_CPUS);
	for (u32 i = 0; i < m->nr_cpus; i++) {
		CHECK(m->apic_id[i] != 0xFF); /* the broadcast id */
		for (u32 j = i + 1; j < m->nr_cpus; j++)
			CHECK(m->apic_id[i] != m->apic_id[j]);
	}
	for (u32 i = 0; i < m->nr_notes && i < MADT_NOTES; i++) {
		CHECK(memchr(m->notes[i], '\0', MADT_NOTE_LEN) != NULL);
		CHECK(strchr(m->notes[i], '\n') == NULL);
	}
	madt_check(m, "fuzz", 0, mmap64, sizeof(mmap64));
	if (!m->unsafe) {
		bool bsp = m->ignored > 0;
		CHECK(m->lapic_phys != 0 && (m->lapic_phys & 0xFFF) == 0);
		CHECK(m->lapic_phys >= 0x4000000 || m->lapic_phys + 4096 <= 0x9fc00 ||
		      (m->lapic_phys >= 0x9fc00 && m->lapic_phys + 4096 <= 0x100000));
		for (u32 i = 0; i < m->nr_cpus; i++)
			bsp |= m->apic_id[i] == 0;
		CHECK(bsp);
	} else {
		CHECK(m->nr_notes > 0);
	}
}

static u32 get32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void fix_sum(u8 *p, u32 len, u32 off)
{
	u8 s = 0;
	p[off] = 0;
	for (u32 i = 0; i < len; i++)
		s = (u8)(s + p[i]);
	p[off] = (u8)(0x100 - s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct madt_info m;
	u32 len;

	if (size < 2)
		return 0;
	put32(mmap64, 20);
	put64(mmap64 + 4, 0);
	put64(mmap64 + 12, 0x9fc00);
	put32(mmap64 + 20, 1);
	put32(mmap64 + 24, 20);
	put64(mmap64 + 28, 0x100000);
	put64(mmap64 + 36, 0x3f00000);
	put32(mmap64 + 44, 1);
	len = (u32)MIN(size - 1, (size_t)TABLE_MAX);
	switch (data[0] % 3) {
	case 0: {
		u32 tlen = len < 44 ? 44 : len;
		u8 *t = malloc(tlen); /* exact size: ASan sees any read past it */
		memset(t, 0, tlen);
		memcpy(t, data + 1, len);
		memcpy(t, "APIC", 4);
		put32(t + 4, tlen);
		CHECK(madt_decode(t, tlen, &m) == 0);
		check_info(&m);
		free(t);
		break;
	}
	case 1: {
		u32 tlen = len < 44 ? 44 : len;
		u8 *t = malloc(tlen);
		memset(t, 0, tlen);
		memcpy(t, data + 1, len);
		memcpy(t, "PCMP", 4);
		if (data[1] & 1) {
			u32 base = (u32)t[4] | (u32)t[5] << 8;
			if (base >= 44 && base <= tlen)
				fix_sum(t, base, 7);
		}
		if (mptable_decode(t, tlen, &m) == 0)
			check_info(&m);
		else
			CHECK(m.nr_notes > 0 || memcmp(t, "PCMP", 4));
		free(t);
		break;
	}
	default: {
		char why[160];
		bool absent;
		struct acpi_rsdp_info r;

		memset(phys, 0, sizeof(phys));
		memcpy(phys + 0xE0000, "RSD PTR ", 8);
		put32(phys + 0xE0000 + 16, 0x100000);
		fix_sum(phys + 0xE0000, 20, 8);
		memcpy(phys + 0x100000, data + 1, len);
		memcpy(phys + 0x100000, "RSDT", 4);
		/* Checksums are hard to guess: make them right (bit 0: the
		 * RSDT's, bit 1: those of the tables it lists in the window). */
		{
			u8 flags = data[size - 1];
			u32 rlen = get32(phys + 0x100004);
			if ((flags & 1) && rlen >= ACPI_HDR_LEN && rlen <= len) {
				for (u32 e = ACPI_HDR_LEN; (flags & 2) && e + 4 <= rlen; e += 4) {
					u32 pa = get32(phys + 0x100000 + e), tl;
					if (pa <= 0x100000 || (u64)pa + ACPI_HDR_LEN > 0x100000 + len)
						continue;
					tl = get32(phys + pa + 4);
					if (tl >= ACPI_HDR_LEN && (u64)pa + tl <= 0x100000 + len)
						fix_sum(phys + pa, tl, 9);
				}
				fix_sum(phys + 0x100000, rlen, 9);
			}
		}
		CHECK(acpi_find_rsdp(test_map, NULL, &r) == 0);
		int rc = madt_find(test_map, NULL, 0, 0, &m);
		const char *p = acpi_table_problem(test_map, NULL, &r, "APIC", why, sizeof(why), &absent);
		if (rc == 0) {
			check_info(&m);
		} else {
			CHECK(rc == -2);
			/* a rejected MADT is named in a note; a missing one
			 * is said to be missing */
			CHECK(m.nr_notes == 1 || (p != NULL && absent));
		}
		break;
	}
	}
	return 0;
}
