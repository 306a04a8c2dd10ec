/* SPDX-License-Identifier: MIT */
/* init/min_ram.h - the smallest machine the kernel accepts. */
#ifndef INIT_MIN_RAM_H
#define INIT_MIN_RAM_H

#include "kernel/types.h"

/* A machine of 4 MiB of RAM: the boot loader's map shows 639 KiB below
 * 640 KiB plus 3 MiB above 1 MiB, less what the firmware keeps at the top
 * (QEMU -m 4M: 3583 KiB usable; a 4 MiB PC: up to 3712 KiB). The limit is
 * 3 MiB usable below 4 GiB: the kernel image (~0.7 MiB above 1 MiB), its
 * tables, and a free DMA zone of about 1.5 MiB or more whose largest free
 * block (order 8 or 9) the shuffle's reserve keeps whole, so every
 * self-test passes with every seed (mm/shuffle.h). QEMU -m 3584K (3071 KiB
 * usable) is refused. */
#define MIN_RAM_USABLE_KIB 3072u

/* Stops the boot cleanly when usable_bytes (usable RAM below 4 GiB from the
 * sanitized map) is below MIN_RAM_USABLE_KIB: one line naming the amount
 * found and the minimum, "@final status=fail reason=too_small", and the
 * failure exit (QEMU: isa-debug-exit). Returns when the machine is large
 * enough. */
void min_ram_check(u64 usable_bytes);

#endif
