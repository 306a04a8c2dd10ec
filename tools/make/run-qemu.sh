#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/make/run-qemu.sh --iso ISO | --kernel ELF [--append "ARGS"]
#                   [--mem 256M] [--log FILE] [--timeout S]
#                   [--firmware bios|uefi] [--machine pc|q35] [--cpu MODEL]
#                   [--no-serial] [--monitor SOCKET] [--smp N] [--icount SHIFT]
#                   [-- extra qemu args]
#
# Boots ISO (GRUB) or ELF (QEMU's own Multiboot loader, -kernel; ARGS is
# passed as it is, after the file name as given) under TCG (software
# emulation; see docs/usage.md: /dev/kvm here is a nested, emulating hypervisor and
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
#   --mem SIZE        QEMU's -m: N[K|M|G] (a bare N is MiB, as for QEMU);
#                     refused below what boots (a message says the minimum):
#                     6M through GRUB (--iso: under SeaBIOS 5948K is the
#                     smallest that starts, 5944K never reaches GRUB's menu;
#                     6M leaves room for a larger kernel), 4M with --kernel
#                     (the kernel's own minimum, init/min_ram.h; below about
#                     3M QEMU's loader never starts it), 64M through GRUB
#                     under OVMF (56M boots, 48M: GRUB out of memory, 32M:
#                     OVMF resets; 64M: room). 0 is refused (QEMU
#                     would give its default 128M without a word).
# Stopping: this script stops QEMU whenever it ends (time-out, SIGTERM,
# SIGINT, SIGHUP) and when its parent dies (make killed, even by SIGKILL:
# the parent-death signal, setpriv --pdeathsig, from util-linux); QEMU itself
# dies with the timeout process that watches it. No QEMU outlives the run.
# On a time-out the message says what the log holds: '@final' seen (the
# kernel ended but QEMU was not told: qemu_exit= missing or cut off) or the
# last line the machine printed (none: GRUB or the kernel never started).
# PAGECOLOR_QEMU names the emulator instead of qemu-system-i386 (tests give
# a stand-in script).
# Exit status (docs/usage.md, "Exit status of make run"):
#   0  the kernel reported success through isa-debug-exit
#   1  it reported failure (whatever else happened)
#   2  bad usage of this script (a message says what)
#   3  time-out: QEMU was stopped after S seconds
#   4  QEMU stopped without a report from the kernel (a triple fault with
#      -no-reboot, a guest reboot or power-off, QEMU failing to start)
#   5  the run completed and succeeded, but the kernel rejected parameters
#      of its command line (listed at the end of the log; defaults kept)
set -uo pipefail
# The parent-death signal: when whoever started this script dies (make killed
# by SIGKILL, a shell closed), this script gets SIGTERM and stops QEMU. exec
# keeps the pid, so the variable equal to $$ marks the re-executed script.
if [ "${PAGECOLOR_RUNQEMU_PID:-}" != "$$" ] && command -v setpriv >/dev/null 2>&1; then
	PAGECOLOR_RUNQEMU_PID=$$ exec setpriv --pdeathsig TERM -- bash "$0" "$@"
fi
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
	{ echo "run-qemu.sh: time-out '$timeout' (TIMEOUT=) rejected: accepted: whole seconds 0..9999999 (0: no limit)" >&2; exit 2; }
