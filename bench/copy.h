/* SPDX-License-Identifier: MIT */
/* bench/copy.h - sizing of bench=copy, the copy alignment study
 * (bench/copy.c), as pure inline functions for the boot's defaults and the
 * page tables built before the leak-check baseline. */
#ifndef BENCH_COPY_H
#define BENCH_COPY_H

#include "kernel/types.h"
#include <asm/page.h>

#define COPY_CHUNK     8192u	    /* test 1: the thread's read() size */
#define COPY_BLOCK     (256u * KiB) /* test 2: the thread's 262144-byte copies */
#define COPY_BYTES_PC  (32u * MiB)  /* the file's default size on a PC */
#define COPY_BYTES_HV  (4u * MiB)   /* ... under a hypervisor (emulated time) */
#define COPY_BYTES_MIN (512u * KiB) /* two blocks: successive copies differ */
#define COPY_DST_AREA  (COPY_BLOCK + 2 * PAGE_SIZE)

/* copy_bytes='s default: COPY_BYTES_PC (32 MiB: larger than the last-level
 * cache of most PCs, as the thread's file was; lowered to a quarter of free
 * memory), or COPY_BYTES_HV under a hypervisor (emulated copies are
 * 5-10 times slower and show no alignment effects). */
static inline u32 bench_copy_bytes_default(bool hypervisor)
{
	return hypervisor ? COPY_BYTES_HV : COPY_BYTES_PC;
}

/* Where the k-th 256 KiB copy of a point (k counts across runs) starts in a
 * file of file_bytes (>= COPY_BYTES_MIN): one of npos = max(2, (file_bytes
 * - 64) / 256K) page-aligned places spread over the file, in turn, each
 * leaving room for a source offset up to 64 bytes. Consecutive copies never
 * start at the same place, so a copy that leaves bytes out cannot pass on
 * the bytes its predecessor left (with one block per file it could). */
static inline u32 copy_block_pos(u32 file_bytes, u32 k)
{
	u32 npos = MAX(2u, (file_bytes - 64u) / COPY_BLOCK), i = k % npos;

	return ALIGN_DOWN((u32)((u64)i * (file_bytes - 64u - COPY_BLOCK) / (npos - 1)), PAGE_SIZE);
}

/* Virtual bytes bench=copy maps from BENCH_VA: the file (copy_bytes, whole
 * pages) plus the destination area (a 256 KiB block, offsets up to
 * 32 and guard bytes). */
static inline u32 bench_copy_va_bytes_of(u32 copy_bytes)
{
	return ALIGN_UP(copy_bytes, PAGE_SIZE) + COPY_DST_AREA;
}

#endif
