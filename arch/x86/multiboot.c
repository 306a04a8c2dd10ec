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
	if ((mbi->flags & MULTIBOOT_INFO_MODS) && mbi->mods_count && mbi->mods_addr) {
		const struct multiboot_module *m = phys(mbi->mods_addr);
		u32 n = MIN(mbi->mods_count, (u32)MULTIBOOT_MODS_MAX);

		note_range(mbi->mods_addr, mbi->mods_count * sizeof(*m));
		if (n < mbi->mods_count)
			printk("multiboot: %u modules given, the first %u are kept (MULTIBOOT_MODS_MAX)\n",
			       mbi->mods_count, n);
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

void multiboot_reserve(const struct multiboot_info *mbi)
{
	const struct multiboot_module *m = phys(mbi->mods_addr);
	u32 i;

	if (!(mbi->flags & MULTIBOOT_INFO_MODS))
		return;
	for (i = 0; i < mbi->mods_count; i++)
		if (m[i].mod_end > m[i].mod_start)
			memblock_reserve(m[i].mod_start, m[i].mod_end - m[i].mod_start);
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
