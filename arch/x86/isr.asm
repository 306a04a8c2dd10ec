; SPDX-License-Identifier: MIT
; arch/x86/isr.asm - interrupt entry stubs and the common trap path.
;
; On an interrupt or exception in ring 0 the CPU pushes EFLAGS, CS, EIP and,
; for vectors 8, 10-14, 17, 21, 29 and 30, an error code. Each stub pushes a
; dummy error code where the CPU pushes none, so every frame has the same
; shape, then the vector number, and jumps to isr_common, which completes a
; struct trapframe (arch/x86/trap.h) and calls trap_handler(tf).

TASK_MARK_BASE equ 0xFF401000         ; arch/x86/arch.h

extern trap_handler
extern df_task_handler

section .note.GNU-stack noalloc noexec nowrite progbits

section .text

%macro STUB 1
isr_stub_%1:
%if (%1 >= 32) && (%1 < 48)
	; an 8259 interrupt: from here on, accesses are the kernel's (task
	; marker 0 for tools/cachesim; the page is mapped by pic_init)
	mov dword [TASK_MARK_BASE], 0
%endif
%if (%1 == 8) || (%1 >= 10 && %1 <= 14) || (%1 == 17) || (%1 == 21) || (%1 == 29) || (%1 == 30)
	push dword %1                   ; the CPU pushed an error code
%else
	push dword 0                    ; dummy error code
	push dword %1
%endif
	jmp isr_common
%endmacro

%assign vec 0
%rep 256
	STUB vec
%assign vec vec + 1
%endrep

; Stack here (low to high): vector, error, eip, cs, eflags.
isr_common:
	pushad                          ; eax ecx edx ebx esp ebp esi edi
	push ds
	push es
	push fs
	push gs
	mov ax, 0x10                    ; kernel data selector (GDT_KDATA)
	mov ds, ax
	mov es, ax
	mov fs, ax                      ; GS is kept: it names the CPU (asm/smp.h)
	cld                             ; the C ABI wants DF clear
	push esp                        ; struct trapframe *
	call trap_handler
	add esp, 4
	pop gs
	pop fs
	pop es
	pop ds
	popad
	add esp, 8                      ; vector and error code
	iretd

; The double-fault task (TSS at GDT_TSS_DF) starts here on its own stack,
; with the CPU's error code (always 0 for #DF) on top of that stack.
global df_task_entry
df_task_entry:
	xor ebp, ebp                    ; ends frame-pointer back traces
	call df_task_handler            ; df_task_handler(error); does not return
.hang:
	cli
	hlt
	jmp .hang

section .rodata
align 4
global isr_stub_table
isr_stub_table:
%assign vec 0
%rep 256
	dd isr_stub_ %+ vec
%assign vec vec + 1
%endrep
