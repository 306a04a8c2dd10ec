/* SPDX-License-Identifier: MIT */
/* tests/host/test_pcp.c - the per-CPU hot/cold page lists (mm/pcp.c), the
 * ticket spinlock (kernel/spinlock.h) and the MADT decoder
 * (arch/x86/madt.c), on the host. The concurrent tests run one pthread per
 * CPU (host_cpu_id, <asm/smp.h> host) against the real zone lock. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "arch/x86/madt.h"
#include "kernel/mwc.h"
#include "kernel/spinlock.h"
#include "mm/internal.h"
#include "mm/zone_lock.h"
#include "mm/pcp.h"
#include "mm/shuffle.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

/* A small PC: 640 KiB low memory, 1 MiB .. 64 MiB. */
static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

static int teardown(void **state)
{
	pcp_setup(false, 0, 0);
	host_cpu_id = 0;
	nr_cpus_online = 1;
	return fixture_teardown_cb(state);
}

static struct zone *normal(void)
{
	return &contig_page_data.node_zones[ZONE_NORMAL];
}

/* One allocation refills the hot list with one batch under one zone lock. */
static void test_refill_one_batch(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	u32 free0 = normal()->free_pages, total0 = nr_free_pages(), acq0;

	pcp_setup(true, 8, 0);
	assert_int_equal(pcp_high(), 48);
	acq0 = zone_lock.acquisitions;
	struct page *p = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
	assert_non_null(p);
	assert_true(p->flags & PG_head);
	assert_false(p->flags & PG_pcp);
	assert_int_equal(zone_lock.acquisitions - acq0, 1);
	assert_int_equal(normal()->free_pages, free0 - 8);
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT), 7);
	assert_int_equal(nr_free_pages(), total0 - 1); /* pages on the lists count as free */
	/* below low (16): the next allocations refill again, then stop */
	for (int i = 0; i < 3; i++)
		assert_non_null(alloc_page(GFP_KERNEL | __GFP_MOVABLE));
	assert_true(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT) > 16);
	assert_int_equal(mm_check(), 0);
}

/* Frees lift the hot list to high, which gives one batch back. */
static void test_high_drains_batch(void **state)
{
	struct page *p[64];
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 20);
	for (int i = 0; i < 64; i++)
		assert_non_null(p[i] = alloc_page(GFP_KERNEL | __GFP_MOVABLE));
	u32 before = pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT);
	assert_true(before <= 20);
	for (int i = 0; i < 64; i++) {
		assert_int_equal(__free_pages(p[i], 0), 0);
		assert_true(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT) < 20);
	}
	assert_int_equal(mm_check(), 0);
	u32 lists = pcp_nr_pages(), free = normal()->free_pages;
	assert_int_equal(pcp_drain_all(), lists);
	assert_int_equal(pcp_nr_pages(), 0);
	assert_int_equal(normal()->free_pages, free + lists);
}

/* pcp_high below 2 x batch + 1 is raised, and said. */
static void test_high_raised(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	capture_reset();
	pcp_setup(true, 16, 10);
	assert_int_equal(pcp_high(), 33);
	assert_non_null(strstr(capture_text(), "pcp_high=10 raised to 33"));
}

/* Zone lock acquisitions per page operation in an alloc+free loop: about
 * 1/batch with the lists, exactly 1 without. */
static void test_lock_per_page(void **state)
{
	struct page *p[128];
	(void)state;
	for (int on = 0; on < 2; on++) {
		assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
		pcp_setup(on, 16, 0);
		u32 acq0 = zone_lock.acquisitions, ops = 0;
		for (int round = 0; round < 50; round++) {
			for (int i = 0; i < 128; i++, ops++)
				assert_non_null(p[i] = alloc_page(GFP_KERNEL | __GFP_MOVABLE));
			for (int i = 0; i < 128; i++, ops++)
				assert_int_equal(__free_pages(p[i], 0), 0);
		}
		double per_page = (double)(zone_lock.acquisitions - acq0) / ops;
		if (on)
			assert_true(per_page <= 1.2 / 16);
		else
			assert_true(per_page == 1.0);
		pcp_setup(false, 0, 0);
		assert_int_equal(mm_check(), 0);
	}
}

/* Hot frees come back first (LIFO); cold frees go to the cold list and
 * __GFP_COLD takes from it. */
static void test_hot_and_cold(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 0);
	struct page *a = alloc_page(GFP_KERNEL | __GFP_MOVABLE), *b = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
	assert_int_equal(free_hot_page(a), 0);
	assert_ptr_equal(alloc_page(GFP_KERNEL | __GFP_MOVABLE), a);
	u32 cold0 = pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_COLD);
	assert_int_equal(free_cold_page(b), 0);
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_COLD), cold0 + 1);
	assert_ptr_not_equal(alloc_page(GFP_KERNEL | __GFP_MOVABLE), b); /* hot allocations do not take it */
	struct page *c = alloc_page(GFP_KERNEL | __GFP_MOVABLE | __GFP_COLD);
	assert_non_null(c);
	assert_int_equal(mm_check(), 0);
}

/* Which end of which list (the 2.5.40-mm1 thread's hot/cold pages, as
 * mm/pcp.h states them): a hot free goes to the head of the hot list and a
 * hot allocation takes the head (the page freed last, still in the cache);
 * a cold free goes to the tail of the cold list and a __GFP_COLD
 * allocation takes the cold list's head (the page cold longest); neither
 * kind touches the other's list, and a cold refill fills the cold list. */
static void test_hot_and_cold_list_ends(void **state)
{
	struct page *h[3], *c[3];
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 0);
	for (int i = 0; i < 3; i++) {
		assert_non_null(h[i] = alloc_page(GFP_KERNEL | __GFP_MOVABLE));
		assert_non_null(c[i] = alloc_page(GFP_KERNEL | __GFP_MOVABLE));
	}
	/* the cold list starts empty: a cold allocation refills it, not the hot one */
	u32 hot0 = pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT);
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_COLD), 0);
	struct page *r = alloc_page(GFP_KERNEL | __GFP_MOVABLE | __GFP_COLD);
	assert_non_null(r);
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_COLD), 8 - 1);
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT), hot0);
	assert_int_equal(__free_pages(r, 0), 0); /* a plain free is a hot free */
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT), hot0 + 1);
	assert_ptr_equal(alloc_page(GFP_KERNEL | __GFP_MOVABLE), r);
	/* drained: both lists empty, then the frees */
	pcp_drain_all();
	for (int i = 0; i < 3; i++) {
		assert_int_equal(free_hot_page(h[i]), 0);
		assert_int_equal(free_cold_page(c[i]), 0);
	}
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT), 3);
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_COLD), 3);
	/* cold: first freed, first served (c0 c1 c2); hot: last freed first (h2 h1 h0) */
	assert_ptr_equal(alloc_page(GFP_KERNEL | __GFP_MOVABLE | __GFP_COLD), c[0]);
	assert_ptr_equal(alloc_page(GFP_KERNEL | __GFP_MOVABLE), h[2]);
	assert_ptr_equal(alloc_page(GFP_KERNEL | __GFP_MOVABLE | __GFP_COLD), c[1]);
	assert_ptr_equal(alloc_page(GFP_KERNEL | __GFP_MOVABLE), h[1]);
	/* (the hot list, below low, was refilled at its tail: h0 is still on it) */
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_COLD), 1);
	assert_true(c[2]->flags & PG_pcp);
	assert_true(h[0]->flags & PG_pcp);
	assert_int_equal(mm_check(), 0);
}

