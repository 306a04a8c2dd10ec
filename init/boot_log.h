/* SPDX-License-Identifier: MIT */
/* init/boot_log.h - the log's header: what the machine is and what this
 * boot will do, for people (plain lines) and machines (@header, @cmdline). */
#ifndef INIT_BOOT_LOG_H
#define INIT_BOOT_LOG_H

#include "arch/x86/cpuinfo.h"
#include "arch/x86/multiboot.h"

#define PAGECOLOR_VERSION "0.6.0"

/* The first line of every log. */
void boot_log_banner(void);
/* The hypervisor note (cycle counts under QEMU are emulator time), the CPU
 * and its caches, the loader and command line, the consoles and the TSC
 * rate with its source (arch/x86/tsc.c), and where the coloring geometry came from (llc:
 * the largest cache CPUID reported, or NULL). */
void boot_log_machine(const struct multiboot_info *mbi, const char *cmdline, const struct cpu_cache *llc);
/* @header (one line of key=value), @cmdline, the memory line (usable bytes
 * below 4 GiB), zones, buddyinfo and the coloring state. */
void boot_log_header(const char *cmdline, u32 tsc_khz, u64 usable);

#endif
