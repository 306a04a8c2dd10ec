#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/cachesim/sweep.sh - `make sweep`: a matrix of caches x placement
# policies x workloads x seeds, one boot under the cache model per cell
# (tools/cachesim/sweep-cell.sh), run by GNU parallel on this machine (-j)
# or on several (--sshloginfile), then merged into one CSV, a table and plots
# by `tools/pagecolor-report --sweep DIR`.
#
# usage: sweep.sh [--caches "ds10 skylake zen2"] [--policies "buddy binhop"|all]
#            [--workloads "stride fft triad sparse reuse"] [--seeds "1 2 3"] [--runs 3] [--jobs 2]
#            [--hosts FILE] [--remote-dir DIR] [--retries 1] [--resume]
#            [--dir build/sweep] [--mem 256M] [--l1 32K] [--line 64]
#            [--timeout 1800] [--cmdline "k=v ..."] [--classify off|on] [--dry-run]
#
# Lists take spaces or commas. A cache is SIZE-WAYSway or a preset name
# (run-cachesim.sh --cache; tools/cachesim/presets.py list), whose cells run
# with --classify (default off: the 3C split costs 2-3x and the merge does
# not read it). Each cell's values are judged by the cell itself
# (the kernel's parser, the model's geometry check) before its boot: a refused
# value costs that cell, not the sweep, and the report names it.
#
# GNU parallel does the running: -j (--jobs) boots at a time per machine,
# --joblog DIR/joblog (one row per cell: host, seconds, exit status, signal),
# --retries (a failed cell is run again, on another machine when there is
# one), --resume-failed (--resume: the cells that failed or never ran, same
# matrix, same DIR), --sshloginfile (--hosts) with --workdir (--remote-dir,
# default this tree's path) and --return (each cell's directory comes back
# with rsync). What each machine needs: tools/cachesim/README.md, "Sweeps".
#
# DIR (default build/sweep; relative to the tree's top with --hosts):
#   matrix.tsv   the cells, one line each, in parallel's job order (Seq)
#   joblog       parallel's job log
#   cells/CACHE/POLICY/WORKLOAD/seedN/   each cell's files (sweep-cell.sh)
#   sweep.txt, sweep.csv, sweep_<workload>.png   the merge (pagecolor-report --sweep)
# Exit status: 0 when every cell was merged; 1 when a cell was lost (failed,
# killed or never run: sweep.txt names each); 2 on bad usage.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
caches="ds10 skylake zen2" policies=all workloads="stride fft triad sparse reuse" seeds="1 2 3" runs=3 jobs=2 hosts= remotedir=
retries=1 resume= dir=build/sweep mem=256M l1=32K line=64 timeout=1800 extra= dry= classify=off
while [ $# -gt 0 ]; do
	case "$1" in
	--caches) caches=$2; shift 2 ;;
	--policies) policies=$2; shift 2 ;;
	--workloads) workloads=$2; shift 2 ;;
	--seeds) seeds=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	--hosts) hosts=$2; shift 2 ;;
	--remote-dir) remotedir=$2; shift 2 ;;
	--retries) retries=$2; shift 2 ;;
	--resume) resume=1; shift ;;
	--dir) dir=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--l1) l1=$2; shift 2 ;;
	--line) line=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--cmdline) extra=$2; shift 2 ;;
	--classify) classify=$2; shift 2 ;;
	--dry-run) dry=1; shift ;;
	*) echo "sweep.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
cd "$root"
command -v parallel >/dev/null || { echo "sweep.sh: GNU parallel missing (tools/deps.sh cachesim installs it)" >&2; exit 2; }

# a list from spaces or commas
words() { tr -s ', \t' '\n' <<<"$1" | grep . || true; }
[ "$(tr -d ' ,' <<<"$policies")" != all ] || policies=$("${PYTHON:-/usr/bin/python3}" "$here/policies.py" --registry)
mapfile -t C < <(words "$caches")
mapfile -t P < <(words "$policies")
mapfile -t W < <(words "$workloads")
mapfile -t S < <(words "$seeds")
for v in CACHES:${#C[@]} POLICIES:${#P[@]} WORKLOADS:${#W[@]} SEEDS:${#S[@]}; do
	[ "${v#*:}" != 0 ] || { echo "sweep.sh: ${v%:*} is empty" >&2; exit 2; }
done
for v in CACHES:"${C[*]}" POLICIES:"${P[*]}" WORKLOADS:"${W[*]}" SEEDS:"${S[*]}"; do
	# the same value twice would be two cells writing one directory
	twice=$(tr ' ' '\n' <<<"${v#*:}" | sort | uniq -d | head -1)
	[ -z "$twice" ] || { echo "sweep.sh: ${v%%:*}: '$twice' given twice" >&2; exit 2; }
done
for v in "${C[@]}" "${P[@]}" "${W[@]}" "${S[@]}"; do
	# a cell's directory is cells/CACHE/POLICY/WORKLOAD/seedN: one path component each
	[[ "$v" =~ ^[A-Za-z0-9._+-]+$ ]] ||
		{ echo "sweep.sh: '$v' rejected: a matrix value is letters, digits and . _ + - only" >&2; exit 2; }
done
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "sweep.sh: SWEEP_JOBS='$jobs' rejected: accepted: a number >= 1" >&2; exit 2; }
[[ "$retries" =~ ^[1-9][0-9]*$ ]] ||
	{ echo "sweep.sh: SWEEP_RETRIES='$retries' rejected: accepted: a number >= 1 (1: no second try)" >&2; exit 2; }
