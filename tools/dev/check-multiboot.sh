#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tools/dev/check-multiboot.sh ELF - fail the build when GRUB would not see a
# Multiboot v1 header in the first 8 KiB of the kernel image.
set -eu
if command -v grub-file >/dev/null 2>&1; then
	grub-file --is-x86-multiboot "$1" || { echo "check-multiboot: $1 has no valid Multiboot header in its first 8 KiB" >&2; exit 1; }
fi
