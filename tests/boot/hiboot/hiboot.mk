# SPDX-License-Identifier: MIT
# tests/boot/hiboot/hiboot.mk - build/kernel-hiboot.elf for tests/boot/test_bootinfo.py:
# the kernel's own objects plus a test entry (hiboot_entry.asm, hiboot.c) that
# moves the Multiboot information to the top of RAM before the normal entry
# (and, for tests/boot/test_firmware.py, rewrites QEMU's ACPI MADT in RAM).
# Included from the top Makefile (uses its CC, KCFLAGS, KLDFLAGS, KERNEL_OBJ).

HIBOOT_OBJ := $(B)/k/tests/boot/hiboot/hiboot_entry.o $(B)/k/tests/boot/hiboot/hiboot.o

$(B)/kernel-hiboot.elf: $(KERNEL_OBJ) $(HIBOOT_OBJ) linker.ld
	$(call quiet,LD,$@)$(CC) $(KCFLAGS) $(KLDFLAGS) -Wl,-e,hiboot_start -o $@ $(KERNEL_OBJ) $(HIBOOT_OBJ) $(KLIBS)
	@tools/dev/check-multiboot.sh $@
