/* SPDX-License-Identifier: MIT */
/* arch/x86/e820.c - sanitizing the firmware memory map.
 *
 * Firmware maps come unsorted, with overlaps and zero-length entries, may
 * hold hundreds of entries (a UEFI PC's map has 250-320, mostly runs of one
 * type) and may describe memory above 4 GiB that a 32-bit kernel without PAE
 * cannot use. e820_sanitize() sweeps the entry boundaries in address order
 * and gives each elementary interval the strongest type that covers it: any
 * type other than usable (1) beats usable, whatever its 32-bit value (the
 * ACPI rule, as Linux's e820 sanitizer applies it), so a reserved range
 * punched into usable RAM is never handed out. */
#include "arch/x86/e820.h"
#include "kernel/printk.h"
#include "mm/memblock.h"
#include "mm/mmzone.h"

#define ADDR_LIMIT 0x100000000ull	  /* 4 GiB */
#define NR_SOURCES (E820_MAX_ENTRIES + 1) /* a table's entries + the refused hull */

void e820_reset(struct e820_table *t)
{
	t->nr_entries = 0;
	t->nr_input = t->nr_merged = t->nr_compacted = 0;
	t->nr_refused = t->nr_refused_ram = 0;
	t->refused_lo = t->refused_hi = 0;
}

/* End of [addr, addr + size), cut at 2^64 - 1 when it wraps. */
static u64 end_of(u64 addr, u64 size)
{
	u64 end = addr + size;
	return end < addr ? ~0ull : end;
}

/* Strength of a type for overlap resolution: usable is weakest; any other
 * value (0 and 0xffffffff included) is stronger, the larger number winning.
 * 64-bit so that no 32-bit type wraps onto usable's strength. */
static u64 type_strength(u32 type)
{
	return type == E820_TYPE_RAM ? 1 : (u64)type + 2;
}

/* ---- the sweep ------------------------------------------------------------ */

/* The entries being resolved: a table's first n entries, plus (index n) the
 * hull of its refused non-RAM entries when it has one. */
struct sweep_src {
	const struct e820_entry *entries;
	u32 n;
	struct e820_entry hull; /* size 0 when absent */
};

static const struct e820_entry *src_entry(const struct sweep_src *s, u32 i)
{
	return i < s->n ? &s->entries[i] : &s->hull;
}

/* Event k: bit 0 set = the end of entry k >> 1, clear = its start. */
static u64 event_addr(const struct sweep_src *s, u32 ev)
{
	const struct e820_entry *e = src_entry(s, ev >> 1);
	return (ev & 1) ? end_of(e->addr, e->size) : e->addr;
}

/* Heap sort of events by address (no recursion, no allocation, O(n log n)). */
static void sift_down(const struct sweep_src *s, u32 *ev, u32 root, u32 n)
{
	for (;;) {
		u32 child = 2 * root + 1, t;
		if (child >= n)
			return;
		if (child + 1 < n && event_addr(s, ev[child + 1]) > event_addr(s, ev[child]))
			child++;
		if (event_addr(s, ev[root]) >= event_addr(s, ev[child]))
			return;
		t = ev[root];
		ev[root] = ev[child];
		ev[child] = t;
		root = child;
	}
}

static void sort_events(const struct sweep_src *s, u32 *ev, u32 n)
{
	u32 i, t;
	for (i = n / 2; i-- > 0;)
		sift_down(s, ev, i, n);
	for (i = n; i-- > 1;) {
		t = ev[0];
		ev[0] = ev[i];
		ev[i] = t;
		sift_down(s, ev, 0, i);
	}
}

struct sweep_out {
	struct e820_entry *entries; /* where resolved entries go */
	u32 nr, cap;
	bool cut_4g; /* true: keep only what lies below 4 GiB, count the rest */
	u64 dropped; /* usable bytes at or above 4 GiB (cut_4g) */
	bool overflow;
};

static void emit(struct sweep_out *o, u64 lo, u64 hi, u32 type)
{
	if (o->cut_4g) {
		if (hi > ADDR_LIMIT) {
			if (type == E820_TYPE_RAM)
				o->dropped += hi - MAX(lo, ADDR_LIMIT);
			hi = ADDR_LIMIT;
		}
		if (lo >= hi)
			return;
	}
	if (o->nr) {
		struct e820_entry *last = &o->entries[o->nr - 1];
		if (last->type == type && last->addr + last->size == lo) {
			last->size += hi - lo;
			return;
		}
	}
	if (o->nr >= o->cap) {
		o->overflow = true;
		return;
	}
	o->entries[o->nr].addr = lo;
	o->entries[o->nr].size = hi - lo;
	o->entries[o->nr].type = type;
	o->nr++;
}

/* Resolves s into o: every point covered by some entry gets the strongest
 * covering type; touching results of one type are merged. */
static void sweep(const struct sweep_src *s, struct sweep_out *o)
{
	static u32 ev[2 * NR_SOURCES], active[NR_SOURCES];
	u32 i, nev = 0, nact = 0;
	u64 prev = 0;

	for (i = 0; i <= s->n; i++) {
		const struct e820_entry *e = src_entry(s, i);
		if (e->size == 0 || end_of(e->addr, e->size) <= e->addr)
			continue;
		ev[nev++] = i << 1;
		ev[nev++] = (i << 1) | 1;
	}
	sort_events(s, ev, nev);
	for (i = 0; i < nev; i++) {
		u64 a = event_addr(s, ev[i]);
		u32 idx = ev[i] >> 1, k;

		if (a > prev && nact) {
			u64 best = 0;
			u32 type = 0;
			for (k = 0; k < nact; k++) {
				u32 t = src_entry(s, active[k])->type;
				if (type_strength(t) > best) {
					best = type_strength(t);
					type = t;
				}
			}
			emit(o, prev, a, type);
		}
		if (ev[i] & 1) {
			for (k = 0; k < nact && active[k] != idx; k++)
				;
			if (k < nact)
				active[k] = active[--nact];
		} else {
			active[nact++] = idx;
		}
		prev = a;
	}
}