/* The lists are per migrate type (grouping by mobility): an unmovable
 * request is served from the lists out of an unmovable page block, a freed
 * unmovable page goes back to an unmovable request and never to a movable
 * one, and a hundred unmovable pages through the lists fill one page block.
 * (Until the lists were kept per type they held movable pages only, and
 * unmovable requests paid the buddy core's split chains: page_test's
 * 1.27x under grouping.) */
static void test_per_type_lists(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 0);
	u32 r0, d0, a0, f0, r1, d1, a1, f1;
	pcp_stats(&r0, &d0, &a0, &f0);

	struct page *u = alloc_page(GFP_KERNEL);
	assert_non_null(u);
	pcp_stats(&r1, &d1, &a1, &f1);
	assert_int_equal(a1, a0 + 1); /* served from the lists */
	assert_int_equal(r1, r0 + 1); /* after one refill of the unmovable list */
	assert_int_equal(pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT), 7);
	assert_int_equal(page_mt(u), MIGRATE_UNMOVABLE);
	assert_int_equal(get_pageblock_migratetype(normal(), page_to_pfn(u)), MIGRATE_UNMOVABLE);

	assert_int_equal(__free_pages(u, 0), 0);
	struct page *m = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
	assert_non_null(m);
	assert_ptr_not_equal(m, u); /* the unmovable list keeps it */
	assert_int_equal(get_pageblock_migratetype(normal(), page_to_pfn(m)), MIGRATE_MOVABLE);
	assert_ptr_equal(alloc_page(GFP_KERNEL), u); /* the hottest unmovable page */

	struct page *p[100];
	u32 unmovable_blocks = 0, b0 = page_to_pfn(u) >> pageblock_order;
	for (u32 i = 0; i < 100; i++) {
		assert_non_null(p[i] = alloc_page(GFP_KERNEL));
		assert_int_equal(page_to_pfn(p[i]) >> pageblock_order, b0);
	}
	for (u32 pfn = normal()->zone_start_pfn; pfn < normal()->zone_start_pfn + normal()->spanned_pages;
	     pfn += pageblock_nr_pages)
		unmovable_blocks += get_pageblock_migratetype(normal(), pfn) == MIGRATE_UNMOVABLE;
	assert_int_equal(unmovable_blocks, 1);
	assert_int_equal(mm_check(), 0);
	/* the dump shows the lists by type: m's refill left 7 movable pages */
	capture_reset();
	pcp_print();
	char want[96];
	snprintf(want, sizeof(want),
		 "pcp: by migrate type, all CPUs and zones, hot+cold: Unmovable %u Movable 7 Reclaimable 0\n",
		 pcp_nr_pages_cpu(0, ZONE_NORMAL, PCP_HOT) - 7);
	assert_non_null(strstr(capture_text(), want));
	for (u32 i = 0; i < 100; i++)
		assert_int_equal(__free_pages(p[i], 0), 0);
	assert_int_equal(__free_pages(u, 0), 0);
	assert_int_equal(__free_pages(m, 0), 0);
	assert_int_equal(mm_check(), 0);
	assert_true(pcp_drain_all() > 0);
	assert_int_equal(mm_check(), 0);
}

/* A request that fails drains this CPU's lists and tries again (as Linux
 * does before giving up): pages on another type's list, or two buddies
 * that only the lists keep apart, serve it. Without the drain both
 * requests below returned NULL with the pages on the lists. */
static struct page *all_pages[20000];
static void test_failure_drains_lists(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 0);
	u32 n = 0;
	while (n < ARRAY_SIZE(all_pages) && (all_pages[n] = alloc_page(GFP_KERNEL | __GFP_MOVABLE)))
		n++;
	assert_true(n > (u32)(MB(59) >> PAGE_SHIFT) &&
		    n < ARRAY_SIZE(all_pages)); /* 63 MiB free: 16128 pages of 4 KiB */
	assert_int_equal(nr_free_pages(), 0);

	/* one movable page on the list; an unmovable request gets it */
	struct page *a = all_pages[--n];
	assert_int_equal(__free_pages(a, 0), 0);
	assert_int_equal(pcp_nr_pages(), 1);
	assert_ptr_equal(alloc_page(GFP_KERNEL), a);
	assert_int_equal(pcp_nr_pages(), 0);
	assert_int_equal(__free_pages(a, 0), 0);

	/* a page and its buddy on the list; an order-1 request gets the pair */
	u32 i, j = n;
	for (i = 0; i < n && j == n; i++)
		for (j = 0; j < n; j++)
			if (page_to_pfn(all_pages[j]) == (page_to_pfn(all_pages[i]) ^ 1u))
				break;
	assert_true(j < n);
	struct page *b = all_pages[i - 1], *c = all_pages[j];
	all_pages[i - 1] = all_pages[j] = NULL;
	assert_int_equal(__free_pages(b, 0), 0);
	assert_int_equal(__free_pages(c, 0), 0);
	struct page *pair = alloc_pages(GFP_KERNEL | __GFP_MOVABLE, 1);
	assert_non_null(pair);
	assert_int_equal(page_to_pfn(pair), MIN(page_to_pfn(b), page_to_pfn(c)));
	assert_int_equal(pcp_nr_pages(), 0); /* the drain took a (unmovable list) back too */
	assert_int_equal(mm_check(), 0);
	assert_int_equal(__free_pages(pair, 1), 0);
	for (i = 0; i < n; i++)
		if (all_pages[i])
			assert_int_equal(__free_pages(all_pages[i], 0), 0);
	pcp_drain_all();
	assert_int_equal(mm_check(), 0);
}

/* One CPU, long random churn through the per-type lists: random orders and
 * migrate types (cold frees and __GFP_COLD too), switches of placement
 * policy (which drain the lists) and of grouping by mobility, exhaustion
 * (which ends in the drain-on-failure path), with mm_check() (the lists
 * included) every 500 operations and exact accounting at the end: every
 * page back in the buddy lists as it was. */
