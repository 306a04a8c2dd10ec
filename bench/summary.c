/* SPDX-License-Identifier: MIT */
/* bench/summary.c - the closing summary; see summary.h. */
#include "bench/summary.h"
#include "bench/ratio_ci.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "kernel/qr.h"
#include "kernel/string.h"
#include "kernel/wrap.h"
#include <asm/hypervisor.h>

#define MIN_LOG2 12 /* the first row: 4 KiB */
#define CELL	 23 /* columns per cell; 8 + 3 x 23 = 77 */

struct slot {
	u8 n[2]; /* runs kept: [0] colored, [1] uncolored */
	float v[2][RATIO_CI_MAX_RUNS];
};

static struct slot slots[SUMMARY_COLS][SUMMARY_ROWS];
static const char *const col_names[SUMMARY_COLS] = { "stride seq", "stride rand", "FFT" };
static const char *const col_short[SUMMARY_COLS] = { "seq", "rand", "FFT" };
struct bench_summary_counts bench_summary_last;
static char qr_text[QR_MAX_BYTES + 1];
static u32 qr_len;
static bool qr_overflow;

struct ratio_ci;
static bool slot_ratio(const struct slot *s, struct ratio_ci *ci);
static char *fmt_ratio(char *buf, u32 size, double r);

static void qr_add(const char *s)
{
	u32 n = strlen(s);

	if (qr_len + n > QR_MAX_BYTES) {
		qr_overflow = true;
		return;
	}
	memcpy(qr_text + qr_len, s, n);
	qr_len += n;
	qr_text[qr_len] = '\0';
}

/* A cell for the QR text: "0.975", "0.994~", "1.000?" (no interval), "-". */
static void qr_cell(const struct slot *s)
{
	struct ratio_ci ci;
	char r[16], out[24];

	if (!s->n[0] || !s->n[1] || !slot_ratio(s, &ci)) {
		qr_add(" -");
		return;
	}
	fmt_ratio(r, sizeof(r), ci.ratio);
	ksnprintf(out, sizeof(out), " %s%s", r, !ci.have_interval ? "?" : ratio_ci_side(&ci) ? "" : "~");
	qr_add(out);
}

/* "key=value" token of keys: pointer to the value, or NULL. */
static const char *key_value(const char *keys, const char *key)
{
	size_t kl = strlen(key);
	const char *p = keys;

	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == '=')
			return p + kl + 1;
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	return NULL;
}

static int column_of(const struct bench_point *pt)
{
	const char *pat;

	if (!strcmp(pt->bench, "fft"))
		return 2;
	if (strcmp(pt->bench, "stride"))
		return -1;
	pat = key_value(pt->keys, "pattern");
	if (pat && !strncmp(pat, "seq", 3) && (pat[3] == ' ' || !pat[3]))
		return 0;
	if (pat && !strncmp(pat, "rand", 4) && (pat[4] == ' ' || !pat[4]))
		return 1;
	return -1;
}

/* Row of a working set: log2(ws) - 12 for a power of two >= 4 KiB, else -1. */
static int row_of(const char *keys)
{
	const char *p = key_value(keys, "ws");
	char num[16];
	u32 ws, i, l = 0;

	if (!p)
		return -1;
	for (i = 0; p[i] && p[i] != ' ' && i + 1 < sizeof(num); i++)
		num[i] = p[i];
	num[i] = '\0';
	if (parse_u32(num, &ws) < 0 || !ws || (ws & (ws - 1)))
		return -1;
	while ((1u << l) != ws)
		l++;
	if (l < MIN_LOG2 || l - MIN_LOG2 >= SUMMARY_ROWS)
		return -1;
	return (int)(l - MIN_LOG2);
}

void bench_summary_add(const struct bench_point *pt)
{
	int c = column_of(pt), r = row_of(pt->keys);
	struct slot *s;
	u32 i, side = pt->colored ? 0 : 1, n = pt->ran;

	if (c < 0 || r < 0 || !pt->ran)
		return;
	s = &slots[c][r];
	if (n > RATIO_CI_MAX_RUNS)
		n = RATIO_CI_MAX_RUNS;
	for (i = 0; i < n; i++)
		s->v[side][i] = (float)pt->v[i];
	s->n[side] = (u8)n;
}

void bench_summary_reset(void)
{
	qr_len = 0;
	qr_text[0] = '\0';
	qr_overflow = false;
	memset(slots, 0, sizeof(slots));
	memset(&bench_summary_last, 0, sizeof(bench_summary_last));
}

/* A ratio in 5 characters: 3 decimals below 10, 2 below 100, then 1. */
static char *fmt_ratio(char *buf, u32 size, double r)
{
	return fmt_fixed(buf, size, r, r < 9.9995 ? 3 : r < 99.995 ? 2 : 1);
}

