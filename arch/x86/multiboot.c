/* SPDX-License-Identifier: MIT */
/* arch/x86/multiboot.c - see multiboot.h. */
#include "arch/x86/multiboot.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"

/* Flag bits of pointers the kernel does not follow: a.out/ELF symbols (4, 5),
 * drives (7), config table (8), APM table (10), VBE (11). */
#define MULTIBOOT_INFO_UNREAD ((1u << 4) | (1u << 5) | (1u << 7) | (1u << 8) | (1u << 10) | (1u << 11))

static struct multiboot_info saved_info;
static char saved_cmdline[MULTIBOOT_CMDLINE_MAX];
static char saved_name[MULTIBOOT_NAME_MAX];
static struct multiboot_module saved_mods[MULTIBOOT_MODS_MAX];
static char saved_mod_cmdline[MULTIBOOT_MODS_MAX][MULTIBOOT_MOD_CMDLINE_MAX];
static struct e820_table saved_map;
static const char *saved_source;

/* What the loader placed that must stay where it is (the modules' contents,
 * every module, kept in the list or not; a framebuffer): byte ranges,
 * half-open, merged; at most MULTIBOOT_RESERVE_MAX, beyond which a range is
 * merged into its nearest neighbour (the gap is reserved too). */
static struct {
	u64 start, end;
} placed[MULTIBOOT_RESERVE_MAX];
static u32 nr_placed;
static bool placed_merged_gap;

/* Adds [start, end) to placed[], keeping it sorted and merged. */
static void placed_add(u64 start, u64 end)
{
	u32 i, best = 0;
	u64 best_gap = ~0ull;

	if (end <= start)
		return;
	for (i = 0; i < nr_placed; i++) {
		if (start <= placed[i].end && end >= placed[i].start) { /* touches: merge */
			placed[i].start = MIN(placed[i].start, start);
			placed[i].end = MAX(placed[i].end, end);
			/* the grown range may now touch its neighbours */
			while (i + 1 < nr_placed && placed[i + 1].start <= placed[i].end) {
				placed[i].end = MAX(placed[i].end, placed[i + 1].end);
				memmove(&placed[i + 1], &placed[i + 2], (nr_placed - i - 2) * sizeof(placed[0]));
				nr_placed--;
			}
			while (i > 0 && placed[i - 1].end >= placed[i].start) {
				placed[i - 1].end = MAX(placed[i - 1].end, placed[i].end);
				placed[i - 1].start = MIN(placed[i - 1].start, placed[i].start);
				memmove(&placed[i], &placed[i + 1], (nr_placed - i - 1) * sizeof(placed[0]));
				nr_placed--;
				i--;
			}
			return;
		}
	}
	if (nr_placed == MULTIBOOT_RESERVE_MAX) { /* full: grow the nearest range over the gap */
		for (i = 0; i < nr_placed; i++) {
			u64 gap = placed[i].end < start ? start - placed[i].end : placed[i].start - end;
			if (gap < best_gap) {
				best_gap = gap;
				best = i;
			}
		}
		placed_merged_gap = true;
		placed_add(MIN(start, placed[best].start), MAX(end, placed[best].end));
		return;
	}
	for (i = nr_placed; i > 0 && placed[i - 1].start > start; i--)
		placed[i] = placed[i - 1];
	placed[i].start = start;
	placed[i].end = end;
	nr_placed++;
}

/* A loader's physical address as a pointer (paging off: identity). */
static const void *phys(u32 addr)
{
	return (const void *)(uintptr_t)addr;
}

/* Lowest and highest byte of the loader's data seen, for the log line. */
static u32 data_lo = ~0u, data_hi;

static void note_range(u32 addr, u32 bytes)
{
	if (!bytes)
		return;
	data_lo = MIN(data_lo, addr);
	data_hi = MAX(data_hi, addr + bytes - 1 < addr ? ~0u : addr + bytes - 1);
}

/* Copies the NUL-terminated string at physical src into dst[cap]. Returns
 * false when it was cut (dst then holds cap - 1 bytes). */
static bool copy_string(char *dst, u32 cap, u32 src)
{
	const char *s = phys(src);
	u32 n = 0;

	while (n + 1 < cap && s[n])
		n++;
	memcpy(dst, s, n);
	dst[n] = '\0';
	note_range(src, n + 1);
	return s[n] == '\0';
}

