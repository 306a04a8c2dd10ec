/* kernel/selftest.h - in-kernel self-tests, one table of named functions. */
#ifndef KERNEL_SELFTEST_H
#define KERNEL_SELFTEST_H

#include "kernel/cmdline.h"
#include "kernel/types.h"

/* Runs every self-test (each gives back every page it took, on every
 * path); prints "selftest: <name> ok|FAIL (<why>)" per test
 * and "@selftest passed=N failed=N". Returns the number that failed. */
u32 selftest_run_all(void);

/* The self-tests' parameters (selftest_inject=), merged into the kernel's
 * table like mm_param_table. */
extern struct kernel_param selftest_param_table[];
extern const size_t selftest_param_count;

#endif
