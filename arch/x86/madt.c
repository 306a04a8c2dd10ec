/* SPDX-License-Identifier: MIT */
/* arch/x86/madt.c - see madt.h. */
#include "arch/x86/madt.h"
#include "kernel/printk.h"
#include "kernel/string.h"

#define MADT_LAPIC_ADDR	  36u
#define MADT_FLAGS	  40u
#define MADT_ENTRIES	  44u
#define MADT_T_LAPIC	  0u
#define MADT_T_IOAPIC	  1u
#define MADT_T_LAPIC_OVR  5u
#define MADT_T_X2APIC	  9u
#define LAPIC_ENABLED	  (1u << 0)
#define LAPIC_ONLINE_CAPA (1u << 1)

static u32 get32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

/* Adds one line to out->notes (counted even when there is no room). */
static void __attribute__((format(printf, 2, 3))) note(struct madt_info *out, const char *fmt, ...)
{
	va_list ap;

	if (out->nr_notes < MADT_NOTES) {
		va_start(ap, fmt);
		kvsnprintf(out->notes[out->nr_notes], MADT_NOTE_LEN, fmt, ap);
		va_end(ap);
	}
	out->nr_notes++;
}

/* Records a usable CPU with APIC id `id` found in entry `entry` (table
 * order), unless the id was listed before. */
static void add_cpu(struct madt_info *out, const char *source, u32 entry, u32 id, u32 acpi_id, u32 *first_entry)
{
	if (id == 0xFF) { /* an IPI to 0xFF goes to every CPU */
		note(out, "%s: entry %u has APIC id 255, the xAPIC broadcast id: not used", source, entry);
		return;
	}
	for (u32 i = 0; i < out->nr_cpus; i++) {
		if (out->apic_id[i] == id) {
			if (!out->duplicates++)
				note(out, "%s: APIC id %u is listed twice (entries %u and %u): the CPU is used once",
				     source, id, first_entry[i], entry);
			return;
		}
	}
	if (out->nr_cpus < MADT_MAX_CPUS) {
		first_entry[out->nr_cpus] = entry;
		out->acpi_id[out->nr_cpus] = (u8)acpi_id;
		out->apic_id[out->nr_cpus] = (u8)id;
		out->nr_cpus++;
	} else {
		out->ignored++;
	}
}

static void add_ioapic(struct madt_info *out, u32 phys)
{
	if (out->nr_ioapics < MADT_MAX_IOAPICS)
		out->ioapic_phys[out->nr_ioapics] = phys;
	out->nr_ioapics++;
}

int madt_decode(const u8 *t, u32 len, struct madt_info *out)
{
	static const u8 min_len[] = { [MADT_T_LAPIC] = 8, [MADT_T_IOAPIC] = 12, [MADT_T_LAPIC_OVR] = 12 };
	static const char *const type_name[] = { [MADT_T_LAPIC] = "local APIC",
						 [MADT_T_IOAPIC] = "I/O APIC",
						 [MADT_T_LAPIC_OVR] = "local APIC address override" };
	u32 off = MADT_ENTRIES, entry = 0, first_entry[MADT_MAX_CPUS];

	if (len < MADT_ENTRIES || memcmp(t, "APIC", 4))
		return -1;
	memset(out, 0, sizeof(*out));
	out->lapic_phys = get32(t + MADT_LAPIC_ADDR);
	out->flags = get32(t + MADT_FLAGS);
	for (; off + 2 <= len; entry++) {
		u32 type = t[off], elen = t[off + 1];

		if (elen < 2 || elen > len - off) {
			note(out,
			     "ACPI MADT: entry %u at offset %u (type %u) has length %u (2..%u): it and the %u bytes "
			     "after it are not read",
			     entry, off, type, elen, len - off, len - off);
			break;
		}
		if (type < ARRAY_SIZE(min_len) && min_len[type] && elen < min_len[type]) {
			note(out, "ACPI MADT: entry %u (%s) has length %u, below its %u: skipped", entry,
			     type_name[type], elen, min_len[type]);
		} else if (type == MADT_T_LAPIC) {
			u32 flags = get32(t + off + 4);
			if (!(flags & (LAPIC_ENABLED | LAPIC_ONLINE_CAPA)))
				out->disabled++;
			else
				add_cpu(out, "ACPI MADT", entry, t[off + 3], t[off + 2], first_entry);
		} else if (type == MADT_T_IOAPIC) {
			add_ioapic(out, get32(t + off + 4));
		} else if (type == MADT_T_LAPIC_OVR) {
			u32 lo = get32(t + off + 4), hi = get32(t + off + 8);
			if (!hi)
				out->lapic_phys = lo;
			else
				note(out,
				     "ACPI MADT: the local APIC address override 0x%x%08x is above 4 GiB: not used", hi,
				     lo);
		} else if (type == MADT_T_X2APIC) {
			out->x2apic++;
		}
		off += elen;
	}
	if (out->duplicates > 1)
		note(out, "ACPI MADT: %u entries in all repeat an APIC id listed before: not used", out->duplicates);
	if (off < len && off + 2 > len)
		note(out, "ACPI MADT: %u stray byte%s at its end not read", len - off, len - off == 1 ? "" : "s");
	return 0;
}

