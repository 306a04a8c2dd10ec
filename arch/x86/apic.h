/* SPDX-License-Identifier: MIT */
/* arch/x86/apic.h - the local APIC (xAPIC, memory-mapped), as far as
 * starting and waking CPUs needs it.
 *
 * Registers (Intel SDM vol. 3, 10.4 "Local APIC", table 10-1): ID at 0x20
 * (bits 31:24), EOI at 0xB0, spurious-interrupt vector register (SVR) at
 * 0xF0 (bit 8: APIC software enable), interrupt command register (ICR) at
 * 0x300 (low: vector, delivery mode, level, trigger; bit 12 delivery
 * status) and 0x310 (bits 31:24 destination APIC id). The page is mapped
 * uncached at LAPIC_VIRT, above the vmalloc area's users (benchmark buffers
 * from 0xC0000000, the framebuffer at 0xF0000000). */
#ifndef ARCH_X86_APIC_H
#define ARCH_X86_APIC_H

#include "kernel/types.h"

#define LAPIC_VIRT	      0xFEFFF000u
#define LAPIC_DEFAULT_PHYS    0xFEE00000u
#define LAPIC_SPURIOUS_VECTOR 0xFFu
#define LAPIC_TIMER_VECTOR    0xEFu

/* Maps the local APIC page at physical address phys (page aligned) to
 * LAPIC_VIRT, uncached. Needs paging on. Returns 0, or -1 (no page table). */
int lapic_map(u32 phys);
/* This CPU's local APIC id (bits 31:24 of the ID register). */
u32 lapic_id(void);
/* Software-enables this CPU's local APIC with the spurious vector, task
 * priority 0 (every vector accepted). */
void lapic_enable(void);
/* Sends an IPI to the CPU with APIC id dest: icr_low holds the vector,
 * delivery mode and level bits. Waits (up to ~100 ms) for the previous IPI
 * to be accepted first. Returns 0, or -1 when the ICR stayed busy. */
int lapic_send_ipi(u32 dest, u32 icr_low);
/* INIT (assert, level), then STARTUP with page vector (the real-mode start
 * address is vector << 12), as the SDM's MP initialization protocol does. */
int lapic_send_init(u32 dest);
int lapic_send_startup(u32 dest, u32 vector);

/* Busy-waits us microseconds: TSC cycles at tsc_khz (apic_set_tsc_khz),
 * else one port-0x80 write per microsecond (~1 us on ISA-era buses; the
 * rate on an emulator is faster, which its instant IPIs do not mind). */
void apic_set_tsc_khz(u32 tsc_khz);
void udelay(u32 us);
/* Cycles (TSC) elapsed since start, in microseconds; 0 without a rate. */
u64 apic_us_since(u64 start_tsc);

/* ---- the local APIC timer (SDM vol. 3, 10.5.4): each CPU's own preemption
 * timer, periodic at LAPIC_TIMER_VECTOR through the common interrupt path
 * (isr.asm, trap_handler). ---- */

/* Measures the timer's rate (bus clock / 16) against udelay over 10 ms, on
 * the calling CPU (every CPU's timer runs at the bus clock). Call once,
 * with the local APIC mapped and enabled. Returns counts per second (0:
 * the timer did not count). */
u32 lapic_timer_calibrate(void);
/* Starts this CPU's timer: periodic, hz (10..100000) interrupts per second,
 * each calling tick(cpu, ticks so far on this CPU) in interrupt context
 * (IF clear, after the end-of-interrupt, so it may switch tasks). The
 * caller enables interrupts. Returns 0, or -1 when not calibrated or for
 * hz out of range (a message says so). */
int lapic_timer_start(u32 hz, void (*tick)(u32 cpu, u32 ticks));
/* Stops this CPU's timer. Returns its ticks since lapic_timer_start. */
u32 lapic_timer_stop(void);
/* Called by trap_handler: true when vector was the timer's (handled). */
bool lapic_timer_dispatch(u32 vector);

#endif