static void test_random_types_policies_grouping(void **state)
{
	static struct page *held[20000];
	static u8 held_order[20000];
	static const gfp_t types[4] = { GFP_KERNEL, GFP_KERNEL | __GFP_MOVABLE, GFP_KERNEL | __GFP_RECLAIMABLE,
					GFP_HIGHUSER };
	struct buddy_snapshot before, after;
	struct mwc rng;
	u32 n = 0, nulls = 0, switches = 0;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 64, 30), 0);
	pcp_setup(true, 8, 0);
	pcp_drain_all();
	snapshot_take(&before);
	u32 total = nr_free_pages();
	mwc_init(&rng, 4242, MWC_CARRY_DEFAULT);
	for (u32 op = 1; op <= 60000; op++) {
		u32 r = mwc_next(&rng);
		if (r % 1000 == 0) {
			assert_int_equal(placement_select_id((r >> 10) % PLACEMENT_NR), 0);
			switches++;
		} else if (r % 1000 == 1) {
			mobility_grouping_set((r >> 10) & 1);
			switches++;
		} else if (n < 3000 && (n == 0 || (r >> 10) % 100 < 55)) {
			u32 o = (r >> 17) % 4 ? 0 : (r >> 19) % 6; /* mostly order 0 */
			gfp_t g = types[(r >> 22) % 4] | ((r >> 24) % 8 == 0 ? __GFP_COLD : 0);
			struct page *p = alloc_pages(g, o);
			if (!p) {
				nulls++;
				continue;
			}
			assert_int_equal(page_mt(p), gfp_migratetype(g));
			held[n] = p;
			held_order[n++] = (u8)o;
		} else if (n) {
			u32 k = (r >> 10) % n;
			if (held_order[k] == 0 && (r >> 25) % 4 == 0)
				assert_int_equal(free_cold_page(held[k]), 0);
			else
				assert_int_equal(__free_pages(held[k], held_order[k]), 0);
			held[k] = held[--n];
			held_order[k] = held_order[n];
		}
		if (op % 500 == 0)
			assert_int_equal(mm_check(), 0);
	}
	/* exhaustion: order-0 requests until one fails (lists drained first) */
	while (n < ARRAY_SIZE(held) && (held[n] = alloc_page(GFP_KERNEL)) != NULL)
		held_order[n++] = 0;
	assert_true(n < ARRAY_SIZE(held)); /* it failed: nothing free anywhere */
	assert_int_equal(nr_free_pages(), 0);
	assert_int_equal(pcp_nr_pages(), 0);
	assert_int_equal(mm_check(), 0);
	while (n) {
		n--;
		assert_int_equal(__free_pages(held[n], held_order[n]), 0);
	}
	assert_int_equal(nr_free_pages(), total);
	assert_int_equal(placement_select_id(PLACEMENT_BUDDY), 0);
	mobility_grouping_set(true);
	pcp_drain_all();
	assert_int_equal(mm_check(), 0);
	snapshot_take(&after);
	assert_true(snapshot_equal(&before, &after));
	assert_true(switches > 50);
	print_message("pcp random: 60000 ops, %u switches, %u NULL\n", switches, nulls);
}

/* A double free of a page on a per-CPU list is refused and counted. */
static void test_double_free(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 0);
	struct page *a = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
	u32 bad = mm_bad_free_count, lists;
	assert_int_equal(__free_pages(a, 0), 0);
	lists = pcp_nr_pages();
	assert_int_equal(__free_pages(a, 0), -1);
	assert_int_equal(mm_bad_free_count, bad + 1);
	assert_int_equal(pcp_nr_pages(), lists);
	assert_non_null(strstr(capture_text(), "double free, on a per-CPU list"));
	assert_int_equal(mm_check(), 0);
}

/* mm_check sees a corrupted per-CPU list. */
static void test_mm_check_sees_lists(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 0);
	struct page *a = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
	assert_int_equal(__free_pages(a, 0), 0);
	assert_true(a->flags & PG_pcp);
	a->flags &= ~PG_pcp;
	capture_reset();
	assert_int_equal(mm_check(), -1);
	assert_non_null(strstr(capture_text(), "page not marked PG_pcp"));
	a->flags |= PG_pcp | PG_buddy;
	assert_int_equal(mm_check(), -1);
	a->flags &= ~PG_buddy;
	assert_int_equal(mm_check(), 0);
}

/* ---- the colored lists (binhop, vacolor) ---------------------------------- */

#define MOV (GFP_KERNEL | __GFP_MOVABLE)

static u32 colored_allocs(void)
{
	u32 r, d, a, f, off;
	pcp_color_stats(&r, &d, &a, &f, &off);
	return a;
}

static u32 colored_off(void)
{
	u32 r, d, a, f, off;
	pcp_color_stats(&r, &d, &a, &f, &off);
	return off;
}

/* binhop with the lists on: every order-0 page has exactly the color the
 * round-robin asks for, in the first pass (refills) and in the second
 * (pages freed to the lists), and is served from the lists; each counts as
 * the policy's hit. A policy switch drains them. */
static void test_colored_exact(void **state)
{
	struct page *p[40];
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 16, -1), 0);
	u32 free0 = nr_free_pages();
	pcp_setup(true, 8, 0);
	assert_true(pcp_colored());
	assert_int_equal(pcp_color_high(), 48); /* max(6 x 8, 2 x 16) */
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	fixture_task()->rr_init = true;
	for (u32 pass = 0; pass < 2; pass++) {
		u64 hits0 = page_color_stats.hits, miss0 = page_color_stats.misses;
		u32 served0 = colored_allocs();
		fixture_task()->target_color = 5 + pass;
		for (u32 i = 0; i < 40; i++) {
			assert_non_null(p[i] = alloc_page(MOV));
			assert_int_equal(pfn_color(page_to_pfn(p[i])), (5 + pass + i) % 16);
			assert_true(p[i]->flags & PG_head);
			assert_false(p[i]->flags & PG_pcp);
		}
		assert_int_equal(fixture_task()->target_color, (5 + pass + 40) % 16);
		assert_int_equal(colored_allocs() - served0, 40);
		assert_int_equal(page_color_stats.hits - hits0, 40);
		assert_int_equal(page_color_stats.misses - miss0, 0);
		assert_int_equal(mm_check(), 0);
		for (u32 i = 0; i < 40; i++)
			assert_int_equal(__free_pages(p[i], 0), 0);
		assert_true(pcp_nr_colored_cpu(0, ZONE_NORMAL) > 0);
		assert_int_equal(nr_free_pages(), free0);
		assert_int_equal(mm_check(), 0);
	}
	assert_int_equal(colored_off(), 0);
	/* vacolor: color = vpn + the task's offset, exactly */
	assert_int_equal(placement_select_id(PLACEMENT_VACOLOR), 0);
	assert_int_equal(pcp_nr_pages(), 0); /* drained by the switch */
	fixture_task()->va_init = true;
	fixture_task()->va_offset = 3;
	u32 served0 = colored_allocs();
	for (u32 i = 0; i < 40; i++) {
		u32 va = 0x40000000u + (i * 7) * PAGE_SIZE;
		assert_non_null(p[i] = alloc_pages_va(MOV, 0, va));
		assert_int_equal(pfn_color(page_to_pfn(p[i])), (i * 7 + 3) % 16);
	}
	assert_int_equal(colored_allocs() - served0, 40);
	for (u32 i = 0; i < 40; i++)
		assert_int_equal(__free_pages(p[i], 0), 0);
	/* unmovable, __GFP_NOCOLOR: the zone path */
	served0 = colored_allocs();
	struct page *k = alloc_page(GFP_KERNEL), *n = alloc_page(MOV | __GFP_NOCOLOR);
	assert_non_null(k);
	assert_non_null(n);
	assert_int_equal(colored_allocs(), served0);
	assert_int_equal(__free_pages(k, 0), 0);
	assert_int_equal(__free_pages(n, 0), 0);
	assert_int_equal(placement_select_id(PLACEMENT_BUDDY), 0);
	assert_int_equal(pcp_nr_colored_cpu(0, ZONE_NORMAL), 0);
	pcp_drain_all();
	assert_int_equal(normal()->free_pages + contig_page_data.node_zones[ZONE_DMA].free_pages, free0);
	assert_int_equal(mm_check(), 0);
}

