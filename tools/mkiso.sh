#!/usr/bin/env bash
# tools/mkiso.sh menu|run ISO KERNEL "CMDLINE"
#   menu: the GRUB rescue ISO for real PCs (menu from tools/grub.cfg.in).
#   run:  a no-menu ISO for QEMU: one entry with CMDLINE plus qemu_exit=0xf4,
#         so the kernel ends QEMU through the isa-debug-exit device.
# The ISO is rebuilt only when the kernel or the generated grub.cfg changed.
set -euo pipefail
mode=$1 iso=$2 kernel=$3 args=${4:-}
dir=$(dirname "$iso")/iso-$(basename "$iso" .iso)
mkdir -p "$dir/boot/grub"
cfg=$(mktemp)
case "$mode" in
menu) sed "s|@EXTRA@|$args|" "$(dirname "$0")/grub.cfg.in" >"$cfg" ;;
run)
	cat >"$cfg" <<CFG
set timeout=0
set default=0
menuentry "pagecolor" {
	multiboot /boot/kernel.elf $args qemu_exit=0xf4
	boot
}
CFG
	;;
*) echo "mkiso.sh: mode must be menu or run, not '$mode'" >&2; exit 2 ;;
esac
if [ -f "$iso" ] && cmp -s "$cfg" "$dir/boot/grub/grub.cfg" && cmp -s "$kernel" "$dir/boot/kernel.elf"; then
	rm -f "$cfg"
	exit 0
fi
mv "$cfg" "$dir/boot/grub/grub.cfg"
cp "$kernel" "$dir/boot/kernel.elf"
if ! grub-mkrescue -o "$iso" "$dir" >"$iso.log" 2>&1; then
	cat "$iso.log" >&2
	echo "mkiso.sh: grub-mkrescue failed (needs grub-pc-bin, xorriso, mtools)" >&2
	exit 1
fi
