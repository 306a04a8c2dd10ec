#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/make/run-qemu-alpha.sh --kernel ELF [--append "ARGS"] [--mem 128M]
#                              [--log FILE] [--timeout S] [-- extra qemu args]
#
# Boots the Alpha kernel in qemu-system-alpha's clipper machine (TCG) with
# its qemu-palcode firmware (-kernel: the PALcode loads the ELF and enters it),
# serial console on stdout (and in --log FILE). The kernel ends QEMU with a
# PAL halt (-no-reboot); Debian's qemu-system-alpha has no isa-debug-exit,
# so the exit status comes from the log's @final line:
#   0  @final status=ok, no rejected parameter
#   1  @final status=fail
#   2  bad usage of this script (a message says what)
#   3  time-out: QEMU was stopped after S seconds (default 60; 0: none)
#   4  QEMU stopped without an @final line
#   5  @final status=ok with rejected command-line parameters
set -uo pipefail
kernel= append= mem=128M log= timeout=60 extra=()
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--) shift; extra=("$@"); break ;;
	*) echo "run-qemu-alpha.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ -n "$kernel" ] && [ -f "$kernel" ] || { echo "run-qemu-alpha.sh: --kernel ELF: '$kernel' is no file" >&2; exit 2; }
[[ "$mem" =~ ^[1-9][0-9]*[MG]?$ ]] || { echo "run-qemu-alpha.sh: --mem '$mem' rejected: accepted: N, NM or NG (MiB by default)" >&2; exit 2; }
[[ "$timeout" =~ ^[0-9]+$ ]] || { echo "run-qemu-alpha.sh: --timeout '$timeout' rejected: accepted: whole seconds (0: no limit)" >&2; exit 2; }
# QEMU's Alpha loader copies at most 256 bytes of -append, NUL included,
# and cuts the rest without a word
[ ${#append} -le 255 ] || { echo "run-qemu-alpha.sh: --append (CMDLINE) is ${#append} bytes; accepted: at most 255 (QEMU's Alpha loader copies no more)" >&2; exit 2; }
qemu=${PAGECOLOR_QEMU_ALPHA:-qemu-system-alpha}
[ -n "$log" ] || log=$(mktemp)
mkdir -p "$(dirname "$log")"
: > "$log"
cmd=("$qemu" -M clipper -m "$mem" -kernel "$kernel" -display none -serial stdio -monitor none
	-no-reboot -accel tcg)
[ -n "$append" ] && cmd+=(-append "$append")
cmd+=("${extra[@]}")
if [ "$timeout" != 0 ]; then
	timeout --foreground -k 5 "$timeout" "${cmd[@]}" < /dev/null 2>&1 | tr -d '\r' | tee "$log"
	rc=${PIPESTATUS[0]}
else
	"${cmd[@]}" < /dev/null 2>&1 | tr -d '\r' | tee "$log"
	rc=${PIPESTATUS[0]}
fi
final=$(grep -a '^@final ' "$log" | tail -1)
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "run-qemu-alpha.sh: time-out: QEMU stopped after $timeout s; last line: $(grep -av '^$' "$log" | tail -1)" >&2
	exit 3
fi
if [ -z "$final" ]; then
	echo "run-qemu-alpha.sh: QEMU stopped (status $rc) without an @final line from the kernel" >&2
	exit 4
fi
case "$final" in
*" status=ok "*)
	errs=$(sed -n 's/.* cmdline_errors=\([0-9]*\).*/\1/p' <<< "$final")
	[ "${errs:-0}" = 0 ] && exit 0
	echo "run-qemu-alpha.sh: the run completed, but the kernel rejected command-line parameters (see the" \
		"'cmdline: rejected at boot' lines): exit status 5" >&2
	exit 5 ;;
*) exit 1 ;;
esac
