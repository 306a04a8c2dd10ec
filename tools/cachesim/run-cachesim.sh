#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/run-cachesim.sh - the cache-simulated benchmark sweep behind
# `make run-cachesim`: boots build/kernel.elf under QEMU TCG with the
# cachesim plugin, runs stride and FFT with coloring on and off, and writes
# the table (mean and sd over runs) to stdout and to OUTDIR.
#
# usage: run-cachesim.sh [--size 2M] [--ways 1] [--line 64] [--runs 5]
#            [--mem 256M] [--l1 32K] [--seed N] [--bench all|stride|fft]
#            [--timeout 1800] [--outdir DIR] [--cmdline "k=v ..."]
#            [--smp N] [--icount SHIFT] [--iso-only]
#            [--cache NAME | --levels SPEC] [--classify on|off]
#
# --cache NAME (make run-cachesim CACHE=NAME): a preset of
#   tools/cachesim/presets.py (ds10, skylake, zen2, host, ...); --levels SPEC
#   (LEVELS=SPEC): a hierarchy by hand in the plugin's levels= form. Either
#   replaces --size/--ways/--line/--l1: the plugin gets levels=SPEC
#   classify=on (--classify off: without the 3C split), the kernel the
#   arguments presets.py's kernel_args() gives (the colored level, the last),
#   bench_max twice that level's size; the table adds one row per level with
#   misses, compulsory, capacity, conflict. OUTDIR default build/cachesim/NAME
#   (NAME-color_per_slice-off and so on when --cmdline sets color_per_slice=,
#   color_level=, kernel_colors= or task_colors=: the coloring differs).
#
# --iso-only: write OUTDIR/run.iso and cmdline.txt and stop before the boot
#   (make bench-cachesim boots that same ISO plain, address-only and modelled)
#
# --arch alpha (make run-cachesim ARCH=alpha): build/alpha/kernel.elf under
#   qemu-system-alpha -M clipper (tools/make/run-qemu-alpha.sh: -kernel, the
#   command line as -append, at most 255 bytes, the exit status from the
#   @final line), the plugin with marks=ALPHA_MARKS (the kernel's
#   PHASE_MARK_BASE, arch/alpha/arch.h: its markers are KSEG addresses) and
#   cachesim=on, which marks the memory checks' phases (bench=mmcheck,
#   arch/alpha/mm.h). The kernel's "@marks base=" line must name the same
#   base, or the run fails. Until the Alpha kernel parses init/params.c's
#   table (no boot_params symbol in build/alpha/kernel.sym) its command line
#   is cachesim=on and --cmdline only: the benchmark and geometry parameters
#   are left off, said on stderr. OUTDIR default build/alpha/cachesim/NAME;
#   no --smp, --icount or --iso-only. --marks ADDR: the plugin's marker base
#   instead (the check then fails unless the kernel's agrees).
#
# --smp N: N vCPUs, each with its own L1 in front of the shared L2; with
#   --icount SHIFT QEMU counts instructions (-icount shift=SHIFT,sleep=off,
#   one thread), so the vCPUs interleave the same way every run and the
#   figures repeat; without it multi-threaded TCG interleaves by host time.
#
# Kernel command line: bench=B cachesim=on cache_size=SIZE cache_ways=WAYS
#   bench_min=16K bench_max=2*SIZE bench_runs=RUNS mm_shuffle=on [seed=N]
#   then the --cmdline text (make run-cachesim CMDLINE="..."): extra kernel
#   parameters, which win over the ones above (the last value given counts)
# Plugin: l2size=SIZE l2ways=WAYS line=LINE l1size=L1 (8-way) maxphys=MEM
#   (accesses above RAM, e.g. to a framebuffer, are not cached) out=OUTDIR/sim.txt
# OUTDIR (default build/cachesim/<SIZE>-<WAYS>way-<LINE>B): serial.log,
# sim.txt, table.txt, table.csv (grouped), raw.csv (one row per phase),
# targets.txt (tools/cachesim/targets.py --figures: empty when no figure
# applies), cmdline.txt, elapsed.txt. A run's outputs are removed before it
# boots, so nothing of an earlier run passes for this one's.
#
# Exit status: 0 the tables written; 5 the tables written, but the kernel
# rejected command-line values and kept its own (the log's end and a last
# line on stderr name them); 2 refused before booting; 1 the boot failed
# (no table).
set -euo pipefail
# Dies with its parent (make killed, even by SIGKILL: setpriv --pdeathsig);
# run-qemu.sh, its child, then stops QEMU.
if [ "${PAGECOLOR_RUNCACHESIM_PID:-}" != "$$" ] && command -v setpriv >/dev/null 2>&1; then
	PAGECOLOR_RUNCACHESIM_PID=$$ exec setpriv --pdeathsig TERM -- bash "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
