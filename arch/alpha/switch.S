/* SPDX-License-Identifier: MIT */
/* arch/alpha/switch.S - the stack switch of kernel/sched.c on Alpha
 * (declared, with its contract, in <asm/switch.h>).
 *
 * The frame, 128 bytes (16 quadwords: the stack stays 16-byte aligned),
 * from the saved stack pointer up:
 *     0  ra ($26): where sched_switch returns
 *     8  s0-s5 ($9-$14), then fp ($15) at 56
 *    64  $f2-$f9, the callee-saved floating-point registers
 * Everything else the calling convention lets a call clobber. gp ($29) is
 * not kept: the code a switch returns into reloads it from ra (ldgp after
 * each call), and a new task's entry from pv ($27). */
	.set	noat
	.set	noreorder
	.arch	ev6
	.text

#define PAL_halt 0x00
#define FRAME	 128

/* void sched_switch(unsigned long *save_sp, unsigned long next_sp) */
	.globl	sched_switch
	.ent	sched_switch
sched_switch:
	lda	$sp, -FRAME($sp)
	stq	$26, 0($sp)
	stq	$9, 8($sp)
	stq	$10, 16($sp)
	stq	$11, 24($sp)
	stq	$12, 32($sp)
	stq	$13, 40($sp)
	stq	$14, 48($sp)
	stq	$15, 56($sp)
	stt	$f2, 64($sp)
	stt	$f3, 72($sp)
	stt	$f4, 80($sp)
	stt	$f5, 88($sp)
	stt	$f6, 96($sp)
	stt	$f7, 104($sp)
	stt	$f8, 112($sp)
	stt	$f9, 120($sp)
	stq	$sp, 0($16)
	mov	$17, $sp
	ldq	$26, 0($sp)
	ldq	$9, 8($sp)
	ldq	$10, 16($sp)
	ldq	$11, 24($sp)
	ldq	$12, 32($sp)
	ldq	$13, 40($sp)
	ldq	$14, 48($sp)
	ldq	$15, 56($sp)
	ldt	$f2, 64($sp)
	ldt	$f3, 72($sp)
	ldt	$f4, 80($sp)
	ldt	$f5, 88($sp)
	ldt	$f6, 96($sp)
	ldt	$f7, 104($sp)
	ldt	$f8, 112($sp)
	ldt	$f9, 120($sp)
	lda	$sp, FRAME($sp)
	ret	$31, ($26), 1
	.end	sched_switch

/* A new task's first code, reached by sched_switch's ret: its entry
 * function is in s0; called with pv set (its prologue computes gp from
 * it). The entry never returns (kernel/sched.c's task_entry ends by
 * switching away); if it did, the machine halts. */
	.ent	sched_task_start
sched_task_start:
	mov	$9, $27
	jsr	$26, ($27)
	call_pal PAL_halt
	.end	sched_task_start

/* unsigned long sched_arch_frame(unsigned long top, void (*entry)(void)) */
	.globl	sched_arch_frame
	.ent	sched_arch_frame
sched_arch_frame:
	lda	$0, -FRAME($16)
	br	$1, 1f			/* sched_task_start's address, pc-relative: */
1:	lda	$1, (sched_task_start - 1b)($1)	/* no gp needed */
	stq	$1, 0($0)
	stq	$17, 8($0)
	stq	$31, 16($0)
	stq	$31, 24($0)
	stq	$31, 32($0)
	stq	$31, 40($0)
	stq	$31, 48($0)
	stq	$31, 56($0)
	stq	$31, 64($0)
	stq	$31, 72($0)
	stq	$31, 80($0)
	stq	$31, 88($0)
	stq	$31, 96($0)
	stq	$31, 104($0)
	stq	$31, 112($0)
	stq	$31, 120($0)
	ret	$31, ($26), 1
	.end	sched_arch_frame