/* The colored lists' fixture: 64 colors, two zones, the lists on with
 * batch 8, binhop active and the task's round-robin started (its target
 * set by the test). */
static void colored_binhop_fixture(void)
{
	assert_int_equal(fixture_build(pc64, 2, 16, -1), 0);
	pcp_setup(true, 8, 0);
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	fixture_task()->rr_init = true;
}

/* Which end: a hot free goes to the head of its color's list, a cold one
 * to the tail; an allocation takes the head, a __GFP_COLD one the tail. */
static void test_colored_list_ends(void **state)
{
	(void)state;
	colored_binhop_fixture();
	struct page *a[3];
	for (u32 i = 0; i < 3; i++) {
		fixture_task()->target_color = 9;
		assert_non_null(a[i] = alloc_page(MOV));
		assert_int_equal(pfn_color(page_to_pfn(a[i])), 9);
	}
	pcp_drain_all(); /* color 9's list empty: only a[] will be on it */
	assert_int_equal(free_hot_page(a[0]), 0);
	assert_int_equal(free_cold_page(a[1]), 0);
	assert_int_equal(free_hot_page(a[2]), 0); /* list: a2 a0 a1 */
	fixture_task()->target_color = 9;
	assert_ptr_equal(alloc_page(MOV | __GFP_COLD), a[1]); /* tail */
	fixture_task()->target_color = 9;
	assert_ptr_equal(alloc_page(MOV), a[2]); /* head */
	fixture_task()->target_color = 9;
	assert_ptr_equal(alloc_page(MOV), a[0]);
	assert_int_equal(mm_check(), 0);
}

/* Each CPU has its own colored lists: a page CPU 1 freed is not handed to
 * CPU 0 asking for its color (CPU 0 refills), and CPU 1 gets it back. */
static void test_colored_per_cpu(void **state)
{
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 16, -1), 0);
	nr_cpus_online = 2; /* before pcp_setup: it gives the CPUs online their heads */
	pcp_setup(true, 8, 0);
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	fixture_task()->rr_init = true;
	fixture_task()->target_color = 7;
	host_cpu_id = 1;
	struct page *a = alloc_page(MOV);
	assert_int_equal(pfn_color(page_to_pfn(a)), 7);
	pcp_drain_all();
	assert_int_equal(__free_pages(a, 0), 0);
	assert_int_equal(pcp_nr_colored_cpu(1, ZONE_NORMAL), 1);
	host_cpu_id = 0;
	fixture_task()->target_color = 7;
	u32 acq0 = zone_lock.acquisitions;
	struct page *b = alloc_page(MOV);
	assert_int_equal(pfn_color(page_to_pfn(b)), 7);
	assert_ptr_not_equal(b, a);
	assert_int_equal(zone_lock.acquisitions - acq0, 1); /* CPU 0's refill */
	assert_int_equal(pcp_nr_colored_cpu(1, ZONE_NORMAL), 1);
	host_cpu_id = 1;
	fixture_task()->target_color = 7;
	assert_ptr_equal(alloc_page(MOV), a);
	assert_int_equal(pcp_nr_colored_cpu(1, ZONE_NORMAL), 0);
	host_cpu_id = 0;
	assert_int_equal(mm_check(), 0);
}

/* The colored lists' heads go to the CPUs online at pcp_setup only, for
 * the populated zones and the colors in use, and a second pcp_setup reuses
 * them: a CPU beyond them (here CPU 1, counted online after pcp_setup) never
 * parks a page on colored lists (its requests and frees take the zone
 * path, still of the color asked for), while CPU 0 does. */
static void test_colored_heads_sized(void **state)
{
	u32 cpus, zones, bytes;
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 16, -1), 0);
	u32 free0 = nr_free_pages();
	pcp_setup(true, 8, 0);
	assert_true(pcp_colored());
	bytes = pcp_colored_heads(&cpus, &zones);
	assert_int_equal(cpus, 1);
	assert_int_equal(zones, 2); /* DMA and Normal */
	assert_true(bytes >= 1 * 2 * 16 * sizeof(struct list_head));
	pcp_setup(true, 8, 0); /* again: the same block */
	assert_int_equal(pcp_colored_heads(&cpus, &zones), bytes);
	assert_int_equal(nr_free_pages(), free0); /* host: the heads are not the tests' pages */
	nr_cpus_online = 2;
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	fixture_task()->rr_init = true;
	fixture_task()->target_color = 7;
	host_cpu_id = 1;
	u32 acq0 = zone_lock.acquisitions;
	struct page *a = alloc_page(MOV);
	assert_non_null(a);
	assert_int_equal(pfn_color(page_to_pfn(a)), 7);
	assert_int_equal(pcp_nr_colored_cpu(1, ZONE_NORMAL), 0);
	assert_int_equal(__free_pages(a, 0), 0);
	assert_int_equal(pcp_nr_colored_cpu(1, ZONE_NORMAL), 0);
	assert_int_equal(pcp_nr_colored_cpu(1, ZONE_DMA), 0);
	assert_int_equal(zone_lock.acquisitions - acq0, 2); /* one per page each way: the zone path */
	host_cpu_id = 0;
	fixture_task()->target_color = 7;
	struct page *b = alloc_page(MOV);
	assert_int_equal(pfn_color(page_to_pfn(b)), 7);
	assert_true(pcp_nr_colored_cpu(0, ZONE_NORMAL) > 0); /* CPU 0's refill parked the next colors */
	assert_int_equal(__free_pages(b, 0), 0);
	assert_int_equal(mm_check(), 0);
	pcp_drain_all();
	assert_int_equal(nr_free_pages(), free0);
}

/* The parked pages stay below pcp_color_high() on every free, a free that
 * reaches it gives batch pages back, and a refill takes the color asked
 * for plus the next colors with empty lists, under one zone lock. */
