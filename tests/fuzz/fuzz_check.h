/* tests/fuzz/fuzz_check.h - the fuzz targets' invariant check: a broken
 * invariant prints itself and aborts, which libFuzzer reports as a crash
 * and saves the input. */
#ifndef TESTS_FUZZ_CHECK_H
#define TESTS_FUZZ_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define CHECK(cond)                                                                                                    \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			fprintf(stderr, "invariant failed: %s (line %d)\n", #cond, __LINE__);                          \
			abort();                                                                                       \
		}                                                                                                      \
	} while (0)

#endif
