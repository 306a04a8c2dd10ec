#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/run-policies.sh - the placement policies compared in ONE
# cache-simulated boot (make run-policies): every policy runs every
# workload, switched at run time by the kernel's bench_policies= driver.
# The boot goes through run-cachesim.sh (the one simulator driver); this
# script adds the parameters and turns the log into the policy table
# (tools/cachesim/policies.py) and one plot per workload.
#
# usage: run-policies.sh [--size 2M] [--ways 1] [--line 64] [--runs 5]
#            [--mem 256M] [--l1 32K] [--seed 1]
#            [--policies buddy,binhop,...|all]
#            [--bench stride,fft,triad,sparse,reuse] [--cmdline "k=v ..."]
#            [--timeout 3600] [--outdir DIR] [--no-plots]
#
# Kernel command line: run-cachesim.sh's (bench_min=16K bench_max=2*SIZE ...)
# plus "bench_policies=POLICIES" and the --cmdline text (which wins).
# POLICIES defaults to all: every policy of the kernel's registry
# (mm/placement/registry.h, read by policies.py --registry), so a new policy
# is run with no edit here. A name the registry lacks is refused here; a
# policy this kernel build does not have is refused by the kernel, and the
# table starts with a line saying so.
# Exit status 1 when the boot failed, the kernel reported failures, or the
# table lacks a policy x workload x working set (or runs) it asked for: the
# table then has a "missing: ..." line for each (policies.py).
# OUTDIR (default build/cachesim/policies-<SIZE>-<WAYS>way-<LINE>B): the
# run-cachesim files (serial.log, sim.txt, ...), policies.txt (the table),
# policies.csv, policies_<workload>.png.
set -euo pipefail
# Dies with its parent (make killed, even by SIGKILL: setpriv --pdeathsig);
# run-qemu.sh, its child, then stops QEMU.
if [ "${PAGECOLOR_RUNPOLICIES_PID:-}" != "$$" ] && command -v setpriv >/dev/null 2>&1; then
	PAGECOLOR_RUNPOLICIES_PID=$$ exec setpriv --pdeathsig TERM -- bash "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
size=2M ways=1 line=64 runs=5 mem=256M l1=32K seed=1 timeout=3600 outdir= extra= plots=yes
policies=all
bench=stride,fft,triad,sparse,reuse
while [ $# -gt 0 ]; do
	case "$1" in
	--size) size=$2; shift 2 ;;
	--ways) ways=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--policies) policies=$2; shift 2 ;;
	--bench) bench=$2; shift 2 ;;
	--cmdline) extra=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--outdir) outdir=$2; shift 2 ;;
	--no-plots) plots=no; shift ;;
	*) echo "run-policies.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
known=$("${PYTHON:-/usr/bin/python3}" "$here/policies.py" --registry) ||
	{ echo "run-policies.sh: cannot read the policies from mm/placement/registry.h" >&2; exit 2; }
[ "$policies" = all ] && policies=$known
IFS=, read -r -a plist <<<"$policies"
[ ${#plist[@]} -gt 0 ] || { echo "run-policies.sh: --policies is empty" >&2; exit 2; }
for p in "${plist[@]}"; do
	case ",$known," in
	*",$p,"*) ;;
	*) echo "run-policies.sh: unknown policy '$p' (accepted: $known, or all)" >&2; exit 2 ;;
	esac
done
outdir=${outdir:-$root/build/cachesim/policies-${size}-${ways}way-${line}B}
mkdir -p "$outdir"
echo "run-policies: policies $policies; workloads $bench; one boot" >&2
rc=0 prc=0
"$here/run-cachesim.sh" --size "$size" --ways "$ways" --line "$line" --runs "$runs" --mem "$mem" --l1 "$l1" \
	--seed "$seed" --bench "$bench" --timeout "$timeout" --outdir "$outdir" \
	--cmdline "bench_policies=$policies${extra:+ $extra}" >"$outdir/run-cachesim.txt" 2>&1 || rc=$?
if [ ! -s "$outdir/sim.txt" ] || ! grep -q '^@final' "$outdir/serial.log" 2>/dev/null; then
	if [ "$rc" = 2 ]; then # refused before booting: say why
		cat "$outdir/run-cachesim.txt" >&2
		echo "run-policies: refused before booting (run-cachesim.sh status 2)" >&2
		exit 2
	fi
	echo "run-policies: the boot failed (run-cachesim.sh status $rc); see $outdir/run-cachesim.txt" >&2
	tail -20 "$outdir/run-cachesim.txt" >&2
	exit 1
fi
# what was asked, so that the table says what it lacks (policies.py exits 3 then)
args=(--csv "$outdir/policies.csv" --policies "$policies" --workloads "$bench" --runs "$runs")
[ "$plots" = yes ] && args+=(--plots "$outdir/policies")
{
	echo "# make run-policies CACHE_SIZE=$size CACHE_WAYS=$ways LINE=$line RUNS=$runs MEM=$mem SEED=$seed"
	echo "# kernel: $(head -1 "$outdir/cmdline.txt")"
	# the plugin's geometry and the guest CPU, for policies.py --from-csv (plot titles)
	echo "# $(grep -m1 '^plugin:' "$outdir/cmdline.txt")"
	echo "# $(grep -m1 '^@header' "$outdir/serial.log")"
	echo "# QEMU run: $(cat "$outdir/elapsed.txt") s; median and sample sd over the runs of each point"
	"${PYTHON:-/usr/bin/python3}" "$here/policies.py" "${args[@]}" "$outdir/serial.log" "$outdir/sim.txt" || prc=$?
} >"$outdir/policies.txt"
cat "$outdir/policies.txt"
grep -E '^@final' "$outdir/serial.log" >&2 || true
echo "run-policies: wrote $outdir/{policies.txt,policies.csv${plots:+,policies_*.png}}" >&2
if [ "$prc" != 0 ]; then
	echo "run-policies: the table is incomplete or could not be made (policies.py status $prc; see its 'missing:' lines)" >&2
	exit 1
fi
grep -q '^@final status=ok' "$outdir/serial.log" || { echo "run-policies: the kernel reported failures" >&2; exit 1; }
