; SPDX-License-Identifier: MIT
; boot/entry.asm - Multiboot v1 header and the kernel's first instructions.
;
; GRUB (or QEMU) enters _start in 32-bit protected mode with paging off,
; EAX = 0x2BADB002 and EBX = physical address of the multiboot_info.
; We switch to our own stack, clear EFLAGS and call kmain(magic, info).

MB_ALIGN    equ 1 << 0           ; load modules on page boundaries
MB_MEMINFO  equ 1 << 1           ; ask for mem_lower/upper and the memory map
MB_VIDEO    equ 1 << 2           ; video mode fields below are valid
MB_FLAGS    equ MB_ALIGN | MB_MEMINFO | MB_VIDEO
MB_MAGIC    equ 0x1BADB002
MB_CHECKSUM equ -(MB_MAGIC + MB_FLAGS)

KSTACK_SIZE equ 64 * 1024

section .multiboot
align 4
	dd MB_MAGIC
	dd MB_FLAGS
	dd MB_CHECKSUM
	; Address fields (used only with flag bit 16, which we do not set: the
	; loader takes the addresses from the ELF headers).
	dd 0, 0, 0, 0, 0
	; Preferred video mode (flag bit 2): a linear framebuffer, 1024x768x32.
	; GRUB treats it as a hint: on UEFI it hands over the GOP framebuffer
	; (arch/x86/fbcon.c draws the console there); on BIOS tools/make/grub.cfg.in
	; says "set gfxpayload=text", so VGA text mode stays and vga.c works.
	dd 0                        ; mode_type: 0 = linear graphics
	dd 1024                     ; width
	dd 768                      ; height
	dd 32                       ; depth (bits per pixel)

section .bss
align 16
global boot_stack_bottom
boot_stack_bottom:
	resb KSTACK_SIZE
global boot_stack_top
boot_stack_top:

section .note.GNU-stack noalloc noexec nowrite progbits

section .text
global _start
extern kmain
_start:
	cli
	mov esp, boot_stack_top
	xor ebp, ebp                ; ends frame-pointer back traces
	push 0
	popfd                       ; known EFLAGS: IF=0, DF=0
	sub esp, 8                  ; the i386 SysV ABI as GCC uses it: ESP+4 is
	                            ; 16-byte aligned at a function's entry (SSE2
	                            ; code keeps doubles on the stack with movapd)
	push ebx                    ; multiboot_info (physical)
	push eax                    ; magic
	call kmain
.hang:                              ; kmain does not return; if it did, stop here
	cli
	hlt
	jmp .hang
