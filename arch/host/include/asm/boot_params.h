/* SPDX-License-Identifier: MIT */
/* asm/boot_params.h (host) - the x86 rows: the host tools (tools/zoneinfo,
 * tools/make/cmdline-check, docs/parameters.md) read the x86 kernel's
 * table. */
#ifndef ASM_HOST_BOOT_PARAMS_H
#define ASM_HOST_BOOT_PARAMS_H

#include "arch/x86/include/asm/boot_params.h"

#endif
