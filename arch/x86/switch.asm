; SPDX-License-Identifier: MIT
; arch/x86/switch.asm - the stack switch of kernel/sched.c (declared in
; <asm/switch.h>; an unsigned long is 32 bits here).
;
; void sched_switch(unsigned long *save_sp, unsigned long next_sp)
;   Pushes the callee-saved registers (the C ABI's ebp, ebx, esi, edi) and
;   EFLAGS on the current stack, stores ESP in *save_sp, loads next_sp
;   and pops the same frame from there: the other task returns from its
;   own call of sched_switch (or, the first time, enters its entry
;   function; see sched_arch_frame). EFLAGS travels with the task, so a task
;   switched away in an interrupt (IF clear) resumes with IF clear and
;   returns through iret.
; unsigned long sched_arch_frame(unsigned long top, void (*entry)(void))
;   Builds that frame below top for a new task: EFLAGS 0x2 (IF clear),
;   zero registers, return address entry, and a null return address above
;   it (a back trace ends there). Returns the new ESP.

section .note.GNU-stack noalloc noexec nowrite progbits

section .text

global sched_switch
sched_switch:
	mov eax, [esp + 4]              ; save_sp
	mov edx, [esp + 8]              ; next_sp
	push ebp
	push ebx
	push esi
	push edi
	pushfd
	mov [eax], esp
	mov esp, edx
	popfd
	pop edi
	pop esi
	pop ebx
	pop ebp
	ret

global sched_arch_frame
sched_arch_frame:
	mov eax, [esp + 4]              ; top
	mov edx, [esp + 8]              ; entry
	mov dword [eax - 4], 0          ; entry's return address: none
	mov [eax - 8], edx              ; sched_switch's ret goes to entry
	mov dword [eax - 12], 0         ; ebp
	mov dword [eax - 16], 0         ; ebx
	mov dword [eax - 20], 0         ; esi
	mov dword [eax - 24], 0         ; edi
	mov dword [eax - 28], 0x2       ; EFLAGS: IF clear
	sub eax, 28
	ret
