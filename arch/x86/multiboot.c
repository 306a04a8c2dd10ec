/* arch/x86/multiboot.c - see multiboot.h. All addresses the loader gives are
 * physical and lie in low memory, which is identity-mapped. */
#include "arch/x86/multiboot.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/memblock.h"

const char *multiboot_memory_map(const struct multiboot_info *mbi, struct e820_table *raw)
{
	raw->nr_entries = 0;
	if (mbi->flags & MULTIBOOT_INFO_MEM_MAP) {
		u32 off = 0;
		bool bad = false;

		while (off + 4 <= mbi->mmap_length) {
			const struct multiboot_mmap_entry *e =
			    (const struct multiboot_mmap_entry *)(mbi->mmap_addr + off);
			if (e->size < 20 || off + 4 + e->size > mbi->mmap_length) {
				printk("multiboot: memory map entry at offset %u has size %u (expected 20..%u); map "
				       "ignored\n",
				       off, e->size, mbi->mmap_length - off - 4);
				bad = true;
				break;
			}
			if (e820_add(raw, e->addr, e->len, e->type) < 0 || raw->nr_entries > E820_MAX_ENTRIES) {
				printk("multiboot: memory map has more than %u entries; map ignored\n",
				       E820_MAX_ENTRIES);
				bad = true;
				break;
			}
			off += e->size + 4;
		}
		if (!bad && raw->nr_entries)
			return "memory map";
		raw->nr_entries = 0;
	}
	if (mbi->flags & MULTIBOOT_INFO_MEMORY) {
		e820_add(raw, 0, (u64)mbi->mem_lower * 1024, E820_TYPE_RAM);
		e820_add(raw, 0x100000, (u64)mbi->mem_upper * 1024, E820_TYPE_RAM);
		return "mem_lower/mem_upper";
	}
	return NULL;
}

static void reserve_string(u32 addr)
{
	if (addr)
		memblock_reserve(addr, strlen((const char *)addr) + 1);
}

void multiboot_reserve(const struct multiboot_info *mbi)
{
	u32 i;

	memblock_reserve((u32)mbi, sizeof(*mbi));
	if (mbi->flags & MULTIBOOT_INFO_CMDLINE)
		reserve_string(mbi->cmdline);
	if (mbi->flags & MULTIBOOT_INFO_MEM_MAP)
		memblock_reserve(mbi->mmap_addr, mbi->mmap_length);
	if (mbi->flags & MULTIBOOT_INFO_BOOT_LOADER_NAME)
		reserve_string(mbi->boot_loader_name);
	if (mbi->flags & MULTIBOOT_INFO_MODS) {
		const struct multiboot_module *m = (const struct multiboot_module *)mbi->mods_addr;
		memblock_reserve(mbi->mods_addr, mbi->mods_count * sizeof(*m));
		for (i = 0; i < mbi->mods_count; i++) {
			if (m[i].mod_end > m[i].mod_start)
				memblock_reserve(m[i].mod_start, m[i].mod_end - m[i].mod_start);
			reserve_string(m[i].cmdline);
		}
	}
}

const char *multiboot_cmdline(const struct multiboot_info *mbi)
{
	return (mbi->flags & MULTIBOOT_INFO_CMDLINE) && mbi->cmdline ? (const char *)mbi->cmdline : "";
}

const char *multiboot_loader_name(const struct multiboot_info *mbi)
{
	return (mbi->flags & MULTIBOOT_INFO_BOOT_LOADER_NAME) && mbi->boot_loader_name
		   ? (const char *)mbi->boot_loader_name
		   : "unknown";
}
