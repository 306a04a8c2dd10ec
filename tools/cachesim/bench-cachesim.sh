#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/bench-cachesim.sh - what the cache model costs (make
# bench-cachesim): one kernel boot, the one make run-cachesim does, timed
# three ways in one session, each REPS times, interleaved:
#   plain         QEMU TCG, no plugin
#   address only  the plugin build/cachesim/libaddronly.so, which only asks
#                 QEMU for each access's physical address: the least that
#                 any physically indexed model costs in QEMU 7.2
#   model         the cache model, build/cachesim/libcachesim.so, with the
#                 plugin arguments run-cachesim.sh gives it
# It prints, per way, the CPU time of the qemu process (user+sys, the figure
# to compare: other jobs may share the machine's cores) and the wall time,
# each as the median and the range over the repetitions; the slowdowns
# against the plain boot and the model against the address-only floor (the
# median of the per-repetition ratios, with their range); and the simulated
# accesses per CPU second. A benchmark: it judges nothing.
#
# usage: bench-cachesim.sh [--reps 3] [--size 2M] [--ways 1] [--line 64]
#            [--runs 5] [--mem 256M] [--l1 32K] [--seed 1] [--bench all]
#            [--cmdline "k=v ..."] [--timeout 1800] [--outdir DIR]
#            [--compare SO]
# --compare SO: a fourth way, the model built elsewhere (e.g. from an earlier
#   commit), same arguments, timed in the same rounds: before and after.
# --levels on|off (default on; make bench-cachesim LEVELS_BENCH=off): two more
#   ways, the N-level model (levels=, classify off) with the same two LRU
#   levels (L1 L1SIZE 8-way, L2 SIZE WAYS) and with a third LRU level behind
#   them (L3 4 x SIZE, 16-way): the three-level model against the two-level
#   one, per repetition, the whole boot and the model's own work (minus the
#   address-only floor).
# The kernel command line is run-cachesim.sh's for these options (its
# --iso-only builds the ISO); --seed fixes the kernel's seed (default 1) so
# every boot does the same work. OUTDIR (default build/cachesim/bench):
# run.iso, cmdline.txt, and per way and repetition <way>-<n>.{log,time,out}
# (serial log; "user sys wall" seconds; the plugin's report), bench.txt (what
# is printed).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
reps=3 size=2M ways=1 line=64 runs=5 mem=256M l1=32K seed=1 bench=all extra= timeout=1800 outdir= compare= levels=on
while [ $# -gt 0 ]; do
	case "$1" in
	--reps) reps=$2; shift 2 ;;
	--size) size=$2; shift 2 ;;
	--ways) ways=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--bench) bench=$2; shift 2 ;;
	--cmdline) extra=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	--compare) compare=$2; shift 2 ;;
	--levels) levels=$2; shift 2 ;;
	*) echo "bench-cachesim.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
case $levels in on | off) ;; *) echo "bench-cachesim.sh: --levels '$levels' rejected: accepted: on, off" >&2; exit 2 ;; esac
[[ "$reps" =~ ^[1-9][0-9]?$ ]] || { echo "bench-cachesim.sh: --reps '$reps' rejected: accepted 1..99" >&2; exit 2; }
outdir=${outdir:-$root/build/cachesim/bench}
mkdir -p "$outdir"
rm -f "$outdir"/*-[0-9]*.{log,time,out}
floor=$root/build/cachesim/libaddronly.so
model=$root/build/cachesim/libcachesim.so
[ -f "$floor" ] || { echo "bench-cachesim.sh: $floor missing (make cachesim)" >&2; exit 2; }
[ -z "$compare" ] || [ -f "$compare" ] || { echo "bench-cachesim.sh: --compare $compare: no such file" >&2; exit 2; }

"$here/run-cachesim.sh" --size "$size" --ways "$ways" --line "$line" --runs "$runs" --mem "$mem" --l1 "$l1" \
	--seed "$seed" --bench "$bench" ${extra:+--cmdline "$extra"} --outdir "$outdir" --iso-only
cmdline=$(head -1 "$outdir/cmdline.txt")
plugargs=$(sed -n 's/^plugin: //p' "$outdir/cmdline.txt")
plugargs=${plugargs%,out=*}
# the N-level model: the same two LRU levels, and a third behind them
bytes() { case "$1" in *[kK]) echo $((${1%?} << 10)) ;; *[mM]) echo $((${1%?} << 20)) ;; *) echo "$1" ;; esac; }
lv2="L2:$size:$ways:$line:lru"
[ "$(bytes "$l1")" = 0 ] || lv2="L1:$l1:8:$line:lru/$lv2"
lv3="$lv2/L3:$((4 * $(bytes "$size"))):16:$line:lru"

# qemu's own CPU time: run-qemu.sh finds qemu-system-i386 on PATH; this shim
# runs the real one under /usr/bin/time, into the file BENCH_TIME names
shim=$outdir/shim
mkdir -p "$shim"
real_qemu=$(command -v qemu-system-i386)
cat >"$shim/qemu-system-i386" <<SHIM
#!/bin/sh
exec /usr/bin/time -q -o "\$BENCH_TIME" -f "%U %S %e" "$real_qemu" "\$@"
SHIM
chmod +x "$shim/qemu-system-i386"

boot() { # way rep [plugin args]
	local way=$1 n=$2 rc=0
	shift 2
	BENCH_TIME=$outdir/$way-$n.time PATH="$shim:$PATH" "$root/tools/make/run-qemu.sh" --mem "$mem" \
		--iso "$outdir/run.iso" --timeout "$timeout" --log "$outdir/$way-$n.log" ${1:+-- -plugin "$1"} \
		>/dev/null || rc=$?
	if [ "$rc" != 0 ] || ! [ -s "$outdir/$way-$n.time" ]; then
		echo "bench-cachesim: the $way boot $n failed (run-qemu.sh status $rc); log: $outdir/$way-$n.log" >&2
		exit 1
	fi
	echo "bench-cachesim: $way $n/$reps: $(cat "$outdir/$way-$n.time") (user sys wall s)" >&2
}

echo "bench-cachesim: kernel: $cmdline" >&2
for n in $(seq 1 "$reps"); do
	boot plain "$n"
	boot floor "$n" "$floor,out=$outdir/floor-$n.out"
	boot model "$n" "$model,$plugargs,out=$outdir/model-$n.out"
	[ -z "$compare" ] || boot compare "$n" "$compare,$plugargs,out=$outdir/compare-$n.out"
	if [ "$levels" = on ]; then
		boot levels2 "$n" "$model,levels=$lv2,maxphys=$mem,out=$outdir/levels2-$n.out"
		boot levels3 "$n" "$model,levels=$lv3,maxphys=$mem,out=$outdir/levels3-$n.out"
	fi
done
{
	echo "# make bench-cachesim: one boot, $reps times each way, interleaved, in this session"
	echo "# kernel: $cmdline"
	echo "# model plugin: $plugargs"
	[ -z "$compare" ] || echo "# compare: ${compare//"$root/"/} (the same arguments)"
	[ "$levels" = off ] || echo "# levels: two-level levels=$lv2; three-level levels=$lv3 (classify off)"
	"${PYTHON:-/usr/bin/python3}" "$here/bench_report.py" --reps "$reps" ${compare:+--compare} \
		$([ "$levels" = off ] || echo --levels) "$outdir"
} | tee "$outdir/bench.txt"
