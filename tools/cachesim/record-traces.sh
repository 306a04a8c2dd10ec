#!/bin/bash
# SPDX-License-Identifier: MIT
# tools/cachesim/record-traces.sh - records the small physical address traces
# that tests/cachesim/test_refmodel.py replays (C model against refmodel.py):
# one short boot per workload under the cachesim plugin (trace=, one phase,
# the first RECORDS accesses), written to tests/cachesim/traces/NAME.trace.
#
#   tools/cachesim/record-traces.sh [--records N] [--outdir DIR] [--long]
#
# --long (make validate-cachesim): working sets to 256K and every phase
# (trace_phase=phases) instead of one, the first N accesses.
#
# Needs build/kernel.elf and build/cachesim/libcachesim.so (make kernel
# cachesim). Each boot takes seconds. The traces are checked in; run this
# again only to record new ones (the counts the test compares come from
# the replays, not from this boot).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
records=6000
outdir=tests/cachesim/traces
long=
while [ $# -gt 0 ]; do
	case $1 in
	--records) records=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	--long) long=1; shift ;;
	*) echo "record-traces.sh: unknown option '$1' (--records N, --outdir DIR, --long)" >&2; exit 2 ;;
	esac
done
mkdir -p "$outdir" build/cachesim/traces
# NAME|kernel bench|phase: stride rand uncolored 32K (phase 8), FFT n=2048
# uncolored (phase 4), reuse (a policy workload) under buddy 32K (phase 4)
for t in "stride|stride|8" "fft|fft|4" "reuse|reuse|4"; do
	IFS='|' read -r name bench phase <<<"$t"
	max=32K
	[ -n "$long" ] && { phase=phases; max=256K; }
	log=build/cachesim/traces/$name.log
	tools/make/run-qemu.sh --mem 128M --kernel build/kernel.elf \
		--append "bench=$bench cachesim=on cache_size=256K cache_ways=4 bench_min=16K bench_max=$max bench_runs=1 mm_shuffle=on seed=7 qemu_exit=0xf4" \
		--timeout 600 --log "$log" -- -plugin \
		"$root/build/cachesim/libcachesim.so,l2size=256K,l2ways=4,l1size=32K,maxphys=128M,out=build/cachesim/traces/$name.sim,trace=$outdir/$name.trace,trace_phase=$phase,trace_max=$records" \
		>/dev/null
	[ -z "$long" ] && grep "^@phase id=$phase " "$log" | sed "s|^|$name: |"
	grep "^cachesim trace " "build/cachesim/traces/$name.sim" | sed "s|^|$name: |"
done
