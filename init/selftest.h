/* init/selftest.h - in-kernel self-tests, one table of named functions. */
#ifndef INIT_SELFTEST_H
#define INIT_SELFTEST_H

#include "kernel/types.h"

/* Runs every self-test; prints "selftest: <name> ok|FAIL (<why>)" per test
 * and "@selftest passed=N failed=N". Returns the number that failed. */
u32 selftest_run_all(void);

#endif
