/* SPDX-License-Identifier: MIT */
/* arch/alpha/rpcc.h - the Alpha cycle counter (rpcc) made 64 bits wide.
 *
 * rpcc returns the process cycle counter: its low 32 bits count cycles and
 * wrap (the high 32 bits are an offset the OS may keep; not used here).
 * Under QEMU the counter is a 250 MHz clock of virtual time, so it wraps
 * every 2^32 / 250e6 = 17.2 s; on a 466 MHz DS10, every 9.2 s. A 64-bit
 * count is kept by adding the 32-bit difference of each sample to the
 * previous one: correct as long as samples are less than one wrap apart
 * (the benchmarks sample at every run's start and end, each far shorter).
 * Pure: the host tests build this header as it is. */
#ifndef ARCH_ALPHA_RPCC_H
#define ARCH_ALPHA_RPCC_H

#include "kernel/types.h"

struct rpcc_clock {
	u32 last;  /* the counter's low 32 bits at the last sample */
	u64 total; /* cycles since rpcc_clock_init */
};

/* Starts the extended count at 0 from the counter's raw value. */
static inline void rpcc_clock_init(struct rpcc_clock *c, u64 raw)
{
	c->last = (u32)raw;
	c->total = 0;
}

/* Cycles between two raw samples, start before end, less than one wrap
 * (2^32 cycles) apart: the 32-bit difference, right across a wrap. */
static inline u32 rpcc_delta(u64 start_raw, u64 end_raw)
{
	return (u32)end_raw - (u32)start_raw;
}

/* Folds a raw sample into the extended count; returns cycles since
 * rpcc_clock_init. Samples must come less than one wrap apart. */
static inline u64 rpcc_clock_update(struct rpcc_clock *c, u64 raw)
{
	c->total += rpcc_delta(c->last, raw);
	c->last = (u32)raw;
	return c->total;
}

/* Cycles to microseconds at hz cycles per second (0 when hz is 0). */
static inline u64 rpcc_cycles_to_us(u64 cycles, u64 hz)
{
	return hz ? cycles / hz * 1000000u + cycles % hz * 1000000u / hz : 0;
}

#endif
