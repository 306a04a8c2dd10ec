/* SPDX-License-Identifier: MIT */
/* arch/x86/acpi.c - RSDP, RSDT/XSDT, HPET table and FADT, checked before use.
 *
 * Pure C: memory is read through the caller's map function (acpi.h), so the
 * host tests run this file on synthetic tables. All multi-byte fields are
 * little-endian and may be unaligned: they are assembled byte by byte. */
#include "arch/x86/acpi.h"
#include "kernel/printk.h"
#include "kernel/string.h"

#define RSDP_V1_LEN 20u
#define RSDP_V2_LEN 36u

/* FADT field offsets (ACPI 6.x, table "FADT Format"). */
#define FADT_PM_TMR_BLK	  76u
#define FADT_PM_TMR_LEN	  91u
#define FADT_FLAGS	  112u
#define FADT_X_PM_TMR_BLK 208u
#define FADT_MIN_LEN	  116u /* through Flags */
#define FADT_X_LEN	  220u /* through X_PM_TMR_BLK */
#define FADT_TMR_VAL_EXT  (1u << 8)
#define FADT_HW_REDUCED	  (1u << 20)

/* HPET table: Event Timer Block ID at 36, base address GAS at 40 (space id
 * at 40, address at 44), HPET number at 52, minimum tick at 53. */
#define HPET_GAS       40u
#define HPET_NUMBER    52u
#define HPET_MIN_TICK  53u
#define HPET_TABLE_LEN 56u

#define GAS_SPACE_MEMORY 0u
#define GAS_SPACE_IO	 1u

static u32 get16(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8;
}

static u32 get32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static u64 get64(const u8 *p)
{
	return (u64)get32(p) | (u64)get32(p + 4) << 32;
}

bool acpi_checksum_ok(const u8 *p, u32 len)
{
	u8 sum = 0;

	for (u32 i = 0; i < len; i++)
		sum = (u8)(sum + p[i]);
	return sum == 0;
}

int acpi_rsdp_check(const u8 *p, u32 avail, struct acpi_rsdp_info *out)
{
	u32 len;

	if (avail < RSDP_V1_LEN || memcmp(p, "RSD PTR ", 8) || !acpi_checksum_ok(p, RSDP_V1_LEN))
		return -1;
	memset(out, 0, sizeof(*out));
	out->revision = p[15];
	memcpy(out->oem, p + 9, 6);
	out->oem[6] = '\0';
	out->rsdt = get32(p + 16);
	if (out->revision >= 2) {
		if (avail < RSDP_V2_LEN)
			return -1;
		len = get32(p + 20);
		if (len < RSDP_V2_LEN || len > avail || !acpi_checksum_ok(p, len))
			return -1;
		out->xsdt = get64(p + 24);
	}
	return 0;
}

s32 acpi_rsdp_scan(const u8 *area, u32 len, struct acpi_rsdp_info *out)
{
	for (u32 off = 0; off + RSDP_V1_LEN <= len; off += 16)
		if (!acpi_rsdp_check(area + off, len - off, out))
			return (s32)off;
	return -1;
}

int acpi_find_rsdp(acpi_map_fn map, void *ctx, struct acpi_rsdp_info *out)
{
	const u8 *bda = map(ACPI_EBDA_PTR, 2, ctx);
	const u8 *area;
	s32 off;

	if (bda) {
		u32 ebda = get16(bda) << 4;
		if (ebda >= 0x80000 && ebda < 0xA0000) {
			area = map(ebda, 1024, ctx);
			if (area && (off = acpi_rsdp_scan(area, 1024, out)) >= 0) {
				out->phys = ebda + (u32)off;
				return 0;
			}
		}
	}
	area = map(ACPI_BIOS_AREA_START, ACPI_BIOS_AREA_END - ACPI_BIOS_AREA_START, ctx);
	if (area && (off = acpi_rsdp_scan(area, ACPI_BIOS_AREA_END - ACPI_BIOS_AREA_START, out)) >= 0) {
		out->phys = ACPI_BIOS_AREA_START + (u32)off;
		return 0;
	}
	return -1;
}

