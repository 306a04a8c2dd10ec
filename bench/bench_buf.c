/* SPDX-License-Identifier: MIT */
/* bench/bench_buf.c - benchmark buffers, the timer and phase markers. */
#include "bench/workload.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/page_alloc.h"
#include "mm/placement/registry.h"
#include <asm/benchmap.h>
#include <asm/perf_event.h>
#include <asm/timex.h>

static u32 buf_pfns[BENCH_MAX_PAGES];
u32 bench_highmem_pages;

int bench_buf_prepare(u32 max_bytes)
{
	return bench_map_prepare(BENCH_VA, ALIGN_UP(max_bytes, PAGE_SIZE));
}

int bench_buf_alloc(struct bench_buf *b, u32 bytes)
{
	u32 i, n = (bytes + PAGE_SIZE - 1) / PAGE_SIZE;

	b->va = NULL;
	b->npages = 0;
	if (n == 0 || n > BENCH_MAX_PAGES)
		return -1;
	for (i = 0; i < n; i++) {
		/* page i is mapped at BENCH_VA + i * PAGE_SIZE: say so (vacolor) */
		struct page *p = alloc_pages_va(GFP_HIGHUSER, 0, BENCH_VA + i * PAGE_SIZE);
		if (!p)
			break;
		buf_pfns[i] = page_to_pfn(p);
		bench_highmem_pages += page_zonenum(p) == ZONE_HIGHMEM;
	}
	b->npages = i;
	if (i < n || bench_map(BENCH_VA, buf_pfns, n) < 0) {
		printk("bench: could not get %u pages for a %u-byte buffer (got %u)\n", n, bytes, i);
		bench_buf_free(b);
		return -1;
	}
	b->va = (void *)BENCH_VA;
	placement_task_stats(current, &b->hits, &b->misses);
	return 0;
}

void bench_buf_free(struct bench_buf *b)
{
	u32 i;

	if (b->va)
		bench_unmap(BENCH_VA, b->npages);
	for (i = 0; i < b->npages; i++)
		__free_pages(pfn_to_page(buf_pfns[i]), 0);
	b->va = NULL;
	b->npages = 0;
}

u64 bench_timer_overhead(void)
{
	u64 best = ~0ull;
	int i;

	for (i = 0; i < 200; i++) {
		cycles_t t0 = get_cycles();
		cycles_t t1 = get_cycles();
		if (t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}

/* ---- phase markers (tools/cachesim) ---- */

#define PHASE_MAX PHASE_MARK_MAX /* <asm/benchmap.h>: ids 1..1023 on the first page, the rest above */
static bool phase_on;
static u32 phase_next = 1;

void bench_phase_enable(bool on)
{
	int bad = on ? bench_phase_marks_map() : 0;

	if (bad == 1)
		printk("bench: cannot map the phase marker page; cachesim phases off\n");
	else if (bad > 1)
		printk("bench: cannot map phase marker page %d; cachesim phases off\n", bad - 1);
	phase_on = on && !bad;
}

u32 bench_phase_label(const char *desc)
{
	u32 id;

	if (!phase_on)
		return 0;
	if (phase_next > PHASE_MAX) {
		printk("bench: more than %u phases; later runs are not marked\n", PHASE_MAX);
		phase_on = false;
		return 0;
	}
	id = phase_next++;
	printk("@phase id=%u %s\n", id, desc);
	return id;
}

void bench_phase_start(u32 id)
{
	perfmon_run_begin(); /* counters around every run, before the marker */
	if (phase_on && id)
		*(volatile u32 *)phase_mark_addr(id) = id;
}

u32 bench_phase_begin(const char *desc)
{
	u32 id = bench_phase_label(desc);

	bench_phase_start(id);
	return id;
}

void bench_phase_end(void)
{
	if (phase_on)
		*(volatile u32 *)PHASE_MARK_BASE = 0;
	perfmon_run_end();
}
