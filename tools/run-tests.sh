#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/run-tests.sh host|boot|all [HOST_TEST_BINARIES...]
#
# Runs the test suites and prints one summary: each suite's result, then a
# final line "tests: N passed, N failed" counting test cases.
#   host     cmocka unit tests of mm/ and kernel/ (ASan+UBSan builds)
#   boot     QEMU boot tests (tests/boot, pytest; without those marked long)
#   all      host + cache model + zoneinfo + fuzz-quick (10 s a target) + fuzz-bugs-quick + format + spdx + layers + report
#            + matrix-quick + cachesim, and beside them (in the background) boot
set -uo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
shift || true
PY=/usr/bin/python3
passed=0 failed=0
summary=()
logdir=build/test-logs
mkdir -p "$logdir"

# record NAME STATUS PASSED FAILED
record() {
	passed=$((passed + $3))
	failed=$((failed + $4))
	summary+=("$(printf '%-28s %-4s %4d passed, %d failed' "$1" "$2" "$3" "$4")")
	# one line per suite as it finishes, so a long run shows progress
	printf '  %s  (%ds)\n' "${summary[-1]}" $((SECONDS - suite_start))
	suite_start=$SECONDS
	if [ -n "${bg_records:-}" ]; then printf '%s %s %s %s\n' "$1" "$2" "$3" "$4" >>"$bg_records"; fi
}
suite_start=$SECONDS

# A cmocka binary: counts from its "[  PASSED  ] N test(s)" / "[  FAILED  ] N" lines.
run_cmocka() {
	local bin=$1 name log p f rc
	name=$(basename "$bin")
	log=$logdir/$name.log
	"$bin" >"$log" 2>&1
	rc=$?
	p=$(grep -oE '^\[  PASSED  \] [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
	f=$(grep -oE '^\[  FAILED  \] [0-9]+ test' "$log" | grep -oE '[0-9]+' | tail -1)
	p=${p:-0} f=${f:-0}
	if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
	[ $rc -eq 0 ] && record "$name" ok "$p" "$f" || { record "$name" FAIL "$p" "$f"; tail -40 "$log"; }
}

# A pytest directory (then more pytest arguments): counts from pytest's summary line.
run_pytest() {
	local name=$1 dir=$2 log p f rc
	shift 2
	log=$logdir/$name.log
	$PY -m pytest -q -p no:cacheprovider "$@" "$dir" >"$log" 2>&1
	rc=$?
	# pytest's last line: "N failed, M passed[, K errors] in 1.23s"
	local last
	last=$(grep -E ' in [0-9.]+s' "$log" | tail -1)
	p=$(echo "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
	f=$(echo "$last" | grep -oE '[0-9]+ (failed|errors?)' | awk '{s+=$1} END {print s+0}')
	p=${p:-0}
	if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
	[ $rc -eq 0 ] && record "$name" ok "$p" "$f" || { record "$name" FAIL "$p" "$f"; tail -60 "$log"; }
}

# A make target that is one test (exit status decides).
run_make() {
	local name=$1 target=$2 log
	log=$logdir/$name.log
	if make --no-print-directory "$target" >"$log" 2>&1; then
		record "$name" ok 1 0
	else
		record "$name" FAIL 0 1
		tail -40 "$log"
	fi
}

has_target() { make -n "$1" >/dev/null 2>&1; }

# The QEMU suites (boot, matrix-quick, cachesim) are mostly one emulator
# thread at a time: under "all" the boot suite, the longest, runs in the
# background beside the host suites (cmocka, fuzzing, ...), and matrix-quick
# and cachesim run after the host suites in the foreground, so make test
# keeps both cores busy until near its end. The background lines appear as
# they finish; their counts are added at the end.
boot_suite() {
	# the tests marked long run in make test-long
	run_pytest boot tests/boot -m "not long"
}
other_qemu_suites() {
	if has_target test-matrix-quick; then run_make matrix-quick test-matrix-quick; fi
	if [ -d tests/cachesim ] && has_target cachesim; then
		make --no-print-directory cachesim >/dev/null 2>&1 && run_pytest cachesim tests/cachesim ||
			record cachesim FAIL 0 1
	fi
}
bg_pid=
if [ "$mode" = all ]; then
	bg_file=$logdir/qemu-suites.records
	: >"$bg_file"
	(
		bg_records=$bg_file
		suite_start=$SECONDS
		boot_suite
	) &
	bg_pid=$!
fi

if [ "$mode" = host ] || [ "$mode" = all ]; then
	for t in "$@"; do run_cmocka "$t"; done
fi
if [ "$mode" = all ]; then
	if has_target build/cachesim/test_cache_model; then
		make --no-print-directory build/cachesim/test_cache_model >/dev/null 2>&1 &&
			run_cmocka build/cachesim/test_cache_model || record cache_model FAIL 0 1
	fi
	if has_target build/cachesim/test_task_attr; then
		make --no-print-directory build/cachesim/test_task_attr >/dev/null 2>&1 &&
			run_cmocka build/cachesim/test_task_attr || record task_attr FAIL 0 1
	fi
	if [ -d tests/zoneinfo ] && has_target build/zoneinfo; then
		make --no-print-directory build/zoneinfo >"$logdir/zoneinfo-build.log" 2>&1 &&
			run_pytest zoneinfo tests/zoneinfo || record zoneinfo FAIL 0 1
	fi
	# a quick slice: 10 s per target (make test-long: 60 s)
	if has_target fuzz-quick; then FUZZ_SECONDS=${FUZZ_SECONDS:-10} run_make fuzz-quick fuzz-quick; fi
	if has_target fuzz-bugs-quick; then run_make fuzz-bugs-quick fuzz-bugs-quick; fi
	if has_target test-copy32; then run_make copy32 test-copy32; fi
	run_make format-check format-check
	run_make spdx spdx-check
	run_pytest layers tests/layers
	run_pytest report tests/report
	other_qemu_suites
fi
if [ "$mode" = boot ]; then
	boot_suite
fi
if [ -n "$bg_pid" ]; then
	wait "$bg_pid"
	# the background suites' results, counted here (their lines were printed)
	while read -r name status p f; do
		passed=$((passed + p))
		failed=$((failed + f))
		summary+=("$(printf '%-28s %-4s %4d passed, %d failed' "$name" "$status" "$p" "$f")")
	done <"$bg_file"
	if ! grep -q '^boot ' "$bg_file"; then # the background job died before recording
		summary+=("$(printf '%-28s %-4s %4d passed, %d failed' qemu-suites FAIL 0 1)")
		failed=$((failed + 1))
	fi
fi

echo
echo "test summary (logs in $logdir):"
printf '  %s\n' "${summary[@]}"
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
