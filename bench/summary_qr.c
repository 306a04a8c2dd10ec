/* SPDX-License-Identifier: MIT */
/* bench/summary_qr.c - the closing summary as a QR code on the framebuffer
 * (kernel/qr.h encodes, arch/x86/fbcon.c draws); see bench/summary.h. */
#include "arch/x86/fbcon.h"
#include "bench/summary.h"
#include "kernel/qr.h"
#include "kernel/string.h"

int bench_summary_show_qr(void)
{
	static struct qr_code qr;
	const char *text = bench_summary_qr_text();

	if (!bench_summary_qr_fits())
		return 0;
	if (!fbcon_active() || qr_encode((const u8 *)text, strlen(text), &qr) < 0)
		return -1;
	return fbcon_draw_qr(&qr) < 0 ? -1 : (int)strlen(text);
}
