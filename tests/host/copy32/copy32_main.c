/* SPDX-License-Identifier: MIT */
/* tests/host/copy32/copy32_main.c - the copy strategies checked in 32-bit
 * mode, as the kernel runs them: tests/host/copy_check.h built with the i686
 * cross compiler and ASan+UBSan (no cmocka for i686 in Debian, so a plain
 * main). Prints one line per strategy and "copy32: N passed, N failed";
 * exit status 1 when any failed. `make test-copy32`. */
#include "tests/host/copy_check.h"

int main(void)
{
	unsigned passed = 0, failed = 0, id;

	if (sizeof(void *) != 4) {
		printf("copy32: built for %u-byte pointers, not 32-bit: use make test-copy32\n",
		       (unsigned)sizeof(void *));
		return 1;
	}
	for (id = 0; id < COPY_NR; id++) {
		const char *name = copy_strategy_table[id].name;
		char why[256];
		unsigned long cases;
		long bad;

		if (!copy_check_supported(id)) {
			printf("copy32: %-6s not supported by this CPU, not checked\n", name);
			continue;
		}
		bad = copy_check_strategy(copy_strategy_table[id].fn, why, sizeof(why), &cases);
		if (bad == 0 && cases == 34ul * 34 * 301 + 5 * 8 * 8) {
			printf("copy32: %-6s ok (%lu copies)\n", name, cases);
			passed++;
		} else {
			printf("copy32: %-6s FAILED: %ld of %lu copies wrong; first: %s\n", name, bad, cases, why);
			failed++;
		}
	}
	printf("copy32: %u passed, %u failed\n", passed, failed);
	return failed || !passed;
}
