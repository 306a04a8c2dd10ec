#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/fuzz/fuzz-speed.sh BINARY SECONDS OUTDIR - executions per second of
# the allocator fuzz target in each check mode (make fuzz-speed).
#
# Every mode starts from a copy of the seed corpus with libFuzzer -seed=1 and
# runs SECONDS; the inputs then drift apart as coverage differs. Prints per
# mode one line
#   @fuzzspeed target=alloc mode=M execs=N seconds=S cpu_seconds=C execs_per_s=X execs_per_cpu_s=Y
# and then the speedup of incremental over full. execs_per_s is wall-clock;
# execs_per_cpu_s (user + system time of the fuzzer) is steadier on a loaded
# machine. Modes: full (mm_check() after every op, free_area_init() per input:
# the target's old behaviour), full-restore (the same check, the node copied
# back instead of rebuilt), incremental (the default). A figure, not a test.
set -uo pipefail
bin=$1 secs=$2 out=$3
rm -rf "$out"
mkdir -p "$out"
TIMEFORMAT='%R %U %S'
for m in full:init full:restore incremental:restore; do
	chk=${m%%:*} reb=${m#*:} name=$chk
	[ "$m" = full:restore ] && name=full-restore
	cp -r tests/fuzz/corpus/alloc "$out/$name"
	t=$({ time FUZZ_ALLOC_CHECK=$chk FUZZ_ALLOC_REBUILD=$reb "$bin" -seed=1 -max_total_time="$secs" \
		-print_final_stats=1 -timeout=30 -rss_limit_mb=2048 -artifact_prefix="$out/$name-" "$out/$name" \
		>"$out/$name.log" 2>&1; } 2>&1) || {
		echo "fuzz-speed: mode $name failed:"
		tail -20 "$out/$name.log"
		exit 1
	}
	n=$(grep -oE 'number_of_executed_units: [0-9]+' "$out/$name.log" | grep -oE '[0-9]+$')
	echo "$t" | awk -v m="$name" -v n="$n" '{ printf "@fuzzspeed target=alloc mode=%s execs=%d seconds=%.1f cpu_seconds=%.1f execs_per_s=%.0f execs_per_cpu_s=%.0f\n", m, n, $1, $2 + $3, n / $1, n / ($2 + $3) }' |
		tee -a "$out/summary"
done
awk '/mode=full / { split($0, a, /execs_per_s=| execs_per_cpu_s=/); fw = a[2]; fc = a[3] }
     /mode=incremental / { split($0, a, /execs_per_s=| execs_per_cpu_s=/); iw = a[2]; ic = a[3] }
     END { printf "@fuzzspeed target=alloc speedup_wall=%.1f speedup_cpu=%.1f (incremental / full)\n", iw / fw, ic / fc }' "$out/summary"
