/* SPDX-License-Identifier: MIT */
/* tests/host/test_multiboot.c - what the Multiboot loader placed stays
 * reserved (arch/x86/multiboot.c): every module, whether or not it is kept
 * in the kernel's module list (MULTIBOOT_MODS_MAX), and a framebuffer the
 * memory map calls usable; the loader's own data (info structure, command
 * line, module list and strings, memory map) is read only through the
 * kernel's copies, so overwriting it after multiboot_save() changes nothing.
 *
 * The loader's data is built in memory below 2 GiB (mmap MAP_32BIT), since
 * the Multiboot structure holds 32-bit physical addresses; this binary is
 * linked without PIE (Makefile) so that the kernel's copies in .bss are
 * below 4 GiB too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <cmocka.h>

#include "arch/x86/multiboot.h"
#include "mm/memblock.h"
#include <asm/page.h>
#include "tests/host/host_support.h"

#define ARENA_BYTES (1u << 20)

static u8 *arena; /* the "physical memory" the loader's data lives in */

static u32 pa(const void *p)
{
	return (u32)(uintptr_t)p;
}

static int setup(void **state)
{
	(void)state;
	arena = mmap(NULL, ARENA_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
	if (arena == MAP_FAILED || (uintptr_t)arena + ARENA_BYTES > 0x80000000u)
		return -1;
	memset(arena, 0, ARENA_BYTES);
	memblock_reset();
	return capture_start();
}

static int teardown(void **state)
{
	(void)state;
	capture_stop();
	munmap(arena, ARENA_BYTES);
	return 0;
}

/* True when every page of [start, end) bytes is in memblock.reserved. */
static bool reserved(u64 start, u64 end)
{
	for (u32 pfn = (u32)(start >> PAGE_SHIFT); pfn < (end + PAGE_SIZE - 1) >> PAGE_SHIFT; pfn++) {
		bool in = false;
		for (u32 i = 0; i < memblock.reserved.cnt && !in; i++)
			in = pfn >= memblock.reserved.regions[i].base_pfn && pfn < memblock.reserved.regions[i].end_pfn;
		if (!in)
			return false;
	}
	return true;
}

/* A loader's info structure with nmods modules of 64 KiB, one every 128 KiB
 * from 16 MiB (apart: every one is a range of its own), a command line and a
 * memory map; returns its address. */
static struct multiboot_info *loader_info(u32 nmods, u32 mod_base)
{
	struct multiboot_info *mbi = (void *)arena;
	struct multiboot_module *mods = (void *)(arena + 4096);
	char *cmd = (char *)(arena + 65536), *modcmd = (char *)(arena + 69632);
	struct multiboot_mmap_entry *map = (void *)(arena + 8192 + nmods * sizeof(*mods));

	strcpy(cmd, "bench=none seed=3");
	mbi->flags = MULTIBOOT_INFO_MEMORY | MULTIBOOT_INFO_CMDLINE | MULTIBOOT_INFO_MODS | MULTIBOOT_INFO_MEM_MAP;
	mbi->mem_lower = 639;
	mbi->mem_upper = 511 * 1024;
	mbi->cmdline = pa(cmd);
	mbi->mods_count = nmods;
	mbi->mods_addr = pa(mods);
	for (u32 i = 0; i < nmods; i++) {
		mods[i].mod_start = mod_base + i * 0x20000;
		mods[i].mod_end = mods[i].mod_start + 0x10000;
		snprintf(modcmd + i * 16, 16, "mod%u", i);
		mods[i].cmdline = pa(modcmd + i * 16);
	}
	map[0] = (struct multiboot_mmap_entry){ 20, 0, 0x9fc00, 1 };
	map[1] = (struct multiboot_mmap_entry){ 20, 0x100000, 0x1ff00000, 1 };
	mbi->mmap_addr = pa(map);
	mbi->mmap_length = 2 * sizeof(*map);
	return mbi;
}

/* The input: 40 modules. Before the fix the first 32 (kept in the
 * module list) were reserved and modules 33-40 were handed out. */
static void test_forty_modules_all_reserved(void **state)
{
	struct multiboot_info *ld = loader_info(40, 0x1000000);
	const struct multiboot_info *mbi;
	(void)state;

	mbi = multiboot_save(pa(ld));
	assert_int_equal(mbi->mods_count, MULTIBOOT_MODS_MAX);
	assert_true(capture_contains("multiboot: 40 modules given, the first 32 are kept in the module list "
				     "(MULTIBOOT_MODS_MAX); all 40 stay reserved\n"));
	memblock_add(0x100000, 0x1ff00000);
	multiboot_reserve(mbi);
	for (u32 i = 0; i < 40; i++)
		assert_true(reserved(0x1000000 + i * 0x20000, 0x1000000 + i * 0x20000 + 0x10000));
	/* only the modules: the gaps between them stay free */
	for (u32 i = 0; i < 40; i++)
		assert_false(reserved(0x1010000 + i * 0x20000, 0x1020000 + i * 0x20000));
	assert_true(capture_contains("multiboot: 2560 KiB placed by the loader (modules, framebuffer) reserved in 40 "
				     "ranges\n"));
}

/* More separate modules than MULTIBOOT_RESERVE_MAX ranges: every module is
 * still reserved (neighbours merged over their gap, which is said), and
 * adjacent modules (as QEMU and GRUB place them) take one range. */
static void test_more_ranges_than_slots_and_adjacent_modules(void **state)
{
	struct multiboot_info *ld = loader_info(200, 0x1000000);
	const struct multiboot_info *mbi;
	u64 s[MULTIBOOT_RESERVE_MAX], e[MULTIBOOT_RESERVE_MAX];
	(void)state;

	mbi = multiboot_save(pa(ld));
	memblock_add(0x100000, 0x1ff00000);
	multiboot_reserve(mbi);
	for (u32 i = 0; i < 200; i++)
		assert_true(reserved(0x1000000 + i * 0x20000, 0x1000000 + i * 0x20000 + 0x10000));
	assert_int_equal(multiboot_placed_ranges(s, e, MULTIBOOT_RESERVE_MAX), MULTIBOOT_RESERVE_MAX);
	assert_true(capture_contains("gaps between them reserved too"));

	/* adjacent: module i ends where i+1 starts */
	memblock_reset();
	capture_reset();
	ld = loader_info(40, 0x1000000);
	for (u32 i = 0; i < 40; i++) {
		struct multiboot_module *m = (struct multiboot_module *)(uintptr_t)ld->mods_addr;
		m[i].mod_start = 0x1000000 + i * 0x10000;
		m[i].mod_end = m[i].mod_start + 0x10000;
	}
	mbi = multiboot_save(pa(ld));
	memblock_add(0x100000, 0x1ff00000);
	multiboot_reserve(mbi);
	assert_int_equal(multiboot_placed_ranges(s, e, MULTIBOOT_RESERVE_MAX), 1);
	assert_int_equal(s[0], 0x1000000);
	assert_int_equal(e[0], 0x1000000 + 40 * 0x10000);
	assert_true(reserved(0x1000000, 0x1000000 + 40 * 0x10000));
}

/* A module that ends before it starts is named and not reserved; the others
 * are. A framebuffer in what the map calls usable RAM is reserved. */
static void test_bad_module_and_framebuffer(void **state)
{
	struct multiboot_info *ld = loader_info(3, 0x1000000);
	struct multiboot_module *m = (struct multiboot_module *)(uintptr_t)ld->mods_addr;
	const struct multiboot_info *mbi;
	(void)state;

	m[1].mod_end = m[1].mod_start - 0x1000;
	ld->flags |= MULTIBOOT_INFO_FRAMEBUFFER;
	ld->framebuffer_addr = 0x2000000;
	ld->framebuffer_pitch = 4096;
	ld->framebuffer_height = 768;
	ld->framebuffer_width = 1024;
	ld->framebuffer_bpp = 32;
	ld->framebuffer_type = 1;
	mbi = multiboot_save(pa(ld));
	memblock_add(0x100000, 0x1ff00000);
	multiboot_reserve(mbi);
	assert_true(
	    capture_contains("multiboot: module 1 ends (0x101f000) before it starts (0x1020000): not reserved\n"));
	assert_true(reserved(0x1000000, 0x1010000));
	assert_true(reserved(0x1040000, 0x1050000));
	assert_true(reserved(0x2000000, 0x2000000 + 4096 * 768));
	assert_false(reserved(0x2000000 + 4096 * 768, 0x2000000 + 4096 * 769));
}

/* The loader's own data is read through the copies: overwriting it after
 * multiboot_save() (the allocator may hand it out) changes nothing the
 * kernel reads. */
static void test_loader_data_copied_not_reserved(void **state)
{
	struct multiboot_info *ld = loader_info(3, 0x1000000);
	const struct multiboot_info *mbi;
	const struct multiboot_module *km;
	const struct e820_table *map;
	const char *src;
	(void)state;

	mbi = multiboot_save(pa(ld));
	memset(arena, 0xee, 128 * 1024); /* info, module list, strings, memory map */
	assert_string_equal(multiboot_cmdline(mbi), "bench=none seed=3");
	assert_int_equal(mbi->mods_count, 3);
	km = (const struct multiboot_module *)(uintptr_t)mbi->mods_addr;
	assert_int_equal(km[2].mod_start, 0x1040000);
	assert_string_equal((const char *)(uintptr_t)km[2].cmdline, "mod2");
	map = multiboot_memory_map(&src);
	assert_non_null(map);
	assert_string_equal(src, "memory map");
	assert_int_equal(map->nr_entries, 2);
	assert_int_equal(map->entries[1].size, 0x1ff00000);
	/* and none of it was reserved: only the modules are */
	memblock_add(0x100000, 0x1ff00000);
	multiboot_reserve(mbi);
	assert_int_equal(memblock.reserved.cnt, 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_forty_modules_all_reserved, setup, teardown),
		cmocka_unit_test_setup_teardown(test_more_ranges_than_slots_and_adjacent_modules, setup, teardown),
		cmocka_unit_test_setup_teardown(test_bad_module_and_framebuffer, setup, teardown),
		cmocka_unit_test_setup_teardown(test_loader_data_copied_not_reserved, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
