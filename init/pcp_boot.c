/* SPDX-License-Identifier: MIT */
/* init/pcp_boot.c - see pcp_boot.h. */
#include "init/pcp_boot.h"
#include "init/params.h"
#include "kernel/printk.h"
#include "mm/page_color.h"
#include "mm/pcp.h"

void pcp_boot(u32 ncpus)
{
	bool given = param_given("pcp");
	bool on = given ? boot_config.pcp : true;

	(void)ncpus;

	boot_config.pcp = on;
	if (!on) {
		printk("pcp: per-CPU page lists off (pcp=off)\n");
		return;
	}
	pcp_setup(true, boot_config.pcp_batch, boot_config.pcp_high);
	printk("pcp: per-CPU page lists on (%s): batch %u, hot list low %u high %u, cold list low 0 high %u; ",
	       given ? "pcp=on" : "the default; pcp=off for the uniprocessor allocator", pcp_batch(), 2 * pcp_batch(),
	       pcp_high(), 2 * pcp_batch());
	if (pcp_colored()) {
		u32 cpus, zones, bytes = pcp_colored_heads(&cpus, &zones);
		printk("colored lists (binhop, vacolor) at most %u pages per CPU and zone; their heads take %u KiB "
		       "(%u CPU%s x %u zone%s x %u colors)\n",
		       pcp_color_high(), (bytes + 1023) / 1024, cpus, cpus == 1 ? "" : "s", zones,
		       zones == 1 ? "" : "s", page_colors);
	} else
		printk("colored requests bypass them (%u colors; colored lists serve 2..%u)\n", page_colors,
		       PCP_COLORS_MAX);
}