u32 multiboot_parse_mmap(const u8 *buf, u32 length, struct e820_table *raw)
{
	u32 off = 0, n = 0;

	while (off < length) {
		struct multiboot_mmap_entry e;

		if (length - off < 4) {
			printk("multiboot: memory map: %u stray bytes at offset %u after %u entries ignored\n",
			       length - off, off, n);
			break;
		}
		memcpy(&e.size, buf + off, 4);
		if (e.size < 20 || e.size > length - off - 4) {
			printk("multiboot: memory map entry %u at offset %u has size %u (expected 20..%u); the %u "
			       "bytes from there on are ignored, the %u entries before it are used\n",
			       n, off, e.size, length - off - 4, length - off, n);
			break;
		}
		memcpy(&e, buf + off, sizeof(e));
		e820_add(raw, e.addr, e.len, e.type);
		n++;
		off += e.size + 4;
	}
	return n;
}

const struct multiboot_info *multiboot_save(u32 mbi_phys)
{
	struct multiboot_info *mbi = &saved_info;
	u32 i;

	memcpy(mbi, phys(mbi_phys), sizeof(*mbi));
	note_range(mbi_phys, sizeof(*mbi));
	mbi->flags &= ~MULTIBOOT_INFO_UNREAD;
	memset(mbi->syms, 0, sizeof(mbi->syms));
	mbi->drives_length = mbi->drives_addr = mbi->config_table = mbi->apm_table = 0;
	mbi->vbe_control_info = mbi->vbe_mode_info = 0;

	if ((mbi->flags & MULTIBOOT_INFO_CMDLINE) && mbi->cmdline) {
		if (!copy_string(saved_cmdline, sizeof(saved_cmdline), mbi->cmdline))
			printk("multiboot: the command line is longer than %u bytes: only its first %u are read\n",
			       MULTIBOOT_CMDLINE_MAX - 1, MULTIBOOT_CMDLINE_MAX - 1);
		mbi->cmdline = (u32)(uintptr_t)saved_cmdline;
	} else {
		mbi->flags &= ~MULTIBOOT_INFO_CMDLINE;
		mbi->cmdline = 0;
	}
	if ((mbi->flags & MULTIBOOT_INFO_BOOT_LOADER_NAME) && mbi->boot_loader_name) {
		if (!copy_string(saved_name, sizeof(saved_name), mbi->boot_loader_name))
			printk("multiboot: the boot loader name is longer than %u bytes: cut\n",
			       MULTIBOOT_NAME_MAX - 1);
		mbi->boot_loader_name = (u32)(uintptr_t)saved_name;
	} else {
		mbi->flags &= ~MULTIBOOT_INFO_BOOT_LOADER_NAME;
		mbi->boot_loader_name = 0;
	}
	nr_placed = 0;
	placed_merged_gap = false;
	if ((mbi->flags & MULTIBOOT_INFO_MODS) && mbi->mods_count && mbi->mods_addr) {
		const struct multiboot_module *m = phys(mbi->mods_addr);
		u32 n = MIN(mbi->mods_count, (u32)MULTIBOOT_MODS_MAX);
		u32 nread = MIN(mbi->mods_count, (u32)MULTIBOOT_MODS_READ_MAX), bad = 0;

		note_range(mbi->mods_addr, nread * sizeof(*m));
		if (n < mbi->mods_count)
			printk("multiboot: %u modules given, the first %u are kept in the module list "
			       "(MULTIBOOT_MODS_MAX); all %u stay reserved\n",
			       mbi->mods_count, n, nread);
		if (nread < mbi->mods_count)
			printk("multiboot: a module list of %u entries is taken as corrupt: only the first %u are "
			       "read and reserved\n",
			       mbi->mods_count, nread);
		/* Every module the loader placed, kept or not, stays reserved. */
		for (i = 0; i < nread; i++) {
			if (m[i].mod_end < m[i].mod_start) {
				if (!bad++)
					printk("multiboot: module %u ends (0x%x) before it starts (0x%x): not "
					       "reserved\n",
					       i, m[i].mod_end, m[i].mod_start);
				continue;
			}
			placed_add(m[i].mod_start, m[i].mod_end);
		}
		if (bad > 1)
			printk("multiboot: %u modules in all end before they start: not reserved\n", bad);
		for (i = 0; i < n; i++) {
			saved_mods[i] = m[i];
			if (m[i].cmdline) {
				if (!copy_string(saved_mod_cmdline[i], MULTIBOOT_MOD_CMDLINE_MAX, m[i].cmdline))
					printk("multiboot: module %u's command line is longer than %u bytes: cut\n", i,
					       MULTIBOOT_MOD_CMDLINE_MAX - 1);
				saved_mods[i].cmdline = (u32)(uintptr_t)saved_mod_cmdline[i];
			}
		}
		mbi->mods_count = n;
		mbi->mods_addr = (u32)(uintptr_t)saved_mods;
	} else {
		mbi->flags &= ~MULTIBOOT_INFO_MODS;
		mbi->mods_count = mbi->mods_addr = 0;
	}

	e820_reset(&saved_map);
	saved_source = NULL;
	if (mbi->flags & MULTIBOOT_INFO_MEM_MAP) {
		note_range(mbi->mmap_addr, mbi->mmap_length);
		if (multiboot_parse_mmap(phys(mbi->mmap_addr), mbi->mmap_length, &saved_map) && saved_map.nr_entries)
			saved_source = "memory map";
		else if (mbi->flags & MULTIBOOT_INFO_MEMORY)
			printk("multiboot: the memory map has no valid entry: using mem_lower/mem_upper instead\n");
		else
			printk("multiboot: the memory map has no valid entry, and there is no mem_lower/mem_upper\n");
	}
	/* A framebuffer the console writes into stays out of the allocator,
	 * should the map call its memory usable. */
	if ((mbi->flags & MULTIBOOT_INFO_FRAMEBUFFER) && mbi->framebuffer_addr < (1ull << 32))
		placed_add(
		    mbi->framebuffer_addr,
		    MIN(mbi->framebuffer_addr + (u64)mbi->framebuffer_pitch * mbi->framebuffer_height, 1ull << 32));
	/* The copy's map is the e820 table: the loader's buffer is not read again. */
	mbi->mmap_addr = mbi->mmap_length = 0;
	if (!saved_source && (mbi->flags & MULTIBOOT_INFO_MEMORY)) {
		e820_reset(&saved_map);
		e820_add(&saved_map, 0, (u64)mbi->mem_lower * 1024, E820_TYPE_RAM);
		e820_add(&saved_map, 0x100000, (u64)mbi->mem_upper * 1024, E820_TYPE_RAM);
		saved_source = "mem_lower/mem_upper";
	}
	printk("boot: loader data at [mem 0x%08x-0x%08x] copied into kernel memory (info, command line, loader "
	       "name, memory map, %u modules in the module list)\n",
	       data_lo, data_hi, mbi->mods_count);
	return mbi;
}

