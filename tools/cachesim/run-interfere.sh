#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/run-interfere.sh - bench=interfere under the cache simulator
# (make run-interfere): one boot, the victim's L2 misses and the inter-task
# evictions per partition, a table, @result lines and a plot.
#   --size 2M --ways 1 --line 64 --l1 32K --runs 5 --mem 256M [--cmdline "k=v ..."]
#   [--outdir DIR] (default build/cachesim/interfere-<size>-<ways>way-<line>B)
#   [--cache NAME | --levels SPEC] (make run-interfere CACHE=NAME / LEVELS=SPEC):
#   a hierarchy of tools/cachesim/presets.py, as run-cachesim.sh takes it: the
#   plugin gets levels=SPEC (the last level plays the L2's part in the task
#   attribution: its misses, its inter-task evictions), the kernel
#   presets.py's kernel arguments; OUTDIR default build/cachesim/interfere-NAME
set -euo pipefail
# Dies with its parent (make killed, even by SIGKILL: setpriv --pdeathsig);
# run-qemu.sh, its child, then stops QEMU.
if [ "${PAGECOLOR_RUNINTERFERE_PID:-}" != "$$" ] && command -v setpriv >/dev/null 2>&1; then
	PAGECOLOR_RUNINTERFERE_PID=$$ exec setpriv --pdeathsig TERM -- bash "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
size=2M ways=1 line=64 runs=5 mem=256M l1=32K timeout=1800 outdir= extra= cache= levels=
while [ $# -gt 0 ]; do
	case "$1" in
	--size) size=$2; shift 2 ;;
	--ways) ways=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	--cmdline) extra=$2; shift 2 ;;
	--cache) cache=$2; shift 2 ;;
	--levels) levels=$2; shift 2 ;;
	*) echo "run-interfere.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
kargs="cache_size=$size cache_ways=$ways"
if [ -n "$cache$levels" ]; then
	[ -z "$cache" ] || [ -z "$levels" ] || { echo "run-interfere.sh: CACHE= and LEVELS= both given: give one" >&2; exit 2; }
	resolved=$("${PYTHON:-/usr/bin/python3}" "$here/presets.py" resolve ${cache:+"$cache"} ${levels:+--levels "$levels"}) || exit 2
	eval "$resolved" # levels= kargs= color_size= label=
	size=$color_size
	outdir=${outdir:-$root/build/cachesim/interfere-$label}
fi
# how the hierarchy was named on make's command line (CACHE=NAME or LEVELS=SPEC)
if [ -n "$cache" ]; then what="CACHE=$cache"; else what="LEVELS=$levels"; fi
outdir=${outdir:-$root/build/cachesim/interfere-${size}-${ways}way-${line}B}
mkdir -p "$outdir"
kernel=$root/build/kernel.elf
plugin=$root/build/cachesim/libcachesim.so
check=$root/build/cmdline-check
for f in "$kernel" "$plugin" "$check"; do
	[ -f "$f" ] || { echo "run-interfere.sh: $f missing (make kernel cachesim build/cmdline-check)" >&2; exit 2; }
done
# The kernel parameters this script composes from its options, judged by
# the kernel's own parser before booting (a value the kernel would reject,
# e.g. RUNS=0, would cost a boot and then be replaced by its default).
for pv in "RUNS=$runs (--runs)|bench_runs=$runs" "CACHE_SIZE=$size (--size)|cache_size=$size" \
	"CACHE_WAYS=$ways (--ways)|cache_ways=$ways"; do
	[ -z "$levels" ] || [ "${pv#RUNS}" != "$pv" ] || continue
	"$check" --values --what "run-interfere.sh: ${pv%%|*}" -- "${pv#*|}" || exit 2
done
[ -z "$levels" ] || "$root/build/cachesim/geometry-check" --levels "$levels" || exit 2
for kv in $kargs; do
	[ -z "$levels" ] || "$check" --values --what "run-interfere.sh: $what ($kv)" -- "$kv" || exit 2
done
cmdline="bench=interfere cachesim=on $kargs bench_runs=$runs selftest=off"
cmdline+="${extra:+ $extra}"
plugargs="l2size=$size,l2ways=$ways,line=$line,l1size=$l1,maxphys=$mem,out=$outdir/sim.txt"
[ -z "$levels" ] || plugargs="levels=$levels,maxphys=$mem,out=$outdir/sim.txt"
# what is written to files names paths from the tree's top, never this machine's
shownargs=${plugargs//"$root/"/}
echo "$cmdline" >"$outdir/cmdline.txt"
echo "plugin: $shownargs" >>"$outdir/cmdline.txt"
echo "run-interfere: kernel: $cmdline" >&2
echo "run-interfere: plugin: $plugargs" >&2
"$root/tools/make/mkiso.sh" run "$outdir/run.iso" "$kernel" "$cmdline"
start=$(date +%s)
rc=0
"$root/tools/make/run-qemu.sh" --mem "$mem" --iso "$outdir/run.iso" --timeout "$timeout" \
	--log "$outdir/serial.log" -- -plugin "$plugin,$plugargs" >/dev/null || rc=$?
elapsed=$(( $(date +%s) - start ))
if [ "$rc" = 2 ]; then # refused before booting (run-qemu.sh said why: MEM=0, ...)
	echo "run-interfere: refused before booting (run-qemu.sh status 2)" >&2
	exit 2
fi
if [ "$rc" != 0 ]; then
	echo "run-interfere: the boot failed (run-qemu.sh status $rc); log: $outdir/serial.log" >&2
	tail -20 "$outdir/serial.log" >&2
	exit 1
fi
{
	if [ -n "$levels" ]; then
		echo "# make run-interfere $what RUNS=$runs MEM=$mem${extra:+ CMDLINE=\"$extra\"}"
	else
		echo "# make run-interfere CACHE_SIZE=$size CACHE_WAYS=$ways LINE=$line RUNS=$runs MEM=$mem"
	fi
	echo "# kernel: $cmdline"
	echo "# QEMU run: ${elapsed} s"
	"${PYTHON:-/usr/bin/python3}" "$here/interfere.py" --csv "$outdir/interfere.csv" --plot "$outdir/interfere.png" ${levels:+--levels "$levels"} \
		"$outdir/serial.log" "$outdir/sim.txt"
} >"$outdir/table.txt"
cat "$outdir/table.txt"
echo "run-interfere: ${elapsed} s in QEMU; wrote $outdir/{table.txt,interfere.csv,interfere.png}" >&2