/* "4 KiB", "512 KiB", "16 MiB", "2 GiB" */
static char *fmt_size(char *buf, u32 size, u32 log2)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB" };
	u32 u = (log2 - 10) / 10;

	ksnprintf(buf, size, "%u %s", 1u << (log2 - 10 - 10 * u), unit[u]);
	return buf;
}

static bool slot_ratio(const struct slot *s, struct ratio_ci *ci)
{
	double x[RATIO_CI_MAX_RUNS], y[RATIO_CI_MAX_RUNS];
	u32 i;

	if (!s->n[0] || !s->n[1])
		return false;
	for (i = 0; i < s->n[0]; i++)
		x[i] = s->v[0][i];
	for (i = 0; i < s->n[1]; i++)
		y[i] = s->v[1][i];
	return ratio_ci_compute(x, s->n[0], y, s->n[1], 0.05, ci) == 0;
}

/* One cell, CELL wide (padded with spaces by the caller's format). */
static void format_cell(char *out, u32 size, const struct slot *s, struct bench_summary_counts *cnt, double *best)
{
	struct ratio_ci ci;
	char r[16], lo[16], hi[16];

	out[0] = '\0';
	if (!s->n[0] && !s->n[1])
		return;
	if (!s->n[0] || !s->n[1]) {
		ksnprintf(out, size, "%s only", s->n[0] ? "colored" : "uncolored");
		return;
	}
	if (!slot_ratio(s, &ci)) {
		ksnprintf(out, size, "no ratio");
		return;
	}
	cnt->points++;
	fmt_ratio(r, sizeof(r), ci.ratio);
	if (!ci.have_interval) {
		cnt->same++;
		cnt->few_runs++;
		ksnprintf(out, size, "%s (few runs)", r);
		return;
	}
	fmt_ratio(lo, sizeof(lo), ci.lo);
	fmt_ratio(hi, sizeof(hi), ci.hi);
	switch (ratio_ci_side(&ci)) {
	case -1:
		cnt->faster++;
		if (ci.ratio < *best)
			*best = ci.ratio;
		break;
	case 1:
		cnt->slower++;
		break;
	default:
		cnt->same++;
	}
	ksnprintf(out, size, "%s [%s-%s]%s", r, lo, hi, ratio_ci_side(&ci) ? "" : " ~");
}

