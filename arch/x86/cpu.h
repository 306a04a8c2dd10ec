/* SPDX-License-Identifier: MIT */
/* arch/x86/cpu.h - thin inline wrappers for x86 instructions. */
#ifndef ARCH_X86_CPU_H
#define ARCH_X86_CPU_H

#include "kernel/types.h"

static inline void outb(u16 port, u8 v)
{
	__asm__ volatile("outb %0, %1" ::"a"(v), "Nd"(port));
}
static inline void outl(u16 port, u32 v)
{
	__asm__ volatile("outl %0, %1" ::"a"(v), "Nd"(port));
}
static inline u8 inb(u16 port)
{
	u8 v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}
static inline void io_wait(void)
{
	outb(0x80, 0);
}

static inline void cpuid_count(u32 leaf, u32 sub, u32 *a, u32 *b, u32 *c, u32 *d)
{
	__asm__ volatile("cpuid" : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d) : "a"(leaf), "c"(sub));
}
static inline void cpuid(u32 leaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	cpuid_count(leaf, 0, a, b, c, d);
}

/* Raw time-stamp counter (cycles). Not ordered against other instructions. */
static inline u64 rdtsc(void)
{
	u32 lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}
/* TSC read at a serialising point: CPUID drains the pipeline first, so the
 * measured code cannot leak past the read (Intel's "How to Benchmark Code
 * Execution Times" recipe, start side). Costs ~100-200 cycles, which the
 * benchmarks measure and subtract. */
static inline u64 rdtsc_serialized(void)
{
	u32 lo, hi, a = 0, b, c = 0, d;
	__asm__ volatile("cpuid" : "+a"(a), "=b"(b), "+c"(c), "=d"(d)::"memory");
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi)::"memory");
	return ((u64)hi << 32) | lo;
}

static inline u32 read_cr0(void)
{
	u32 v;
	__asm__ volatile("mov %%cr0, %0" : "=r"(v));
	return v;
}
static inline u32 read_cr2(void)
{
	u32 v;
	__asm__ volatile("mov %%cr2, %0" : "=r"(v));
	return v;
}
static inline u32 read_cr3(void)
{
	u32 v;
	__asm__ volatile("mov %%cr3, %0" : "=r"(v));
	return v;
}
static inline u32 read_cr4(void)
{
	u32 v;
	__asm__ volatile("mov %%cr4, %0" : "=r"(v));
	return v;
}
static inline void write_cr0(u32 v)
{
	__asm__ volatile("mov %0, %%cr0" ::"r"(v) : "memory");
}
static inline void write_cr3(u32 v)
{
	__asm__ volatile("mov %0, %%cr3" ::"r"(v) : "memory");
}
static inline void write_cr4(u32 v)
{
	__asm__ volatile("mov %0, %%cr4" ::"r"(v) : "memory");
}
static inline void invlpg(u32 va)
{
	__asm__ volatile("invlpg (%0)" ::"r"(va) : "memory");
}

static inline u32 read_eflags(void)
{
	u32 f;
	__asm__ volatile("pushfl; popl %0" : "=r"(f));
	return f;
}
static inline void cli(void)
{
	__asm__ volatile("cli" ::: "memory");
}
static inline void sti(void)
{
	__asm__ volatile("sti" ::: "memory");
}
static inline void hlt(void)
{
	__asm__ volatile("hlt");
}
static inline u32 local_irq_save(void)
{
	u32 f = read_eflags();
	cli();
	return f;
}
static inline void local_irq_restore(u32 f)
{
	if (f & (1u << 9))
		sti();
}

#endif
