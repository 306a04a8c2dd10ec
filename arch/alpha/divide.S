/* SPDX-License-Identifier: MIT */
/* arch/alpha/divide.S - integer division, which the Alpha does not have in
 * hardware: GCC calls __divq, __divqu, __remq, __remqu (64-bit) and __divl,
 * __divlu, __reml, __remlu (32-bit) with the compiler's private convention:
 * dividend in $24, divisor in $25, result in $27, return address in $23; $28
 * may be clobbered, every other register is kept. glibc supplies them in
 * user space; the kernel has its own. A restoring shift-subtract division,
 * one quotient bit per step; a zero divisor gives an all-ones quotient (no
 * trap). 32-bit results are sign-extended, as the Alpha keeps 32-bit values. */
	.set	noat
	.set	noreorder
	.arch	ev6
	.text

/* $24 / $25 unsigned, 64 bits: quotient in $2, remainder in $0 (uses $1, $3,
 * $28) */
.macro UDIV64
	mov	$31, $0
	mov	$24, $2
	lda	$1, 64($31)
1:	srl	$0, 63, $3		/* the remainder's top bit, shifted out below */
	sll	$0, 1, $0
	srl	$2, 63, $28
	bis	$0, $28, $0
	sll	$2, 1, $2
	cmpule	$25, $0, $28
	bis	$28, $3, $28		/* divisor fits, or the remainder overflowed */
	beq	$28, 2f
	subq	$0, $25, $0
	bis	$2, 1, $2
2:	subq	$1, 1, $1
	bne	$1, 1b
.endm

/* name, bits (64 or 32), signed (0/1), remainder (0/1) */
.macro DIVFN name, bits, signed, rem
	.globl	\name
	.ent	\name
\name:
	lda	$sp, -48($sp)
	stq	$0, 0($sp)
	stq	$1, 8($sp)
	stq	$2, 16($sp)
	stq	$3, 24($sp)
	stq	$24, 32($sp)
	stq	$25, 40($sp)
	.if \bits == 32
	.if \signed
	addl	$24, 0, $24
	addl	$25, 0, $25
	.else
	zapnot	$24, 0x0f, $24
	zapnot	$25, 0x0f, $25
	.endif
	.endif
	.if \signed
	subq	$31, $24, $28
	cmovlt	$24, $28, $24
	subq	$31, $25, $28
	cmovlt	$25, $28, $25
	.endif
	UDIV64
	.if \rem
	mov	$0, $27
	.else
	mov	$2, $27
	.endif
	.if \signed
	ldq	$0, 32($sp)		/* the dividend as given */
	ldq	$1, 40($sp)		/* the divisor as given */
	.if \bits == 32
	addl	$0, 0, $0
	addl	$1, 0, $1
	.endif
	.if \rem
	mov	$0, $3			/* a remainder takes the dividend's sign */
	.else
	xor	$0, $1, $3		/* a quotient is negative when the signs differ */
	.endif
	subq	$31, $27, $2
	cmovlt	$3, $2, $27
	.endif
	.if \bits == 32
	addl	$27, 0, $27
	.endif
	ldq	$0, 0($sp)
	ldq	$1, 8($sp)
	ldq	$2, 16($sp)
	ldq	$3, 24($sp)
	ldq	$24, 32($sp)
	ldq	$25, 40($sp)
	lda	$sp, 48($sp)
	ret	$31, ($23), 1
	.end	\name
.endm

	DIVFN	__divqu, 64, 0, 0
	DIVFN	__remqu, 64, 0, 1
	DIVFN	__divq, 64, 1, 0
	DIVFN	__remq, 64, 1, 1
	DIVFN	__divlu, 32, 0, 0
	DIVFN	__remlu, 32, 0, 1
	DIVFN	__divl, 32, 1, 0
	DIVFN	__reml, 32, 1, 1