size=2M ways=1 line=64 runs=5 mem=256M l1=32K seed= bench=all timeout=1800 outdir= extra= smp=1 icount= isoonly= cache= levels= classify=on arch=x86
# the Alpha kernel's marker base: PHASE_MARK_BASE, arch/alpha/arch.h (KSEG + 0x2e0000)
alpha_marks=0xfffffc00002e0000 marks=
while [ $# -gt 0 ]; do
	case "$1" in
	--size) size=$2; shift 2 ;;
	--ways) ways=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--bench) bench=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	--cmdline) extra=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--icount) icount=$2; shift 2 ;;
	--iso-only) isoonly=1; shift ;;
	--cache) cache=$2; shift 2 ;;
	--levels) levels=$2; shift 2 ;;
	--classify) classify=$2; shift 2 ;;
	--arch) arch=$2; shift 2 ;;
	--marks) marks=$2; shift 2 ;;
	*) echo "run-cachesim.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done

# SIZE in bytes (K/M suffixes, powers of 1024), as the kernel and plugin read it.
bytes() {
	case "$1" in
	*[kK]) echo $(( ${1%?} * 1024 )) ;;
	*[mM]) echo $(( ${1%?} * 1024 * 1024 )) ;;
	*[!0-9]* | '') echo "run-cachesim.sh: bad size '$1' (N, NK or NM)" >&2; return 1 ;;
	*) echo "$1" ;;
	esac
}
case $classify in on | off) ;; *) echo "run-cachesim.sh: --classify '$classify' rejected: accepted: on, off" >&2; exit 2 ;; esac
case $arch in
x86) ;;
alpha)
	# one vCPU, no ISO: run-qemu-alpha.sh boots the ELF
	[ "$smp" = 1 ] || { echo "run-cachesim.sh: --smp $smp (SMP=) rejected with --arch alpha: the Alpha run has one vCPU" >&2; exit 2; }
	[ -z "$icount" ] || { echo "run-cachesim.sh: --icount (ICOUNT=) rejected with --arch alpha: one vCPU repeats without it" >&2; exit 2; }
	[ -z "$isoonly" ] || { echo "run-cachesim.sh: --iso-only rejected with --arch alpha: the Alpha kernel boots as an ELF, no ISO" >&2; exit 2; }
	marks=${marks:-$alpha_marks}
	[[ "$marks" =~ ^0x[0-9a-fA-F]{1,16}$ ]] || { echo "run-cachesim.sh: --marks '$marks' rejected: accepted: 0x and up to 16 hex digits" >&2; exit 2; }
	;;
*) echo "run-cachesim.sh: --arch '$arch' rejected: accepted: x86, alpha" >&2; exit 2 ;;
esac
[ "$arch" = alpha ] || [ -z "$marks" ] || { echo "run-cachesim.sh: --marks is taken with --arch alpha only (x86's markers are the plugin's default)" >&2; exit 2; }
# where the arch's builds are (build/ or build/alpha/) and its outputs go
abuild=$root/build
[ "$arch" = x86 ] || abuild=$root/build/$arch
# how make names the target's arch (make run-cachesim ARCH=alpha)
march=
[ "$arch" = x86 ] || march=" ARCH=$arch"
kargs= label=
if [ -n "$cache$levels" ]; then
	# a preset or a spec: the hierarchy, the kernel's arguments and the
	# colored level's size, all from tools/cachesim/presets.py
	[ -z "$cache" ] || [ -z "$levels" ] || { echo "run-cachesim.sh: CACHE= and LEVELS= both given: give one" >&2; exit 2; }
	resolved=$("${PYTHON:-/usr/bin/python3}" "$here/presets.py" resolve ${cache:+"$cache"} ${levels:+--levels "$levels"}) || exit 2
	eval "$resolved" # levels= kargs= color_size= label=
	size=$color_size
