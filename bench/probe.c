/* bench/probe.c - placeholder until the cache simulator's probe lands. */
#include "bench/bench.h"
#include "kernel/printk.h"

u32 bench_probe(const struct bench_config *cfg)
{
	UNUSED(cfg);
	printk("probe: not built into this kernel\n");
	return 1;
}
