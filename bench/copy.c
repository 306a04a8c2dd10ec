/* SPDX-License-Identifier: MIT */
/* bench/copy.c - bench=copy: the copy alignment study of the 2.5.40-mm1
 * thread (linux-mm, October 2002), every strategy of
 * arch/x86/copy_strategies.h that this CPU can run, at every alignment.
 *
 * Test "file": a buffer of copy_bytes in RAM stands for a fully cached file
 * and is read in 8192-byte chunks into a destination misaligned by 0..32
 * bytes (the thread's time-read over a cached 1 GiB file, 33 points; the
 * source chunks are page aligned, as page-cache pages are).
 * Tests "dst" and "src": 256 KiB copies (the thread's 262144-byte copies)
 * with the source aligned and the destination at 0, 1, 2, 4, 8, 12, 16, 32,
 * and the reverse (the thread asked for both); successive copies take
 * blocks at different page-aligned places of the file, so no copy can pass
 * by leaving an earlier copy's bytes in place.
 *
 * Each run of a point copies copy_bytes (at least two blocks); runs =
 * bench_runs. Only the copies are timed (RDTSC around each, the timer's
 * own cost subtracted); after every copy the destination is compared with
 * the source word by word, and the 64 guard bytes before and after it must
 * be untouched. Throughput is KB/s as in the thread (1 KB = 1024 bytes) and
 * MB/s (2^20 bytes), min/median/mean/sd over the runs; without a TSC rate,
 * bytes per 1000 cycles. Under the cache simulator (cachesim=on) every
 * point is one phase, counted from each copy's start to its end (with the
 * FPU save/restore of the MMX/SSE strategies), not the checks. */
#include "bench/copy.h"
#include "arch/x86/copy_select.h"
#include "arch/x86/cpu.h"
#include "arch/x86/cpuinfo.h"
#include "bench/workload.h"
#include "bench/registry.h"
#include "kernel/cmdline.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/page_alloc.h"

#define GUARD	 64u
#define FILE_PTS 33u /* destination offsets 0..32 */
#define BLK_PTS	 8u
#define GUARD_B	 0xA5u

static const u32 blk_offs[BLK_PTS] = { 0, 1, 2, 4, 8, 12, 16, 32 };

enum copy_test { T_FILE, T_DST, T_SRC, T_NR };
static const char *const test_names[T_NR] = { "file", "dst", "src" };

struct copy_ctx {
	const struct bench_config *cfg;
	u8 *file, *dst_area; /* the cached file; the destination area */
	u32 file_bytes;
	u64 overhead; /* cycles of an empty RDTSC pair */
	u32 blk_next; /* block tests: copies made so far in this point (all runs) */
	u32 failures;
	/* medians for the tables, KB/s (or bytes per kcycle) */
	double file_med[COPY_NR][FILE_PTS];
	double blk_med[2][COPY_NR][BLK_PTS];
	bool have[COPY_NR];
};

static struct copy_ctx ctx; /* .bss: the tables are too big for the stack */

/* Word-by-word comparison; returns the first differing offset or n. */
static u32 first_diff(const u8 *a, const u8 *b, u32 n)
{
	u32 i = 0;

	for (; i + 4 <= n; i += 4)
		if (*(const u32 *)(a + i) != *(const u32 *)(b + i))
			break;
	for (; i < n; i++)
		if (a[i] != b[i])
			return i;
	return n;
}

static bool guards_intact(const u8 *dst, u32 n)
{
	u32 i;

	for (i = 1; i <= GUARD; i++)
		if (dst[-(s32)i] != GUARD_B)
			return false;
	for (i = 0; i < GUARD; i++)
		if (dst[n + i] != GUARD_B)
			return false;
	return true;
}

static void fill_file(u8 *p, u32 n)
{
	u32 x = 0x2545F491u, i;

	for (i = 0; i + 4 <= n; i += 4) { /* xorshift: no period within the file */
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		*(u32 *)(p + i) = x;
	}
}

