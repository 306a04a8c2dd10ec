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
