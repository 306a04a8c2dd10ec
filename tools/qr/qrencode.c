/* SPDX-License-Identifier: MIT */
/* tools/qr/qrencode.c - the kernel's QR encoder (kernel/qr.c) on the host:
 * reads text on stdin, writes a PGM image (4-module quiet zone, SCALE
 * pixels per module, default 4) on stdout. For tests of pagecolor-report
 * --qr, and to see what the kernel would draw.
 *   build/qrencode [SCALE] < text > code.pgm
 * Exit status 1 when the text exceeds QR_MAX_BYTES (520). */
#include <stdio.h>
#include <stdlib.h>

#include "kernel/qr.h"

static struct qr_code qr;
static u8 text[QR_MAX_BYTES + 2];

int main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 4, quiet = 4, side;
	size_t n = fread(text, 1, sizeof(text), stdin);

	if (scale < 1 || scale > 64) {
		fprintf(stderr, "qrencode: SCALE must be 1..64\n");
		return 2;
	}
	if (qr_encode(text, (u32)n, &qr) < 0) {
		fprintf(stderr, "qrencode: %zu bytes or more: a version-%d code holds at most %d\n", n, QR_MAX_VERSION,
			QR_MAX_BYTES);
		return 1;
	}
	side = ((int)qr.size + 2 * quiet) * scale;
	printf("P5\n%d %d\n255\n", side, side);
	for (int y = 0; y < side; y++)
		for (int x = 0; x < side; x++) {
			int my = y / scale - quiet, mx = x / scale - quiet;
			int dark = my >= 0 && mx >= 0 && my < (int)qr.size && mx < (int)qr.size && qr.module[my][mx];
			putchar(dark ? 0 : 255);
		}
	fprintf(stderr, "qrencode: %zu bytes, version %u (%ux%u modules), mask %u\n", n, qr.version, qr.size, qr.size,
		qr.mask);
	return 0;
}