fi
# how the hierarchy was named on make's command line (CACHE=NAME or LEVELS=SPEC)
if [ -n "$cache" ]; then what="CACHE=$cache"; else what="LEVELS=$levels"; fi
size_b=$(bytes "$size")
max_b=$(( 2 * size_b ))
# BYTES as the kernel's K/M/G suffixes write it (8388608 -> 8M, 16384 -> 16K)
human() {
	local b=$1 u
	for u in '' K M G; do
		if [ "$b" -lt 1024 ] || [ $(( b % 1024 )) != 0 ] || [ "$u" = G ]; then echo "$b$u"; return; fi
		b=$(( b / 1024 ))
	done
}
# the working sets the kernel is given: a bench_min=/bench_max= in --cmdline
# wins over this script's (the last value given counts)
ws_min=16K ws_max=$(human "$max_b")
for kv in $extra; do
	case $kv in
	bench_min=*) ws_min=${kv#*=} ;;
	bench_max=*) ws_max=${kv#*=} ;;
	esac
done
# a boot whose --cmdline changes the kernel's coloring gets its own OUTDIR
# (default build/cachesim/NAME-color_per_slice-off), never the plain run's
suffix=
for kv in $extra; do
	case $kv in
	color_per_slice=* | color_level=* | kernel_colors=* | task_colors=*) suffix+="-${kv//[=,]/-}" ;;
	esac
done
if [ -n "$levels" ]; then
	outdir=${outdir:-$abuild/cachesim/$label$suffix}
else
	outdir=${outdir:-$abuild/cachesim/${size}-${ways}way-${line}B$suffix}
fi
mkdir -p "$outdir"
# an earlier run's results must not pass for this one's (a failed boot left
# the last run's tables beside its own log)
rm -f "$outdir"/{table.txt,table.csv,raw.csv,levels.csv,targets.txt,copy.txt,copy.csv,copy.png,sim.txt}
kernel=$abuild/kernel.elf
# the plugin and the checks are host programs; the parameter check is the
# target kernel's table (build/alpha/cmdline-check: Alpha's rows, 8 KiB pages)
plugin=$root/build/cachesim/libcachesim.so
check=$root/build/cmdline-check
[ "$arch" = x86 ] || check=$abuild/cmdline-check
for f in "$kernel" "$plugin" "$check" "$root/build/cachesim/geometry-check"; do
	[ -f "$f" ] || { echo "run-cachesim.sh: $f missing (make${march} kernel; make cachesim ${check#"$root"/})" >&2; exit 2; }
done
# Alpha: does the kernel parse init/params.c's table (the benchmarks'
# parameters), or only arch/alpha's own (cachesim=, fault=, ...)?
alpha_full=
if [ "$arch" = alpha ] && grep -q ' boot_params$' "$abuild/kernel.sym" 2>/dev/null; then
	alpha_full=1
fi
# the geometry by the model's own rule (the plugin would refuse it in QEMU)
if [ -n "$levels" ]; then
	"$root/build/cachesim/geometry-check" --levels "$levels" || exit 2
else
	"$root/build/cachesim/geometry-check" "$size" "$ways" "$line" "$l1" || exit 2
	kargs="cache_size=$size cache_ways=$ways"
fi
# The kernel parameters this script composes from its options, judged by
# the kernel's own parser before booting (a value the kernel would reject,
# e.g. RUNS=0, would cost a boot and then be replaced by its default).
geo=()
for kv in $kargs; do geo+=("$what ($kv)|$kv"); done
[ -n "$levels" ] || geo=("CACHE_SIZE=$size (--size)|cache_size=$size" "CACHE_WAYS=$ways (--ways)|cache_ways=$ways")
# what the boot sweeps (none on Alpha without the benchmarks' parameters)
sweep="$runs runs, working sets $ws_min..$ws_max, "
if [ "$arch" = x86 ] || [ -n "$alpha_full" ]; then
	for pv in "RUNS=$runs (--runs)|bench_runs=$runs" "${geo[@]}" "--bench $bench (BENCH=, WORKLOADS=)|bench=$bench" \
		${seed:+"SEED=$seed (--seed)|seed=$seed"}; do
		"$check" --values --what "run-cachesim.sh: ${pv%%|*}" -- "${pv#*|}" || exit 2
	done