const struct e820_table *multiboot_memory_map(const char **source)
{
	*source = saved_source;
	return saved_source ? &saved_map : NULL;
}

u32 multiboot_placed_ranges(u64 *start, u64 *end, u32 max)
{
	u32 i;

	for (i = 0; i < nr_placed && i < max; i++) {
		start[i] = placed[i].start;
		end[i] = placed[i].end;
	}
	return nr_placed;
}

void multiboot_reserve(const struct multiboot_info *mbi)
{
	u64 bytes = 0;
	u32 i;

	(void)mbi; /* what to reserve was recorded by multiboot_save() */
	for (i = 0; i < nr_placed; i++) {
		bytes += placed[i].end - placed[i].start;
		if (memblock_reserve(placed[i].start, placed[i].end - placed[i].start) < 0)
			printk("multiboot: [mem 0x%08llx-0x%08llx] placed by the loader cannot be reserved "
			       "(memblock's table is full)\n",
			       (unsigned long long)placed[i].start, (unsigned long long)placed[i].end - 1);
	}
	if (nr_placed)
		printk("multiboot: %llu KiB placed by the loader (modules, framebuffer) reserved in %u range%s%s\n",
		       (unsigned long long)(bytes + 1023) >> 10, nr_placed, nr_placed == 1 ? "" : "s",
		       placed_merged_gap ? " (more than MULTIBOOT_RESERVE_MAX: gaps between them reserved too)" : "");
}

const char *multiboot_cmdline(const struct multiboot_info *mbi)
{
	return (mbi->flags & MULTIBOOT_INFO_CMDLINE) && mbi->cmdline ? (const char *)phys(mbi->cmdline) : "";
}

const char *multiboot_loader_name(const struct multiboot_info *mbi)
{
	return (mbi->flags & MULTIBOOT_INFO_BOOT_LOADER_NAME) && mbi->boot_loader_name
		   ? (const char *)phys(mbi->boot_loader_name)
		   : "unknown";
}
