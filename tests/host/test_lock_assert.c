/* SPDX-License-Identifier: MIT */
/* tests/host/test_lock_assert.c - the lock assertions (kernel/spinlock.h,
 * on in every host test build): a function that needs the zone lock,
 * called without it, stops with a message naming the lock, the function and
 * its file; called by the CPU holding the lock it runs. "Held" means held
 * by this CPU, not by some CPU (spin_is_locked). The per-CPU lists' rule
 * (interrupts off) is asserted the same way. With one CPU online the lock
 * is elided and the assertion still holds (test_elided_on_one_cpu). Each failure is caught through
 * spin_assert_hook and cmocka's mock_assert (expect_assert_failure). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "mm/internal.h"
#include "mm/zone_lock.h"
#include "mm/pcp.h"
#include "tests/host/host_support.h"
#include "tests/host/mm_fixture.h"

static const u64 pc64[][2] = { { 0, KB(640) }, { MB(1), MB(63) } };

static char last_message[256];
static u32 fired;

static void hook(const char *message, const char *file, int line)
{
	fired++;
	snprintf(last_message, sizeof(last_message), "%s", message);
	/* the copy: message is on spin_assert_fail's stack, gone once this
	 * longjmps out under expect_assert_failure, and cmocka prints it after */
	mock_assert(0, last_message, file, line);
}

static int setup(void **state)
{
	fired = 0;
	last_message[0] = '\0';
	spin_assert_hook = hook;
	return fixture_setup_cb(state);
}

static int teardown(void **state)
{
	spin_assert_hook = NULL;
	host_cpu_id = 0;
	nr_cpus_online = 1;
	if (spin_is_locked(&zone_lock)) /* a test failed while CPU 1 held it */
		zone_lock = (spinlock_t)SPINLOCK_INIT;
	host_irqs_off = 0;
	pcp_setup(false, 0, 0);
	return fixture_teardown_cb(state);
}

static struct zone *normal(void)
{
	return &contig_page_data.node_zones[ZONE_NORMAL];
}

/* The highest whole page block of Normal: free after the build. */
static struct page *free_block(void)
{
	u32 base = (zone_end_pfn(normal()) & ~(pageblock_nr_pages - 1)) - pageblock_nr_pages;
	struct page *p = pfn_to_page(base);

	assert_true((p->flags & PG_buddy) && p->private == pageblock_order);
	return p;
}

static void test_steal_without_lock_fires(void **state)
{
	struct page *p;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	p = free_block();
	expect_assert_failure(__steal_pageblock(normal(), p, pageblock_order, MIGRATE_UNMOVABLE));
	assert_int_equal(fired, 1);
	assert_non_null(strstr(last_message, "lock assertion: zone_lock not held by this CPU in __steal_pageblock "
					     "(mm/pageblock.c:"));
	assert_non_null(strstr(last_message, "), CPU 0"));
	/* stopped at the assertion: nothing changed */
	assert_int_equal(get_pageblock_migratetype(normal(), page_to_pfn(p)), MIGRATE_MOVABLE);
}

static void test_steal_with_lock_runs(void **state)
{
	struct page *p;
	irqflags_t flags;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	p = free_block();
	flags = zone_lock_irqsave();
	assert_true(__steal_pageblock(normal(), p, pageblock_order, MIGRATE_UNMOVABLE));
	zone_unlock_irqrestore(flags);
	assert_int_equal(fired, 0);
	assert_int_equal(get_pageblock_migratetype(normal(), page_to_pfn(p)), MIGRATE_UNMOVABLE);
	assert_int_equal(mm_check(), 0);
}

/* The lock held by CPU 1 (two CPUs online: the ticket is taken): CPU 0's
 * assertion still fires. */