static void test_colored_watermark_and_refill(void **state)
{
	static struct page *p[300];
	(void)state;
	colored_binhop_fixture();
	fixture_task()->target_color = 0;
	u32 acq0 = zone_lock.acquisitions;
	assert_non_null(p[0] = alloc_page(MOV));
	assert_int_equal(zone_lock.acquisitions - acq0, 1);
	assert_int_equal(pcp_nr_colored_cpu(0, ZONE_NORMAL), 7); /* colors 1..7, one page each */
	acq0 = zone_lock.acquisitions;
	for (u32 i = 1; i < 8; i++)
		assert_non_null(p[i] = alloc_page(MOV));
	assert_int_equal(zone_lock.acquisitions - acq0, 0);
	for (u32 i = 8; i < 300; i++)
		assert_non_null(p[i] = alloc_page(MOV));
	u32 r0, d0, a0, f0, o0, r1, d1, a1, f1, o1;
	pcp_color_stats(&r0, &d0, &a0, &f0, &o0);
	u32 parked0 = pcp_nr_colored_cpu(0, ZONE_NORMAL);
	for (u32 i = 0; i < 300; i++) {
		assert_int_equal(__free_pages(p[i], 0), 0);
		assert_true(pcp_nr_colored_cpu(0, ZONE_NORMAL) < pcp_color_high());
	}
	pcp_color_stats(&r1, &d1, &a1, &f1, &o1);
	assert_int_equal(f1 - f0, 300);
	/* 300 pages in, at most high - 1 stay: each drain gave back 8 */
	u32 parked = pcp_nr_colored_cpu(0, ZONE_NORMAL);
	assert_int_equal(parked, parked0 + 300 - 8 * (d1 - d0));
	assert_true(parked < pcp_color_high() && parked + 8 >= pcp_color_high());
	/* drains take from lists of two or more pages first: all 16 colors stay */
	assert_int_equal(mm_check(), 0);
	u32 acq1 = zone_lock.acquisitions;
	fixture_task()->target_color = 0;
	for (u32 i = 0; i < 16; i++)
		assert_non_null(p[i] = alloc_page(MOV));
	assert_int_equal(zone_lock.acquisitions - acq1, 0);
	for (u32 i = 0; i < 16; i++)
		assert_int_equal(__free_pages(p[i], 0), 0);
	u32 lists = pcp_nr_pages(), free = normal()->free_pages;
	assert_int_equal(pcp_drain_all(), lists);
	assert_int_equal(normal()->free_pages, free + lists);
	assert_int_equal(pcp_nr_pages(), 0);
	assert_int_equal(mm_check(), 0);
}

/* Zone lock acquisitions per page operation under binhop, counted: rounds
 * of 64 allocations and 64 frees (bench=pcp's loop) take it at most
 * 0.075 times per page with the colored lists, once per page without. */
static void test_colored_lock_per_page(void **state)
{
	struct page *p[64];
	(void)state;
	for (int on = 0; on < 2; on++) {
		assert_int_equal(fixture_build(pc64, 2, 64, -1), 0);
		pcp_setup(on, 16, 0);
		assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
		u64 miss0 = page_color_stats.misses, hits0 = page_color_stats.hits;
		u32 acq0 = zone_lock.acquisitions, ops = 0;
		for (int round = 0; round < 50; round++) {
			for (int i = 0; i < 64; i++, ops++)
				assert_non_null(p[i] = alloc_page(MOV));
			for (int i = 0; i < 64; i++, ops++)
				assert_int_equal(__free_pages(p[i], 0), 0);
		}
		double per_page = (double)(zone_lock.acquisitions - acq0) / ops;
		print_message("binhop, colored lists %s: %.4f zone lock acquisitions per page\n", on ? "on" : "off",
			      per_page);
		if (on)
			assert_true(per_page <= 0.075);
		else
			assert_true(per_page == 1.0);
		assert_int_equal(page_color_stats.misses - miss0, 0);
		assert_int_equal(page_color_stats.hits - hits0, 50 * 64);
		pcp_setup(false, 0, 0);
		assert_int_equal(mm_check(), 0);
	}
}

/* A color the zone has no page of: the lists take nothing and the request
 * goes the zone path, where binhop takes the next color and counts a miss. */
static void test_colored_unavailable(void **state)
{
	struct list_head taken;
	u32 n = 0;
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 16, -1), 0);
	pcp_setup(true, 8, 0);
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	INIT_LIST_HEAD(&taken);
	irqflags_t f = zone_lock_irqsave();
	struct page *pg;
	while ((pg = __rmqueue_color(normal(), MIGRATE_MOVABLE, 5)) != NULL) {
		assert_int_equal(pfn_color(page_to_pfn(pg)), 5);
		pg->flags |= PG_pcp;
		list_add(&pg->lru, &taken);
		n++;
	}
	zone_unlock_irqrestore(f);
	assert_true(n > 100);
	fixture_task()->rr_init = true;
	fixture_task()->target_color = 5;
	u64 miss0 = page_color_stats.misses;
	u32 served0 = colored_allocs();
	pg = alloc_page(MOV);
	assert_non_null(pg);
	assert_int_equal(pfn_color(page_to_pfn(pg)), 6);
	assert_int_equal(page_color_stats.misses - miss0, 1);
	assert_int_equal(colored_allocs(), served0);
	assert_int_equal(__free_pages(pg, 0), 0);
	assert_int_equal(free_pages_bulk(normal(), n, &taken), n);
	pcp_drain_all();
	assert_int_equal(mm_check(), 0);
}

/* mm_check sees a page on another color's list, and a count that differs. */
static void test_mm_check_sees_colored_lists(void **state)
{
	(void)state;
	colored_binhop_fixture();
	fixture_task()->target_color = 2;
	struct page *a = alloc_page(MOV), *b = alloc_page(MOV);
	assert_int_equal(pfn_color(page_to_pfn(a)), 2);
	pcp_drain_all();
	assert_int_equal(__free_pages(a, 0), 0);
	assert_int_equal(__free_pages(b, 0), 0);
	assert_int_equal(mm_check(), 0);
	assert_int_equal(pfn_color(page_to_pfn(b)), 3);
	struct list_head *where = a->lru.prev; /* a is alone on color 2's list */
	/* a onto color 3's list, after b */
	list_del(&a->lru);
	list_add(&a->lru, &b->lru);
	capture_reset();
	assert_int_equal(mm_check(), -1);
	assert_non_null(strstr(capture_text(), "page of another color"));
	/* a on no list: the count differs */
	list_del(&a->lru);
	capture_reset();
	assert_int_equal(mm_check(), -1);
	assert_non_null(strstr(capture_text(), "count differs from the colored lists"));
	list_add(&a->lru, where);
	a->flags &= ~PG_pcp;
	capture_reset();
	assert_int_equal(mm_check(), -1);
	assert_non_null(strstr(capture_text(), "page not marked PG_pcp"));
	a->flags |= PG_pcp;
	assert_int_equal(mm_check(), 0);
}

