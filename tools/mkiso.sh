#!/usr/bin/env bash
# tools/mkiso.sh menu|run|halt ISO KERNEL "CMDLINE"
#   menu: the GRUB rescue ISO for real PCs (menu from tools/grub.cfg.in).
#   run:  a no-menu ISO for QEMU: one entry with CMDLINE plus qemu_exit=0xf4,
#         so the kernel ends QEMU through the isa-debug-exit device.
#   halt: as run, without qemu_exit: the kernel halts at the end with its log
#         on the screen (tests/matrix reads it through the QEMU monitor).
# Both images boot under BIOS (grub-pc-bin) and UEFI (grub-efi-amd64-bin):
# grub-mkrescue puts both El Torito images in the ISO (also usable from a USB
# stick). On BIOS the kernel gets VGA text mode, on UEFI a framebuffer.
# The ISO is rebuilt only when the kernel or the generated grub.cfg changed.
set -euo pipefail
mode=$1 iso=$2 kernel=$3 args=${4:-}
dir=$(dirname "$iso")/iso-$(basename "$iso" .iso)
mkdir -p "$dir/boot/grub"
cfg=$(mktemp)
case "$mode" in
menu) sed "s|@EXTRA@|$args|" "$(dirname "$0")/grub.cfg.in" >"$cfg" ;;
run | halt)
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
if [ -f "$iso" ] && cmp -s "$cfg" "$dir/boot/grub/grub.cfg" && cmp -s "$kernel" "$dir/boot/kernel.elf"; then
	rm -f "$cfg"
	exit 0
fi
mv "$cfg" "$dir/boot/grub/grub.cfg"
cp "$kernel" "$dir/boot/kernel.elf"
for p in i386-pc x86_64-efi; do
	[ -d /usr/lib/grub/$p ] || { echo "mkiso.sh: /usr/lib/grub/$p missing: install grub-pc-bin and grub-efi-amd64-bin (tools/deps.sh run)" >&2; exit 1; }
done
if ! grub-mkrescue -o "$iso" "$dir" >"$iso.log" 2>&1; then
	cat "$iso.log" >&2
	echo "mkiso.sh: grub-mkrescue failed (needs grub-pc-bin, grub-efi-amd64-bin, xorriso, mtools)" >&2
	exit 1
fi
