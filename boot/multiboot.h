/* SPDX-License-Identifier: MIT */
/* boot/multiboot.h - the Multiboot v1 information structure (the GRUB legacy
 * specification, version 0.6.96), as far as this kernel reads it. */
#ifndef BOOT_MULTIBOOT_H
#define BOOT_MULTIBOOT_H

#include "kernel/types.h"

#define MULTIBOOT_BOOTLOADER_MAGIC 0x2BADB002u

#define MULTIBOOT_INFO_MEMORY		(1u << 0) /* mem_lower/mem_upper valid */
#define MULTIBOOT_INFO_CMDLINE		(1u << 2)
#define MULTIBOOT_INFO_MODS		(1u << 3)
#define MULTIBOOT_INFO_MEM_MAP		(1u << 6)
#define MULTIBOOT_INFO_BOOT_LOADER_NAME (1u << 9)
#define MULTIBOOT_INFO_FRAMEBUFFER	(1u << 12)

struct multiboot_info {
	u32 flags;
	u32 mem_lower; /* KiB below 1 MiB */
	u32 mem_upper; /* KiB above 1 MiB, up to the first hole */
	u32 boot_device;
	u32 cmdline; /* physical address of a NUL-terminated string */
	u32 mods_count;
	u32 mods_addr;
	u32 syms[4];
	u32 mmap_length;
	u32 mmap_addr;
	u32 drives_length;
	u32 drives_addr;
	u32 config_table;
	u32 boot_loader_name;
	u32 apm_table;
	u32 vbe_control_info;
	u32 vbe_mode_info;
	u16 vbe_mode;
	u16 vbe_interface_seg;
	u16 vbe_interface_off;
	u16 vbe_interface_len;
	u64 framebuffer_addr;
	u32 framebuffer_pitch;
	u32 framebuffer_width;
	u32 framebuffer_height;
	u8 framebuffer_bpp;
	u8 framebuffer_type;
	/* The spec's table puts the colour info at offset 110, but its own
	 * multiboot.h (and GRUB) align that union to 4 bytes: it is at 112. */
	u8 color_info_pad[2];
	u8 color_info[6]; /* RGB: red, green, blue field position and size */
} __attribute__((packed));

/* One memory-map entry; `size` counts the bytes after itself (usually 20). */
struct multiboot_mmap_entry {
	u32 size;
	u64 addr;
	u64 len;
	u32 type; /* e820 type: 1 usable, 2 reserved, 3 ACPI, 4 NVS, 5 bad */
} __attribute__((packed));

struct multiboot_module {
	u32 mod_start;
	u32 mod_end;
	u32 cmdline;
	u32 pad;
} __attribute__((packed));

#endif