/* Turning the lists off gives every page back: the buddy state is what it
 * was before they were turned on. */
static void test_off_restores(void **state)
{
	struct buddy_snapshot before, after;
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	snapshot_take(&before);
	pcp_setup(true, 8, 0);
	struct page *p[40];
	for (int i = 0; i < 40; i++)
		p[i] = alloc_page(GFP_KERNEL | __GFP_MOVABLE);
	for (int i = 0; i < 40; i += 2)
		free_cold_page(p[i]);
	for (int i = 1; i < 40; i += 2)
		free_hot_page(p[i]);
	pcp_setup(false, 0, 0);
	snapshot_take(&after);
	assert_true(snapshot_equal(&before, &after));
	assert_int_equal(mm_check(), 0);
}

/* ---- concurrency ---------------------------------------------------------- */

struct stress_arg {
	u32 cpu, iters;
	u32 allocated; /* pages held at the end: must be 0 */
};

static void *stress_thread(void *v)
{
	struct stress_arg *a = v;
	struct page *held[64];
	u32 order[64], n = 0;
	struct mwc rng;

	host_cpu_id = a->cpu;
	mwc_init(&rng, 1000 + a->cpu, MWC_CARRY_DEFAULT);
	for (u32 i = 0; i < a->iters; i++) {
		u32 r = mwc_next(&rng);
		if (n < 64 && (r & 1)) {
			static const gfp_t types[4] = { GFP_KERNEL | __GFP_MOVABLE, GFP_KERNEL | __GFP_MOVABLE,
							GFP_KERNEL, GFP_KERNEL | __GFP_RECLAIMABLE };
			u32 o = (r >> 1) % 8 < 6 ? 0 : (r >> 4) % 4;	       /* mostly order 0 */
			struct page *p = alloc_pages(types[(r >> 20) % 4], o); /* every type's lists */
			if (p) {
				held[n] = p;
				order[n++] = o;
			}
		} else if (n) {
			u32 k = (r >> 8) % n;
			if (order[k] == 0 && (r & 0x10000))
				free_cold_page(held[k]);
			else
				__free_pages(held[k], order[k]);
			held[k] = held[--n];
			order[k] = order[n];
		}
	}
	while (n) {
		n--;
		__free_pages(held[n], order[n]);
	}
	a->allocated = n;
	return NULL;
}

static void test_concurrent_stress(void **state)
{
	pthread_t t[4];
	struct stress_arg a[4];
	(void)state;
	for (int on = 0; on < 2; on++) {
		assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
		struct buddy_snapshot before, after;
		snapshot_take(&before);
		u32 bad = mm_bad_free_count;
		pcp_setup(on, 4, 0);
		nr_cpus_online = 4;
		for (u32 i = 0; i < 4; i++) {
			a[i] = (struct stress_arg){ .cpu = i, .iters = 20000 };
			assert_int_equal(pthread_create(&t[i], NULL, stress_thread, &a[i]), 0);
		}
		for (u32 i = 0; i < 4; i++) {
			pthread_join(t[i], NULL);
			assert_int_equal(a[i].allocated, 0);
		}
		assert_int_equal(mm_bad_free_count, bad);
		assert_int_equal(mm_check(), 0);
		pcp_setup(false, 0, 0);
		snapshot_take(&after);
		assert_int_equal(mm_check(), 0);
		assert_memory_equal(before.free_pages, after.free_pages, sizeof(before.free_pages));
		assert_true(snapshot_equal(&before, &after)); /* every block merged back */
		nr_cpus_online = 1;
	}
}

/* Four CPUs (threads) under binhop with the colored lists, sharing the
 * boot task's round-robin target: random orders and types, hot and cold
 * frees; no page off its color, no miss (every color is available), every
 * block back at the end. */
static void test_concurrent_colored(void **state)
{
	pthread_t t[4];
	struct stress_arg a[4];
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 16, -1), 0);
	struct buddy_snapshot before, after;
	snapshot_take(&before);
	u32 bad = mm_bad_free_count;
	nr_cpus_online = 4; /* before pcp_setup: it gives the CPUs online their heads */
	pcp_setup(true, 4, 0);
	assert_int_equal(placement_select_id(PLACEMENT_BINHOP), 0);
	fixture_task()->rr_init = true; /* the slot claimed before the threads start */
	u64 miss0 = page_color_stats.misses;
	for (u32 i = 0; i < 4; i++) {
		a[i] = (struct stress_arg){ .cpu = i, .iters = 20000 };
		assert_int_equal(pthread_create(&t[i], NULL, stress_thread, &a[i]), 0);
	}
	for (u32 i = 0; i < 4; i++) {
		pthread_join(t[i], NULL);
		assert_int_equal(a[i].allocated, 0);
	}
	assert_true(colored_allocs() > 10000);
	assert_int_equal(colored_off(), 0);
	assert_int_equal(page_color_stats.misses - miss0, 0);
	assert_int_equal(mm_bad_free_count, bad);
	assert_int_equal(mm_check(), 0);
	pcp_setup(false, 0, 0);
	assert_int_equal(placement_select_id(PLACEMENT_BUDDY), 0);
	snapshot_take(&after);
	assert_int_equal(mm_check(), 0);
	assert_true(snapshot_equal(&before, &after)); /* every block merged back */
	nr_cpus_online = 1;
}

/* ---- the ticket spinlock ---------------------------------------------------- */

static spinlock_t test_lock = SPINLOCK_INIT;
static u64 shared_counter;

static void *lock_thread(void *v)
{
	for (u32 i = 0; i < *(u32 *)v; i++) {
		irqflags_t f = spin_lock_irqsave(&test_lock);
		u64 x = shared_counter; /* a read-modify-write a lost update would show */
		__asm__ volatile("" ::: "memory");
		shared_counter = x + 1;
		spin_unlock_irqrestore(&test_lock, f);
	}
	return NULL;
}

/* Four threads count under the lock. A lost update shows only when the
 * threads overlap, which a loaded host may never let them do: this is a
 * stress run, the property itself is test_spinlock_waiter_waits'. */
static void test_spinlock_mutual_exclusion(void **state)
{
	pthread_t t[4];
	u32 iters = 20000;
	(void)state;
	test_lock = (spinlock_t)SPINLOCK_INIT;
	shared_counter = 0;
	for (int i = 0; i < 4; i++)
		assert_int_equal(pthread_create(&t[i], NULL, lock_thread, &iters), 0);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(shared_counter, 4ull * iters);
	assert_int_equal(test_lock.acquisitions, 4u * iters);
	assert_true(test_lock.contended <= test_lock.acquisitions);
	assert_false(spin_is_locked(&test_lock));
}

