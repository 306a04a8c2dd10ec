/* arch/x86/e820.c - sanitizing the firmware memory map.
 *
 * Firmware maps come unsorted, with overlaps and zero-length entries, and
 * may describe memory above 4 GiB that a 32-bit kernel without PAE cannot
 * use. e820_sanitize() cuts the address line at every entry boundary and
 * gives each elementary interval the "strongest" type that covers it, so
 * that a reserved range punched into usable RAM is never handed out. */
#include "arch/x86/e820.h"
#include "kernel/printk.h"

#define ADDR_LIMIT 0x100000000ull /* 4 GiB */

int e820_add(struct e820_table *t, u64 addr, u64 size, u32 type)
{
	if (t->nr_entries >= E820_TABLE_CAP)
		return -1;
	t->entries[t->nr_entries].addr = addr;
	t->entries[t->nr_entries].size = size;
	t->entries[t->nr_entries].type = type;
	t->nr_entries++;
	return 0;
}

/* Strength of a type for overlap resolution: usable is weakest; among the
 * others the larger number wins. 0 means "no entry covers this". */
static u32 type_strength(u32 type)
{
	return type == E820_TYPE_RAM ? 1 : type + 1;
}

static void sort_u64(u64 *v, u32 n)
{
	u32 i, j;
	for (i = 1; i < n; i++) {
		u64 x = v[i];
		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

int e820_sanitize(const struct e820_table *in, struct e820_table *out, u64 *dropped_above_4g)
{
	static u64 points[2 * E820_MAX_ENTRIES + 1];
	u32 i, j, npoints = 0;
	u64 dropped = 0;

	out->nr_entries = 0;
	if (dropped_above_4g)
		*dropped_above_4g = 0;
	if (in->nr_entries > E820_MAX_ENTRIES)
		return -1;

	/* Cut the address line at every boundary, and at 4 GiB, so that no
	 * elementary interval straddles the limit. */
	points[npoints++] = ADDR_LIMIT;
	for (i = 0; i < in->nr_entries; i++) {
		const struct e820_entry *e = &in->entries[i];
		u64 end = e->addr + e->size;

		if (e->size == 0)
			continue;
		if (end < e->addr) /* wraps past 2^64: clamp */
			end = ~0ull;
		points[npoints++] = e->addr;
		points[npoints++] = end;
	}
	sort_u64(points, npoints);

	/* Each interval [points[i], points[i+1]) gets the strongest covering
	 * type: below 4 GiB it goes to out, above it only counts as dropped
	 * usable memory (so RAM listed twice is counted once). */
	for (i = 0; i + 1 < npoints; i++) {
		u64 lo = points[i], hi = points[i + 1];
		u32 best = 0, best_type = 0;

		if (lo == hi)
			continue;
		for (j = 0; j < in->nr_entries; j++) {
			const struct e820_entry *e = &in->entries[j];
			u64 end = e->addr + e->size;
			if (end < e->addr)
				end = ~0ull;
			if (e->size && e->addr <= lo && end >= hi && type_strength(e->type) > best) {
				best = type_strength(e->type);
				best_type = e->type;
			}
		}
		if (!best)
			continue; /* a hole */
		if (lo >= ADDR_LIMIT) {
			if (best_type == E820_TYPE_RAM)
				dropped += hi - lo;
			continue;
		}
		if (out->nr_entries) {
			struct e820_entry *last = &out->entries[out->nr_entries - 1];
			if (last->type == best_type && last->addr + last->size == lo) {
				last->size += hi - lo;
				continue;
			}
		}
		/* Cannot fail: at most 2*E820_MAX_ENTRIES intervals below 4 GiB. */
		e820_add(out, lo, hi - lo, best_type);
	}
	if (dropped_above_4g)
		*dropped_above_4g = dropped;
	return (int)out->nr_entries;
}

u64 e820_total(const struct e820_table *t, u32 type)
{
	u64 sum = 0;
	u32 i;
	for (i = 0; i < t->nr_entries; i++)
		if (t->entries[i].type == type)
			sum += t->entries[i].size;
	return sum;
}

u32 e820_usable_pages(const struct e820_table *t)
{
	u32 i, pages = 0;
	for (i = 0; i < t->nr_entries; i++) {
		const struct e820_entry *e = &t->entries[i];
		u64 start = (e->addr + 4095) >> 12, end = (e->addr + e->size) >> 12;
		if (e->type == E820_TYPE_RAM && end > start)
			pages += (u32)(end - start);
	}
	return pages;
}

const char *e820_type_name(u32 type)
{
	static char buf[24];
	switch (type) {
	case E820_TYPE_RAM:
		return "usable";
	case E820_TYPE_RESERVED:
		return "reserved";
	case E820_TYPE_ACPI:
		return "ACPI data";
	case E820_TYPE_NVS:
		return "ACPI NVS";
	case E820_TYPE_UNUSABLE:
		return "unusable";
	case E820_TYPE_PMEM:
		return "persistent";
	default:
		ksnprintf(buf, sizeof(buf), "type %u", type);
		return buf;
	}
}

void e820_print(const struct e820_table *t, const char *prefix)
{
	u32 i;
	for (i = 0; i < t->nr_entries; i++) {
		const struct e820_entry *e = &t->entries[i];
		printk("%s: [mem 0x%016llx-0x%016llx] %s\n", prefix, (unsigned long long)e->addr,
		       (unsigned long long)(e->addr + e->size - 1), e820_type_name(e->type));
	}
}