fi

cmdline="bench=$bench cachesim=on $kargs bench_min=16K bench_max=$max_b"
# copy_bytes=512K: bench=copy's file under the plugin (its 4M default under a
# hypervisor takes minutes with every access simulated); x86 only (the
# Alpha kernel has no bench=copy, and rejects its parameter as unknown)
copyarg=
[ "$arch" != x86 ] || copyarg=" copy_bytes=512K"
cmdline+=" bench_runs=$runs mm_shuffle=on$copyarg${seed:+ seed=$seed}${extra:+ $extra}"
if [ "$arch" = alpha ] && [ -z "$alpha_full" ]; then
	echo "run-cachesim: the Alpha kernel has no benchmark parameters yet (no boot_params in $abuild/kernel.sym):" \
		"its command line is cachesim=on${extra:+ and CMDLINE=}; left off: bench=$bench $kargs bench_min=16K" \
		"bench_max=$max_b bench_runs=$runs mm_shuffle=on copy_bytes=512K${seed:+ seed=$seed}." \
		"It colors for its default cache (@header, page_color lines); its phases are the memory checks'" >&2
	cmdline="cachesim=on${extra:+ $extra}"
	sweep=
fi
plugargs="l2size=$size,l2ways=$ways,line=$line,l1size=$l1,maxphys=$mem,out=$outdir/sim.txt"
[ -z "$levels" ] || plugargs="levels=$levels,classify=$classify,maxphys=$mem,out=$outdir/sim.txt"
# the Alpha kernel's markers are KSEG addresses; x86's are the plugin's default
[ -z "$marks" ] || plugargs+=",marks=$marks"
# what is written to files names paths from the tree's top, never this machine's
shownargs=${plugargs//"$root/"/}
if [ -n "$levels" ]; then
	madeby="make run-cachesim$march $what RUNS=$runs MEM=$mem${seed:+ SEED=$seed}${extra:+ CMDLINE=\"$extra\"}"
else
	madeby="make run-cachesim$march CACHE_SIZE=$size CACHE_WAYS=$ways LINE=$line RUNS=$runs MEM=$mem${seed:+ SEED=$seed}${extra:+ CMDLINE=\"$extra\"}"
fi
echo "$cmdline" >"$outdir/cmdline.txt"
echo "plugin: $shownargs" >>"$outdir/cmdline.txt"
echo "make: $madeby" >>"$outdir/cmdline.txt"
if [ -n "$levels" ]; then
	echo "run-cachesim: ${label:-LEVELS=}${label:+ (preset)}: levels=$levels (classify=$classify), ${sweep}memory $mem" >&2
else
	echo "run-cachesim: L2 $size ${ways}-way ${line}-byte lines (L1 $l1), ${sweep}memory $mem" >&2
fi
echo "run-cachesim: kernel: $cmdline" >&2
echo "run-cachesim: plugin: $plugargs" >&2

runner=run-qemu.sh
if [ "$arch" = x86 ]; then
	"$root/tools/make/mkiso.sh" run "$outdir/run.iso" "$kernel" "$cmdline"
	[ -z "$isoonly" ] || exit 0
fi
start=$(date +%s)
rc=0
if [ "$arch" = x86 ]; then
	"$root/tools/make/run-qemu.sh" --mem "$mem" --iso "$outdir/run.iso" --timeout "$timeout" --smp "$smp" \
		${icount:+--icount "$icount"} --log "$outdir/serial.log" -- -plugin "$plugin,$plugargs" >/dev/null || rc=$?
else
	runner=run-qemu-alpha.sh
	"$root/tools/make/run-qemu-alpha.sh" --kernel "$kernel" --append "$cmdline" --mem "$mem" --timeout "$timeout" \
		--log "$outdir/serial.log" -- -plugin "$plugin,$plugargs" >/dev/null || rc=$?
fi
elapsed=$(( $(date +%s) - start ))
echo "$elapsed" >"$outdir/elapsed.txt"
if [ "$rc" = 2 ]; then # refused before booting (the runner said why: MEM=0, ...)
	echo "run-cachesim: refused before booting ($runner status 2)" >&2
	exit 2
fi
# status 5: the kernel ran to its end with rejected command-line values
# (kept its own): the run is whole, its tables are made, and the exit
# status says it at the end
rejected=
if [ "$rc" = 5 ] && grep -q '^@final status=ok ' "$outdir/serial.log"; then
	rejected=$(grep -m1 -o '^@final .*cmdline_errors=[0-9]*' "$outdir/serial.log" | sed 's/.*cmdline_errors=//') || true
	rc=0
fi
if [ "$rc" != 0 ]; then
	echo "run-cachesim: the boot failed ($runner status $rc); log: $outdir/serial.log" >&2
	tail -20 "$outdir/serial.log" >&2
	exit 1
fi
if [ "$arch" != x86 ]; then
	# the kernel names its marker base; the plugin must have watched that one
	kmarks=$(grep -a -m1 -o '^@marks base=0x[0-9a-f]*' "$outdir/serial.log" | sed 's/.*=//') || true
	if [ -z "$kmarks" ]; then
		echo "run-cachesim: the kernel printed no '@marks base=' line: it marked no phase the model could see" >&2
		exit 1
	fi
	if [ $(( kmarks )) != $(( marks )) ]; then
		echo "run-cachesim: the kernel's phase markers are at $kmarks (@marks), the plugin watched marks=$marks" \
			"(run-cachesim.sh's alpha_marks, or --marks): its phases were not seen; make them agree" >&2
		exit 1
	fi
fi
{
	echo "# $madeby"
	echo "# kernel: $cmdline"
	echo "# plugin: $shownargs"
	echo "# $(grep -m1 '^@header' "$outdir/serial.log")"
	echo "# QEMU run: ${elapsed} s"
	"$here/report.py" --csv "$outdir/table.csv" --raw "$outdir/raw.csv" ${levels:+--levels-csv "$outdir/levels.csv"} \
		"$outdir/serial.log" "$outdir/sim.txt"
} >"$outdir/table.txt"
# the figures the targets compare, without verdicts (make cachesim-targets
# judges), naming the colored level as the spec does and the kernel's colors
lastlevel=L2
[ -z "$levels" ] || lastlevel=${levels##*/} lastlevel=${lastlevel%%:*}
kcolors=$(grep -m1 -o '^@header .* colors=[0-9]*' "$outdir/serial.log" | sed 's/.* colors=//') || true
"$here/targets.py" --figures --level "$lastlevel" ${kcolors:+--colors "$kcolors"} "$outdir/raw.csv" \
	>"$outdir/targets.txt" || true
if grep -q '^@phase id=[0-9]* bench=copy ' "$outdir/serial.log"; then
	# bench=copy: split accesses, lines filled, modelled cycles (copy_report.py)
	"${PYTHON:-/usr/bin/python3}" "$here/copy_report.py" --csv "$outdir/copy.csv" --plot "$outdir/copy.png" \
		"$outdir/serial.log" "$outdir/sim.txt" >"$outdir/copy.txt" || true
fi
cat "$outdir/table.txt"
if [ -s "$outdir/targets.txt" ]; then
	echo
	cat "$outdir/targets.txt"
fi
if [ -s "$outdir/copy.txt" ]; then
	echo
	cat "$outdir/copy.txt"
	echo "run-cachesim: bench=copy: $outdir/{copy.txt,copy.csv,copy.png}" >&2
fi
echo "run-cachesim: ${elapsed} s in QEMU; wrote $outdir/{table.txt,table.csv,raw.csv,targets.txt}" >&2
echo "run-cachesim: no plots made; to draw them: ${PYTHON:-/usr/bin/python3} tools/cachesim/plot.py ${outdir#"$root"/}/table.csv" >&2
if [ -n "$rejected" ]; then
	echo "run-cachesim: the kernel rejected ${rejected} command-line value(s) and kept its own (the log's end says" \
		"which: $outdir/serial.log); the table is of that run: exit status 5" >&2
	exit 5
fi
