/* SPDX-License-Identifier: MIT */
/* init/min_ram.c - see min_ram.h. Issue 8, item 2. */
#include "init/min_ram.h"
#include "arch/x86/arch.h"
#include "kernel/printk.h"

#define EXIT_FAILURE_CODE 0x11

void min_ram_check(u64 usable_bytes)
{
	u32 kib = (u32)MIN(usable_bytes >> 10, 0xffffffffull);

	if (kib >= MIN_RAM_USABLE_KIB)
		return;
	printk("memory: %u KiB usable below 4 GiB; this kernel needs a machine with at least 4 MiB of RAM "
	       "(%u KiB usable); stopping\n",
	       kib, MIN_RAM_USABLE_KIB);
	printk("@final status=fail reason=too_small usable_kib=%u min_kib=%u\npagecolor: FAILURE (too little memory)\n",
	       kib, MIN_RAM_USABLE_KIB);
	arch_halt(EXIT_FAILURE_CODE);
}