int acpi_find_rsdp_mmap(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct acpi_rsdp_info *out)
{
	const u8 *mm = mmap_len ? map(mmap_phys, mmap_len, ctx) : NULL;
	u32 off = 0;

	if (!mm)
		return -1;
	while (off + 24 <= mmap_len) {
		u32 size = get32(mm + off);
		u64 base = get64(mm + off + 4), len = get64(mm + off + 12);
		u32 type = get32(mm + off + 20);

		if (size < 20 || size > mmap_len - off - 4)
			break; /* malformed: stop rather than guess */
		off += size + 4;
		if ((type != 3 && type != 4) || base >= (1ull << 32) || len < 20)
			continue;
		len = MIN(len, (1ull << 32) - base);
		len = MIN(len, (u64)ACPI_REGION_SCAN_MAX);
		/* RSDPs are 16-byte aligned: start at the first aligned address. */
		u64 start = ALIGN_UP(base, 16ull);
		if (start - base >= len)
			continue;
		len -= start - base;
		const u8 *area = map(start, (u32)len, ctx);
		s32 at;
		if (area && (at = acpi_rsdp_scan(area, (u32)len, out)) >= 0) {
			out->phys = start + (u32)at;
			return 0;
		}
	}
	return -1;
}

/* Maps the whole table at phys and checks it: sig (NULL = any), length,
 * checksum. Returns it with *len set, or NULL. */
static const u8 *map_table(acpi_map_fn map, void *ctx, u64 phys, const char *sig, u32 *len)
{
	const u8 *h = map(phys, ACPI_HDR_LEN, ctx);
	const u8 *t;
	u32 n;

	if (!h || (sig && memcmp(h, sig, 4)))
		return NULL;
	n = get32(h + 4);
	if (n < ACPI_HDR_LEN || n > ACPI_TABLE_MAX)
		return NULL;
	t = map(phys, n, ctx);
	if (!t || memcmp(t, h, 4) || !acpi_checksum_ok(t, n))
		return NULL;
	*len = n;
	return t;
}

int acpi_find_table(acpi_map_fn map, void *ctx, const struct acpi_rsdp_info *rsdp, const char *sig, const u8 **table,
		    u32 *len)
{
	bool x = rsdp->revision >= 2 && rsdp->xsdt != 0;
	u32 esize = x ? 8 : 4, rlen, n;
	const u8 *root = map_table(map, ctx, x ? rsdp->xsdt : rsdp->rsdt, x ? "XSDT" : "RSDT", &rlen);

	if (!root)
		return -1;
	n = (rlen - ACPI_HDR_LEN) / esize;
	for (u32 i = 0; i < n; i++) {
		const u8 *e = root + ACPI_HDR_LEN + i * esize;
		u64 pa = x ? get64(e) : get32(e);
		const u8 *t;
		u32 tlen;

		if (pa == 0 || pa >= (1ull << 32))
			continue;
		t = map_table(map, ctx, pa, sig, &tlen);
		if (t) {
			*table = t;
			*len = tlen;
			return 0;
		}
	}
	return -2;
}

/* What is wrong with the table at phys (sig: NULL = any), or NULL. */
static const char *table_problem(acpi_map_fn map, void *ctx, u64 phys, const char *sig, const char *name, char *buf,
				 u32 cap)
{
	const u8 *h = map(phys, ACPI_HDR_LEN, ctx), *t;
	u32 n;
	u8 sum = 0;

	if (!h) {
		ksnprintf(buf, cap, "the %s at 0x%llx cannot be reached", name, (unsigned long long)phys);
		return buf;
	}
	if (sig && memcmp(h, sig, 4)) {
		ksnprintf(buf, cap, "the %s at 0x%llx has signature \"%c%c%c%c\"", name, (unsigned long long)phys,
			  h[0] >= 32 && h[0] < 127 ? h[0] : '?', h[1] >= 32 && h[1] < 127 ? h[1] : '?',
			  h[2] >= 32 && h[2] < 127 ? h[2] : '?', h[3] >= 32 && h[3] < 127 ? h[3] : '?');
		return buf;
	}
	n = get32(h + 4);
	if (n < ACPI_HDR_LEN || n > ACPI_TABLE_MAX) {
		ksnprintf(buf, cap, "the %s at 0x%llx says it is %u bytes long (%u..%u)", name,
			  (unsigned long long)phys, n, ACPI_HDR_LEN, ACPI_TABLE_MAX);
		return buf;
	}
	t = map(phys, n, ctx);
	if (!t) {
		ksnprintf(buf, cap, "the %s at 0x%llx (%u bytes) cannot be reached", name, (unsigned long long)phys, n);
		return buf;
	}
	for (u32 i = 0; i < n; i++)
		sum = (u8)(sum + t[i]);
	if (sum) {
		ksnprintf(buf, cap, "the %s at 0x%llx (%u bytes): checksum fails (bytes sum to 0x%02x)", name,
			  (unsigned long long)phys, n, sum);
		return buf;
	}
	return NULL;
}

