/* SPDX-License-Identifier: MIT */
/* bench/chain.h - the pointer chains the stride benchmark follows. Host-
 * compilable (tests/host/test_chain.c runs it on ordinary memory). */
#ifndef BENCH_CHAIN_H
#define BENCH_CHAIN_H

#include "kernel/mwc.h"
#include "kernel/types.h"

/* Links the ws / line lines of buf (line >= 2 * sizeof(void *) bytes, ws a
 * multiple of line) into ONE cycle through every line: each line's first
 * word points to the next line. Sequential: line i -> i + 1 (wrapping).
 * Random: a uniformly random cyclic permutation (Sattolo's algorithm, with
 * g), built in place: word 1 of each line holds the permutation while
 * shuffling. Returns the first line. */
void **chain_build(u8 *buf, u32 ws, u32 line, bool random, struct mwc *g);

/* Follows the chain from start until it returns there, at most limit steps.
 * Returns the cycle length (limit + 1 when it did not come back). */
u32 chain_cycle_length(void **start, u32 limit);
/* Follows the chain from p for loads dependent loads (rounded up to a
 * multiple of 8: the loop is unrolled by 8) and returns where it stopped, so
 * that the caller can keep the loads alive (store it to a volatile). */
void **chain_chase(void **p, u32 loads);

#endif