case "$dir" in
"$root"/*) dir=${dir#"$root"/} ;;
/*) [ -z "$hosts" ] || { echo "sweep.sh: SWEEP_DIR='$dir' rejected with SWEEP_HOSTS: give a path inside the tree (the remote machines write it under --remote-dir)" >&2; exit 2; } ;;
esac
if [ -n "$hosts" ] && [ ! -r "$hosts" ]; then
	echo "sweep.sh: SWEEP_HOSTS='$hosts': no such file (parallel's --sshloginfile: one [N/][user@]host a line, ':' this machine)" >&2
	exit 2
fi
# parallel's --workdir is every machine's, this one's too (a ':' line)
if [ -n "$hosts" ] && [ -n "$remotedir" ] && [ "$remotedir" != "$root" ] &&
	grep -qE '^[[:space:]]*([0-9]+/)?:[[:space:]]*$' "$hosts"; then
	echo "sweep.sh: SWEEP_HOSTS='$hosts' lists this machine (':') and SWEEP_REMOTE_DIR='$remotedir' is not this tree ($root): parallel runs every machine's cells there; put the tree at one path on every machine, or leave ':' out" >&2
	exit 2
fi

matrix=$(for c in "${C[@]}"; do for p in "${P[@]}"; do for w in "${W[@]}"; do for s in "${S[@]}"; do
	printf '%s\t%s\t%s\t%s\n' "$c" "$p" "$w" "$s"; done; done; done; done)
n=$(grep -c . <<<"$matrix")
cell=(tools/cachesim/sweep-cell.sh --outdir "$dir/cells/{1}/{2}/{3}/seed{4}" --runs "$runs" --mem "$mem"
	--l1 "$l1" --line "$line" --timeout "$timeout" --cmdline "$extra" --classify "$classify" '{1}' '{2}' '{3}' '{4}')
if [ -n "$dry" ]; then # each cell's command, and nothing written
	echo "sweep: ${#C[@]} caches x ${#P[@]} policies x ${#W[@]} workloads x ${#S[@]} seeds = $n boots (dry run)" >&2
	exec parallel --will-cite -q --colsep '\t' --dry-run "${cell[@]}" <<<"$matrix"
fi
mkdir -p "$dir"
conf=$(
	echo "caches=${C[*]}"; echo "policies=${P[*]}"; echo "workloads=${W[*]}"; echo "seeds=${S[*]}"
	echo "runs=$runs mem=$mem l1=$l1 line=$line timeout=$timeout classify=$classify cmdline=$extra"
)
if [ -n "$resume" ]; then
	# parallel resumes by job number: the matrix must be the one the job log counts
	[ -s "$dir/joblog" ] && [ -f "$dir/matrix.tsv" ] ||
		{ echo "sweep.sh: SWEEP_RESUME=1: $dir has no sweep to resume (no joblog or matrix.tsv)" >&2; exit 2; }
	[ "$matrix" = "$(cat "$dir/matrix.tsv")" ] ||
		{ echo "sweep.sh: SWEEP_RESUME=1: the matrix differs from the one in $dir/matrix.tsv (give the same CACHES, POLICIES, WORKLOADS, SEEDS, or resume nothing)" >&2; exit 2; }
	# the cells run again must be run as the others were
	[ ! -f "$dir/sweep.conf" ] || [ "$conf" = "$(cat "$dir/sweep.conf")" ] ||
		{ echo "sweep.sh: SWEEP_RESUME=1: the settings differ from the sweep's ($dir/sweep.conf: RUNS, MEM, L1, LINE, SWEEP_TIMEOUT, CLASSIFY, CMDLINE): give the same" >&2; diff <(echo "$conf") "$dir/sweep.conf" >&2 || true; exit 2; }
else
	rm -f "$dir/joblog" "$dir/sweep.txt" "$dir/sweep.csv" "$dir"/sweep_*.png
	echo "$matrix" >"$dir/matrix.tsv"
fi
echo "$conf" >"$dir/sweep.conf"

par=(parallel --will-cite -q --colsep '\t' -a "$dir/matrix.tsv" --joblog "$dir/joblog" -j "$jobs"
	--retries "$retries" --halt never)
[ -z "$resume" ] || par+=(--resume-failed)
where="on this machine, $jobs at a time"
if [ -n "$hosts" ]; then
	par+=(--sshloginfile "$hosts" --workdir "${remotedir:-$root}" --return "$dir/cells/{1}/{2}/{3}/seed{4}")
	where="on the machines of $hosts ($jobs at a time each, unless a line says N/host)"
fi
echo "sweep: ${#C[@]} caches x ${#P[@]} policies x ${#W[@]} workloads x ${#S[@]} seeds = $n boots, $where; $dir/" >&2
prc=0
"${par[@]}" "${cell[@]}" || prc=$?
mrc=0
"$root/tools/pagecolor-report" --sweep "$dir" || mrc=$?
[ "$mrc" = 0 ] || exit 1
# every cell merged, yet parallel failed: say it (never expected)
[ "$prc" = 0 ] || { echo "sweep: GNU parallel ended with status $prc although every cell was merged" >&2; exit 1; }
