/* SPDX-License-Identifier: MIT */
/* asm/hypervisor.h (host) - the x86 names (arch/x86/hv_name.h), which the
 * host tests of bench/summary.c expect: hv_is_tcg(sig) and hv_name(sig). */
#ifndef ASM_HOST_HYPERVISOR_H
#define ASM_HOST_HYPERVISOR_H

#include "arch/x86/hv_name.h"

/* Where the summary's note under TCG sends the reader for cache behaviour */
#define HV_CACHE_MODEL_HINT "make run with its cache model (the default) shows what page placement does (README)"

#endif
