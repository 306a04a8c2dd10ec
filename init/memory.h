/* SPDX-License-Identifier: MIT */
/* init/memory.h - bringing up memory at boot: the loader's map, memblock,
 * paging, then the memory manager. */
#ifndef INIT_MEMORY_H
#define INIT_MEMORY_H

#include "arch/x86/multiboot.h"

/* Reads the loader's memory map, sanitizes and prints it, feeds memblock,
 * reserves the first MiB, the kernel image and the loader's data, turns on
 * paging over low memory and builds the zones and the buddy allocator
 * (mm_init with boot_config.mm). Panics when there is no usable memory or when
 * page tables or mem_map cannot be allocated. Returns the usable bytes below
 * 4 GiB according to the sanitized map. */
u64 setup_memory(const struct multiboot_info *mbi);

#endif