/* Timed copy of n bytes inside phase `phase`; cycles, or ~0 when the
 * strategy could not run. Checks the copy; *bad and a message on a wrong
 * one. */
static u64 one_copy(enum copy_strategy_id id, u8 *dst, const u8 *src, u32 n, u32 phase, bool *bad)
{
	u64 t0, t1;
	void *r;
	u32 at;

	bench_phase_start(phase);
	t0 = rdtsc();
	r = copy_run(id, dst, src, n);
	t1 = rdtsc();
	bench_phase_end();
	if (!r)
		return ~0ull;
	at = first_diff(dst, src, n);
	if ((at < n || !guards_intact(dst, n)) && !*bad) {
		*bad = true;
		if (at < n)
			printk("copy: %s copy of %u bytes wrong at byte %u: 0x%02x, expected 0x%02x\n",
			       copy_strategy_names[id], n, at, dst[at], src[at]);
		else
			printk("copy: %s copy of %u bytes wrote outside the destination\n", copy_strategy_names[id], n);
	}
	return t1 - t0 > ctx.overhead ? t1 - t0 - ctx.overhead : 1;
}

/* One run: copy_bytes copied in the test's pieces; cycles, or 0 when the
 * strategy could not run. */
static u64 one_run(enum copy_test t, enum copy_strategy_id id, u32 so, u32 dof, u32 phase, bool *bad, u32 *bytes)
{
	u8 *dst = ctx.dst_area + GUARD + dof;
	u64 sum = 0, c;
	u32 off, k, n;

	memset(ctx.dst_area, GUARD_B, COPY_DST_AREA);
	*bytes = 0;
	if (t == T_FILE) {
		for (off = 0; off + COPY_CHUNK <= ctx.file_bytes; off += COPY_CHUNK) {
			c = one_copy(id, dst, ctx.file + off, COPY_CHUNK, phase, bad);
			if (c == ~0ull)
				return 0;
			sum += c;
			*bytes += COPY_CHUNK;
		}
		return sum;
	}
	n = MAX(2u, ctx.cfg->copy_bytes / COPY_BLOCK);
	for (k = 0; k < n; k++) {
		const u8 *src = ctx.file + copy_block_pos(ctx.file_bytes, ctx.blk_next++) + so;

		c = one_copy(id, dst, src, COPY_BLOCK, phase, bad);
		if (c == ~0ull)
			return 0;
		sum += c;
		*bytes += COPY_BLOCK;
	}
	return sum;
}

/* All runs of one point; prints the human line and the @result line;
 * returns the median (0 when nothing ran). */