u32 bench_summary_print(const struct bench_config *cfg, const char *hypervisor, bool framebuffer)
{
	struct bench_summary_counts cnt = { 0 };
	bool tcg = hv_is_tcg(hypervisor); /* emulator time: no verdict from cycles */
	u32 lines = 0, c, r, first = SUMMARY_ROWS, last = 0;
	double best = 1e30;
	char line[256], cells[SUMMARY_COLS][48], ws[16], best_at[40] = "", runs[40];
	bool any_on = false, any_off = false;

	for (r = 0; r < SUMMARY_ROWS; r++)
		for (c = 0; c < SUMMARY_COLS; c++)
			if (slots[c][r].n[0] || slots[c][r].n[1]) {
				first = first < r ? first : r;
				last = r;
				any_on |= slots[c][r].n[0] != 0;
				any_off |= slots[c][r].n[1] != 0;
			}
	/* "4+4 runs"; a boot of one mode only (page_color=off, bench_modes=) says which */
	if (any_on && any_off)
		ksnprintf(runs, sizeof(runs), "%u+%u runs", cfg->runs, cfg->runs);
	else
		ksnprintf(runs, sizeof(runs), "%u runs, %s only", cfg->runs, any_on ? "colored" : "uncolored");
	bench_summary_last = cnt;
	if (first == SUMMARY_ROWS)
		return 0;
	printk("\n");
	if (cfg->policies) {
		lines += printk_wrapped("summary: bench_policies= ran one placement policy per block, so there is no"
					" colored/uncolored pair to sum up: compare the @result lines of each"
					" policy (tools/pagecolor-report LOG)",
					WRAP_SCREEN_COLS, "summary:   ");
		return lines;
	}
	if (tcg)
		printk("summary: emulator time, colored / uncolored: median [95%% interval], %s\n", runs);
	else
		printk("summary: time colored / uncolored: median ratio [95%% interval], %s\n", runs);
	qr_len = 0;
	qr_overflow = false;
	qr_text[0] = '\0';
	ksnprintf(line, sizeof(line), "pagecolor colored/uncolored time, %s, ~: 95%% CI has 1\nws seq rand FFT\n",
		  runs);
	qr_add(line);
	printk("%-8s %-*s%-*s%s\n", "ws", CELL, col_names[0], CELL, col_names[1], col_names[2]);
	lines += 2;
	for (r = first; r <= last; r++) {
		for (c = 0; c < SUMMARY_COLS; c++) {
			double before = best;
			format_cell(cells[c], sizeof(cells[c]), &slots[c][r], &cnt, &best);
			if (best < before) {
				char sz[16];
				fmt_size(sz, sizeof(sz), r + MIN_LOG2);
				ksnprintf(best_at, sizeof(best_at), "%s %.*s%c", col_short[c],
					  (int)(strchr(sz, ' ') - sz), sz, sz[strlen(sz) - 3]); /* "FFT 512K" */
			}
		}
		{
			char sz[16];
			fmt_size(sz, sizeof(sz), r + MIN_LOG2);
			ksnprintf(line, sizeof(line), "%.*s%c", (int)(strchr(sz, ' ') - sz), sz, sz[strlen(sz) - 3]);
			qr_add(line);
			for (c = 0; c < SUMMARY_COLS; c++)
				qr_cell(&slots[c][r]);
			qr_add("\n");
		}
		ksnprintf(line, sizeof(line), "%-8s %-*s%-*s%s", fmt_size(ws, sizeof(ws), r + MIN_LOG2), CELL, cells[0],
			  CELL, cells[1], cells[2]);
		/* no trailing blanks */
		for (c = strlen(line); c > 0 && line[c - 1] == ' '; c--)
			line[c - 1] = '\0';
		printk("%s\n", line);
		lines++;
	}
	printk("< 1: colored runs faster; ~: the interval includes 1 (no difference shown)\n");
	lines++;
	if (tcg) {
		ksnprintf(line, sizeof(line),
			  "note: no verdict: under %s cycle counts are emulator time, not cache behaviour; %s",
			  hv_name(hypervisor),
			  cfg->phase_marks ? "the cache model's figures follow when QEMU exits" : HV_CACHE_MODEL_HINT);
		lines += printk_wrapped(line, WRAP_SCREEN_COLS, "note:   ");
	} else if (!cnt.points) {
		ksnprintf(line, sizeof(line),
			  "verdict: no point ran both colored and uncolored (bench_modes=, page_color=off)");
		lines += printk_wrapped(line, WRAP_SCREEN_COLS, "verdict:   ");
	} else if (cnt.few_runs == cnt.points) {
		ksnprintf(line, sizeof(line),
			  "verdict: none: too few runs for a 95%% interval (bench_runs=%u; 4 or more needed)",
			  cfg->runs);
		lines += printk_wrapped(line, WRAP_SCREEN_COLS, "verdict:   ");
	} else {
		char b[16];
		ksnprintf(line, sizeof(line), "verdict: colored faster at %u of %u points, slower at %u", cnt.faster,
			  cnt.points, cnt.slower);
		if (cnt.faster) {
			u32 l = strlen(line);
			ksnprintf(line + l, sizeof(line) - l, "; best %s, %s", fmt_ratio(b, sizeof(b), best), best_at);
		}
		lines += printk_wrapped(line, WRAP_SCREEN_COLS, "verdict:   ");
	}
	if (tcg) {
		qr_add("no verdict: emulator time (QEMU TCG)");
	} else if (cnt.points && cnt.few_runs < cnt.points) { /* the verdict, short */
		char b[16];
		ksnprintf(line, sizeof(line), "faster %u/%u slower %u", cnt.faster, cnt.points, cnt.slower);
		qr_add(line);
		if (cnt.faster) {
			ksnprintf(line, sizeof(line), " best %s %s", fmt_ratio(b, sizeof(b), best), best_at);
			qr_add(line);
		}
	} else {
		qr_add(cnt.points ? "too few runs for intervals" : "no colored/uncolored pair");
	}
	qr_add("\n");
	if (hypervisor && !tcg) {
		ksnprintf(line, sizeof(line), "under %s: hypervisor time\n", hv_name(hypervisor));
		qr_add(line);
		ksnprintf(line, sizeof(line),
			  "note: under a hypervisor (%s) cycle counts include its work; QEMU's cache model"
			  " (make run, README) shows cache behaviour",
			  hv_name(hypervisor));
		lines += printk_wrapped(line, WRAP_SCREEN_COLS, "note:   ");
	}
	if (framebuffer) {
		if (qr_overflow)
			printk("summary: longer than a QR code holds (%u bytes): no QR code\n", QR_MAX_BYTES);
		else
			printk("summary: also as a QR code at the top right (%u bytes; pagecolor-report --qr)\n",
			       qr_len);
		lines++;
	}
	bench_summary_last = cnt;
	return lines;
}

const char *bench_summary_qr_text(void)
{
	return qr_text;
}

bool bench_summary_qr_fits(void)
{
	return qr_len && !qr_overflow;
}
