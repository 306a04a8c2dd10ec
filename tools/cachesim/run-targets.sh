#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/run-targets.sh - judge the cache-simulation targets over
# several boots (`make cachesim-targets`): one run-cachesim.sh boot per seed,
# then tools/cachesim/targets.py over all their raw.csv files.
#
# usage: run-targets.sh [--seeds "1 2 3"] [--runs 20] [--size 2M] [--ways 1]
#            [--line 64] [--mem 256M] [--l1 32K] [--bench all|stride|fft]
#            [--timeout 3600] [--outdir DIR]
#
# The random-placement targets need >= 20 runs per point over >= 3 boots
# with different seeds (targets.py says NOT JUDGED otherwise). At 2 MiB
# direct-mapped, 20 runs and bench=all, one boot takes a few minutes in
# QEMU; bench=stride alone about a quarter of that.
# OUTDIR (default build/cachesim/targets-<SIZE>-<WAYS>way-<LINE>B) gets
# seed<N>/ (each boot's files, as run-cachesim.sh writes them) and
# targets.txt. Exit status: targets.py's (1 when a judged target is missed),
# or 1 when a boot failed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seeds="1 2 3" runs=20 size=2M ways=1 line=64 mem=256M l1=32K bench=all timeout=3600 outdir=
while [ $# -gt 0 ]; do
	case "$1" in
	--seeds) seeds=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--size) size=$2; shift 2 ;;
	--ways) ways=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--bench) bench=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	*) echo "run-targets.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
outdir=${outdir:-$root/build/cachesim/targets-${size}-${ways}way-${line}B}
mkdir -p "$outdir"
raws=()
for s in $seeds; do
	echo "run-targets: boot with seed=$s ($runs runs, bench=$bench)" >&2
	"$here/run-cachesim.sh" --size "$size" --ways "$ways" --line "$line" --runs "$runs" --mem "$mem" \
		--l1 "$l1" --seed "$s" --bench "$bench" --timeout "$timeout" --outdir "$outdir/seed$s" >/dev/null
	raws+=("$outdir/seed$s/raw.csv")
done
rc=0
{
	echo "# make cachesim-targets SEEDS=\"$seeds\" RUNS=$runs CACHE_SIZE=$size CACHE_WAYS=$ways LINE=$line BENCH=$bench MEM=$mem"
	for s in $seeds; do echo "# seed $s: $(cat "$outdir/seed$s/elapsed.txt") s in QEMU; $(head -1 "$outdir/seed$s/cmdline.txt")"; done
	"$here/targets.py" "${raws[@]}" || rc=$?
} >"$outdir/targets.txt"
cat "$outdir/targets.txt"
echo "run-targets: wrote $outdir/targets.txt" >&2
exit $rc
