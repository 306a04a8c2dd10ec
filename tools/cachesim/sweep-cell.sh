#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/sweep-cell.sh - one cell of `make sweep`: one boot under the
# cache model (tools/cachesim/run-cachesim.sh) with one cache, one placement
# policy, one workload and one seed, then its table (policies.py) as
# OUTDIR/policies.csv. GNU parallel runs one of these per cell (sweep.sh);
# it may run on another machine (parallel --sshloginfile), from the tree's top.
#
# usage: sweep-cell.sh --outdir DIR CACHE POLICY WORKLOAD SEED
#            [--runs 3] [--mem 256M] [--l1 32K] [--line 64] [--timeout 1800]
#            [--cmdline "k=v ..."] [--classify off|on]
#
# CACHE: SIZE-WAYSway (e.g. 2M-1way, 256K-4way: run-cachesim.sh --size --ways)
#   or a preset name (run-cachesim.sh --cache NAME --classify off|on: the
#   preset's whole hierarchy; --line and --l1 are then the preset's).
# Kernel command line: run-cachesim.sh's, with bench=WORKLOAD seed=SEED
#   bench_policies=POLICY, then the --cmdline text (which wins).
# OUTDIR gets run-cachesim.sh's files (serial.log, sim.txt, raw.csv, ...; not
#   its run.iso),
#   cell.log (everything this cell printed), policies.txt and policies.csv
#   (one row per policy x workload x working set, medians over the runs),
#   cell.txt (the cell's axes, one key=value line).
# Exit status: 0 when the table holds every working set with every run;
#   2 when a value was refused before booting; 1 otherwise (the boot failed,
#   the kernel reported failures, or the table lacks something). The last
#   line on stderr says why (sweep.sh's report quotes it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
runs=3 mem=256M l1=32K line=64 timeout=1800 extra= outdir= classify=off
args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--outdir) outdir=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--cmdline) extra=$2; shift 2 ;;
	--classify) classify=$2; shift 2 ;;
	--*) echo "sweep-cell.sh: unknown option '$1'" >&2; exit 2 ;;
	*) args+=("$1"); shift ;;
	esac
done
[ ${#args[@]} = 4 ] && [ -n "$outdir" ] ||
	{ echo "sweep-cell.sh: usage: sweep-cell.sh --outdir DIR CACHE POLICY WORKLOAD SEED [options]" >&2; exit 2; }
cache=${args[0]} policy=${args[1]} workload=${args[2]} seed=${args[3]}
mkdir -p "$outdir"
# nothing of an earlier run of this cell may pass for this one's
rm -f "$outdir/policies.csv" "$outdir/policies.txt" "$outdir/cell.txt" "$outdir/sim.txt" "$outdir/serial.log"
exec 3>&2 # the cell's own stderr: its one-line verdict goes there too
exec >"$outdir/cell.log" 2>&1
say() { echo "$*"; echo "$*" >&3; }

geometry=()
if [[ "$cache" =~ ^([0-9]+[KkMm]?)-([0-9]+)way$ ]]; then
	geometry=(--size "${BASH_REMATCH[1]}" --ways "${BASH_REMATCH[2]}" --line "$line" --l1 "$l1")
elif grep -q -- '--cache)' "$here/run-cachesim.sh"; then
	geometry=(--cache "$cache" --classify "$classify")
else
	say "sweep-cell: cache '$cache' (CACHES=) rejected: accepted: SIZE-WAYSway (e.g. 2M-1way, 256K-4way); preset names need run-cachesim.sh --cache, which this tree lacks"
	exit 2
fi
printf 'cache=%s policy=%s workload=%s seed=%s runs=%s host=%s\n' "$cache" "$policy" "$workload" "$seed" \
	"$runs" "$(hostname)" >"$outdir/cell.txt"

start=$(date +%s)
rc=0
"$here/run-cachesim.sh" "${geometry[@]}" --runs "$runs" --mem "$mem" --l1 "$l1" --seed "$seed" \
	--bench "$workload" --timeout "$timeout" --outdir "$outdir" \
	--cmdline "bench_policies=$policy${extra:+ $extra}" || rc=$?
# the boot's ISO (21 MB, made again from cmdline.txt by any run) would be most
# of what a sweep keeps, and of what --return copies back from other machines
rm -rf "$outdir/run.iso" "$outdir/iso-run"
if [ "$rc" = 2 ]; then
	say "sweep-cell: $cache $policy $workload seed=$seed: $(grep -v '^run-cachesim: ' "$outdir/cell.log" | grep . | tail -1)"
	exit 2
fi
if [ ! -s "$outdir/sim.txt" ] || ! grep -q '^@final' "$outdir/serial.log" 2>/dev/null; then
	# run-qemu.sh's own words (time-out, no report from the kernel, ...), cut at the first ';'
	why=$(grep -m1 '^run-qemu.sh: ' "$outdir/cell.log" | cut -d';' -f1 || true)
	say "sweep-cell: $cache $policy $workload seed=$seed: the boot failed (run-cachesim.sh status $rc)${why:+: $why}"
	exit 1
fi
prc=0
"${PYTHON:-/usr/bin/python3}" "$here/policies.py" --csv "$outdir/policies.csv" --policies "$policy" --workloads "$workload" \
	--runs "$runs" "$outdir/serial.log" "$outdir/sim.txt" >"$outdir/policies.txt" || prc=$?
cat "$outdir/policies.txt"
elapsed=$(($(date +%s) - start))
if [ "$prc" != 0 ]; then
	say "sweep-cell: $cache $policy $workload seed=$seed: the table is incomplete (policies.py status $prc): $(grep -m1 -E '^(missing|policy|kernel said)' "$outdir/policies.txt" || echo 'see policies.txt')"
	exit 1
fi
if ! grep -q '^@final status=ok' "$outdir/serial.log"; then
	say "sweep-cell: $cache $policy $workload seed=$seed: the kernel reported failures: $(grep -m1 '^@final' "$outdir/serial.log")"
	exit 1
fi
say "sweep-cell: $cache $policy $workload seed=$seed: ok, $(($(wc -l <"$outdir/policies.csv") - 1)) rows, ${elapsed} s on $(hostname)"
