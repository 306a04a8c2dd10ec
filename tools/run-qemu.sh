#!/usr/bin/env bash
# tools/run-qemu.sh --iso ISO [--mem 256M] [--log FILE] [--timeout S] [--gdb] [-- extra qemu args]
#
# Boots ISO in qemu-system-i386 under TCG (software emulation; see README:
# /dev/kvm here is a nested, emulating hypervisor and slower for this guest),
# no display, serial console on stdout (and in --log FILE when given).
# Exit status: 0 when the kernel reported success through isa-debug-exit,
# 1 when it reported failure, 3 on a time-out, 4 when QEMU stopped otherwise
# (e.g. a triple fault with -no-reboot).
set -uo pipefail
mem=256M iso= log= timeout=300 gdb=0 extra=()
while [ $# -gt 0 ]; do
	case "$1" in
	--mem) mem=$2; shift 2 ;;
	--iso) iso=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--gdb) gdb=1; shift ;;
	--) shift; extra=("$@"); break ;;
	*) echo "run-qemu.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ -n "$iso" ] || { echo "run-qemu.sh: --iso ISO is required" >&2; exit 2; }
args=(-accel tcg -m "$mem" -cdrom "$iso" -boot d -display none -no-reboot
	-serial stdio -monitor none
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 "${extra[@]}")
[ "$gdb" = 1 ] && args+=(-s -S)
if [ -n "$log" ]; then
	timeout "$timeout" qemu-system-i386 "${args[@]}" </dev/null | tee "$log"
	rc=${PIPESTATUS[0]}
else
	timeout "$timeout" qemu-system-i386 "${args[@]}" </dev/null
	rc=$?
fi
case $rc in
33) exit 0 ;;  # kernel wrote 0x10: success
35) exit 1 ;;  # kernel wrote 0x11: failure
124) echo "run-qemu.sh: QEMU timed out after ${timeout}s" >&2; exit 3 ;;
*) echo "run-qemu.sh: QEMU ended with status $rc (no exit report from the kernel)" >&2; exit 4 ;;
esac
