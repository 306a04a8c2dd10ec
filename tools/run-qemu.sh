#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/run-qemu.sh --iso ISO | --kernel ELF [--append "ARGS"]
#                   [--mem 256M] [--log FILE] [--timeout S]
#                   [--firmware bios|uefi] [--machine pc|q35] [--cpu MODEL]
#                   [--no-serial] [--monitor SOCKET] [--smp N] [--icount SHIFT]
#                   [-- extra qemu args]
#
# Boots ISO (GRUB) or ELF (QEMU's own Multiboot loader, -kernel; ARGS is
# passed as it is, after the file name as given) under TCG (software
# emulation; see README: /dev/kvm here is a nested, emulating hypervisor and
# slower for this guest), no display, serial console on stdout (and in
# --log FILE when given).
#   --timeout S       stop QEMU after S seconds (default 300; 0: no limit)
#   --firmware bios   SeaBIOS in qemu-system-i386 (default)
#   --firmware uefi   OVMF (Debian package ovmf) in qemu-system-x86_64, with a
#                     private writable copy of OVMF_VARS; GRUB still enters the
#                     kernel in 32-bit protected mode, with a framebuffer
#   --no-serial       no serial port at all (-serial none): the kernel's log
#                     goes to the screen only (VGA text or the framebuffer)
#   --smp N           N virtual CPUs (-smp N, 1..8; default 1); above 1 with
#                     multi-threaded TCG (-accel tcg,thread=multi), one host
#                     thread per vCPU, so CPUs really run at once
#   --icount SHIFT    instruction counting (-icount shift=SHIFT,sleep=off):
#                     one TCG thread, vCPUs switched by instruction counts,
#                     the same interleaving every run (for repeatable figures)
#   --monitor SOCKET  the QEMU monitor on a unix socket (screendump, xp)
# Exit status (README, "Exit status of make run"):
#   0  the kernel reported success through isa-debug-exit
#   1  it reported failure (whatever else happened)
#   2  bad usage of this script (a message says what)
#   3  time-out: QEMU was stopped after S seconds
#   4  QEMU stopped without a report from the kernel (a triple fault with
#      -no-reboot, a guest reboot or power-off, QEMU failing to start)
#   5  the run completed and succeeded, but the kernel rejected parameters
#      of its command line (listed at the end of the log; defaults kept)
set -uo pipefail
mem=256M iso= kernel= append= log= timeout=300 extra=() firmware=bios machine= cpu= serial=1 monitor=
while [ $# -gt 0 ]; do
	case "$1" in
	--mem) mem=$2; shift 2 ;;
	--iso) iso=$2; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--firmware) firmware=$2; shift 2 ;;
	--machine) machine=$2; shift 2 ;;
	--cpu) cpu=$2; shift 2 ;;
	--no-serial) serial=0; shift ;;
	--monitor) monitor=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--icount) icount=$2; shift 2 ;;
	--) shift; extra=("$@"); break ;;
	*) echo "run-qemu.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ -n "$iso" ] || [ -n "$kernel" ] || { echo "run-qemu.sh: --iso ISO or --kernel ELF is required" >&2; exit 2; }
[ -z "$iso" ] || [ -z "$kernel" ] || { echo "run-qemu.sh: give --iso or --kernel, not both" >&2; exit 2; }
[[ "$timeout" =~ ^[0-9]+$ ]] && [ ${#timeout} -le 7 ] ||
	{ echo "run-qemu.sh: time-out '$timeout' rejected: accepted: whole seconds 0..9999999 (0: no limit)" >&2; exit 2; }
timeout=$((10#$timeout))
qemu=qemu-system-i386 tmp=
smp=${smp:-1}
[[ "$smp" =~ ^[1-8]$ ]] || { echo "run-qemu.sh: --smp '$smp' rejected: accepted: 1..8 virtual CPUs" >&2; exit 2; }
icount=${icount:-}
[ -z "$icount" ] || [[ "$icount" =~ ^([0-9]|10)$ ]] ||
	{ echo "run-qemu.sh: --icount '$icount' rejected: accepted: a shift 0..10" >&2; exit 2; }
if [ -n "$icount" ]; then
	args=(-accel tcg -icount "shift=$icount,sleep=off" -m "$mem" -display none -no-reboot)
	[ "$smp" = 1 ] || args+=(-smp "$smp")
elif [ "$smp" = 1 ]; then
	args=(-accel tcg -m "$mem" -display none -no-reboot)
else
	args=(-accel tcg,thread=multi -smp "$smp" -m "$mem" -display none -no-reboot)
fi
if [ -n "$iso" ]; then
	args+=(-cdrom "$iso" -boot d)
else
	args+=(-kernel "$kernel" -append "$append")
fi
case "$firmware" in
bios) ;;
uefi)
	qemu=qemu-system-x86_64
	code=/usr/share/OVMF/OVMF_CODE.fd vars=/usr/share/OVMF/OVMF_VARS.fd
	[ -f "$code" ] && [ -f "$vars" ] || { echo "run-qemu.sh: $code missing: apt-get install ovmf" >&2; exit 2; }
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	cp "$vars" "$tmp/vars.fd"
	args+=(-drive "if=pflash,format=raw,unit=0,readonly=on,file=$code"
		-drive "if=pflash,format=raw,unit=1,file=$tmp/vars.fd")
	;;
*) echo "run-qemu.sh: --firmware must be bios or uefi, not '$firmware'" >&2; exit 2 ;;
esac
[ -n "$machine" ] && args+=(-machine "$machine")
[ -n "$cpu" ] && args+=(-cpu "$cpu")
if [ "$serial" = 1 ]; then args+=(-serial stdio); else args+=(-serial none); fi
if [ -n "$monitor" ]; then args+=(-monitor "unix:$monitor,server=on,wait=off"); else args+=(-monitor none); fi
args+=(-device isa-debug-exit,iobase=0xf4,iosize=0x04 "${extra[@]}")
# timeout 0 never stops the command; -k: SIGKILL 10 s after SIGTERM.
if [ -n "$log" ]; then
	timeout -k 10 "$timeout" $qemu "${args[@]}" </dev/null | tee "$log"
	rc=${PIPESTATUS[0]}
else
	timeout -k 10 "$timeout" $qemu "${args[@]}" </dev/null
	rc=$?
fi
# isa-debug-exit: QEMU exits with (value << 1) | 1.
case $rc in
33) exit 0 ;; # kernel wrote 0x10: success
35) exit 1 ;; # kernel wrote 0x11: failure
37)           # kernel wrote 0x12: success, with rejected parameters
	echo "run-qemu.sh: the run completed, but the kernel rejected command-line parameters (see the" \
		"'cmdline: rejected at boot' lines): exit status 5" >&2
	exit 5 ;;
124 | 137)
	echo "run-qemu.sh: time-out: QEMU stopped after ${timeout} s before the kernel reported its end." \
		"A long run needs more: make run TIMEOUT=<seconds> (0: no limit), or tools/run-qemu.sh --timeout S" >&2
	exit 3 ;;
0) echo "run-qemu.sh: QEMU ended with status 0 and no exit report from the kernel (the guest rebooted or" \
	"powered off before the kernel's end; did the kernel start?)" >&2; exit 4 ;;
*) echo "run-qemu.sh: QEMU ended with status $rc (no exit report from the kernel)" >&2; exit 4 ;;
esac
