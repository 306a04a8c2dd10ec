/* SPDX-License-Identifier: MIT */
/* arch/x86/multiboot.h - reading what the Multiboot loader handed over.
 *
 * The Multiboot specification lets a loader put the information structure,
 * the command line, the loader name, the module list and the memory map
 * anywhere in RAM; a top-down loader puts them at the top, far above the
 * low memory this kernel maps. multiboot_save() therefore copies everything
 * the kernel reads into kernel memory (.bss) while paging is still off, and
 * every later reader uses the copy. Nothing of the loader's own data stays
 * reserved; only the modules' contents (not copied) do. */
#ifndef ARCH_X86_MULTIBOOT_H
#define ARCH_X86_MULTIBOOT_H

#include "arch/x86/e820.h"
#include "boot/multiboot.h"

#define MULTIBOOT_CMDLINE_MAX	  8192 /* bytes kept of the command line, NUL included */
#define MULTIBOOT_NAME_MAX	  128  /* bytes kept of the loader name, NUL included */
#define MULTIBOOT_MODS_MAX	  32   /* modules kept in the module list */
#define MULTIBOOT_MOD_CMDLINE_MAX 256  /* bytes kept of each module's command line */

/* Copies the loader's data at physical address mbi_phys into kernel memory
 * and returns the copy: the info structure (its cmdline, boot_loader_name and
 * mods_addr fields point at the copies; pointers to data the kernel does not
 * read -- symbols, drives, config and APM tables, VBE blocks -- are cleared
 * with their flag bits), the command line, the loader name, the module list
 * and the modules' command lines (each cut at the *_MAX above; a cut is said
 * in one line naming the item), and the memory map, decoded into an e820
 * table by multiboot_parse_mmap() (or built from mem_lower/mem_upper when the
 * map is absent or has no valid entry, which is said). Prints one line giving
 * where the loader's data lay. Call once, with paging off (every 32-bit
 * physical address is reachable), before anything reads the loader's data. */
const struct multiboot_info *multiboot_save(u32 mbi_phys);

/* Decodes a Multiboot memory map of length bytes at buf (entries of
 * `size` + 4 bytes, size >= 20; any 32-bit type) into raw with e820_add().
 * Stops at the first malformed entry (size below 20, or running past
 * length), says so in one line naming the entry's offset and size, and keeps
 * the entries before it. Returns the number of entries decoded. */
u32 multiboot_parse_mmap(const u8 *buf, u32 length, struct e820_table *raw);

/* The raw memory map multiboot_save() kept, with *source set to "memory map"
 * or "mem_lower/mem_upper"; NULL when the loader gave neither. */
const struct e820_table *multiboot_memory_map(const char **source);

/* Reserves in memblock the modules' contents (the only loader data left in
 * place). The info structure, strings, module list and memory map are not
 * reserved: the kernel reads only its copies. */
void multiboot_reserve(const struct multiboot_info *mbi);

/* The command line (flags bit 2), or "" when none. */
const char *multiboot_cmdline(const struct multiboot_info *mbi);
/* The boot loader's name (flags bit 9), or "unknown". */
const char *multiboot_loader_name(const struct multiboot_info *mbi);

#endif
