/* SPDX-License-Identifier: MIT */
/* tools/tsc-spread/tsc_ref.c - the host's TSC rate, measured against
 * CLOCK_MONOTONIC_RAW over about one second; prints kHz. Under QEMU TCG the
 * guest's RDTSC returns the host's TSC, so this is the rate a calibration
 * inside the guest should find. */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int main(void)
{
	uint64_t n0, n1, t0, t1;
	struct timespec d = { 1, 0 };

	n0 = now_ns();
	t0 = __rdtsc();
	nanosleep(&d, NULL);
	t1 = __rdtsc();
	n1 = now_ns();
	printf("%llu\n", (unsigned long long)((t1 - t0) * 1000000ull / (n1 - n0)));
	return 0;
}
