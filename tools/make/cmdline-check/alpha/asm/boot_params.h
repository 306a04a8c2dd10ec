/* SPDX-License-Identifier: MIT */
/* asm/boot_params.h (the host check of the Alpha kernel's command line) -
 * Alpha's rows, for build/alpha/cmdline-check (cmdline-check.mk puts this
 * directory before arch/host/include, whose <asm/boot_params.h> is x86's):
 * init/params.c built on the host then holds the Alpha kernel's table, row
 * for row. The variables those rows point to outside boot_config are the
 * tool's (tools/make/cmdline-check/other_arch.c). */
#ifndef CMDLINE_CHECK_ALPHA_BOOT_PARAMS_H
#define CMDLINE_CHECK_ALPHA_BOOT_PARAMS_H

#include "arch/alpha/include/asm/boot_params.h"

#endif
