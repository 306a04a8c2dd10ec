/* SPDX-License-Identifier: MIT */
/* tests/host/test_alpha.c - the Alpha port's pure parts on the host: the
 * cycle counter widened across its 32-bit wrap (arch/alpha/rpcc.h; under
 * QEMU it wraps every 17.2 s at 250 MHz) and the HWRPB's memory clusters
 * read into the OS's ranges (arch/alpha/hwrpb.c, included here: it is not
 * part of the host sources), with qemu-palcode's layout for -m 128M; the
 * benchmarks' get_cycles() on Alpha (asm/timex.h) across wraps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/alpha/hwrpb.c"
#include "arch/alpha/rpcc.h"
/* the Alpha's get_cycles (its rpcc() is inline asm, never called here);
 * arch/alpha/arch.h's phase-marker helpers want the KSEG base */
#define ALPHA_KSEG_BASE 0xfffffc0000000000ul
#include "arch/alpha/include/asm/timex.h"

struct rpcc_clock alpha_cycle_clock; /* arch/alpha/bench_arch.c's, for the test */

static void test_rpcc_delta_across_wrap(void **state)
{
	(void)state;
	assert_int_equal(rpcc_delta(0xffffff00u, 0x100u), 0x200u);
	assert_int_equal(rpcc_delta(0x10u, 0x30u), 0x20u);
	/* the high 32 bits (the process offset) are not cycles */
	assert_int_equal(rpcc_delta(0x500000010ull, 0x700000020ull), 0x10u);
	assert_int_equal(rpcc_delta(0x3ffffffffull, 0x100000005ull), 6u);
}

/* Samples 10 s apart at 250 MHz (2.5e9 cycles, over half a wrap) for 100 s:
 * the widened count is the true elapsed count, across five wraps. */
static void test_rpcc_clock_many_wraps(void **state)
{
	struct rpcc_clock c;
	u64 truth = 0x12345678u, step = 2500000000ull;

	(void)state;
	rpcc_clock_init(&c, truth & 0xffffffffu);
	for (int i = 1; i <= 10; i++) {
		truth += step;
		assert_int_equal(rpcc_clock_update(&c, truth & 0xffffffffu), step * (u64)i);
	}
	assert_true(c.total > (1ull << 32) * 5);
}

static void test_rpcc_cycles_to_us(void **state)
{
	(void)state;
	assert_int_equal(rpcc_cycles_to_us(250000000u, 250000000u), 1000000u);
	assert_int_equal(rpcc_cycles_to_us(375u, 250000000u), 1u); /* 1.5 us, truncated */
	/* 2^40 cycles at 250 MHz: 4398.046511104 s, no overflow on the way */
	assert_int_equal(rpcc_cycles_to_us(1ull << 40, 250000000u), 4398046511ull);
	assert_int_equal(rpcc_cycles_to_us(5u, 0), 0u);
}

#define KSEG_KERNEL_START 0x310000u
#define KSEG_KERNEL_END	  0x378000u

/* qemu-palcode with -m 128M: cluster 0 (PALcode, 15 pages), cluster 1 free. */
static void test_hwrpb_qemu_128m(void **state)
{
	const struct hwrpb_memclust mc[2] = {
		{ .start_pfn = 0, .numpages = 15, .usage = 1 },
		{ .start_pfn = 15, .numpages = 16384 - 15, .usage = 0 },
	};
	struct hwrpb_mem m;

	(void)state;
	assert_int_equal(hwrpb_read_clusters(mc, 2, 8192, KSEG_KERNEL_START, KSEG_KERNEL_END, &m), 0);
	assert_int_equal(m.nr_free, 1);
	assert_int_equal(m.free_base[0], 15 * 8192);
	assert_int_equal(m.free_size[0], (16384 - 15) * 8192ull);
	assert_int_equal(m.free_bytes + m.console_bytes, 128ull << 20);
	assert_int_equal(m.console_bytes, 15 * 8192);
	assert_true(m.kernel_inside);
}

