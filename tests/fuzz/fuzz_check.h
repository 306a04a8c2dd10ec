/* SPDX-License-Identifier: MIT */
/* tests/fuzz/fuzz_check.h - the fuzz targets' invariant check: a broken
 * invariant prints itself and aborts, which libFuzzer reports as a crash
 * and saves the input. A target may define FUZZ_CHECK_HOOK() (before
 * including this file) to print more context before the abort. */
#ifndef TESTS_FUZZ_CHECK_H
#define TESTS_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#ifndef FUZZ_CHECK_HOOK
#define FUZZ_CHECK_HOOK() ((void)0)
#endif

#define CHECK(cond)                                                                                                    \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			fprintf(stderr, "invariant failed: %s (line %d)\n", #cond, __LINE__);                          \
			FUZZ_CHECK_HOOK();                                                                             \
			abort();                                                                                       \
		}                                                                                                      \
	} while (0)

#endif
