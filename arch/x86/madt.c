/* SPDX-License-Identifier: MIT */
/* arch/x86/madt.c - see madt.h. */
#include "arch/x86/madt.h"
#include "kernel/string.h"

#define MADT_LAPIC_ADDR	  36u
#define MADT_FLAGS	  40u
#define MADT_ENTRIES	  44u
#define MADT_T_LAPIC	  0u
#define MADT_T_LAPIC_OVR  5u
#define MADT_T_X2APIC	  9u
#define LAPIC_ENABLED	  (1u << 0)
#define LAPIC_ONLINE_CAPA (1u << 1)

static u32 get32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

int madt_decode(const u8 *t, u32 len, struct madt_info *out)
{
	u32 off = MADT_ENTRIES;

	if (len < MADT_ENTRIES || memcmp(t, "APIC", 4))
		return -1;
	memset(out, 0, sizeof(*out));
	out->lapic_phys = get32(t + MADT_LAPIC_ADDR);
	out->flags = get32(t + MADT_FLAGS);
	while (off + 2 <= len) {
		u32 type = t[off], elen = t[off + 1];

		if (elen < 2 || elen > len - off)
			break;
		if (type == MADT_T_LAPIC && elen >= 8) {
			u32 flags = get32(t + off + 4);
			if (!(flags & (LAPIC_ENABLED | LAPIC_ONLINE_CAPA))) {
				out->disabled++;
			} else if (out->nr_cpus < MADT_MAX_CPUS) {
				out->acpi_id[out->nr_cpus] = t[off + 2];
				out->apic_id[out->nr_cpus] = t[off + 3];
				out->nr_cpus++;
			} else {
				out->ignored++;
			}
		} else if (type == MADT_T_LAPIC_OVR && elen >= 12) {
			u32 lo = get32(t + off + 4), hi = get32(t + off + 8);
			if (!hi)
				out->lapic_phys = lo;
		} else if (type == MADT_T_X2APIC) {
			out->x2apic++;
		}
		off += elen;
	}
	return 0;
}

int madt_find(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct madt_info *out)
{
	struct acpi_rsdp_info rsdp;
	const u8 *t;
	u32 len;

	if (acpi_find_rsdp(map, ctx, &rsdp) < 0 &&
	    (!mmap_len || acpi_find_rsdp_mmap(map, ctx, mmap_phys, mmap_len, &rsdp) < 0))
		return -1;
	if (acpi_find_table(map, ctx, &rsdp, "APIC", &t, &len) < 0)
		return -2;
	return madt_decode(t, len, out) < 0 ? -2 : 0;
}

/* ---- the MP table ------------------------------------------------------------ */

#define MP_HDR_LEN   44u
#define MP_T_PROC    0u
#define MP_PROC_LEN  20u
#define MP_OTHER_LEN 8u
#define MP_PROC_EN   (1u << 0)
#define MP_SCAN_BIOS 0xF0000u
#define MP_BASE_LAST 0x9FC00u /* last KiB of 640 KiB base memory */

int mptable_decode(const u8 *t, u32 len, struct madt_info *out)
{
	u32 base_len, count, off = MP_HDR_LEN;

	if (len < MP_HDR_LEN || memcmp(t, "PCMP", 4))
		return -1;
	base_len = (u32)t[4] | (u32)t[5] << 8;
	if (base_len < MP_HDR_LEN || base_len > len || !acpi_checksum_ok(t, base_len))
		return -1;
	memset(out, 0, sizeof(*out));
	out->lapic_phys = get32(t + 36);
	count = (u32)t[34] | (u32)t[35] << 8;
	for (u32 i = 0; i < count && off < base_len; i++) {
		u32 elen = t[off] == MP_T_PROC ? MP_PROC_LEN : MP_OTHER_LEN;
		if (off + elen > base_len)
			break;
		if (t[off] == MP_T_PROC) {
			if (!(t[off + 3] & MP_PROC_EN))
				out->disabled++;
			else if (out->nr_cpus < MADT_MAX_CPUS)
				out->apic_id[out->nr_cpus++] = t[off + 1];
			else
				out->ignored++;
		}
		off += elen;
	}
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
	if (!h)
		return -2;
	len = (u32)h[4] | (u32)h[5] << 8;
	t = len >= MP_HDR_LEN ? map(get32(fp + 4), len, ctx) : NULL;
	return t && mptable_decode(t, len, out) == 0 ? 0 : -2;
}
