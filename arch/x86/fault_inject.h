/* SPDX-License-Identifier: MIT */
/* arch/x86/fault_inject.h - deliberate CPU exceptions (fault= parameter), to test
 * the fault report (arch/x86/trap.c) end to end. */
#ifndef ARCH_X86_FAULT_INJECT_H
#define ARCH_X86_FAULT_INJECT_H

#include "kernel/types.h"

/* Values of fault=, in enum order; NULL-terminated (the parameter's
 * choices). */
enum fault_kind { FAULT_NONE, FAULT_PF, FAULT_UD, FAULT_DE, FAULT_NULL, FAULT_LIST, FAULT_GP, FAULT_NR };
#define FAULT_CHOICES                                                                                                  \
	{                                                                                                              \
		"none", "pf", "ud", "de", "null", "list", "gp", NULL                                                   \
	}

/* The address fault=pf writes to: in the vmalloc area above every
 * benchmark buffer (BENCH_VA + 256 MiB at most), never mapped. */
#define FAULT_PF_ADDR 0xdeadbeefu
/* The selector fault=gp loads into DS: GDT index 0x246, far beyond the
 * GDT's limit, so #GP with error code = the selector. */
#define FAULT_GP_SELECTOR 0x1230u

/* Raises the exception of fault=<which> (enum fault_kind) for real, in code
 * the compiler cannot remove (inline asm or a real double list_del):
 *   pf   write to FAULT_PF_ADDR       #PF (14), error 0x2, cr2 0xdeadbeef
 *   ud   ud2                          #UD (6), error 0
 *   de   divl by a zero register      #DE (0), error 0
 *   null read of address 0            #PF (14), error 0x0, cr2 0
 *   list list_del twice on one entry  #PF (14), error 0x2,
 *        cr2 = LIST_POISON1 + 4 (the store to ->next->prev; kernel/list.h)
 *   gp   load FAULT_GP_SELECTOR in DS #GP (13), error 0x1230
 * Prints "fault: raising ..." first. Does not return when the exception is
 * raised (the trap handler reports and stops); when it was not, panics
 * ("fault=X raised no exception"), so a run never ends as a success. */
void fault_raise(u32 which);

#endif
