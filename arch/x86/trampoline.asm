; SPDX-License-Identifier: MIT
; arch/x86/trampoline.asm - where an application processor starts, and the
; two interrupt stubs the CPUs use once running.
;
; A STARTUP IPI (Intel SDM vol. 3, 8.4.4 "MP Initialization Example") starts
; a CPU in real mode at CS:IP = (vector << 8):0000, so the code below is
; copied by arch/x86/smp.c to SMP_TRAMPOLINE (0x8000, vector 0x08, in the
; first MiB that memblock keeps reserved) and runs there with CS = 0x0800,
; IP = 0: every address in 16-bit mode is an offset from smp_trampoline.
; It loads the boot CPU's GDT (o32 lgdt: a 32-bit base), sets CR0.PE, jumps
; to 32-bit code, loads the boot CPU's IDT, CR4, CR3 and CR0 (paging on: the
; trampoline is identity-mapped, so the next instruction is still there),
; takes the stack smp.c left in the parameter block and calls
; smp_ap_entry(cpu), which never returns.
;
; The parameter block's layout is struct smp_trampoline_params in smp.c.

TRAMP_BASE equ 0x8000

section .note.GNU-stack noalloc noexec nowrite progbits

section .rodata
align 16
global smp_trampoline, smp_trampoline_end, smp_trampoline_params
bits 16
smp_trampoline:
	cli
	cld
	mov ax, cs
	mov ds, ax
	o32 lgdt [tp_gdtr - smp_trampoline]
	mov eax, cr0
	or eax, 1                       ; PE
	mov cr0, eax
	jmp dword 0x08:(TRAMP_BASE + pm32 - smp_trampoline)

bits 32
pm32:
	mov ax, 0x10                    ; GDT_KDATA
	mov ds, ax
	mov es, ax
	mov fs, ax
	mov gs, ax
	mov ss, ax
	mov esi, TRAMP_BASE
	lidt [esi + tp_idtr - smp_trampoline]
	mov eax, [esi + tp_cr4 - smp_trampoline]
	test eax, eax                   ; 0: the boot CPU has no CR4 (never the case with an APIC)
	jz .no_cr4
	mov cr4, eax
.no_cr4:
	mov eax, [esi + tp_cr3 - smp_trampoline]
	mov cr3, eax
	mov eax, [esi + tp_cr0 - smp_trampoline]
	mov cr0, eax                    ; paging on, FPU bits as on the boot CPU
	jmp .paged
.paged:
	mov esp, [esi + tp_stack - smp_trampoline]
	xor ebp, ebp
	push dword 0
	popfd                           ; IF=0, DF=0
	sub esp, 12                     ; ESP+4 16-byte aligned at the call
	push dword [esi + tp_cpu - smp_trampoline]
	mov eax, [esi + tp_entry - smp_trampoline]
	call eax
.hang:
	cli
	hlt
	jmp .hang

align 8
smp_trampoline_params:
tp_gdtr:  dw 0                    ; limit
	  dd 0                    ; base
	  dw 0                    ; pad
tp_idtr:  dw 0
	  dd 0
	  dw 0
tp_cr0:   dd 0
tp_cr3:   dd 0
tp_cr4:   dd 0
tp_stack: dd 0
tp_cpu:   dd 0
tp_entry: dd 0
smp_trampoline_end:

; ---- running CPUs -----------------------------------------------------------
section .text
bits 32
extern smp_lapic_eoi_reg
global smp_wake_stub, smp_spurious_stub

; The wake-up IPI: its only job is to end an idle CPU's HLT. End of
; interrupt to the local APIC and return.
smp_wake_stub:
	push eax
	mov eax, [smp_lapic_eoi_reg]
	mov dword [eax], 0
	pop eax
	iretd

; The local APIC's spurious vector: no EOI (SDM vol. 3, 10.9).
smp_spurious_stub:
	iretd
