#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/dev/run-tests.sh host|boot|all [HOST_TEST_BINARIES...]
#
# Runs the test suites and prints one summary: each suite's result, then a
# final line "tests: N passed, N failed" counting test cases.
#   host     cmocka unit tests of mm/ and kernel/ (ASan+UBSan builds; build/h8/: with 8 KiB pages)
#   boot     QEMU boot tests (tests/boot, pytest; without those marked long)
#   all      boot + host + cache model + zoneinfo + fuzz-quick (4 s a target; 8 KiB pages: 2 s) + fuzz-bugs-quick + format + spdx
#            + layers + report + matrix-quick + cachesim
#
# The suites run TEST_JOBS (default 3) at a time: three workers take the
# next suite from one list, longest first, so both cores stay busy until near
# the end (three on 2 cores: the suites wait too, for QEMU to start, for a
# killed run, for gdb, and a third worker fills those gaps: 92 s wall instead
# of 109-111 with two, docs/hacking.md) (the boot suite is cut in three parts for it: tests/boot/test_*.py by
# file, see boot_parts). What the suites need is built first, once, so that
# no two suites build the same file at the same time.
set -uo pipefail
cd "$(dirname "$0")/../.."
mode=${1:-all}
shift || true
# the Python the Makefile names (PYTHON ?= /usr/bin/python3, exported), or
# the caller's PYTHON when run by hand
PY=${PYTHON:-/usr/bin/python3}
logdir=build/test-logs
mkdir -p "$logdir"

records=$logdir/records
: >"$records"
jobs=${TEST_JOBS:-3}
[[ "$jobs" =~ ^[1-9][0-9]?$ ]] || { echo "run-tests.sh: TEST_JOBS='$jobs' rejected: accepted: 1..99" >&2; exit 2; }

# record NAME STATUS PASSED FAILED SECONDS: one line per suite as it finishes
# (so a long run shows progress), and into $records for the summary
record() {
	printf '  %-28s %-4s %4d passed, %d failed  (%ds)\n' "$1" "$2" "$3" "$4" "$5"
	printf '%s %s %s %s\n' "$1" "$2" "$3" "$4" >>"$records"
}

