/* SPDX-License-Identifier: MIT */
/* init/selftest.h - in-kernel self-tests, one table of named functions. */
#ifndef INIT_SELFTEST_H
#define INIT_SELFTEST_H

#include "kernel/types.h"

/* Runs every self-test (each gives back every page it took, on every
 * path); prints "selftest: <name> ok|FAIL (<why>)" per test
 * and "@selftest passed=N failed=N". Returns the number that failed. */
u32 selftest_run_all(void);

/* selftest_inject= (boot_config.selftest_inject): index into these names. */
extern const char *const selftest_inject_names[]; /* init/params.c */

#endif