/* The lock's defining property, decided without timing: a CPU that asks for
 * a held lock does not enter until the holder releases it. The holder (this
 * thread) keeps the lock while a second thread asks for it; the verdict
 * waits for one of two events, whichever comes: the second thread enters (a
 * lock that does not wait), or it has gone round its wait loop
 * WAITER_ROUNDS times (host builds' cpu_relax() is sched_yield(), counted
 * by the wrapper below for that thread only). Host load only slows either
 * event down, it cannot change which one comes. */
#define WAITER_ROUNDS 200
static __thread bool counting_yields;
static u32 waiter_yields, waiter_entered;

int sched_yield(void) /* the test binary's own: counts the waiter's rounds */
{
	if (counting_yields)
		__atomic_fetch_add(&waiter_yields, 1, __ATOMIC_RELAXED);
	return (int)syscall(SYS_sched_yield);
}

static void *waiter_thread(void *v)
{
	(void)v;
	counting_yields = true;
	spin_lock(&test_lock);
	__atomic_store_n(&waiter_entered, 1, __ATOMIC_RELEASE);
	spin_unlock(&test_lock);
	return NULL;
}

static void test_spinlock_waiter_waits(void **state)
{
	pthread_t t;
	(void)state;
	test_lock = (spinlock_t)SPINLOCK_INIT;
	waiter_yields = waiter_entered = 0;
	spin_lock(&test_lock);
	assert_int_equal(pthread_create(&t, NULL, waiter_thread, NULL), 0);
	while (!__atomic_load_n(&waiter_entered, __ATOMIC_ACQUIRE) &&
	       __atomic_load_n(&waiter_yields, __ATOMIC_RELAXED) < WAITER_ROUNDS)
		syscall(SYS_sched_yield);
	assert_int_equal(__atomic_load_n(&waiter_entered, __ATOMIC_ACQUIRE), 0); /* entered a held lock */
	assert_int_equal((u16)(test_lock.next - test_lock.owner), 2);		 /* it holds the next ticket */
	spin_unlock(&test_lock);
	pthread_join(t, NULL);
	assert_int_equal(waiter_entered, 1); /* and enters once released */
	assert_int_equal(test_lock.acquisitions, 2);
	assert_int_equal(test_lock.contended, 1);
	assert_true(test_lock.spins >= WAITER_ROUNDS);
	assert_false(spin_is_locked(&test_lock));
}

/* Taking a ticket is one atomic step: another CPU taking and releasing the
 * lock between any two instructions of spin_lock loses no ticket. A child
 * process runs spin_lock/spin_unlock three times on a lock in shared
 * memory, single-stepped under ptrace; at every stop where the lock is
 * free this process plays another CPU's whole lock and unlock (next++,
 * owner++). A ticket taken by a separate load and store loses one of those
 * (two tickets of one number): the child then waits for a ticket that is
 * never served, and the step budget, not a clock, ends the run. Load only
 * slows it down. (One x86 instruction is never split by single-stepping:
 * a read-modify-write without its lock prefix, wrong only between cores,
 * is beyond this test.) */
#define TICKET_CHILD_ROUNDS 3
#define TICKET_STEP_LIMIT   200000
#define TICKET_OTHER_MAX    5000

static void __attribute__((noreturn)) ticket_child(spinlock_t *l)
{
	ptrace(PTRACE_TRACEME, 0, NULL, NULL);
	raise(SIGSTOP);
	for (int i = 0; i < TICKET_CHILD_ROUNDS; i++) {
		spin_lock(l);
		spin_unlock(l);
	}
	_exit(0);
}

