/* arch/x86/multiboot.h - reading what the Multiboot loader handed over. */
#ifndef ARCH_X86_MULTIBOOT_H
#define ARCH_X86_MULTIBOOT_H

#include "boot/multiboot.h"
#include "arch/x86/e820.h"

/* Fills raw with the loader's memory map (flags bit 6). When there is none,
 * or it is malformed (an entry size below 20 bytes or running past
 * mmap_length, or more than E820_MAX_ENTRIES entries), reports it and falls
 * back to mem_lower/mem_upper (flags bit 0): [0, mem_lower KiB) and
 * [1 MiB, 1 MiB + mem_upper KiB) usable. Returns "memory map",
 * "mem_lower/mem_upper", or NULL when the loader gave neither. */
const char *multiboot_memory_map(const struct multiboot_info *mbi, struct e820_table *raw);

/* Reserves in memblock what the loader left in memory that the kernel still
 * reads: the info structure, the command line, the memory map, the module
 * list, the modules and their command lines, the boot loader name. */
void multiboot_reserve(const struct multiboot_info *mbi);

/* The command line (flags bit 2), or "" when none. */
const char *multiboot_cmdline(const struct multiboot_info *mbi);
/* The boot loader's name (flags bit 9), or "unknown". */
const char *multiboot_loader_name(const struct multiboot_info *mbi);

#endif