timeout=$((10#$timeout))
# --kernel: QEMU's loader passes "ELF ARGS"; longer than the kernel reads
# (MULTIBOOT_CMDLINE_MAX - 1, arch/x86/multiboot.h), its end, qemu_exit= with
# it, would be lost.
if [ -n "$kernel" ]; then
	max=$(sed -n 's/^#define MULTIBOOT_CMDLINE_MAX[[:space:]]*\([0-9]*\).*/\1/p' \
		"$(dirname "$0")/../../arch/x86/multiboot.h" 2>/dev/null)
	max=$((${max:-8192} - 1))
	len=$(printf '%s %s' "$kernel" "$append" | wc -c)
	if [ "$len" -gt "$max" ]; then
		echo "run-qemu.sh: --append refused: the kernel would get $len bytes ('$kernel' and the arguments)," \
			"but it reads at most $max: the rest, a qemu_exit= at the end with it, would be lost" >&2
		echo "run-qemu.sh: accepted: --append (make's CMDLINE=) of at most $((max - ${#kernel} - 1)) bytes with this image" \
			"(the kernel's $max less its path '$kernel' and a space)" >&2
		exit 2
	fi
fi
# --mem: N[.F][K|M|G] (bare N: MiB, as QEMU reads it; a fraction of up to
# three digits as QEMU takes it, e.g. 3.5G), at least what boots.
# shellcheck source=tools/make/mem_size.sh
. "$(dirname "$0")/mem_size.sh"
mem_size_kib run-qemu.sh "$mem" || exit 2
if [ -n "$iso" ] && [ "$firmware" = uefi ]; then
	min_kib=65536 how="through GRUB's ISO under OVMF (48M: GRUB runs out of memory, 32M: OVMF resets)"
elif [ -n "$iso" ]; then min_kib=6144 how="through GRUB's ISO (below it GRUB never starts under SeaBIOS)"
else min_kib=4096 how="with --kernel (the kernel's own minimum, 3 MiB usable)"; fi
if [ "$mem_kib" -lt "$min_kib" ]; then
	echo "run-qemu.sh: memory size '$mem' (MEM=) rejected: at least $((min_kib / 1024))M boots $how;" \
		"accepted: N[K|M|G] from $((min_kib / 1024))M" >&2
	exit 2
fi
qemu=${PAGECOLOR_QEMU:-qemu-system-i386} tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
smp=${smp:-1}
[[ "$smp" =~ ^[1-8]$ ]] || { echo "run-qemu.sh: --smp '$smp' (SMP=) rejected: accepted: 1..8 virtual CPUs" >&2; exit 2; }
icount=${icount:-}
[ -z "$icount" ] || [[ "$icount" =~ ^([0-9]|10)$ ]] ||
	{ echo "run-qemu.sh: --icount '$icount' (ICOUNT=) rejected: accepted: a shift 0..10" >&2; exit 2; }
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
	qemu=${PAGECOLOR_QEMU:-qemu-system-x86_64}
	code=/usr/share/OVMF/OVMF_CODE.fd vars=/usr/share/OVMF/OVMF_VARS.fd
	[ -f "$code" ] && [ -f "$vars" ] || { echo "run-qemu.sh: $code missing: apt-get install ovmf" >&2; exit 2; }
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
# timeout 0 never stops the command; -k: SIGKILL 10 s after SIGTERM. QEMU
# and timeout run in the background and this script waits for them, so a
# signal to it runs the trap at once: it stops timeout, which passes the
# signal on to QEMU. Each of them also dies with its parent (--pdeathsig).
# The serial output goes through tee into the log (a private one without
# --log: the time-out message reads it).
[ -n "$log" ] || log=$tmp/serial.log
pdeath() { if command -v setpriv >/dev/null 2>&1; then echo setpriv --pdeathsig "$1" --; fi; }
mkfifo "$tmp/out"
tpid= teepid=
stop() {
	trap '' TERM INT HUP
	[ -z "$tpid" ] || kill -TERM "$tpid" 2>/dev/null
	[ -z "$tpid" ] || wait "$tpid" 2>/dev/null
	[ -z "$teepid" ] || wait "$teepid" 2>/dev/null
	echo "run-qemu.sh: stopped by $1; QEMU stopped with it" >&2
	exit "$2"
}
trap 'stop SIGTERM 143' TERM
trap 'stop SIGINT 130' INT
trap 'stop SIGHUP 129' HUP
tee "$log" <"$tmp/out" &
teepid=$!
# shellcheck disable=SC2046
$(pdeath TERM) timeout -k 10 "$timeout" $(pdeath KILL) $qemu "${args[@]}" </dev/null >"$tmp/out" &
tpid=$!
wait "$tpid"
rc=$?
tpid=
wait "$teepid"
teepid=
# What the log holds, for the time-out message: "@final ..." when the kernel
# reported its end, else the last line the machine printed (printable bytes).
log_end() {
	local final last
	final=$(grep -a '^@final ' "$log" 2>/dev/null | tail -1 | tr -d '\r' | tr -c '[:print:]\n' '?' | cut -c1-120)
	if [ -n "$final" ]; then
		echo "the log holds '$final': the kernel ended, but QEMU was not told (qemu_exit= missing" \
			"from the command line, or cut off: see a 'multiboot: the command line is longer' line)"
		return
	fi
	last=$(tr -d '\r' <"$log" 2>/dev/null | grep -a -v '^[[:space:]]*$' | tail -1 | tr -c '[:print:]\n' '?' | cut -c1-120)
	if [ -n "$last" ]; then
		echo "no @final in the log; its last line: '$last'"
	else
		echo "the log is empty: nothing was printed (the boot loader or the kernel never started)"
	fi
}
# isa-debug-exit: QEMU exits with (value << 1) | 1.
case $rc in
33) exit 0 ;; # kernel wrote 0x10: success
35) exit 1 ;; # kernel wrote 0x11: failure
37)           # kernel wrote 0x12: success, with rejected parameters
	echo "run-qemu.sh: the run completed, but the kernel rejected command-line parameters (see the" \
		"'cmdline: rejected at boot' lines): exit status 5" >&2
	exit 5 ;;
124 | 137)
	if grep -aq '^@final ' "$log" 2>/dev/null; then
		echo "run-qemu.sh: time-out: QEMU stopped after ${timeout} s; $(log_end)" >&2
	else
		echo "run-qemu.sh: time-out: QEMU stopped after ${timeout} s; $(log_end)." \
			"A long run needs more: make run TIMEOUT=<seconds> (0: no limit), or tools/make/run-qemu.sh --timeout S" >&2
	fi
	exit 3 ;;
0) echo "run-qemu.sh: QEMU ended with status 0 and no exit report from the kernel (the guest rebooted or" \
	"powered off before the kernel's end; did the kernel start?)" >&2; exit 4 ;;
*) echo "run-qemu.sh: QEMU ended with status $rc (no exit report from the kernel)" >&2; exit 4 ;;
esac
