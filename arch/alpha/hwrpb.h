/* SPDX-License-Identifier: MIT */
/* arch/alpha/hwrpb.h - the Hardware Restart Parameter Block: what the
 * console firmware (here qemu-palcode) tells the OS about the machine.
 *
 * Layout from the Alpha Architecture Reference Manual's console chapter
 * (all fields quadwords): the HWRPB is mapped at virtual 0x10000000 when
 * the kernel starts; the memory data descriptor table (MDDT) at
 * hwrpb + mddt_offset lists memory clusters in pages of `pagesize` bytes;
 * a cluster whose usage has bit 0 (console/PALcode) or bit 1 (non-volatile)
 * set is not the OS's. */
#ifndef ARCH_ALPHA_HWRPB_H
#define ARCH_ALPHA_HWRPB_H

#include "kernel/types.h"

#define HWRPB_VA    0x10000000ul
#define HWRPB_MAGIC 0x4857525042000000ul /* "HWRPB", big-endian in the quadword */

struct hwrpb {
	u64 phys_addr;
	u64 id; /* HWRPB_MAGIC */
	u64 revision;
	u64 size;
	u64 cpuid;
	u64 pagesize;
	u64 pa_bits;
	u64 max_asn;
	char ssn[16]; /* system serial number ("MILO QEMU" under QEMU) */
	u64 sys_type;
	u64 sys_variation;
	u64 sys_revision;
	u64 intr_freq;	/* interval timer, Hz * 4096 */
	u64 cycle_freq; /* the cycle counter's rate, Hz, as the console claims it */
	u64 vptb;
	u64 res1;
	u64 tbhb_offset;
	u64 nr_processors;
	u64 processor_size;
	u64 processor_offset;
	u64 ctb_nr;
	u64 ctb_size;
	u64 ctbt_offset;
	u64 crb_offset;
	u64 mddt_offset;
};

struct hwrpb_memclust {
	u64 start_pfn;
	u64 numpages;
	u64 numtested;
	u64 bitmap_va;
	u64 bitmap_pa;
	u64 bitmap_chksum;
	u64 usage; /* bit 0: console/PALcode, bit 1: non-volatile; 0: the OS's */
};

struct hwrpb_memdesc {
	u64 chksum;
	u64 optional_pa;
	u64 numclusters;
	struct hwrpb_memclust cluster[];
};

_Static_assert(__builtin_offsetof(struct hwrpb, cycle_freq) == 112, "HWRPB layout");
_Static_assert(__builtin_offsetof(struct hwrpb, mddt_offset) == 200, "HWRPB layout");
_Static_assert(sizeof(struct hwrpb_memclust) == 56, "memory cluster layout");

/* What the clusters give the OS, in bytes of physical address space. */
#define HWRPB_MAX_RANGES 16
struct hwrpb_mem {
	u32 nr_free;			 /* usable ranges in free[] */
	u32 nr_skipped;			 /* usable clusters beyond HWRPB_MAX_RANGES or empty */
	u64 free_base[HWRPB_MAX_RANGES]; /* the OS's clusters, in bytes */
	u64 free_size[HWRPB_MAX_RANGES];
	u64 free_bytes;	    /* their sum */
	u64 console_bytes;  /* clusters of the console/PALcode */
	bool kernel_inside; /* [kernel_start, kernel_end) lies in one free range */
};

/* Reads nclusters memory clusters (pages of page_size bytes, a power of two
 * from 4 KiB to 64 KiB) into *out; kernel_start/kernel_end (physical, bytes,
 * half-open) is the kernel image, checked to lie inside one free range.
 * Returns 0, or -1 when page_size is not accepted (out has nothing). Pure:
 * the host tests build it. */
int hwrpb_read_clusters(const struct hwrpb_memclust *mc, u64 nclusters, u64 page_size, u64 kernel_start, u64 kernel_end,
			struct hwrpb_mem *out);

#endif