const char *madt_check_boot_cpu(struct madt_info *m, const char *source, u32 boot_apic_id, char *buf, u32 cap)
{
	for (u32 i = 0; i < m->nr_cpus; i++)
		if (m->apic_id[i] == boot_apic_id)
			return NULL;
	if (m->ignored) /* it may be among the entries not read */
		return NULL;
	m->unsafe = true;
	ksnprintf(buf, cap, "%s: the boot CPU's APIC id %u is not listed: the table is not used, 1 CPU", source,
		  boot_apic_id);
	return buf;
}

void madt_check(struct madt_info *m, const char *source, u32 boot_apic_id, const u8 *mmap, u32 mmap_len)
{
	char buf[MADT_NOTE_LEN - 24];
	u32 i;

	if (boot_apic_id <= 0xFF && madt_check_boot_cpu(m, source, boot_apic_id, buf, sizeof(buf)))
		note(m, "%s", buf);
	if (acpi_mmio_check("the local APIC", m->lapic_phys, 4096, mmap, mmap_len, buf, sizeof(buf))) {
		note(m, "%s: %s: refused, 1 CPU", source, buf);
		m->unsafe = true;
	}
	for (i = 0; i < MIN(m->nr_ioapics, (u32)MADT_MAX_IOAPICS); i++)
		if (acpi_mmio_check("the I/O APIC", m->ioapic_phys[i], 4096, mmap, mmap_len, buf, sizeof(buf)))
			note(m, "%s: %s (not used by this kernel)", source, buf);
}

int madt_find(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct madt_info *out)
{
	struct acpi_rsdp_info rsdp;
	const u8 *t;
	u32 len;

	if (acpi_find_rsdp(map, ctx, &rsdp) < 0 &&
	    (!mmap_len || acpi_find_rsdp_mmap(map, ctx, mmap_phys, mmap_len, &rsdp) < 0))
		return -1;
	if (acpi_find_table(map, ctx, &rsdp, "APIC", &t, &len) < 0) {
		bool absent = false;
		char why[MADT_NOTE_LEN - 16];

		memset(out, 0, sizeof(*out));
		if (acpi_table_problem(map, ctx, &rsdp, "APIC", why, sizeof(why), &absent) && !absent)
			note(out, "%s: not used", why);
		return -2;
	}
	if (madt_decode(t, len, out) < 0) {
		memset(out, 0, sizeof(*out));
		note(out, "the ACPI MADT is %u bytes long, shorter than its %u-byte header: not used", len,
		     MADT_ENTRIES);
		return -2;
	}
	return 0;
}

/* ---- the MP table ------------------------------------------------------------ */

#define MP_HDR_LEN   44u
#define MP_T_PROC    0u
#define MP_T_IOAPIC  2u
#define MP_T_LAST    4u /* 0 processor, 1 bus, 2 I/O APIC, 3 I/O and 4 local interrupt */
#define MP_PROC_LEN  20u
#define MP_OTHER_LEN 8u
#define MP_PROC_EN   (1u << 0)
#define MP_SCAN_BIOS 0xF0000u
#define MP_BASE_LAST 0x9FC00u /* last KiB of 640 KiB base memory */

