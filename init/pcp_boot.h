/* SPDX-License-Identifier: MIT */
/* init/pcp_boot.h - turning the per-CPU page lists on at boot. */
#ifndef INIT_PCP_BOOT_H
#define INIT_PCP_BOOT_H

#include "kernel/types.h"

/* Sets up the per-CPU lists (mm/pcp.h) for ncpus CPUs online from pcp=,
 * pcp_batch= and pcp_high=: off when pcp=off, else on, also on one CPU
 * (as in 2.5.40-mm1, where the hot/cold lists exist on uniprocessor
 * kernels too: grouping's cost then hides behind the lists' fast path).
 * Prints one "pcp:" line saying which and why. */
void pcp_boot(u32 ncpus);

#endif