static double one_point(enum copy_test t, enum copy_strategy_id id, u32 so, u32 dof)
{
	const struct bench_config *cfg = ctx.cfg;
	double v[64], mb;
	u32 r, runs = MIN(cfg->runs, 64u), ran = 0, bytes = 0, phase;
	bool bad = false;
	struct bench_stats st;
	char desc[96], a[24], b[24], c[24], d[24], e[24];
	const char *unit = cfg->tsc_khz ? "KB/s" : "bytes/kcycle";

	ctx.blk_next = 0;
	ksnprintf(desc, sizeof(desc), "bench=copy test=%s strategy=%s src_align=%u dst_align=%u", test_names[t],
		  copy_strategy_names[id], so, dof);
	phase = bench_phase_label(desc);
	for (r = 0; r < runs; r++) {
		u64 cyc = one_run(t, id, so, dof, phase, &bad, &bytes);

		if (!cyc)
			break;
		if (cfg->tsc_khz)
			v[ran++] = (double)bytes * cfg->tsc_khz * 1000.0 / 1024.0 / (double)cyc;
		else
			v[ran++] = (double)bytes * 1000.0 / (double)cyc;
	}
	if (!ran) {
		printk("@skip bench=copy test=%s strategy=%s src_align=%u dst_align=%u reason=fpu_busy runs=0 of=%u\n",
		       test_names[t], copy_strategy_names[id], so, dof, runs);
		ctx.failures++;
		return 0;
	}
	if (bad)
		ctx.failures++;
	bench_stats(v, ran, &st);
	mb = cfg->tsc_khz ? st.median / 1024.0 : 0;
	printk("copy %-4s %-5s src+%-2u dst+%-2u median %s %s mean %s sd %s min %s%s%s%s\n", test_names[t],
	       copy_strategy_names[id], so, dof, fmt_fixed(a, sizeof(a), st.median, 0), unit,
	       fmt_fixed(b, sizeof(b), st.mean, 0), fmt_fixed(c, sizeof(c), st.stddev, 0),
	       fmt_fixed(d, sizeof(d), st.min, 0), cfg->tsc_khz ? " (" : "",
	       cfg->tsc_khz ? fmt_fixed(e, sizeof(e), mb, 1) : "", cfg->tsc_khz ? " MB/s)" : "");
	printk("@result bench=copy test=%s strategy=%s src_align=%u dst_align=%u bytes=%u piece=%u runs=%u "
	       "unit=%s median=%s mean=%s stddev=%s min=%s",
	       test_names[t], copy_strategy_names[id], so, dof, bytes, t == T_FILE ? COPY_CHUNK : COPY_BLOCK, ran, unit,
	       fmt_fixed(a, sizeof(a), st.median, 0), fmt_fixed(b, sizeof(b), st.mean, 0),
	       fmt_fixed(c, sizeof(c), st.stddev, 0), fmt_fixed(d, sizeof(d), st.min, 0));
	if (cfg->tsc_khz)
		printk(" mb_s_median=%s", fmt_fixed(e, sizeof(e), mb, 1));
	printk(" verified=%s\n", bad ? "no" : "yes");
	return st.median;
}

/* The thread's table: one row per alignment, one column per strategy. */
static void print_table(const char *title, const char *rowname, const u32 *offs, u32 npts, const double *med,
			u32 stride)
{
	u32 i, id;
	char a[24];

	printk("\ncopy: %s\n", title);
	printk("copy: %-5s", rowname);
	for (id = 0; id < COPY_NR; id++)
		if (ctx.have[id])
			printk(" %9s", copy_strategy_names[id]);
	printk("\n");
	for (i = 0; i < npts; i++) {
		printk("copy: %5u", offs ? offs[i] : i);
		for (id = 0; id < COPY_NR; id++)
			if (ctx.have[id])
				printk(" %9s", fmt_fixed(a, sizeof(a), med[id * stride + i], 0));
		printk("\n");
	}
}

