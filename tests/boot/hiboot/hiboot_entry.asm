; SPDX-License-Identifier: MIT
; tests/boot/hiboot/hiboot_entry.asm - entry point of build/kernel-hiboot.elf,
; a test-only kernel: the same objects as build/kernel.elf, entered here by
; QEMU's -kernel Multiboot loader. hiboot_relocate() (hiboot.c) plays a
; top-down loader: it moves the Multiboot information to the top of RAM and
; returns its new address; then the normal entry, _start, runs as usual.

section .note.GNU-stack noalloc noexec nowrite progbits

section .text
global hiboot_start
extern hiboot_relocate
extern boot_stack_top
extern _start
hiboot_start:
	cli
	mov esp, boot_stack_top
	sub esp, 8                  ; ESP+4 16-byte aligned at the call, as entry.asm
	push ebx                    ; multiboot_info (physical)
	push eax                    ; magic
	call hiboot_relocate        ; returns the (moved) info's address
	mov ebx, eax
	mov eax, 0x2BADB002
	jmp _start