# A cmocka binary: counts from its "[  PASSED  ] N test(s)" / "[  FAILED  ] N" lines.
run_cmocka() {
	local bin=$1 name log p f rc t0=$SECONDS
	name=$(basename "$bin")
	case $bin in */h8/*) name=h8/$name ;; esac # the host suites with 8 KiB pages (Makefile: HOST8_TESTS)
	log=$logdir/${name//\//-}.log
	"$bin" >"$log" 2>&1
	rc=$?
	p=$(grep -oE '^\[  PASSED  \] [0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
	f=$(grep -oE '^\[  FAILED  \] [0-9]+ test' "$log" | grep -oE '[0-9]+' | tail -1)
	p=${p:-0} f=${f:-0}
	if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
	[ $rc -eq 0 ] && record "$name" ok "$p" "$f" $((SECONDS - t0)) ||
		record "$name" FAIL "$p" "$f" $((SECONDS - t0)) "$log"
}

# A pytest run: NAME, then pytest's arguments; counts from pytest's summary line.
run_pytest() {
	local name=$1 log p f rc last t0=$SECONDS
	shift
	log=$logdir/$name.log
	"$PY" -m pytest -q -p no:cacheprovider "$@" >"$log" 2>&1
	rc=$?
	# pytest's last line: "N failed, M passed[, K errors] in 1.23s"
	last=$(grep -E ' in [0-9.]+s' "$log" | tail -1)
	p=$(echo "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
	f=$(echo "$last" | grep -oE '[0-9]+ (failed|errors?)' | awk '{s+=$1} END {print s+0}')
	p=${p:-0}
	if [ $rc -ne 0 ] && [ "$f" = 0 ]; then f=1; fi
	[ $rc -eq 0 ] && record "$name" ok "$p" "$f" $((SECONDS - t0)) ||
		record "$name" FAIL "$p" "$f" $((SECONDS - t0))
}

# A make target that is one test (exit status decides).
run_make() {
	local name=$1 target=$2 log t0=$SECONDS
	log=$logdir/$name.log
	if make --no-print-directory "$target" >"$log" 2>&1; then
		record "$name" ok 1 0 $((SECONDS - t0))
	else
		record "$name" FAIL 0 1 $((SECONDS - t0))
	fi
}

# the targets make knows (its database, read once: a `make -n` per target
# cost a make start each)
make_db=$(make -npq --no-print-directory -f Makefile .run-tests-none 2>/dev/null)
has_target() { grep -q -E "^${1//./\\.}:( |$)" <<<"$make_db"; }

# The boot suite (tests/boot, without the tests marked long: make test-long)
# in three parts that can run side by side. boot-make: the files whose tests
# run make run / make gdb (they share build/run.iso, build/run.log and
# build/run/, so they stay in one pytest, one test at a time); boot-a: the
# files listed; boot-b: every other file (a new file lands there).
BOOT_MAKE="test_run_tools.py test_run_model.py test_cmdline_run.py test_gdb.py"
BOOT_A="test_small.py test_mobility.py test_smp.py test_boot.py test_messages.py test_faults.py test_bench_results.py"
boot_part() {
	local part=$1 f files=()
	for f in tests/boot/test_*.py; do
		case " $BOOT_MAKE " in *" ${f##*/} "*) [ "$part" = boot-make ] && files+=("$f"); continue ;; esac
		case " $BOOT_A " in *" ${f##*/} "*) [ "$part" = boot-a ] && files+=("$f"); continue ;; esac
		[ "$part" = boot-b ] && files+=("$f")
	done
	[ ${#files[@]} -gt 0 ] || return 0
	run_pytest "$part" -m "not long" "${files[@]}"
}

# The suites, longest first (figures: seconds on an idle 2-core machine).
items=()
if [ "$mode" = boot ] || [ "$mode" = all ]; then
	items+=("boot_part boot-make" "boot_part boot-a" "boot_part boot-b")
fi
if [ "$mode" = all ]; then
	# the cache model's suite in two parts too: its longest boots, the rest
	if [ -d tests/cachesim ] && has_target cachesim; then
		items+=("run_pytest cachesim-a tests/cachesim/test_reduced.py tests/cachesim/test_phase_ids.py"
			"run_pytest cachesim-b tests/cachesim --deselect tests/cachesim/test_reduced.py --deselect tests/cachesim/test_phase_ids.py")
	fi
	# a quick slice: 4 s per target (make test-long: 60 s)
	if has_target fuzz-quick; then items+=("FUZZ_SECONDS=\${FUZZ_SECONDS:-4} run_make fuzz-quick fuzz-quick"); fi
	# the memory manager's targets with 8 KiB pages, 2 s each (make test-long: 60 s)
	if has_target fuzz-quick8; then items+=("FUZZ_SECONDS=\${FUZZ_SECONDS8:-2} run_make fuzz-quick8 fuzz-quick8"); fi
	items+=("run_pytest report tests/report")
	if has_target test-matrix-quick; then items+=("run_make matrix-quick test-matrix-quick"); fi
	if has_target fuzz-bugs-quick; then items+=("run_make fuzz-bugs-quick fuzz-bugs-quick"); fi
fi
if [ "$mode" = host ] || [ "$mode" = all ]; then
	for t in "$@"; do items+=("run_cmocka $t"); done
fi
if [ "$mode" = all ]; then
	if has_target build/cachesim/test_cache_model; then items+=("run_cmocka build/cachesim/test_cache_model"); fi
	if has_target build/cachesim/test_task_attr; then items+=("run_cmocka build/cachesim/test_task_attr"); fi
	if [ -d tests/zoneinfo ] && has_target build/zoneinfo; then items+=("run_pytest zoneinfo tests/zoneinfo"); fi
	if has_target test-copy32; then items+=("run_make copy32 test-copy32"); fi
	items+=("run_make format-check format-check" "run_make spdx spdx-check" "run_pytest layers tests/layers")
fi

# What the suites build for themselves, built here first (make -j), since
# two suites side by side must not build the same files at once.
prebuild=()
if [ "$mode" = boot ] || [ "$mode" = all ]; then
	for t in cachesim build/cmdline-check build/alpha/cmdline-check build/kernel-hiboot.elf; do has_target "$t" && prebuild+=("$t"); done
fi
if [ "$mode" = all ]; then
	for t in build/cachesim/test_cache_model build/cachesim/test_task_attr build/zoneinfo fuzz-build \
		build/fuzz/fuzz_alloc build/fuzz/fuzz8_alloc build/fuzz/fuzz8_memmap $(sed -n 's/^FUZZ_BUG_BINS := //p' <<<"$make_db") build/h32/copy32; do
		has_target "$t" && prebuild+=("$t")
	done
fi
if [ ${#prebuild[@]} -gt 0 ] && ! make --no-print-directory -j"$jobs" "${prebuild[@]}" >"$logdir/prebuild.log" 2>&1; then
	record prebuild FAIL 0 1 0
	tail -40 "$logdir/prebuild.log"
fi

# $jobs workers; each takes the next item of the list until none is left
qpos=$logdir/queue.pos
echo 0 >"$qpos"
take() { (flock 9 && n=$(<"$qpos") && echo $((n + 1)) >"$qpos" && echo "$n") 9>"$qpos.lock"; }
worker() {
	local i
	while i=$(take) && [ "$i" -lt ${#items[@]} ]; do
		eval "${items[$i]}"
	done
}
pids=()
for ((w = 0; w < jobs; w++)); do
	worker &
	pids+=($!)
done
wait "${pids[@]}"

passed=0 failed=0
summary=()
while read -r name status p f; do
	passed=$((passed + p))
	failed=$((failed + f))
	summary+=("$(printf '%-28s %-4s %4d passed, %d failed' "$name" "$status" "$p" "$f")")
done <"$records"
# every item recorded a line: one that did not (a worker killed) is a failure
if [ "$(wc -l <"$records")" -lt ${#items[@]} ]; then
	summary+=("$(printf '%-28s %-4s %4d passed, %d failed' missing FAIL 0 1)")
	failed=$((failed + 1))
fi
# the failed suites' logs, after every suite (the workers' lines interleave)
while read -r name status _; do
	[ "$status" = FAIL ] || continue
	echo
	echo "---- $name: the end of $logdir/${name//\//-}.log ----"
	tail -60 "$logdir/${name//\//-}.log"
done <"$records"

echo
echo "test summary (logs in $logdir):"
printf '  %s\n' "${summary[@]}"
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
