#!/usr/bin/env bash
# tools/run-qemu.sh --iso ISO [--mem 256M] [--log FILE] [--timeout S] [--gdb]
#                   [--firmware bios|uefi] [--machine pc|q35] [--cpu MODEL]
#                   [--no-serial] [--monitor SOCKET] [-- extra qemu args]
#
# Boots ISO under TCG (software emulation; see README: /dev/kvm here is a
# nested, emulating hypervisor and slower for this guest), no display, serial
# console on stdout (and in --log FILE when given).
#   --firmware bios   SeaBIOS in qemu-system-i386 (default)
#   --firmware uefi   OVMF (Debian package ovmf) in qemu-system-x86_64, with a
#                     private writable copy of OVMF_VARS; GRUB still enters the
#                     kernel in 32-bit protected mode, with a framebuffer
#   --no-serial       no serial port at all (-serial none): the kernel's log
#                     goes to the screen only (VGA text or the framebuffer)
#   --monitor SOCKET  the QEMU monitor on a unix socket (screendump, xp)
# Exit status: 0 when the kernel reported success through isa-debug-exit,
# 1 when it reported failure, 3 on a time-out, 4 when QEMU stopped otherwise
# (e.g. a triple fault with -no-reboot).
set -uo pipefail
mem=256M iso= log= timeout=300 gdb=0 extra=() firmware=bios machine= cpu= serial=1 monitor=
while [ $# -gt 0 ]; do
	case "$1" in
	--mem) mem=$2; shift 2 ;;
	--iso) iso=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--gdb) gdb=1; shift ;;
	--firmware) firmware=$2; shift 2 ;;
	--machine) machine=$2; shift 2 ;;
	--cpu) cpu=$2; shift 2 ;;
	--no-serial) serial=0; shift ;;
	--monitor) monitor=$2; shift 2 ;;
	--) shift; extra=("$@"); break ;;
	*) echo "run-qemu.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ -n "$iso" ] || { echo "run-qemu.sh: --iso ISO is required" >&2; exit 2; }
qemu=qemu-system-i386 tmp=
args=(-accel tcg -m "$mem" -cdrom "$iso" -boot d -display none -no-reboot)
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
[ "$gdb" = 1 ] && args+=(-s -S)
if [ -n "$log" ]; then
	timeout "$timeout" $qemu "${args[@]}" </dev/null | tee "$log"
	rc=${PIPESTATUS[0]}
else
	timeout "$timeout" $qemu "${args[@]}" </dev/null
	rc=$?
fi
case $rc in
33) exit 0 ;;  # kernel wrote 0x10: success
35) exit 1 ;;  # kernel wrote 0x11: failure
124) echo "run-qemu.sh: QEMU timed out after ${timeout}s" >&2; exit 3 ;;
*) echo "run-qemu.sh: QEMU ended with status $rc (no exit report from the kernel)" >&2; exit 4 ;;
esac
