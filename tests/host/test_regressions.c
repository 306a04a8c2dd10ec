/* SPDX-License-Identifier: MIT */
/* tests/host/test_regressions.c - inputs that broke (or break) mm/, found by
 * tests/host/test_stress.c, tests/fuzz/ and tools/zoneinfo, kept as unit
 * tests. Each test names the file and the behaviour it pins down.
 *
 * Open: test_dropped_above_4g_counts_overlapping_ram_once fails until
 * arch/x86/e820.c counts the union of the usable bytes above 4 GiB (it sums the
 * entries, so RAM listed twice is reported twice). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/x86/e820.h"
#include "tests/host/host_support.h"

#define GB(x) ((u64)(x) << 30)

/* arch/x86/e820.c, e820_sanitize(): *dropped_above_4g is "the bytes of usable
 * memory ignored at or above 4 GiB" (e820.h). Firmware that lists the same
 * RAM twice (or two overlapping usable ranges) must not double it: the boot
 * log ("memory: N MiB of usable memory at or above 4 GiB ignored") and
 * tools/zoneinfo print this number. Found with tools/zoneinfo. */
static void test_dropped_above_4g_counts_overlapping_ram_once(void **state)
{
	struct e820_table in = { 0 }, out;
	u64 dropped = 0;
	(void)state;

	e820_add(&in, 0, GB(1), E820_TYPE_RAM);
	e820_add(&in, GB(4), GB(1), E820_TYPE_RAM);
	e820_add(&in, GB(4), GB(1), E820_TYPE_RAM);		/* the same GiB again */
	e820_add(&in, GB(4) + GB(1) / 2, GB(1), E820_TYPE_RAM); /* overlaps half of it */
	assert_int_equal(e820_sanitize(&in, &out, &dropped), 1);
	assert_int_equal(out.entries[0].size, GB(1));
	/* RAM above 4 GiB: [4 GiB, 5.5 GiB) = 1.5 GiB, not 3 GiB */
	assert_int_equal(dropped, GB(1) + GB(1) / 2);
}

/* The non-overlapping case, which is right today: an entry crossing 4 GiB
 * keeps its part below and reports the rest, RAM above is reported whole,
 * reserved ranges above 4 GiB are not counted. */
static void test_dropped_above_4g_disjoint(void **state)
{
	struct e820_table in = { 0 }, out;
	u64 dropped = 0;
	(void)state;

	e820_add(&in, GB(3), GB(2), E820_TYPE_RAM); /* 3 .. 5 GiB */
	e820_add(&in, GB(6), GB(1), E820_TYPE_RAM); /* 6 .. 7 GiB */
	e820_add(&in, GB(8), GB(1), E820_TYPE_RESERVED);
	assert_int_equal(e820_sanitize(&in, &out, &dropped), 1);
	assert_int_equal(out.entries[0].addr, GB(3));
	assert_int_equal(out.entries[0].size, GB(1));
	assert_int_equal(dropped, GB(2));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dropped_above_4g_counts_overlapping_ram_once),
		cmocka_unit_test(test_dropped_above_4g_disjoint),
	};
	capture_start();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
