/* SPDX-License-Identifier: MIT */
/* bench/fft.c - the FFT benchmark: cycles per in-place complex FFT over
 * sizes from 1 Ki points up to the largest working set, coloring on and
 * off. The 2.4.17 thread reports FFTs that fit in L2 running up to 30% faster
 * with coloring (Linux 2.4.17, linux-mm, January 2002). Every size is verified by a forward
 * then inverse round trip; a naive DFT checks the kernel once per boot. */
#include "bench/workload.h"
#include "bench/fft.h"
#include "bench/policy_switch.h"
#include "bench/registry.h"
#include "kernel/printk.h"
#include "kernel/task.h"
#include "mm/mm_check.h"
#include "mm/shuffle.h"
#include <asm/fpu.h>
#include <asm/irqflags.h>
#include <asm/timex.h>

#define FFT_MAX_ERR 1e-9

static const struct fft_ops *pick_ops(void)
{
#if ARCH_FFT_VECTOR
	if (fpu_vector_usable())
		return &fft_ops_sse2;
#endif
	if (fpu_usable())
		return &fft_ops_fpu;
	return NULL;
}

/* One timed transform of n points in a new task. *err receives the
 * round-trip error when verify is set; *hits and *misses are set only when
 * the run completed. Returns cycles, or -1 when the buffer could not be
 * allocated (reason no_memory). */
static double fft_run(const struct fft_ops *ops, u32 n, bool colored, u32 run, u64 overhead, bool verify, double *err,
		      u32 *hits, u32 *misses)
{
	struct bench_buf b;
	struct cplx *x, *w;
	char desc[128];
	cycles_t t0, t1;
	irqflags_t flags;
	u32 seed = 0xff7u + n, phase;

	if (!colored)
		shuffle_free_lists(); /* a fresh placement per run, as on a busy system */
	task_start(colored ? "fft-on" : "fft-off");
	if (bench_buf_alloc(&b, n * 16 + n * 8) < 0) {
		task_end();
		return -1;
	}
	*hits = b.hits;
	*misses = b.misses;
	x = b.va;
	w = x + n;
	/* The label first: its printk would evict lines that the twiddle and
	 * fill passes (the warm-up) bring into the cache. */
	ksnprintf(desc, sizeof(desc), "bench=fft color=%s n=%u ws=%u run=%u", colored ? "on" : "off", n, n * 16, run);
	phase = bench_phase_label(desc);
	ops->twiddles(w, n);
	ops->fill(x, n, seed);
	flags = arch_irq_save();
	bench_phase_start(phase);
	t0 = get_cycles();
	ops->transform(x, n, w, false);
	t1 = get_cycles();
	bench_phase_end();
	arch_irq_restore(flags);
	if (verify) {
		ops->transform(x, n, w, true);
		*err = ops->roundtrip_error(x, n, seed);
	}
	bench_buf_free(&b);
	task_end();
	t1 -= t0;
	return (double)(t1 > overhead ? t1 - overhead : 0);
}

static u32 log2u(u32 n)
{
	u32 l = 0;
	while ((1u << l) < n)
		l++;
	return l;
}

u32 bench_fft(const struct bench_config *cfg)
{
	const struct fft_ops *ops = pick_ops();
	u64 overhead = bench_timer_overhead();
	u32 failures = 0, n, m;
	double v[64];
	char e[24];

	if (!ops) {
		printk("\nfft: skipped: this CPU has no FPU\n");
		printk("@skip bench=fft reason=no_fpu runs=0\n");
		return 0;
	}
	printk("\nfft: in-place radix-2 complex double FFT (%s), %u runs per point; cycles per transform"
	       " (timer overhead %llu cycles subtracted)\n",
	       ops->name, cfg->runs, (unsigned long long)overhead);
	/* the kernel against a naive DFT, once */
	{
		struct bench_buf b;
		double err;
		task_start("fft-dft");
		if (bench_buf_alloc(&b, 64 * 16 * 2 + 32 * 16) == 0) {
			struct cplx *x = b.va, *w = x + 128;
			ops->twiddles(w, 64);
			err = ops->dft_error(x, w, 64, 12345);
			printk("fft: naive DFT check n=64 max_rel_err=%s %s\n", fmt_sci(e, sizeof(e), err),
			       err < FFT_MAX_ERR ? "ok" : "FAILED");
			printk("@check name=fft_dft n=64 max_rel_err=%s verified=%s\n", e,
			       err < FFT_MAX_ERR ? "yes" : "no");
			failures += err < FFT_MAX_ERR ? 0 : 1;
			bench_buf_free(&b);
		} else {
			printk("fft: naive DFT check n=64: could not get its buffer\n");
			printk("@check name=fft_dft n=64 verified=no reason=no_memory\n");
			failures++;
		}
		task_end();
	}
	for (n = 1024; n * 16 <= cfg->max_ws; n <<= 1) {
		for (m = 0; m < 2; m++) {
			bool colored = m == 0;
			u32 r, ran = 0, hits = 0, misses = 0;
			double err = 0, worst = 0;
			bool verified = false;
			char keys[64], extra[128], f[24];
			struct bench_stats st;

			if ((colored && cfg->modes == BENCH_MODES_OFF) || (!colored && cfg->modes == BENCH_MODES_ON))
				continue;
			bench_set_coloring(colored);
			for (r = 0; r < cfg->runs && r < ARRAY_SIZE(v); r++) {
				u32 h = 0, mi = 0;
				/* the first run that completes is verified */
				double x = fft_run(ops, n, colored, r, overhead, !verified, &err, &h, &mi);
				if (x < 0) { /* no figure, no counters: a failure */
					failures++;
				} else {
					if (!verified)
						worst = err;
					verified = true;
					v[ran++] = x;
					hits += h;
					misses += mi;
				}
				if (cfg->check && mm_check() < 0)
					failures++;
			}
			ksnprintf(keys, sizeof(keys), "n=%u ws=%u", n, n * 16);
			extra[0] = '\0';
			if (ran) {
				bench_stats(v, ran, &st);
				if (worst >= FFT_MAX_ERR)
					failures++;
				fmt_fixed(f, sizeof(f), st.median > 0 ? 5.0 * n * log2u(n) / st.median : 0, 4);
				ksnprintf(extra, sizeof(extra), "flops_per_cycle=%s max_rel_err=%s verified=%s", f,
					  fmt_sci(e, sizeof(e), worst), worst < FFT_MAX_ERR ? "yes" : "no");
			}
			bench_report_point(&(struct bench_point){ .bench = "fft",
								  .keys = keys,
								  .unit = "cycles",
								  .colored = colored,
								  .v = v,
								  .ran = ran,
								  .runs = r,
								  .reason = ran < r ? "no_memory" : NULL,
								  .hits = hits,
								  .misses = misses,
								  .tsc_khz = cfg->tsc_khz,
								  .extra = extra });
		}
	}
	return failures;
}
