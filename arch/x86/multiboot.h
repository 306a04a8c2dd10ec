/* SPDX-License-Identifier: MIT */
/* arch/x86/multiboot.h - reading what the Multiboot loader handed over.
 *
 * The Multiboot specification lets a loader put the information structure,
 * the command line, the loader name, the module list and the memory map
 * anywhere in RAM; a top-down loader puts them at the top, far above the
 * low memory this kernel maps. multiboot_save() therefore copies everything
 * the kernel reads into kernel memory (.bss) while paging is still off, and
 * every later reader uses the copy, and nothing allocates memory before the
 * copy is made: the info structure, strings, module list and memory map need
 * no reservation. What the kernel does not copy stays reserved: every
 * module's contents (all of them, not only the MULTIBOOT_MODS_MAX kept in
 * the list) and a framebuffer the map may call usable. Pointers the kernel
 * never follows (ELF section headers, drives, config and APM tables, VBE)
 * are cleared. */
#ifndef ARCH_X86_MULTIBOOT_H
#define ARCH_X86_MULTIBOOT_H

#include "arch/x86/e820.h"
#include "boot/multiboot.h"

#define MULTIBOOT_CMDLINE_MAX	  8192 /* bytes kept of the command line, NUL included */
#define MULTIBOOT_NAME_MAX	  128  /* bytes kept of the loader name, NUL included */
#define MULTIBOOT_MODS_MAX	  32   /* modules kept in the module list */
#define MULTIBOOT_MOD_CMDLINE_MAX 256  /* bytes kept of each module's command line */
#define MULTIBOOT_MODS_READ_MAX	  4096 /* module entries read (and reserved); more: a corrupt list */
#define MULTIBOOT_RESERVE_MAX	  64   /* separate ranges kept for multiboot_reserve() */

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

/* Reserves in memblock what multiboot_save() found placed by the loader and
 * not copied: every module's contents (up to MULTIBOOT_MODS_READ_MAX entries
 * of the list, kept or not) and the framebuffer, merged into at most
 * MULTIBOOT_RESERVE_MAX ranges (beyond that, gaps between neighbours are
 * reserved too, which is said). Prints one line with the total. mbi is not
 * read (kept for the call's shape). */
void multiboot_reserve(const struct multiboot_info *mbi);
/* The ranges multiboot_reserve() reserves ([start, end) bytes, sorted,
 * merged): fills up to max and returns how many there are (for tests). */
u32 multiboot_placed_ranges(u64 *start, u64 *end, u32 max);

/* The command line (flags bit 2), or "" when none. */
const char *multiboot_cmdline(const struct multiboot_info *mbi);
/* The boot loader's name (flags bit 9), or "unknown". */
const char *multiboot_loader_name(const struct multiboot_info *mbi);

#endif