const char *acpi_table_problem(acpi_map_fn map, void *ctx, const struct acpi_rsdp_info *rsdp, const char *sig,
			       char *buf, u32 cap, bool *absent)
{
	bool x = rsdp->revision >= 2 && rsdp->xsdt != 0;
	u64 root_pa = x ? rsdp->xsdt : rsdp->rsdt;
	u32 esize = x ? 8 : 4, rlen, n, high = 0;
	u64 first_high = 0;
	const u8 *root;
	char name[16];

	if (absent)
		*absent = false;
	if (table_problem(map, ctx, root_pa, x ? "XSDT" : "RSDT", x ? "ACPI XSDT" : "ACPI RSDT", buf, cap))
		return buf;
	root = map_table(map, ctx, root_pa, NULL, &rlen);
	if (!root) {
		ksnprintf(buf, cap, "the ACPI root table at 0x%llx cannot be read", (unsigned long long)root_pa);
		return buf;
	}
	n = (rlen - ACPI_HDR_LEN) / esize;
	for (u32 i = 0; i < n; i++) {
		const u8 *e = root + ACPI_HDR_LEN + i * esize, *h;
		u64 pa = x ? get64(e) : get32(e);

		if (pa >= (1ull << 32) && !high++)
			first_high = pa;
		if (pa == 0 || pa >= (1ull << 32) || !(h = map(pa, 4, ctx)) || memcmp(h, sig, 4))
			continue;
		ksnprintf(name, sizeof(name), "ACPI %s",
			  !memcmp(sig, "APIC", 4)   ? "MADT"
			  : !memcmp(sig, "FACP", 4) ? "FADT"
						    : sig);
		if (table_problem(map, ctx, pa, sig, name, buf, cap))
			return buf;
		if ((rlen - ACPI_HDR_LEN) % esize) {
			ksnprintf(buf, cap, "the ACPI %s is %u bytes long, not a whole number of %u-byte entries",
				  x ? "XSDT" : "RSDT", rlen, esize);
			return buf;
		}
		return NULL;
	}
	if (high) { /* it may be one of them: not absent, and the log says why it was not read */
		if (!memcmp(sig, "FACP", 4))
			ksnprintf(name, sizeof(name), "FADT");
		else
			ksnprintf(name, sizeof(name), "%.4s table", sig);
		ksnprintf(buf, cap,
			  "no %s below 4 GiB; %u XSDT entr%s above 4 GiB skipped (first at 0x%llx): this 32-bit "
			  "kernel reads tables in the low 4 GiB only",
			  name, high, high == 1 ? "y" : "ies", (unsigned long long)first_high);
		return buf;
	}
	if (absent)
		*absent = true;
	if (!memcmp(sig, "FACP", 4))
		ksnprintf(buf, cap, "no FADT");
	else
		ksnprintf(buf, cap, "no %.4s table", sig);
	return buf;
}

const char *acpi_mmio_check(const char *what, u64 addr, u32 len, const u8 *mmap, u32 mmap_len, char *buf, u32 cap)
{
	u32 off = 0;

	if (addr == 0) {
		ksnprintf(buf, cap, "%s is at address 0", what);
		return buf;
	}
	if (addr & 0xFFFu) {
		ksnprintf(buf, cap, "%s at 0x%llx is not page-aligned", what, (unsigned long long)addr);
		return buf;
	}
	if (addr + len > (1ull << 32)) {
		ksnprintf(buf, cap, "%s at 0x%llx is above 4 GiB", what, (unsigned long long)addr);
		return buf;
	}
	while (mmap && off + 24 <= mmap_len) {
		u32 size = get32(mmap + off);
		u64 base = get64(mmap + off + 4), elen = get64(mmap + off + 12);
		u32 type = get32(mmap + off + 20);

		if (size < 20 || size > mmap_len - off - 4)
			break;
		off += size + 4;
		if (type == 1 && elen && addr < base + elen && addr + len > base) {
			ksnprintf(buf, cap, "%s at 0x%llx is in usable RAM [mem 0x%llx-0x%llx]", what,
				  (unsigned long long)addr, (unsigned long long)base,
				  (unsigned long long)(base + elen - 1));
			return buf;
		}
	}
	return NULL;
}

