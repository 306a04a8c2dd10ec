/* SPDX-License-Identifier: MIT */
/* asm/hypervisor.h (host) - the x86 names (arch/x86/hv_name.h), which the
 * host tests of bench/summary.c expect: hv_is_tcg(sig) and hv_name(sig). */
#ifndef ASM_HOST_HYPERVISOR_H
#define ASM_HOST_HYPERVISOR_H

#include "arch/x86/hv_name.h"

#endif