static void test_spinlock_ticket_take_atomic(void **state)
{
	spinlock_t *l = mmap(NULL, sizeof(*l), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	u32 other = 0, steps = 0;
	int st;
	pid_t c;
	(void)state;

	assert_true(l != MAP_FAILED);
	*l = (spinlock_t)SPINLOCK_INIT;
	l->owner = l->next = 0xFFF0; /* through the wrap too */
	c = fork();
	assert_true(c >= 0);
	if (c == 0)
		ticket_child(l);
	assert_int_equal(waitpid(c, &st, 0), c);
	assert_true(WIFSTOPPED(st));
	for (;;) {
		if (l->owner == l->next && other < TICKET_OTHER_MAX) { /* free: another CPU takes and releases it */
			l->next++;
			l->owner++;
			other++;
		}
		assert_int_equal(ptrace(PTRACE_SINGLESTEP, c, NULL, NULL), 0);
		assert_int_equal(waitpid(c, &st, 0), c);
		if (WIFEXITED(st) || WIFSIGNALED(st))
			break;
		if (++steps == TICKET_STEP_LIMIT) {
			kill(c, SIGKILL);
			waitpid(c, &st, 0);
			print_message("the child never got the lock after %u steps: next %u owner %u\n", steps, l->next,
				      l->owner);
			break;
		}
	}
	assert_true(steps < TICKET_STEP_LIMIT);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_true(other > 0);							/* the other CPU did run in between */
	assert_int_equal(l->next, (u16)(0xFFF0 + other + TICKET_CHILD_ROUNDS)); /* every ticket counted once */
	assert_int_equal(l->owner, l->next);
	munmap(l, sizeof(*l));
}

static void test_spinlock_trylock_and_wrap(void **state)
{
	spinlock_t l = SPINLOCK_INIT;
	(void)state;
	/* tickets are 16 bits: they wrap */
	l.owner = l.next = 0xFFFE;
	for (int i = 0; i < 4; i++) {
		spin_lock(&l);
		assert_true(spin_is_locked(&l));
		assert_false(spin_trylock(&l));
		spin_unlock(&l);
		assert_false(spin_is_locked(&l));
	}
	assert_int_equal(l.owner, 2);
	assert_true(spin_trylock(&l));
	assert_false(spin_trylock(&l));
	spin_unlock(&l);
	assert_int_equal(l.acquisitions, 5);
	assert_int_equal(l.contended, 0);
}

/* ---- the MADT --------------------------------------------------------------- */

static u32 put_entry(u8 *t, u32 off, const u8 *e, u32 len)
{
	memcpy(t + off, e, len);
	return off + len;
}

static void test_madt_decode(void **state)
{
	u8 t[128] = { 'A', 'P', 'I', 'C' };
	struct madt_info m;
	u32 off = 44;
	(void)state;
	t[36] = 0x00, t[37] = 0x00, t[38] = 0xE0, t[39] = 0xFE;					/* 0xFEE00000 */
	t[40] = 1;										/* PCAT_COMPAT */
	off = put_entry(t, off, (const u8[]){ 0, 8, 0, 0, 1, 0, 0, 0 }, 8);			/* cpu 0, enabled */
	off = put_entry(t, off, (const u8[]){ 0, 8, 1, 2, 1, 0, 0, 0 }, 8);			/* apic 2, enabled */
	off = put_entry(t, off, (const u8[]){ 0, 8, 2, 4, 0, 0, 0, 0 }, 8);			/* disabled */
	off = put_entry(t, off, (const u8[]){ 0, 8, 3, 6, 2, 0, 0, 0 }, 8);			/* online capable */
	off = put_entry(t, off, (const u8[]){ 1, 12, 0, 0, 0, 0, 0xC0, 0xFE, 0, 0, 0, 0 }, 12); /* IO APIC */
	off = put_entry(t, off, (const u8[]){ 5, 12, 0, 0, 0, 0, 0xD0, 0xFE, 0, 0, 0, 0 }, 12); /* override */
	off = put_entry(t, off, (const u8[]){ 9, 16, 0, 0, 9, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 }, 16);
	assert_int_equal(madt_decode(t, off, &m), 0);
	assert_int_equal(m.nr_cpus, 3);
	assert_int_equal(m.apic_id[0], 0);
	assert_int_equal(m.apic_id[1], 2);
	assert_int_equal(m.apic_id[2], 6);
	assert_int_equal(m.disabled, 1);
	assert_int_equal(m.x2apic, 1);
	assert_int_equal(m.lapic_phys, 0xFED00000u);
	assert_int_equal(m.flags, 1);
	/* an entry running past the end stops the walk */
	t[45] = 200;
	assert_int_equal(madt_decode(t, off, &m), 0);
	assert_int_equal(m.nr_cpus, 0);
	/* an entry of length 0 too */
	t[45] = 0;
	assert_int_equal(madt_decode(t, off, &m), 0);
	assert_int_equal(m.nr_cpus, 0);
	assert_int_equal(madt_decode(t, 40, &m), -1);
	t[0] = 'X';
	assert_int_equal(madt_decode(t, off, &m), -1);
}

/* The MP table: processors (20-byte entries) among 8-byte ones, disabled
 * ones skipped, checksum and signature checked. */
static void test_mptable_decode(void **state)
{
	u8 t[128] = { 'P', 'C', 'M', 'P' };
	struct madt_info m;
	u32 off = 44, n = 0;
	u8 sum = 0;
	(void)state;
	off = put_entry(t, off, (const u8[]){ 0, 0, 0x14, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 20), n++;
	off = put_entry(t, off, (const u8[]){ 0, 5, 0x14, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 20), n++;
	off = put_entry(t, off, (const u8[]){ 0, 7, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 20), n++;
	off = put_entry(t, off, (const u8[]){ 1, 0, 'I', 'S', 'A', ' ', ' ', ' ' }, 8), n++;
	off = put_entry(t, off, (const u8[]){ 2, 9, 0x11, 1, 0, 0, 0xC0, 0xFE }, 8), n++;
	t[4] = (u8)off, t[5] = 0;
	t[34] = (u8)n, t[35] = 0;
	t[36] = 0x00, t[37] = 0x00, t[38] = 0xE0, t[39] = 0xFE;
	for (u32 i = 0; i < off; i++)
		sum = (u8)(sum + t[i]);
	t[7] = (u8)(0x100 - sum);
	assert_int_equal(mptable_decode(t, off, &m), 0);
	assert_int_equal(m.nr_cpus, 2);
	assert_int_equal(m.apic_id[0], 0);
	assert_int_equal(m.apic_id[1], 5);
	assert_int_equal(m.disabled, 1);
	assert_int_equal(m.lapic_phys, 0xFEE00000u);
	t[8] ^= 1; /* checksum broken */
	assert_int_equal(mptable_decode(t, off, &m), -1);
}

/* The benchmarks' uncolored runs call shuffle_free_lists() for a fresh
 * placement each: the pages a run freed sit on this CPU's hot list, which
 * hands them back last in, first out, so without a drain every run of a
 * buffer under the list's high mark got the very same pages (the cache
 * model's five runs at 256 KiB had a standard deviation of 0). The shuffle
 * gives this CPU's lists back to the buddy lists first. */
static void test_shuffle_drains_this_cpus_lists(void **state)
{
	enum { N = 32 };
	struct page *p[N];
	u32 first[N], same = 0;
	(void)state;
	assert_int_equal(fixture_build(pc64, 2, 1, 0), 0); /* mm_shuffle on, no ballast */
	pcp_setup(true, 8, 0);
	for (int i = 0; i < N; i++) {
		assert_non_null(p[i] = alloc_page(GFP_HIGHUSER | __GFP_MOVABLE));
		first[i] = page_to_pfn(p[i]);
	}
	for (int i = 0; i < N; i++)
		__free_pages(p[i], 0);
	/* the hazard: without the shuffle the same pages come back */
	for (int i = 0; i < N; i++)
		assert_non_null(p[i] = alloc_page(GFP_HIGHUSER | __GFP_MOVABLE));
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++)
			same += page_to_pfn(p[i]) == first[j];
	assert_int_equal(same, N);
	for (int i = 0; i < N; i++)
		__free_pages(p[i], 0);
	assert_true(pcp_nr_pages() >= N);

	shuffle_free_lists();
	assert_int_equal(pcp_nr_pages(), 0); /* this CPU's lists drained */
	assert_int_equal(mm_check(), 0);
	same = 0;
	for (int i = 0; i < N; i++) {
		assert_non_null(p[i] = alloc_page(GFP_HIGHUSER | __GFP_MOVABLE));
		for (int j = 0; j < N; j++)
			same += page_to_pfn(p[i]) == first[j];
	}
	/* refills of 8 from lists shuffled over ~15000 free pages: a page of
	 * the first set comes back with odds of about 32/15000 each */
	assert_true(same < 4);
	for (int i = 0; i < N; i++)
		__free_pages(p[i], 0);
	assert_int_equal(mm_check(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_refill_one_batch, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_shuffle_drains_this_cpus_lists, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_high_drains_batch, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_high_raised, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_lock_per_page, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_hot_and_cold, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_hot_and_cold_list_ends, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_per_type_lists, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_failure_drains_lists, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_random_types_policies_grouping, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_double_free, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_mm_check_sees_lists, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_colored_exact, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_colored_list_ends, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_colored_per_cpu, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_colored_heads_sized, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_colored_watermark_and_refill, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_colored_lock_per_page, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_colored_unavailable, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_mm_check_sees_colored_lists, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_off_restores, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_concurrent_stress, fixture_setup_cb, teardown),
		cmocka_unit_test_setup_teardown(test_concurrent_colored, fixture_setup_cb, teardown),
		cmocka_unit_test(test_spinlock_mutual_exclusion),
		cmocka_unit_test(test_spinlock_waiter_waits),
		cmocka_unit_test(test_spinlock_ticket_take_atomic),
		cmocka_unit_test(test_spinlock_trylock_and_wrap),
		cmocka_unit_test(test_madt_decode),
		cmocka_unit_test(test_mptable_decode),
	};
	return cmocka_run_group_tests_name("pcp", tests, NULL, NULL);
}
