/* SPDX-License-Identifier: MIT */
/* mm/placement/task.c - what the placement registry and its policies share:
 * the coloring counters and flags, the configuration the policies were set up
 * with, and the per-task state (see ops.h). Kept apart from the registry
 * (registry.c), which names every policy, so that the policies depend on
 * this file and the registry on them, with no circle. */
#include "mm/placement/ops.h"
#include "kernel/task.h"
#include "mm/page_color.h"

bool page_color_enabled;
u32 page_colors = 1;
struct page_color_stats page_color_stats;
struct placement_config placement_cfg;

static struct placement_task task_slots[PLACEMENT_TASKS];
static u32 task_clock;

struct placement_task *__placement_task_claim(struct task *t)
{
	struct placement_task *p = &task_slots[0];
	u32 i, *use;

	/* a free slot, else the one claimed longest ago */
	for (i = 0; i < PLACEMENT_TASKS; i++) {
		if (!task_slots[i].owner) {
			p = &task_slots[i];
			break;
		}
		if (task_slots[i].stamp < p->stamp)
			p = &task_slots[i];
	}
	use = p->use;
	*p = (struct placement_task){ .owner = t, .pid = t->pid, .stamp = ++task_clock, .use = use };
	t->placement = p;
	return p;
}

void placement_task_stats(struct task *t, u32 *hits, u32 *misses)
{
	struct placement_task *p = placement_task_of(t);

	*hits = p->hits;
	*misses = p->misses;
}

void __placement_tasks_reset(void)
{
	u32 i;

	task_clock = 0;
	for (i = 0; i < PLACEMENT_TASKS; i++)
		task_slots[i] = (struct placement_task){ 0 };
}

int __placement_tasks_alloc_use(const struct placement_config *cfg)
{
	u32 i;
	int rc = 0;

	for (i = 0; i < PLACEMENT_TASKS; i++) {
		task_slots[i].use = cfg->alloc(cfg->colors * 4);
		if (!task_slots[i].use)
			rc = -1;
	}
	return rc;
}