u32 bench_copy(const struct bench_config *cfg)
{
	struct bench_buf buf;
	u32 want = cfg->copy_bytes, quarter = nr_free_pages() / 4 * PAGE_SIZE, i, id, nid = 0;
	const char *why, *unit = cfg->tsc_khz ? "KB/s, 1 KB = 1024 bytes" : "bytes per 1000 cycles (no TSC rate)";
	char a[16], b[16], title[100];

	memset(&ctx, 0, sizeof(ctx));
	ctx.cfg = cfg;
	ctx.file_bytes = want;
	if (ctx.file_bytes + COPY_DST_AREA > quarter) {
		ctx.file_bytes = quarter > COPY_DST_AREA ? ALIGN_DOWN(quarter - COPY_DST_AREA, COPY_BLOCK) : 0;
		format_size(a, sizeof(a), want);
		format_size(b, sizeof(b), ctx.file_bytes);
		if (ctx.file_bytes < COPY_BYTES_MIN) {
			printk("bench: copy skipped: copy_bytes=%s needs at least %u KiB, a quarter of free memory is "
			       "%u KiB\n",
			       a, (COPY_BYTES_MIN + COPY_DST_AREA) >> 10, quarter >> 10);
			return 0;
		}
		printk("bench: copy_bytes=%s lowered to %s: a quarter of free memory (%u KiB free)\n", a, b,
		       nr_free_pages() * 4);
	}
	if (bench_buf_alloc(&buf, ctx.file_bytes + COPY_DST_AREA) < 0) {
		printk("@skip bench=copy reason=no_memory runs=0\n");
		return 1;
	}
	ctx.file = buf.va;
	ctx.dst_area = (u8 *)buf.va + ALIGN_UP(ctx.file_bytes, PAGE_SIZE);
	fill_file(ctx.file, ctx.file_bytes);
	ctx.overhead = ~0ull;
	for (i = 0; i < 64; i++) {
		u64 t0 = rdtsc(), t1 = rdtsc();
		if (t1 - t0 < ctx.overhead)
			ctx.overhead = t1 - t0;
	}
	format_size(a, sizeof(a), ctx.file_bytes);
	printk("\ncopy: the copy alignment study (2.5.40-mm1, linux-mm, October 2002): a %s cached\n", a);
	printk("copy: file read in %u-byte chunks into a destination misaligned 0..32; %u KiB copies,\n", COPY_CHUNK,
	       COPY_BLOCK >> 10);
	printk("copy: src or dst misaligned (copy_bytes= per run);\n");
	printk("copy: %u runs per point, every copy verified byte for byte; throughput in %s\n", MIN(cfg->runs, 64u),
	       unit);
	if (boot_cpu.hypervisor)
		printk("copy: under a hypervisor these time the emulator: a CPU's alignment effects do not show\n"
		       "copy: (the cache simulator counts split accesses: make run-cachesim CMDLINE=bench=copy)\n");
	for (id = 0; id < COPY_NR; id++) {
		if (!(cfg->copy_mask & (1u << id)))
			continue; /* not asked for (copy_strategies=) */
		ctx.have[id] = copy_usable(id, &why);
		if (!ctx.have[id])
			printk("copy: strategy %s not run: %s\n", copy_strategy_names[id], why);
		else
			nid++;
	}
	if (!nid) {
		printk("copy: no strategy to run (copy_strategies= and this CPU)\n");
		bench_buf_free(&buf);
		return 0;
	}
	for (i = 0; i < FILE_PTS; i++)
		for (id = 0; id < COPY_NR; id++)
			if (ctx.have[id])
				ctx.file_med[id][i] = one_point(T_FILE, id, 0, i);
	for (i = 0; i < BLK_PTS; i++)
		for (id = 0; id < COPY_NR; id++)
			if (ctx.have[id]) {
				ctx.blk_med[0][id][i] = one_point(T_DST, id, 0, blk_offs[i]);
				ctx.blk_med[1][id][i] = i ? one_point(T_SRC, id, blk_offs[i], 0)
							  : ctx.blk_med[0][id][i]; /* 0/0 is one point */
			}
	ksnprintf(title, sizeof(title), "file read in %u-byte chunks, dst misaligned; median %s", COPY_CHUNK,
		  cfg->tsc_khz ? "KB/s" : "bytes/kcycle");
	print_table(title, "dst", NULL, FILE_PTS, &ctx.file_med[0][0], FILE_PTS);
	ksnprintf(title, sizeof(title), "%u KiB copies, src aligned, dst misaligned; median %s", COPY_BLOCK >> 10,
		  cfg->tsc_khz ? "KB/s" : "bytes/kcycle");
	print_table(title, "dst", blk_offs, BLK_PTS, &ctx.blk_med[0][0][0], BLK_PTS);
	ksnprintf(title, sizeof(title), "%u KiB copies, dst aligned, src misaligned; median %s", COPY_BLOCK >> 10,
		  cfg->tsc_khz ? "KB/s" : "bytes/kcycle");
	print_table(title, "src", blk_offs, BLK_PTS, &ctx.blk_med[1][0][0], BLK_PTS);
	printk("@copy strategies=%u points=%u failures=%u verified=%s\n", nid, nid * (FILE_PTS + 2 * BLK_PTS - 1),
	       ctx.failures, ctx.failures ? "no" : "yes");
	bench_buf_free(&buf);
	return ctx.failures;
}
