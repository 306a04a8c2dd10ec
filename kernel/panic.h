/* SPDX-License-Identifier: MIT */
/* kernel/panic.h - stopping the kernel with a message. */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

#include "kernel/types.h"

/* The result codes the kernel ends with (QEMU's isa-debug-exit turns code c
 * into exit status 2c+1: 33 for success, 35 for failure, 37 for success with
 * rejected parameters; tools/make/run-qemu.sh maps them to 0, 1 and 5). */
#define KERNEL_EXIT_SUCCESS 0x10
#define KERNEL_EXIT_FAILURE 0x11
#define KERNEL_EXIT_CMDLINE 0x12 /* success, but parameters were rejected (exit 37) */

/* Provided by the architecture: stops the machine for good. x86
 * (arch/x86/arch.c): under QEMU with an exit port armed, ends QEMU with
 * code. Alpha (arch/alpha/main.c): a PAL halt; code is ignored (the clipper
 * has no exit port: the run script reads the log's @final line). */
void __attribute__((noreturn)) arch_halt(u32 code);

/* Prints "PANIC: <message>" and the final failure line, then stops the
 * machine (exits QEMU with failure when qemu_exit= was given). */
void __attribute__((noreturn, format(printf, 1, 2))) panic(const char *fmt, ...);

/* Called by the trap handler after it printed the fault report: prints the
 * final failure line and stops like panic(). */
void __attribute__((noreturn)) panic_after_fault(void);

#endif
