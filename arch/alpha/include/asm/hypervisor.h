/* SPDX-License-Identifier: MIT */
/* asm/hypervisor.h (Alpha) - the emulator named in words for the log's
 * readers. The boot sequence passes "QEMU" when the HWRPB's system serial
 * number says QEMU (qemu-palcode writes it): QEMU runs Alpha only by
 * software emulation (TCG), so cycle counts there are emulator time. */
#ifndef ASM_ALPHA_HYPERVISOR_H
#define ASM_ALPHA_HYPERVISOR_H

#include "kernel/string.h"

/* Where the summary's note under TCG sends the reader for cache behaviour:
 * the Alpha kernel's make run boots without the cache model */
#define HV_CACHE_MODEL_HINT "the cache model (tools/cachesim, README's Alpha section) shows what page placement does"

/* True for QEMU: on Alpha always its TCG software emulator. */
static inline bool hv_is_tcg(const char *sig)
{
	return sig && !strcmp(sig, "QEMU");
}

/* "QEMU's TCG software emulator" for "QEMU", sig itself for another,
 * "an unnamed hypervisor" for "" or NULL. Never NULL. */
static inline const char *hv_name(const char *sig)
{
	if (!sig || !sig[0])
		return "an unnamed hypervisor";
	return hv_is_tcg(sig) ? "QEMU's TCG software emulator" : sig;
}

#endif
