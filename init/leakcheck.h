/* SPDX-License-Identifier: MIT */
/* init/leakcheck.h - xv6's countfree() idea: every zone must have exactly as
 * many free pages at the end of the boot's work as at the baseline. */
#ifndef INIT_LEAKCHECK_H
#define INIT_LEAKCHECK_H

#include "kernel/types.h"

/* Records each zone's free pages (the baseline). */
void leakcheck_baseline(void);
/* Compares each zone's free pages with the baseline, printing
 * "leak check: FAIL zone <name>: N free pages before, M after" per zone that
 * differs, then runs mm_check(). Returns the number of failures (0 = none). */
u32 leakcheck_verify(void);

#endif