int mptable_decode(const u8 *t, u32 len, struct madt_info *out)
{
	u32 base_len, count, off = MP_HDR_LEN, i, first_entry[MADT_MAX_CPUS];

	if (len < MP_HDR_LEN || memcmp(t, "PCMP", 4))
		return -1;
	memset(out, 0, sizeof(*out));
	base_len = (u32)t[4] | (u32)t[5] << 8;
	if (base_len < MP_HDR_LEN || base_len > len) {
		note(out, "MP table: base length %u outside %u..%u: not used", base_len, MP_HDR_LEN, len);
		return -1;
	}
	if (!acpi_checksum_ok(t, base_len)) {
		note(out, "MP table: checksum over its %u bytes fails: not used", base_len);
		return -1;
	}
	out->lapic_phys = get32(t + 36);
	count = (u32)t[34] | (u32)t[35] << 8;
	for (i = 0; i < count && off < base_len; i++) {
		u32 type = t[off], elen = type == MP_T_PROC ? MP_PROC_LEN : MP_OTHER_LEN;
		if (type > MP_T_LAST) {
			note(out,
			     "MP table: entry %u at offset %u has unknown type %u: it and the %u entries after it "
			     "are not read",
			     i, off, type, count - i - 1);
			return 0;
		}
		if (off + elen > base_len)
			break;
		if (type == MP_T_PROC) {
			if (!(t[off + 3] & MP_PROC_EN))
				out->disabled++;
			else
				add_cpu(out, "MP table", i, t[off + 1], 0, first_entry);
		} else if (type == MP_T_IOAPIC && (t[off + 3] & 1)) {
			add_ioapic(out, get32(t + off + 4));
		}
		off += elen;
	}
	if (i < count)
		note(out, "MP table: %u entries announced, %u fit in its %u bytes: the others are not read", count, i,
		     base_len);
	if (out->duplicates > 1)
		note(out, "MP table: %u entries in all repeat an APIC id listed before: not used", out->duplicates);
	return 0;
}

/* The floating pointer in [start, start + len), or NULL. */
static const u8 *mp_scan(acpi_map_fn map, void *ctx, u32 start, u32 len)
{
	const u8 *a = map(start, len, ctx);

	if (!a)
		return NULL;
	for (u32 off = 0; off + 16 <= len; off += 16)
		if (!memcmp(a + off, "_MP_", 4) && a[off + 8] == 1 && acpi_checksum_ok(a + off, 16))
			return a + off;
	return NULL;
}

int mptable_find(acpi_map_fn map, void *ctx, struct madt_info *out)
{
	const u8 *bda = map(ACPI_EBDA_PTR, 2, ctx), *fp = NULL, *h, *t;
	u32 ebda = bda ? ((u32)bda[0] | (u32)bda[1] << 8) << 4 : 0, len;

	memset(out, 0, sizeof(*out));
	if (ebda >= 0x80000 && ebda < 0xA0000)
		fp = mp_scan(map, ctx, ebda, 1024);
	if (!fp)
		fp = mp_scan(map, ctx, MP_BASE_LAST, 1024);
	if (!fp)
		fp = mp_scan(map, ctx, MP_SCAN_BIOS, 0x10000);
	if (!fp)
		return -1;
	if (fp[11] != 0 || !get32(fp + 4))
		return -2; /* a default configuration: no table to read */
	h = map(get32(fp + 4), MP_HDR_LEN, ctx);
	if (!h) {
		note(out, "MP table: its configuration table at 0x%x cannot be reached: not used", get32(fp + 4));
		return -2;
	}
	if (memcmp(h, "PCMP", 4)) {
		note(out, "MP table: no \"PCMP\" signature at 0x%x, where its floating pointer points: not used",
		     get32(fp + 4));
		return -2;
	}
	len = (u32)h[4] | (u32)h[5] << 8;
	t = len >= MP_HDR_LEN ? map(get32(fp + 4), len, ctx) : NULL;
	if (!t) {
		note(out, "MP table: base length %u at 0x%x is below %u or cannot be reached: not used", len,
		     get32(fp + 4), MP_HDR_LEN);
		return -2;
	}
	return mptable_decode(t, len, out) == 0 ? 0 : -2;
}
