/* SPDX-License-Identifier: MIT */
/* tests/host/test_qr.c - kernel/qr.c checked by decoding: every code is
 * written as a PGM image (4-module quiet zone) and read back with zbar's
 * zbarimg (Debian zbar-tools); the text must come back byte for byte, for
 * lengths that land in every version from 1 to 15, including the limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "kernel/qr.h"

static struct qr_code qr;

static void write_pgm(const char *path, const struct qr_code *q, int scale)
{
	int quiet = 4, side = ((int)q->size + 2 * quiet) * scale;
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	fprintf(f, "P5\n%d %d\n255\n", side, side);
	for (int y = 0; y < side; y++)
		for (int x = 0; x < side; x++) {
			int my = y / scale - quiet, mx = x / scale - quiet;
			int dark = my >= 0 && mx >= 0 && my < (int)q->size && mx < (int)q->size && q->module[my][mx];
			fputc(dark ? 0 : 255, f);
		}
	fclose(f);
}

/* Decodes path with zbarimg; returns the text (static), or NULL. */
static const char *zbar(const char *path)
{
	static char out[4096];
	char cmd[512];
	size_t n;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "zbarimg --raw -q -Sdisable -Sqrcode.enable '%s' 2>/dev/null", path);
	p = popen(cmd, "r");
	if (!p)
		return NULL;
	n = fread(out, 1, sizeof(out) - 1, p);
	pclose(p);
	out[n] = '\0';
	if (n && out[n - 1] == '\n')
		out[n - 1] = '\0'; /* zbarimg ends its output with a newline */
	return n ? out : NULL;
}

static void roundtrip(const char *text, u32 want_version)
{
	char path[64];

	assert_int_equal(qr_encode((const u8 *)text, strlen(text), &qr), 0);
	if (want_version)
		assert_int_equal(qr.version, want_version);
	assert_int_equal(qr.size, 17 + 4 * qr.version);
	snprintf(path, sizeof(path), "/tmp/test_qr_%d_v%u.pgm", (int)getpid(), qr.version);
	write_pgm(path, &qr, 4);
	const char *got = zbar(path);
	if (!got || strcmp(got, text))
		fail_msg("version %u mask %u: zbar read '%.60s' for '%.60s' (%zu bytes)", qr.version, qr.mask,
			 got ? got : "(nothing)", text, strlen(text));
	unlink(path);
}

static void test_zbar_is_there(void **state)
{
	(void)state;
	if (system("command -v zbarimg >/dev/null 2>&1") != 0)
		fail_msg("zbarimg missing: install zbar-tools (tools/deps.sh test)");
}

static void test_every_version_decodes(void **state)
{
	/* byte-mode capacity at level L per version (data codewords - 2 or 3) */
	static const u32 cap[QR_MAX_VERSION + 1] = { 0,	  17,  32,  53,	 78,  106, 134, 154,
						     192, 230, 271, 321, 367, 425, 458, 520 };
	char text[QR_MAX_BYTES + 1];

	(void)state;
	for (u32 v = 1; v <= QR_MAX_VERSION; v++) {
		for (u32 i = 0; i < cap[v]; i++)
			text[i] = (char)('!' + (i * 7 + v) % 90); /* printable ASCII, no quote issues */
		text[cap[v]] = '\0';
		roundtrip(text, v); /* full: this version */
		if (v < QR_MAX_VERSION) {
			text[cap[v]] = 'x';
			text[cap[v] + 1] = '\0';
			assert_int_equal(qr_encode((const u8 *)text, cap[v] + 1, &qr), 0);
			assert_int_equal(qr.version, v + 1); /* one byte more: the next */
		}
	}
}

static void test_summary_text_and_limit(void **state)
{
	static const char summary[] = "pagecolor 0.2.0 colored/uncolored median ratio, ~: 95% interval includes 1\n"
				      "ws seq rand FFT\n4K 0.994~ 0.997~ -\n32K 0.975 1.000~ 1.009~\n"
				      "verdict: colored faster at 4 of 31 points, slower at 0\n";
	char big[QR_MAX_BYTES + 2];

	(void)state;
	roundtrip(summary, 0);
	roundtrip("a", 1);
	memset(big, 'z', sizeof(big));
	assert_int_equal(qr_encode((const u8 *)big, QR_MAX_BYTES, &qr), 0);
	assert_int_equal(qr.version, QR_MAX_VERSION);
	assert_int_equal(qr_encode((const u8 *)big, QR_MAX_BYTES + 1, &qr), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_zbar_is_there),
		cmocka_unit_test(test_every_version_decodes),
		cmocka_unit_test(test_summary_text_and_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
