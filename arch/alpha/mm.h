/* SPDX-License-Identifier: MIT */
/* arch/alpha/mm.h - the memory manager on Alpha. */
#ifndef ARCH_ALPHA_MM_H
#define ARCH_ALPHA_MM_H

#include "kernel/types.h"

/* Builds zones over memblock (filled from the HWRPB) with mm_init(),
 * prints them, runs mm_check(), then allocates and frees 512 order-0 pages
 * with coloring on and checks they covered min(512, colors) colors and
 * that every page came back. seed starts the policies' generator.
 * Returns the failures (0 when everything held). */
unsigned alpha_mm_init(u32 seed);

#endif
