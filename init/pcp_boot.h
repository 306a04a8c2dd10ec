/* SPDX-License-Identifier: MIT */
/* init/pcp_boot.h - turning the per-CPU page lists on at boot. */
#ifndef INIT_PCP_BOOT_H
#define INIT_PCP_BOOT_H

#include "kernel/types.h"

/* Sets up the per-CPU lists (mm/pcp.h) for ncpus CPUs online from pcp=,
 * pcp_batch= and pcp_high=: on when pcp=on, off when pcp=off, else on
 * exactly when more than one CPU runs (one CPU keeps the uniprocessor
 * allocator unchanged). Prints one "pcp:" line saying which and why. */
void pcp_boot(u32 ncpus);

#endif
