// SPDX-License-Identifier: MIT
/* arch/alpha/hwrpb.c - the HWRPB's memory clusters, read into ranges. */
#include "arch/alpha/hwrpb.h"

int hwrpb_read_clusters(const struct hwrpb_memclust *mc, u64 nclusters, u64 page_size, u64 kernel_start, u64 kernel_end,
			struct hwrpb_mem *out)
{
	*out = (struct hwrpb_mem){ 0 };
	if (page_size < 4096 || page_size > 65536 || (page_size & (page_size - 1)))
		return -1;
	for (u64 i = 0; i < nclusters; i++) {
		u64 base = mc[i].start_pfn * page_size, size = mc[i].numpages * page_size;

		if (mc[i].usage & 3) {
			out->console_bytes += size;
			continue;
		}
		if (size == 0 || out->nr_free == HWRPB_MAX_RANGES) {
			out->nr_skipped++;
			continue;
		}
		out->free_base[out->nr_free] = base;
		out->free_size[out->nr_free] = size;
		out->nr_free++;
		out->free_bytes += size;
		if (kernel_start >= base && kernel_end <= base + size && kernel_start < kernel_end)
			out->kernel_inside = true;
	}
	return 0;
}
