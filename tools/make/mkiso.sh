#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/make/mkiso.sh menu|run|halt ISO KERNEL "CMDLINE"
#   menu: the GRUB rescue ISO for real PCs (menu from tools/make/grub.cfg.in).
#   run:  a no-menu ISO for QEMU: one entry with CMDLINE plus qemu_exit=0xf4,
#         so the kernel ends QEMU through the isa-debug-exit device.
#   halt: as run, without qemu_exit: the kernel halts at the end with its log
#         on the screen (tests/matrix reads it through the QEMU monitor).
# Both images boot under BIOS (grub-pc-bin) and UEFI (grub-efi-amd64-bin):
# grub-mkrescue puts both El Torito images in the ISO (also usable from a USB
# stick). On BIOS the kernel gets VGA text mode, on UEFI a framebuffer.
# The ISO is rebuilt only when the kernel or the generated grub.cfg changed.
#
# CMDLINE is the kernel's command line as QEMU's -append would pass it (the
# kernel's syntax, kernel/cmdline.c): tokens separated by spaces, "..."
# keeps spaces in a token, \\ \" \' stand for \ " '. It is split here by the
# same rules and each token is written into grub.cfg in single quotes, so
# GRUB's script language never sees a '#', ';', '$', quote or space of it:
# GRUB passes each token as one argument, re-quotes it (\ before \ " ',
# double quotes around a space) and the kernel undoes that, so the kernel
# gets exactly the tokens of CMDLINE. A line this cannot carry (an
# unterminated double quote, a control character such as a tab or newline
# inside a token: GRUB would split it) is refused with a message, exit 2;
# so is a line longer than the kernel reads (MULTIBOOT_CMDLINE_MAX - 1 bytes,
# arch/x86/multiboot.h, counted as GRUB re-quotes it, with qemu_exit=0xf4
# in mode run): the kernel would read its start only, and the qemu_exit=
# at its end would be lost (QEMU then runs until its time-out).
set -euo pipefail
shopt -u patsub_replacement 2>/dev/null || true
export LC_ALL=C
mode=$1 iso=$2 kernel=$3 args=${4:-}