static void test_held_by_another_cpu_fires(void **state)
{
	irqflags_t flags;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	nr_cpus_online = 2;
	host_cpu_id = 1;
	flags = zone_lock_irqsave();
	host_cpu_id = 0;
	assert_true(spin_is_locked(&zone_lock));
	expect_assert_failure(__shuffle_free_lists());
	assert_int_equal(fired, 1);
	assert_non_null(strstr(last_message, "zone_lock not held by this CPU in __shuffle_free_lists (mm/shuffle.c:"));
	host_cpu_id = 1;
	__shuffle_free_lists(); /* the holder may */
	zone_unlock_irqrestore(flags);
	host_cpu_id = 0;
	assert_int_equal(fired, 1);
	assert_false(spin_is_locked(&zone_lock));
}

/* One CPU online: the lock is elided (no ticket taken, the acquisition
 * counted, interrupts off) and the assertion keeps its meaning: a caller
 * that did not take the lock stops, one that did runs; after the unlock it
 * stops again. */
static void test_elided_on_one_cpu(void **state)
{
	irqflags_t flags;
	u32 acq;
	u16 next;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	assert_int_equal(nr_cpus_online, 1);
	acq = zone_lock.acquisitions;
	next = zone_lock.next;
	expect_assert_failure(__shuffle_free_lists());
	assert_int_equal(fired, 1);
	flags = zone_lock_irqsave();
	assert_true(arch_irqs_disabled());
	assert_int_equal(zone_lock.next, next); /* no ticket */
	assert_false(spin_is_locked(&zone_lock));
	assert_int_equal(zone_lock.acquisitions, acq + 1);
	__shuffle_free_lists(); /* held: runs */
	zone_unlock_irqrestore(flags);
	assert_false(arch_irqs_disabled());
	assert_int_equal(fired, 1);
	expect_assert_failure(__shuffle_free_lists());
	assert_int_equal(fired, 2);
	/* two CPUs online: the same calls take the ticket */
	nr_cpus_online = 2;
	flags = zone_lock_irqsave();
	assert_true(spin_is_locked(&zone_lock));
	assert_int_equal(zone_lock.next, (u16)(next + 1));
	zone_unlock_irqrestore(flags);
	assert_false(spin_is_locked(&zone_lock));
	assert_int_equal(zone_lock.acquisitions, acq + 2);
	assert_int_equal(mm_check(), 0);
}

/* A page put on this CPU's list (mm_pcp->free) needs interrupts off, as
 * free_pages_common has them. */
static void test_pcp_free_needs_interrupts_off(void **state)
{
	struct page *p;
	irqflags_t flags;
	u32 before;
	(void)state;

	assert_int_equal(fixture_build(pc64, 2, 1, -1), 0);
	pcp_setup(true, 8, 0);
	assert_non_null(p = alloc_pages(GFP_KERNEL, 1)); /* order 1: from the buddy lists */
	p->flags &= ~(PG_head | PG_MT_MASK);
	p->private = 0;
	before = pcp_nr_pages();
	expect_assert_failure(mm_pcp->free(p, false, MIGRATE_UNMOVABLE));
	assert_int_equal(fired, 1);
	assert_non_null(strstr(last_message, "lock assertion: interrupts on (must be off) in pcp_free (mm/pcp.c:"));
	assert_int_equal(pcp_nr_pages(), before);
	flags = arch_irq_save();
	mm_pcp->free(p, false, MIGRATE_UNMOVABLE);
	arch_irq_restore(flags);
	assert_int_equal(fired, 1);
	assert_int_equal(pcp_nr_pages(), before + 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_steal_without_lock_fires, setup, teardown),
		cmocka_unit_test_setup_teardown(test_steal_with_lock_runs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_held_by_another_cpu_fires, setup, teardown),
		cmocka_unit_test_setup_teardown(test_elided_on_one_cpu, setup, teardown),
		cmocka_unit_test_setup_teardown(test_pcp_free_needs_interrupts_off, setup, teardown),
	};
	return cmocka_run_group_tests_name("lock_assert", tests, NULL, NULL);
}
