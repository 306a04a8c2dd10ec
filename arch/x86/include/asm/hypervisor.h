/* SPDX-License-Identifier: MIT */
/* asm/hypervisor.h (x86) - a hypervisor named in words for the log's
 * readers, from its CPUID signature (arch/x86/hv_name.h): hv_is_tcg(sig)
 * and hv_name(sig). */
#ifndef ASM_X86_HYPERVISOR_H
#define ASM_X86_HYPERVISOR_H

#include "arch/x86/hv_name.h"

/* Where the summary's note under TCG sends the reader for cache behaviour */
#define HV_CACHE_MODEL_HINT "make run with its cache model (the default) shows what page placement does (README)"

#endif
