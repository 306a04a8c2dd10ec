/* SPDX-License-Identifier: MIT */
/* arch/alpha/head.S - the Alpha kernel's entry and its trap entries.
 *
 * qemu-system-alpha -M clipper -kernel ELF: QEMU loads the ELF at its
 * KSEG addresses' physical pages; qemu-palcode (palcode-clipper) builds the
 * HWRPB and page tables, then switches to the OSF/1 PALcode and enters
 * _start in kernel mode, on a stack of its own, with the HWRPB mapped at
 * virtual 0x10000000. Here: our gp and stack, .bss cleared, the kernel gp
 * and the six exception entries handed to the PALcode (wrkgp, wrent),
 * every interrupt masked (swpipl 7), then alpha_main(). */
	.set	noat
	.set	noreorder
	.arch	ev6

#define PAL_halt   0x00
#define PAL_wrent  0x34
#define PAL_swpipl 0x35
#define PAL_wrkgp  0x37

	.section .text.start, "ax"
	.globl	_start
	.ent	_start
_start:
	br	$27, 1f
1:	ldgp	$gp, 0($27)
	ldq	$sp, boot_stack_top($gp)	!literal
	/* clear .bss (the stack lies beyond it) */
	ldq	$1, __bss_start($gp)		!literal
	ldq	$2, __bss_end($gp)		!literal
2:	cmpult	$1, $2, $3
	beq	$3, 3f
	stq	$31, 0($1)
	addq	$1, 8, $1
	br	$31, 2b
3:	mov	$gp, $16
	call_pal PAL_wrkgp
	ldq	$16, entInt($gp)		!literal
	mov	0, $17
	call_pal PAL_wrent
	ldq	$16, entArith($gp)		!literal
	mov	1, $17
	call_pal PAL_wrent
	ldq	$16, entMM($gp)			!literal
	mov	2, $17
	call_pal PAL_wrent
	ldq	$16, entIF($gp)			!literal
	mov	3, $17
	call_pal PAL_wrent
	ldq	$16, entUna($gp)		!literal
	mov	4, $17
	call_pal PAL_wrent
	ldq	$16, entSys($gp)		!literal
	mov	5, $17
	call_pal PAL_wrent
	mov	7, $16
	call_pal PAL_swpipl
	ldq	$27, alpha_main($gp)		!literal
	jsr	$26, ($27)
	call_pal PAL_halt
	.end	_start

/* A trap entry. The PALcode has pushed ps, pc, gp, a0, a1, a2 (6
 * quadwords) on the kernel stack, loaded the kernel gp and put the
 * exception's arguments in a0-a2. Below that frame go the other integer
 * registers, indexed by number (slots of $16-$18, $29, $30, $31 unused:
 * those are in the PAL frame or computed), then
 * alpha_trap(a0, a1, a2, kind, regs), which does not return. */
.macro TRAP name, kind
	.globl	\name
	.ent	\name
\name:
	lda	$sp, -256($sp)
	stq	$0, 0($sp)
	stq	$1, 8($sp)
	stq	$2, 16($sp)
	stq	$3, 24($sp)
	stq	$4, 32($sp)
	stq	$5, 40($sp)
	stq	$6, 48($sp)
	stq	$7, 56($sp)
	stq	$8, 64($sp)
	stq	$9, 72($sp)
	stq	$10, 80($sp)
	stq	$11, 88($sp)
	stq	$12, 96($sp)
	stq	$13, 104($sp)
	stq	$14, 112($sp)
	stq	$15, 120($sp)
	stq	$19, 152($sp)
	stq	$20, 160($sp)
	stq	$21, 168($sp)
	stq	$22, 176($sp)
	stq	$23, 184($sp)
	stq	$24, 192($sp)
	stq	$25, 200($sp)
	stq	$26, 208($sp)
	stq	$27, 216($sp)
	stq	$28, 224($sp)
	mov	\kind, $19
	mov	$sp, $20
	ldq	$27, alpha_trap($gp)		!literal
	jsr	$26, ($27)
	call_pal PAL_halt
	.end	\name
.endm

	.text
	TRAP	entInt, 0
	TRAP	entArith, 1
	TRAP	entMM, 2
	TRAP	entIF, 3
	TRAP	entUna, 4
	TRAP	entSys, 5
