/* SPDX-License-Identifier: MIT */
/* arch/x86/hv_name.h - a hypervisor's CPUID signature (leaf 0x40000000,
 * EBX ECX EDX, e.g. "TCGTCGTCGTCG") in words for the log's readers. The raw
 * signature stays in the machine records (@header hypervisor=). */
#ifndef ARCH_X86_HV_NAME_H
#define ARCH_X86_HV_NAME_H

#include "kernel/string.h"

/* QEMU's software emulation: cycle counts there are emulator time. */
static inline bool hv_is_tcg(const char *sig)
{
	return sig && !strcmp(sig, "TCGTCGTCGTCG");
}

/* The hypervisor's name for sig: "QEMU's TCG software emulator", "KVM",
 * "VMware", "Hyper-V", "Xen", "bhyve"; sig itself for another signature;
 * "an unnamed hypervisor" for "" or NULL. Never NULL. */
static inline const char *hv_name(const char *sig)
{
	static const char *const known[][2] = {
		{ "TCGTCGTCGTCG", "QEMU's TCG software emulator" },
		{ "KVMKVMKVM", "KVM" },
		{ "VMwareVMware", "VMware" },
		{ "Microsoft Hv", "Hyper-V" },
		{ "XenVMMXenVMM", "Xen" },
		{ "bhyve bhyve ", "bhyve" },
	};
	u32 i;

	if (!sig || !sig[0])
		return "an unnamed hypervisor";
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (!strcmp(sig, known[i][0]))
			return known[i][1];
	return sig;
}

#endif
