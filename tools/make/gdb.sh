#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/make/gdb.sh --iso ISO --elf ELF [--mem 256M] [--port N] [-- GDB_ARGS...]
#
# `make gdb`: boots ISO in QEMU (TCG) halted before the first instruction,
# with its gdb server on 127.0.0.1:PORT, and runs gdb on ELF connected to it
# with a breakpoint on kmain and `continue`, so gdb stops in kmain (after
# GRUB has loaded the kernel and boot/entry.asm has set up the stack).
# GDB_ARGS are appended to gdb's command line (the tests give -batch and
# commands). The serial log goes to a file next to ISO (its path is printed).
#
# The port: --port, else $GDBPORT, else 25000 + (user id mod 5000), as xv6
# does, so users of one machine do not collide. When the port is already
# taken, or QEMU does not start, or gdb is missing, it says so and exits 1.
# QEMU is stopped whenever this script ends (gdb quit, error, SIGTERM/HUP,
# SIGKILL: QEMU's parent-death signal) and when its parent dies.
# Exit status: gdb's own (0 after a normal quit), 1 on the failures above,
# 2 on bad usage. $GDB names the debugger (default gdb).
set -uo pipefail
# When whoever started this script dies (make killed, even by SIGKILL), it
# gets SIGTERM and stops QEMU (setpriv --pdeathsig; exec keeps the pid).
if [ "${PAGECOLOR_GDBSH_PID:-}" != "$$" ] && command -v setpriv >/dev/null 2>&1; then
	PAGECOLOR_GDBSH_PID=$$ exec setpriv --pdeathsig TERM -- bash "$0" "$@"
fi
iso= elf= mem=256M port=${GDBPORT:-} gdb_args=()
GDB=${GDB:-gdb}
QEMU=${QEMU:-qemu-system-i386}
while [ $# -gt 0 ]; do
	case "$1" in
	--iso) iso=$2; shift 2 ;;
	--elf) elf=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--port) port=$2; shift 2 ;;
	--) shift; gdb_args=("$@"); break ;;
	*) echo "gdb.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ -n "$iso" ] && [ -n "$elf" ] || { echo "gdb.sh: --iso ISO and --elf ELF are required" >&2; exit 2; }
# MEM as tools/make/run-qemu.sh takes it through GRUB: N[K|M|G], at least 6M
# (below it GRUB never starts; 0 would be QEMU's silent 128M default).
# shellcheck source=tools/make/mem_size.sh
. "$(dirname "$0")/mem_size.sh"
mem_size_kib gdb.sh "$mem" || exit 2
if [ "$mem_kib" -lt 6144 ]; then
	echo "gdb.sh: memory size '$mem' (MEM=) rejected: at least 6M boots through GRUB's ISO (below it GRUB" \
		"never starts under SeaBIOS); accepted: N[K|M|G] from 6M" >&2
	exit 2
fi
[ -n "$port" ] || port=$(($(id -u) % 5000 + 25000))
if ! [[ "$port" =~ ^[0-9]{1,5}$ ]] || [ "$port" -lt 1024 ] || [ "$port" -gt 65535 ]; then
	echo "gdb.sh: GDBPORT=$port rejected: accepted: a TCP port number from 1024 to 65535" >&2
	exit 2
fi
port=$((10#$port))
if ! command -v "$GDB" >/dev/null 2>&1; then
	echo "gdb.sh: '$GDB' not found: install gdb (tools/deps.sh gdb does, or: apt-get install gdb)" >&2
	exit 1
fi
command -v "$QEMU" >/dev/null 2>&1 || { echo "gdb.sh: '$QEMU' not found: apt-get install qemu-system-x86" >&2; exit 1; }

# True when some socket listens on TCP port $port (IPv4 or IPv6), from
# /proc/net/tcp*: local address ...:PORT in hex, state 0A (LISTEN).
listening() {
	local hex
	hex=$(printf '%04X' "$port")
	grep -qE "^ *[0-9]+: [0-9A-F]+:$hex [0-9A-F]+:0000 0A " /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
if listening; then
	echo "gdb.sh: TCP port $port is already in use (another QEMU or gdb session?); choose a free one: make gdb GDBPORT=N" >&2
	exit 1
fi

log=$(dirname "$iso")/gdb-serial.log
err=$(mktemp)
pdeath=()
command -v setpriv >/dev/null 2>&1 && pdeath=(setpriv --pdeathsig KILL --) # QEMU dies with this script
"${pdeath[@]}" "$QEMU" -accel tcg -m "$mem" -cdrom "$iso" -boot d -display none -no-reboot -serial "file:$log" -monitor none \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 -S -gdb "tcp:127.0.0.1:$port" </dev/null >/dev/null 2>"$err" &
qpid=$!
stop_qemu() {
	if kill -0 "$qpid" 2>/dev/null; then
		kill "$qpid" 2>/dev/null
		wait "$qpid" 2>/dev/null
	fi
	rm -f "$err"
}
trap stop_qemu EXIT
trap 'exit 143' TERM
trap 'exit 129' HUP

# Wait (up to 10 s) until QEMU listens, or report why it did not.
for _ in $(seq 100); do
	listening && break
	if ! kill -0 "$qpid" 2>/dev/null; then
		wait "$qpid"
		echo "gdb.sh: QEMU ended at start (status $?): $(tr '\n' ' ' <"$err")" >&2
		echo "gdb.sh: (port $port taken meanwhile? choose another: make gdb GDBPORT=N)" >&2
		exit 1
	fi
	sleep 0.1
done
if ! listening; then
	echo "gdb.sh: QEMU does not listen on port $port after 10 s; giving up" >&2
	exit 1
fi
echo "gdb.sh: QEMU (pid $qpid) halted, gdb server on 127.0.0.1:$port; serial log in $log; QEMU stops when gdb quits"
"$GDB" -q "$elf" -ex "target remote 127.0.0.1:$port" -ex 'break kmain' -ex 'continue' "${gdb_args[@]}"
exit $?
