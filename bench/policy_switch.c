/* bench/policy_switch.c - the benchmarks' policy adapter on today's coloring
 * switch (see policy_switch.h): "binhop" = coloring on, "buddy" = off. */
#include "bench/bench.h"
#include "bench/policy_switch.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "kernel/task.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"

const char *const bench_policy_names[BENCH_POLICY_NR + 1] = { "buddy", "binhop", "vacolor", "bestbin", "random", NULL };

int bench_policy_select(const char *name)
{
	if (!strcmp(name, "binhop") || !strcmp(name, "buddy")) {
		bench_set_coloring(!strcmp(name, "binhop"));
		return 0;
	}
	printk("policy: '%s' is not available in this kernel (it has binhop = coloring on, buddy = coloring off)\n",
	       name);
	return -1;
}

const char *bench_policy_name(void)
{
	return page_color_enabled ? "binhop" : "buddy";
}

bool bench_policy_colored(void)
{
	return page_color_enabled;
}

bool bench_policy_fresh_placement(void)
{
	return !page_color_enabled;
}

u32 bench_policy_modes(void)
{
	return page_color_enabled ? BENCH_MODES_ON : BENCH_MODES_OFF;
}

struct page *bench_alloc_page_va(u32 vaddr)
{
	(void)vaddr;
	return alloc_page(GFP_HIGHUSER);
}

void bench_policy_task_counts(u32 *hits, u32 *misses)
{
	*hits = current->color.hits;
	*misses = current->color.misses;
}
