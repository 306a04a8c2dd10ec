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

/* cachesim=on (arch/alpha/main.c's parameter): the check rounds mark two
 * phases for the cache model (tools/cachesim), with ids PHASE_MARK_MAX and
 * PHASE_MARK_MAX - 1 (arch.h; the benchmarks count up from 1), after an
 * "@marks base=0x..." line naming the marker base: alpha_mm_init's 512
 * pages, one store each through KSEG ("@phase ... bench=mmcheck map=kseg");
 * alpha_vmap_check's one page stored to and loaded through KSEG and 4
 * page-table aliases ("... map=alias", then "@alias ... sum=S want=25").
 * Off by default: the stores hit reserved memory, nothing else changes. */
extern bool alpha_phase_marks;

/* Where alpha_vmap_check maps its pages: 8 GiB, below KSEG, used by nothing
 * else (fault=vmap reads it after the check has unmapped it). */
#define ALPHA_VMAP_CHECK_VA 0x200000000ul

/* Maps 64 colored order-0 pages at ALPHA_VMAP_CHECK_VA through three new
 * levels of page tables (the PALcode's top table found at vptb), writes
 * each page's first and last word through the mapping, reads them back
 * through KSEG, unmaps and frees the pages (the tables stay). Prints
 * @vmap. With alpha_phase_marks, then the alias phase (above). Returns the
 * failures (0 to 2). */
unsigned alpha_vmap_check(unsigned long vptb);

#endif
