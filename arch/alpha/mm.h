/* SPDX-License-Identifier: MIT */
/* arch/alpha/mm.h - the memory manager on Alpha. */
#ifndef ARCH_ALPHA_MM_H
#define ARCH_ALPHA_MM_H

#include "kernel/types.h"

struct mm_config;

/* Builds zones over memblock (filled from the HWRPB) with mm_init() and
 * the command line's memory-manager settings (base: page_color=,
 * placement=, cache_size=, mm_shuffle=, ...; the zone limits and the
 * generator are set here),
 * prints them, runs mm_check(), then allocates and frees 512 order-0 pages
 * with coloring on and checks they covered min(512, colors) colors and
 * that every page came back. seed starts the policies' generator.
 * Returns the failures (0 when everything held). */
unsigned alpha_mm_init(const struct mm_config *base, u32 seed);

/* Where alpha_vmap_check maps its pages: 8 GiB, below KSEG, used by nothing
 * else (fault=vmap reads it after the check has unmapped it). */
#define ALPHA_VMAP_CHECK_VA 0x200000000ul

/* Maps 64 colored order-0 pages at ALPHA_VMAP_CHECK_VA through three new
 * levels of page tables (the PALcode's top table found at vptb), writes
 * each page's first and last word through the mapping, reads them back
 * through KSEG, unmaps and frees the pages (the tables stay). Prints
 * @vmap. Returns the failures (0 or 1). */
unsigned alpha_vmap_check(unsigned long vptb);

#endif
