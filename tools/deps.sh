#!/usr/bin/env bash
# tools/deps.sh - make sure the build, run and test tools are installed.
#
# usage: tools/deps.sh run|gdb|test|cachesim|all
# Checks each command the named job needs; installs the missing Debian
# packages with apt-get (as root, or through sudo). When it cannot install,
# it prints the exact apt-get command and exits 1.
set -euo pipefail
job=${1:-run}

# command -> Debian package
declare -A pkg_of=(
	[nasm]=nasm
	[i686-linux-gnu-gcc]=gcc-i686-linux-gnu
	[i686-linux-gnu-ld]=binutils-i686-linux-gnu
	[grub-mkrescue]=grub-common
	[xorriso]=xorriso
	[mformat]=mtools
	[qemu-system-i386]=qemu-system-x86
	[gcc]=gcc
	[make]=make
	[clang]=clang
	[valgrind]=valgrind
	[clang-format]=clang-format
	[gdb]=gdb
)
need_cmds=(nasm i686-linux-gnu-gcc i686-linux-gnu-ld grub-mkrescue xorriso mformat qemu-system-i386)
need_pkgs=(grub-pc-bin grub-efi-amd64-bin)
case "$job" in
run) ;;
gdb) need_cmds+=(gdb) ;;
test | all)
	need_cmds+=(gcc clang valgrind clang-format gdb)
	need_pkgs+=(libcmocka-dev python3-pytest libclang-rt-14-dev ovmf)
	# the copy strategies' 32-bit check (make test-copy32)
	need_pkgs+=(libc6-dev-i386-cross libasan8-i386-cross libubsan1-i386-cross)
	;;
cachesim)
	need_cmds+=(gcc)
	need_pkgs+=(libglib2.0-dev python3-matplotlib)
	;;
*)
	echo "deps.sh: unknown job '$job' (accepted: run, gdb, test, cachesim, all)" >&2
	exit 2
	;;
esac

missing=()
for c in "${need_cmds[@]}"; do
	command -v "$c" >/dev/null 2>&1 || missing+=("${pkg_of[$c]}")
done
for p in "${need_pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: installing missing Debian packages: ${missing[*]}"
if [ "$(id -u)" = 0 ]; then
	SUDO=
elif command -v sudo >/dev/null 2>&1; then
	SUDO=sudo
else
	echo "deps: not root and no sudo; run: apt-get install -y ${missing[*]}" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get install -y -q "${missing[@]}" >/tmp/deps-apt.log 2>&1; then
	$SUDO apt-get update -q >/dev/null 2>&1 || true
	if ! $SUDO apt-get install -y -q "${missing[@]}" >/tmp/deps-apt.log 2>&1; then
		tail -20 /tmp/deps-apt.log >&2
		echo "deps: apt-get failed; run: apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
fi
echo "deps: installed ${missing[*]}"
