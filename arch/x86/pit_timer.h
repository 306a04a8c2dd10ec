/* SPDX-License-Identifier: MIT */
/* arch/x86/pit_timer.h - the 8254 PIT's channel 0 as the preemption timer
 * (IRQ 0 through the 8259 PIC, arch/x86/pic.c).
 *
 * Off unless a benchmark asks for it (bench=interfere): the others measure
 * with interrupts off. The local APIC timer is left to the SMP work. */
#ifndef ARCH_X86_PIT_TIMER_H
#define ARCH_X86_PIT_TIMER_H

#include "kernel/types.h"

#define PIT_HZ 1193182u /* the 8254's input clock */

/* Starts periodic interrupts at hz (19..100000) calling tick(ticks so far)
 * in interrupt context, and unmasks IRQ 0. The caller enables interrupts.
 * Returns 0, or -1 for hz out of range (a message says so). */
int pit_timer_start(u32 hz, void (*tick)(u32 ticks));
/* Masks IRQ 0 and stops calling tick. Returns the ticks since start. */
u32 pit_timer_stop(void);

#endif
