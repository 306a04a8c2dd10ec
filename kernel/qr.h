/* SPDX-License-Identifier: MIT */
/* kernel/qr.h - a small QR code encoder (ISO/IEC 18004, the public QR
 * standard): byte mode, error correction level L (about 7% of the
 * codewords recoverable), versions 1 to 15 (21x21 to 77x77 modules), the
 * smallest version that holds the text, the mask with the lowest penalty.
 * Written for this kernel, no tables beyond the standard's per-version
 * block counts; host-tested by decoding its output with zbar
 * (tests/host/test_qr.c). Used to show the closing summary as a QR code on
 * the framebuffer. */
#ifndef KERNEL_QR_H
#define KERNEL_QR_H

#include "kernel/types.h"

#define QR_MAX_VERSION 15
#define QR_MAX_SIZE    (17 + 4 * QR_MAX_VERSION) /* 77 modules */
#define QR_MAX_BYTES   520			 /* byte-mode capacity of version 15 at level L */

struct qr_code {
	u32 version;			     /* 1..15 */
	u32 size;			     /* modules per side: 17 + 4 * version */
	u32 mask;			     /* 0..7 */
	u8 module[QR_MAX_SIZE][QR_MAX_SIZE]; /* [row][column]: 1 dark, 0 light */
};

/* Encodes len bytes of data (any bytes; text is UTF-8 or ASCII) into *qr.
 * Returns 0, or -1 when len exceeds QR_MAX_BYTES (nothing is encoded).
 * Not reentrant (static work areas). */
int qr_encode(const u8 *data, u32 len, struct qr_code *qr);

#endif
