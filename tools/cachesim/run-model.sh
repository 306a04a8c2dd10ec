#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/run-model.sh - `make run` under the cache model (the default;
# `make run SIM=off` is the plain boot of tools/make/run-qemu.sh).
#
# usage: run-model.sh [--size 2M] [--ways 1] [--line 64] [--l1 32K]
#            [--mem 256M] [--smp 1] [--timeout 300] [--log build/run.log]
#            [--outdir build/run] [--cmdline "k=v ..."]
#            [--cache NAME | --levels SPEC] [--classify off|on]
#
# --cache NAME (make run CACHE=NAME) / --levels SPEC (LEVELS=SPEC): the
#   hierarchy of a preset of tools/cachesim/presets.py or one given by hand
#   in the plugin's levels= form, instead of --size/--ways/--line/--l1; the
#   plugin gets levels=SPEC classify=off (--classify on adds the 3C split, at
#   2-3x the model's cost), the kernel presets.py's kernel_args() (the size
#   and ways of the level it colors, the last), bench_max that level's size.
#
# Boots build/kernel.elf (the same binary as a plain run) through GRUB under
# QEMU TCG with the cachesim plugin (l2size=SIZE l2ways=WAYS line=LINE
# l1size=L1 maxphys=MEM). The kernel is told the model's geometry, so it
# colors for the simulated cache, not for the caches QEMU's CPUID makes up:
#   cachesim=on cache_size=SIZE cache_ways=WAYS bench_min=16K bench_max=SIZE
#   bench_runs=4, then the --cmdline text (make run CMDLINE=...), which wins.
# The default sweep (16 KiB .. the cache size, 4 + 4 runs) keeps the model
# boot near twice the plain one (README, "Quick start"); longer sweeps are
# make run-cachesim and make cachesim-targets.
# The serial log streams to stdout and to LOG, as in a plain run. A QEMU 7.2
# plugin cannot write into the guest, so the model's figures exist only once
# QEMU has exited: then this script prints the closing summary of the model
# (tools/cachesim/summary.py) and writes, in OUTDIR: sim.txt (the plugin's
# counts), table.txt/table.csv/raw.csv (report.py), summary.txt,
# summary.csv, stride.png, fft.png, ratio.png, cmdline.txt.
# Exit status: tools/make/run-qemu.sh's (0 success, 1 the kernel reported failure,
# 3 time-out, 4 no report, 5 rejected parameters), or 1 when the boot
# succeeded but its summary or plots could not be made (a message says why),
# 2 for bad usage.
# Stopping: as tools/make/run-qemu.sh, this script dies with its parent (make
# killed, even by SIGKILL: setpriv --pdeathsig) and a TERM, INT or HUP stops
# the run-qemu.sh it waits for, which stops QEMU: no QEMU outlives the run.
set -uo pipefail
if [ "${PAGECOLOR_RUNMODEL_PID:-}" != "$$" ] && command -v setpriv >/dev/null 2>&1; then
	PAGECOLOR_RUNMODEL_PID=$$ exec setpriv --pdeathsig TERM -- bash "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
size=2M ways=1 line=64 l1=32K mem=256M smp=1 timeout=300 log=$root/build/run.log outdir=$root/build/run extra= cache= levels= classify=off
while [ $# -gt 0 ]; do
	case "$1" in
	--size) size=$2; shift 2 ;;
	--ways) ways=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	--cmdline) extra=$2; shift 2 ;;
	--cache) cache=$2; shift 2 ;;
	--levels) levels=$2; shift 2 ;;
	--classify) classify=$2; shift 2 ;;
	*) echo "run-model.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
for v in "size:$size" "l1:$l1"; do
	[[ "${v#*:}" =~ ^[0-9]+[KkMm]?$ ]] || {
		echo "run-model.sh: ${v%%:*} '${v#*:}' rejected: accepted: bytes N, NK or NM (make run CACHE_SIZE=2M L1=32K)" >&2
		exit 2
	}
done
[[ "$ways" =~ ^[0-9]+$ ]] && [ "$ways" -ge 1 ] ||
	{ echo "run-model.sh: ways '$ways' rejected: accepted: 1 (direct-mapped) or more (make run CACHE_WAYS=N)" >&2; exit 2; }
[[ "$line" =~ ^[0-9]+$ ]] ||
	{ echo "run-model.sh: line '$line' rejected: accepted: a line size in bytes (make run LINE=64)" >&2; exit 2; }
case $classify in on | off) ;; *) echo "run-model.sh: --classify '$classify' rejected: accepted: on, off" >&2; exit 2 ;; esac
kargs="cache_size=$size cache_ways=$ways" label=
if [ -n "$cache$levels" ]; then
	[ -z "$cache" ] || [ -z "$levels" ] || { echo "run-model.sh: CACHE= and LEVELS= both given: give one" >&2; exit 2; }
	resolved=$("${PYTHON:-/usr/bin/python3}" "$here/presets.py" resolve ${cache:+"$cache"} ${levels:+--levels "$levels"}) || exit 2
	eval "$resolved" # levels= kargs= color_size= label=
	size=$color_size
fi
kernel=$root/build/kernel.elf
plugin=$root/build/cachesim/libcachesim.so
for f in "$kernel" "$plugin" "$root/build/cachesim/geometry-check"; do
	[ -f "$f" ] || { echo "run-model.sh: $f missing (make kernel cachesim)" >&2; exit 2; }
done
# the geometry by the model's own rule (the plugin would refuse it in QEMU)
if [ -n "$levels" ]; then
	"$root/build/cachesim/geometry-check" --levels "$levels" || exit 2