int acpi_hpet_decode(const u8 *t, u32 len, struct acpi_hpet_info *out)
{
	if (len < HPET_TABLE_LEN || memcmp(t, "HPET", 4))
		return -1;
	if (t[HPET_GAS] != GAS_SPACE_MEMORY)
		return -1;
	out->base = get64(t + HPET_GAS + 4);
	out->number = t[HPET_NUMBER];
	out->min_tick = (u16)get16(t + HPET_MIN_TICK);
	return out->base ? 0 : -1;
}

int acpi_fadt_pm_timer(const u8 *t, u32 len, struct acpi_pm_timer_info *out)
{
	u32 flags, port;

	if (len < FADT_MIN_LEN || memcmp(t, "FACP", 4))
		return -1;
	flags = get32(t + FADT_FLAGS);
	if (flags & FADT_HW_REDUCED)
		return -2;
	memset(out, 0, sizeof(*out));
	out->bits = flags & FADT_TMR_VAL_EXT ? 32 : 24;
	port = get32(t + FADT_PM_TMR_BLK);
	if (port != 0) {
		if (t[FADT_PM_TMR_LEN] != 4 || port > 0xFFFC)
			return -1;
		out->port = (u16)port;
		return 0;
	}
	if (len >= FADT_X_LEN && t[FADT_X_PM_TMR_BLK] == GAS_SPACE_IO) {
		u64 a = get64(t + FADT_X_PM_TMR_BLK + 4);
		if (a != 0 && a <= 0xFFFC) {
			out->port = (u16)a;
			out->from_x = true;
			return 0;
		}
	}
	return -2;
}

int acpi_discover_timers(acpi_map_fn map, void *ctx, u64 mmap_phys, u32 mmap_len, struct acpi_timers *out)
{
	const u8 *t;
	u32 len;
	int rc;

	static char hpet_buf[160], pm_buf[160];
	const u8 *mm = mmap_len ? map(mmap_phys, mmap_len, ctx) : NULL;

	memset(out, 0, sizeof(*out));
	if (acpi_find_rsdp(map, ctx, &out->rsdp) == 0) {
		out->rsdp_where = "EBDA/BIOS area";
	} else if (acpi_find_rsdp_mmap(map, ctx, mmap_phys, mmap_len, &out->rsdp) == 0) {
		out->rsdp_where = "memory map";
	} else {
		out->hpet_why = out->pm_why = mmap_len
						  ? "no ACPI RSDP in the EBDA, 0xE0000-0xFFFFF or the ACPI regions "
						    "of the memory map"
						  : "no ACPI RSDP in the EBDA or 0xE0000-0xFFFFF (and no memory map)";
		return -1;
	}
	out->have_rsdp = true;

	rc = acpi_find_table(map, ctx, &out->rsdp, "HPET", &t, &len);
	if (rc < 0)
		out->hpet_why = acpi_table_problem(map, ctx, &out->rsdp, "HPET", hpet_buf, sizeof(hpet_buf), NULL)
				    ?: "no valid HPET table";
	else if (acpi_hpet_decode(t, len, &out->hpet) < 0)
		out->hpet_why = "the HPET table is malformed";
	else if (out->hpet.base >= (1ull << 32) - 1024)
		out->hpet_why = "the HPET is above 4 GiB";
	else if (!(out->hpet_why = acpi_mmio_check("the HPET", out->hpet.base, 1024, mm, mm ? mmap_len : 0, hpet_buf,
						   sizeof(hpet_buf))))
		out->have_hpet = true;
	if (rc == -1) {
		out->pm_why = out->hpet_why;
		return 0;
	}

	rc = acpi_find_table(map, ctx, &out->rsdp, "FACP", &t, &len);
	if (rc < 0)
		out->pm_why =
		    acpi_table_problem(map, ctx, &out->rsdp, "FACP", pm_buf, sizeof(pm_buf), NULL) ?: "no valid FADT";
	else if ((rc = acpi_fadt_pm_timer(t, len, &out->pm)) == -2)
		out->pm_why = "the FADT names no PM timer (hardware-reduced ACPI)";
	else if (rc < 0)
		out->pm_why = "the FADT is malformed";
	else
		out->have_pm_timer = true;
	return 0;
}