/* ---- raw tables ----------------------------------------------------------- */

/* Resolves t's entries in place (no 4 GiB cut: nothing is lost). The result
 * is written behind the first E820_MAX_ENTRIES slots and copied down when it
 * is shorter than the input. Returns true when it freed at least one slot. */
static bool compact(struct e820_table *t)
{
	struct sweep_src s = { .entries = t->entries, .n = t->nr_entries };
	struct sweep_out o = { .entries = &t->entries[E820_MAX_ENTRIES],
			       .cap = E820_TABLE_CAP - E820_MAX_ENTRIES,
			       .cut_4g = false };
	u32 i;

	t->nr_compacted++;
	sweep(&s, &o);
	if (o.overflow || o.nr >= t->nr_entries)
		return false;
	for (i = 0; i < o.nr; i++)
		t->entries[i] = o.entries[i];
	t->nr_entries = o.nr;
	return true;
}

int e820_add(struct e820_table *t, u64 addr, u64 size, u32 type)
{
	u64 end = end_of(addr, size);
	struct e820_entry *e;

	if (size == 0 || end <= addr)
		return 0;
	t->nr_input++;
	if (t->nr_entries) {
		struct e820_entry *last = &t->entries[t->nr_entries - 1];
		u64 last_end = last->addr + last->size;
		if (last->type == type && addr <= last_end && end >= last->addr) {
			u64 lo = MIN(addr, last->addr), hi = MAX(end, last_end);
			last->addr = lo;
			last->size = hi - lo;
			t->nr_merged++;
			return 0;
		}
	}
	/* Once an entry was refused the table is known not to compact. */
	if (t->nr_entries >= E820_MAX_ENTRIES && (t->nr_refused || !compact(t))) {
		t->nr_refused++;
		if (type == E820_TYPE_RAM) {
			t->nr_refused_ram++;
		} else if (t->refused_hi == t->refused_lo) {
			t->refused_lo = addr;
			t->refused_hi = end;
		} else {
			t->refused_lo = MIN(t->refused_lo, addr);
			t->refused_hi = MAX(t->refused_hi, end);
		}
		return -1;
	}
	e = &t->entries[t->nr_entries++];
	e->addr = addr;
	e->size = end - addr;
	e->type = type;
	return 0;
}

int e820_sanitize(const struct e820_table *in, struct e820_table *out, u64 *dropped_above_4g)
{
	struct sweep_src s = { .entries = in->entries, .n = in->nr_entries };
	struct sweep_out o = { .entries = out->entries, .cap = E820_TABLE_CAP, .cut_4g = true };

	e820_reset(out);
	if (dropped_above_4g)
		*dropped_above_4g = 0;
	if (in->nr_entries > E820_MAX_ENTRIES)
		return -1;
	if (in->refused_hi > in->refused_lo) {
		s.hull.addr = in->refused_lo;
		s.hull.size = in->refused_hi - in->refused_lo;
		s.hull.type = E820_TYPE_RESERVED;
	}
	sweep(&s, &o); /* cannot overflow: at most 2 * NR_SOURCES - 1 intervals */
	out->nr_entries = o.nr;
	if (dropped_above_4g)
		*dropped_above_4g = o.dropped;
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
		u64 start = (e->addr + PAGE_SIZE - 1) >> PAGE_SHIFT, end = (e->addr + e->size) >> PAGE_SHIFT;
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

void e820_print_input(const struct e820_table *raw, const struct e820_table *map, const char *source)
{
	printk("memory: map from %s has %u entries, merged to %u", source, raw->nr_input,
	       raw->nr_entries + (raw->refused_hi > raw->refused_lo));
	if (raw->nr_compacted)
		printk(" (table compacted %u times at %u entries)", raw->nr_compacted, E820_MAX_ENTRIES);
	printk(", sanitized to %u:\n", map->nr_entries);
	if (raw->nr_refused) {
		printk("memory: map still had more than %u entries after merging: %u entries not read "
		       "(%u usable, not used)",
		       E820_MAX_ENTRIES, raw->nr_refused, raw->nr_refused_ram);
		if (raw->refused_hi > raw->refused_lo)
			printk("; the other %u reserved as one range [mem 0x%016llx-0x%016llx]",
			       raw->nr_refused - raw->nr_refused_ram, (unsigned long long)raw->refused_lo,
			       (unsigned long long)(raw->refused_hi - 1));
		printk("; the %u entries read are used\n", raw->nr_input - raw->nr_refused);
	}
}

int e820_memblock_add(const struct e820_table *t)
{
	u32 i, before = memblock_memory_pages(0, HIGHMEM_LIMIT_PFN), failed = 0;

	for (i = 0; i < t->nr_entries; i++)
		if (t->entries[i].type == E820_TYPE_RAM && memblock_add(t->entries[i].addr, t->entries[i].size) < 0)
			failed++;
	if (failed)
		printk("memory: memblock holds %u ranges: %u usable ranges of the map not added\n",
		       MEMBLOCK_MAX_REGIONS, failed);
	return (int)(memblock_memory_pages(0, HIGHMEM_LIMIT_PFN) - before);
}
