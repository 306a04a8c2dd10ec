/* init/fault.h - fault=: raising a CPU exception on purpose, to test the
 * fault report (arch/x86/trap.c) end to end. */
#ifndef INIT_FAULT_H
#define INIT_FAULT_H

#include "kernel/types.h"

/* Raises the exception named by fault_names[which] (init/params.c); returns
 * only for 0 (none) -- or when the CPU did not fault, which is a bug the
 * caller reports. */
void fault_raise(u32 which);

#endif