/* Non-volatile (usage bit 1) and console clusters are not the OS's; an empty
 * cluster is skipped; a kernel across a cluster's end is not inside. */
static void test_hwrpb_usage_and_kernel(void **state)
{
	const struct hwrpb_memclust mc[4] = {
		{ .start_pfn = 0, .numpages = 64, .usage = 1 },
		{ .start_pfn = 64, .numpages = 0, .usage = 0 },
		{ .start_pfn = 64, .numpages = 128, .usage = 0 },  /* 512 KiB - 1.5 MiB */
		{ .start_pfn = 192, .numpages = 256, .usage = 2 }, /* non-volatile */
	};
	struct hwrpb_mem m;

	(void)state;
	assert_int_equal(hwrpb_read_clusters(mc, 4, 8192, 0x100000, 0x200000, &m), 0);
	assert_int_equal(m.nr_free, 1);
	assert_int_equal(m.nr_skipped, 1);
	assert_int_equal(m.free_bytes, 128 * 8192);
	assert_int_equal(m.console_bytes, (64 + 256) * 8192);
	assert_false(m.kernel_inside); /* 0x200000 is past the free cluster's end 0x180000 */
	assert_int_equal(hwrpb_read_clusters(mc, 4, 8192, 0x100000, 0x180000, &m), 0);
	assert_true(m.kernel_inside);
}

static void test_hwrpb_page_size_refused(void **state)
{
	const struct hwrpb_memclust mc[1] = { { .start_pfn = 0, .numpages = 16, .usage = 0 } };
	struct hwrpb_mem m;

	(void)state;
	assert_int_equal(hwrpb_read_clusters(mc, 1, 3000, 0, 1, &m), -1);
	assert_int_equal(m.nr_free, 0);
	assert_int_equal(hwrpb_read_clusters(mc, 1, 2048, 0, 1, &m), -1);
	assert_int_equal(hwrpb_read_clusters(mc, 1, 65536, 0, 1, &m), 0);
	assert_int_equal(m.free_bytes, 16 * 65536);
}

/* The benchmarks' timing on Alpha: get_cycles() before and after a run,
 * t1 - t0. With the 32-bit counter wrapping between the two reads, the
 * interval is still the cycles that passed (a raw 32-bit read would give
 * t1 < t0 and a u64 difference near 2^64); many reads over many wraps keep
 * every interval right and the total the sum of them. */
static void test_get_cycles_interval_across_wrap(void **state)
{
	u64 truth = 0xfffff000u, total = 0;
	cycles_t t0, t1;

	(void)state;
	alpha_cycle_clock = (struct rpcc_clock){ 0 };
	/* the counter's upper 32 bits are the OS's offset: not counted */
	t0 = get_cycles_from(0x1234567800000000ull | (u32)truth);
	truth += 0x2000; /* a run of 8192 cycles across the wrap */
	t1 = get_cycles_from(0x1234567800000000ull | (u32)truth);
	assert_true(t1 > t0);
	assert_int_equal(t1 - t0, 0x2000);
	for (int i = 0; i < 100; i++) { /* 100 runs of 3e9 cycles: 70 wraps */
		t0 = get_cycles_from(truth & 0xffffffffu);
		truth += 3000000000u;
		t1 = get_cycles_from(truth & 0xffffffffu);
		assert_int_equal(t1 - t0, 3000000000u);
		total += t1 - t0;
	}
	assert_int_equal(total, 300000000000ull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rpcc_delta_across_wrap),
		cmocka_unit_test(test_rpcc_clock_many_wraps),
		cmocka_unit_test(test_rpcc_cycles_to_us),
		cmocka_unit_test(test_hwrpb_qemu_128m),
		cmocka_unit_test(test_hwrpb_usage_and_kernel),
		cmocka_unit_test(test_hwrpb_page_size_refused),
		cmocka_unit_test(test_get_cycles_interval_across_wrap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