# grub_words CMDLINE: prints the tokens of CMDLINE, each in GRUB single
# quotes, separated by spaces; exit 2 with a message when it cannot.
grub_words() {
	local s=$1 i=0 n=${#1} c next tok= intok=0 quoted=0 out= ctl=$'[\x01-\x1f\x7f]' q
	kernel_len=0
	while :; do
		c=${s:i:1}
		if [ $i -ge "$n" ] || { [ $quoted = 0 ] && [[ "$c" == [$' \t\n\r'] ]]; }; then
			if [ $intok = 1 ] && [ -n "$tok" ]; then
				if [[ "$tok" =~ $ctl ]]; then
					printf 'mkiso.sh: CMDLINE refused: the token %q holds a control character (tab, newline...), which GRUB cannot pass inside one parameter\n' "$tok" >&2
					return 2
				fi
				out+="${out:+ }'${tok//\'/\'\\\'\'}'"
				# as GRUB passes it: a \ before \ " ', "..." around a space
				q=${tok//[^\\\"\']/}
				kernel_len=$((kernel_len + (kernel_len ? 1 : 0) + ${#tok} + ${#q}))
				[[ "$tok" != *' '* ]] || kernel_len=$((kernel_len + 2))
			fi
			tok= intok=0
			[ $i -ge "$n" ] && break
			i=$((i + 1))
			continue
		fi
		intok=1
		if [ "$c" = '"' ]; then
			quoted=$((1 - quoted))
		elif [ "$c" = '\' ]; then
			next=${s:i+1:1}
			if [ "$next" = '\' ] || [ "$next" = '"' ] || [ "$next" = "'" ]; then
				tok+=$next
				i=$((i + 1))
			else
				tok+=$c
			fi
		else
			tok+=$c
		fi
		i=$((i + 1))
	done
	if [ $quoted = 1 ]; then
		echo "mkiso.sh: CMDLINE refused: a double quote is not closed (write \\\" for a literal one)" >&2
		return 2
	fi
	printf '%s' "$out"
}

grub_words "$args" >"${TMPDIR:-/tmp}/mkiso-words.$$" || { rm -f "${TMPDIR:-/tmp}/mkiso-words.$$"; exit 2; }
words=$(<"${TMPDIR:-/tmp}/mkiso-words.$$")
rm -f "${TMPDIR:-/tmp}/mkiso-words.$$"
# The length the kernel will get, against what it reads.
max=$(sed -n 's/^#define MULTIBOOT_CMDLINE_MAX[[:space:]]*\([0-9]*\).*/\1/p' "$(dirname "$0")/../../arch/x86/multiboot.h")
max=$((${max:-8192} - 1))
[ "$mode" != run ] || kernel_len=$((kernel_len + (kernel_len ? 1 : 0) + 14)) # qemu_exit=0xf4
if [ "$kernel_len" -gt "$max" ]; then
	echo "mkiso.sh: CMDLINE refused: the kernel would get $kernel_len bytes (as GRUB passes it$([ "$mode" != run ] || echo ", with qemu_exit=0xf4")), but it reads at most $max: the rest would be lost$([ "$mode" != run ] || echo ", qemu_exit= with it, and QEMU would run until its time-out")" >&2
	budget=$max
	[ "$mode" != run ] || budget=$((max - 15))
	echo "mkiso.sh: accepted: a CMDLINE of at most $budget bytes as GRUB passes it$([ "$mode" != run ] || echo " (the kernel's $max less ' qemu_exit=0xf4')"): a \\, \" or ' in it counts 2 bytes, a token holding a space 2 more" >&2
	exit 2
fi
dir=$(dirname "$iso")/iso-$(basename "$iso" .iso)
mkdir -p "$dir/boot/grub"
cfg=$(mktemp)
case "$mode" in
menu)
	template=$(<"$(dirname "$0")/grub.cfg.in")
	printf '%s\n' "${template//@EXTRA@/"$words"}" >"$cfg"
	;;
run | halt)
	args=$words
	[ "$mode" = run ] && args="$args qemu_exit=0xf4"
	cat >"$cfg" <<CFG
set timeout=0
set default=0
if [ "\$grub_platform" != "pc" ]; then
	insmod all_video
fi
menuentry "pagecolor" {
	multiboot /boot/kernel.elf $args
	if [ "\$grub_platform" = "pc" ]; then set gfxpayload=text; fi
	boot
}
CFG
	;;
*) echo "mkiso.sh: mode must be menu, run or halt, not '$mode'" >&2; exit 2 ;;
esac
# The image carries the kernel without its debug sections (gdb reads them
# from the build's own kernel.elf): GRUB reads the whole file into its
# heap, and on a 6 MiB machine a 1.3 MiB file with debug sections left it
# no room, so it stopped before the kernel ran, silently.
stripped=$dir/boot/kernel.elf.new
"${OBJCOPY:-i686-linux-gnu-objcopy}" --strip-debug "$kernel" "$stripped" || {
	rm -f "$cfg" "$stripped"
	echo "mkiso.sh: objcopy --strip-debug $kernel failed (needs binutils-i686-linux-gnu: tools/deps.sh run)" >&2
	exit 1
}
if [ -f "$iso" ] && cmp -s "$cfg" "$dir/boot/grub/grub.cfg" && cmp -s "$stripped" "$dir/boot/kernel.elf"; then
	rm -f "$cfg" "$stripped"
	exit 0
fi
mv "$cfg" "$dir/boot/grub/grub.cfg"
mv "$stripped" "$dir/boot/kernel.elf"
for p in i386-pc x86_64-efi; do
	[ -d /usr/lib/grub/$p ] || { echo "mkiso.sh: /usr/lib/grub/$p missing: install grub-pc-bin and grub-efi-amd64-bin (tools/deps.sh run)" >&2; exit 1; }
done
if ! grub-mkrescue -o "$iso" "$dir" >"$iso.log" 2>&1; then
	cat "$iso.log" >&2
	echo "mkiso.sh: grub-mkrescue failed (needs grub-pc-bin, grub-efi-amd64-bin, xorriso, mtools)" >&2
	exit 1
fi