else
	"$root/build/cachesim/geometry-check" "$size" "$ways" "$line" "$l1" || exit 2
fi
# and the values this script gives the kernel, by the kernel's own parser (a
# value it would reject, e.g. CACHE_WAYS=128, would be replaced by its
# default: the kernel would color for another cache than the model's)
if [ -x "$root/build/cmdline-check" ]; then
	for kv in $kargs; do
		what="make run: ${levels:+${cache:+CACHE=$cache}${cache:-LEVELS=} }$kv"
		[ -n "$levels" ] || what="make run: $(echo "${kv%%=*}" | tr a-z A-Z)=${kv#*=}"
		"$root/build/cmdline-check" --values --what "$what" -- "$kv" || exit 2
	done
fi
# CMDLINE may set the kernel's geometry itself (a study of coloring for the
# wrong cache); say so, since the model still simulates its own
for tok in $extra; do
	case $tok in
	cache_size=* | cache_ways=*)
		echo "run-model.sh: note: CMDLINE's $tok overrides the geometry the kernel is told; the model still" \
			"simulates ${levels:-L2 $size ${ways}-way} (${levels:+CACHE=/LEVELS=}${levels:-CACHE_SIZE=, CACHE_WAYS=} set both)" >&2 ;;
	esac
done
mkdir -p "$outdir"
rm -f "$outdir"/{sim.txt,table.txt,table.csv,raw.csv,summary.txt,summary.csv,stride.png,fft.png,ratio.png}

cmdline="cachesim=on $kargs bench_min=16K bench_max=$size bench_runs=4${extra:+ $extra}"
plugargs="l2size=$size,l2ways=$ways,line=$line,l1size=$l1,maxphys=$mem,out=$outdir/sim.txt"
[ -z "$levels" ] || plugargs="levels=$levels,classify=$classify,maxphys=$mem,out=$outdir/sim.txt"
{
	echo "$cmdline"
	echo "plugin: ${plugargs//"$root/"/}"
} >"$outdir/cmdline.txt"
if [ -n "$levels" ]; then
	echo "run: under the cache model (tools/cachesim): ${cache:-LEVELS=}${cache:+ (preset)}: levels=$levels" \
		"(classify=$classify); make run SIM=off boots without it" >&2
else
	echo "run: under the cache model (tools/cachesim): L2 $size ${ways}-way, ${line}-byte lines, behind L1 $l1;" \
		"make run SIM=off boots without it" >&2
fi
"$root/tools/make/mkiso.sh" run "$outdir/run.iso" "$kernel" "$cmdline" || exit 2
rc=0 qpid=
# run-qemu.sh runs in the background, where a script ignores SIGINT: it is
# always stopped with a TERM, so its line says SIGTERM; the last line names
# the signal this run got (Ctrl-C is SIGINT; make killed, even by SIGKILL,
# is the parent-death TERM)
stop() {
	trap '' TERM INT HUP
	[ -z "$qpid" ] || { kill -TERM "$qpid" 2>/dev/null; wait "$qpid" 2>/dev/null; }
	echo "run: stopped by $2 (the model's summary is not made); QEMU stopped with it" >&2
	exit "$1"
}
trap 'stop 143 SIGTERM' TERM
trap 'stop 130 SIGINT' INT
trap 'stop 129 SIGHUP' HUP
# in the background and waited for, so a signal runs the trap at once
"$root/tools/make/run-qemu.sh" --mem "$mem" --smp "$smp" --iso "$outdir/run.iso" --timeout "$timeout" --log "$log" \
	-- -plugin "$plugin,$plugargs" &
qpid=$!
wait "$qpid" || rc=$?
qpid=
case $rc in
0 | 1 | 5) ;;
*) exit "$rc" ;; # no complete run: run-qemu.sh said why
esac
if [ ! -s "$outdir/sim.txt" ]; then
	echo "run-model.sh: the cache model wrote no counts ($outdir/sim.txt): no summary" >&2
	exit $((rc ? rc : 1))
fi
{
	if [ -n "$levels" ]; then
		echo "# make run ${cache:+CACHE=$cache}${cache:-LEVELS=$levels} MEM=$mem"
	else
		echo "# make run CACHE_SIZE=$size CACHE_WAYS=$ways LINE=$line L1=$l1 MEM=$mem"
	fi
	echo "# kernel: $cmdline"
	echo "# plugin: ${plugargs//"$root/"/}"
	echo "# $(grep -m1 -a '^@header' "$log")"
} >"$outdir/table.txt"
src=0
if grep -q -a '^@phase ' "$log"; then
	"${PYTHON:-/usr/bin/python3}" "$here/report.py" --csv "$outdir/table.csv" --raw "$outdir/raw.csv" "$log" "$outdir/sim.txt" \
		>>"$outdir/table.txt" || src=$?
fi
"${PYTHON:-/usr/bin/python3}" "$here/summary.py" --outdir "$outdir" "$log" "$outdir/sim.txt" || src=$?
# the end of the output repeats what run-qemu.sh said before the summary
case $rc in
1) echo "run: the kernel reported failure (@final above): exit status 1" >&2 ;;
5) echo "run: the kernel rejected command-line parameters (the 'cmdline: rejected at boot' lines above):" \
	"exit status 5" >&2 ;;
esac
if [ "$src" != 0 ] && [ "$rc" = 0 ]; then
	echo "run-model.sh: the boot succeeded, but its summary or plots could not be made (status $src)" >&2
	exit 1
fi
exit "$rc"
