/* SPDX-License-Identifier: MIT */
/* arch/x86/smp.h - finding the CPUs, starting them, and running work on
 * all of them at once.
 *
 * Bring-up follows the Intel SDM's MP initialization protocol (vol. 3,
 * 8.4.4): the CPUs come from the ACPI MADT, else the MP table
 * (arch/x86/madt.c), checked before use (madt_decode, madt_check: each
 * APIC id once, the boot CPU's id listed, the local APIC's address
 * page-aligned and outside usable RAM; a bad table or entry is named in an
 * "smp:" line, and a table unsafe to use leaves one CPU); the boot CPU
 * copies a real-mode trampoline (trampoline.asm) to SMP_TRAMPOLINE, below
 * 1 MiB (memblock keeps the first MiB reserved, and smp_boot checks that the
 * page is not the buddy allocator's), and starts each application processor
 * in turn with INIT, 10 ms, STARTUP, 200 us, STARTUP. A CPU that does not
 * report within a second is named in the log and skipped; the CPUs that do
 * start are numbered 0 (the boot CPU), 1, 2, ... in the order they came up.
 * Started CPUs idle in HLT and are woken by an IPI (vector SMP_WAKE_VECTOR)
 * to run smp_call_all()'s function.
 *
 * Nothing here runs on a machine with one CPU, without a local APIC (the
 * 486, `-cpu qemu32,-apic`) or with smp=1: the log says what was found and
 * the kernel runs exactly as a uniprocessor kernel. */
#ifndef ARCH_X86_SMP_H
#define ARCH_X86_SMP_H

#include <asm/smp.h>

#include "boot/multiboot.h"
#include "kernel/types.h"

#define SMP_TRAMPOLINE	0x8000u /* physical; STARTUP vector 0x08 */
#define SMP_WAKE_VECTOR 0xF0u

/* Looks for the CPUs: CPUID's local APIC bit, then the MADT through the
 * RSDP (BIOS areas, else the memory map's ACPI regions). Call while paging
 * is off (the ACPI tables are read at their physical addresses). Prints
 * nothing; smp_boot() reports. */
void smp_detect(const struct multiboot_info *mbi);

/* Starts up to max_cpus - 1 application processors (max_cpus 1..NR_CPUS,
 * from smp=; max_cpus_given says whether smp= was given, for the log),
 * with delays timed by the TSC at tsc_khz (0: port-0x80 writes). Needs
 * paging and the buddy allocator (the stacks: one block of (n - 1) x 16
 * KiB). Prints what was found and started ("smp:" lines and one "@smp"
 * record). Returns the CPUs online (>= 1). */
u32 smp_boot(u32 max_cpus, bool max_cpus_given, u32 tsc_khz);

/* Runs fn(cpu, arg) on CPUs 0 .. ncpus-1 at once (the caller, CPU 0,
 * runs its own share) and returns when every one has returned. ncpus is
 * cut to nr_cpus_online. Call from CPU 0 only; fn runs with interrupts off. */
void smp_call_all(u32 ncpus, void (*fn)(u32 cpu, void *arg), void *arg);

#endif
