/* SPDX-License-Identifier: MIT */
/* bench/readahead.c - cold pages for a page-cache-like reader, and batched
 * frees with hot/cold hints (opt-in: bench=readahead; declared by
 * bench/registry.h).
 *
 * From the 2.5.40-mm1 thread (linux-mm, October 2002), its
 * "readahead-cold-pages" patch ("use cache-cold pages for pagecache
 * reads") and "pagevec-hot-cold-hint" (mm/pagevec.h). A page that a device
 * fills by DMA gains nothing from being in the CPU's cache: the device's
 * write invalidates its lines, and a readahead page is read long after
 * that. A hot page (just freed by this CPU, its lines still cached) given
 * to such a user is wasted; given to a user that writes the page at once
 * with the CPU, its writes hit the cache. So readahead allocates with
 * __GFP_COLD, from the cold list, and leaves the hot pages to the others.
 *
 * Every run, on CPU 0 under placement=buddy with the per-CPU lists on (the
 * lists serve only buddy; both are set for the benchmark, said, and
 * restored after):
 *  1. time passes: the per-CPU lists are drained and a buffer of 2 x
 *     cache_size (at most 8 MiB, allocated once) is read, one load per
 *     line, so no page of the run starts in the cache;
 *  2. a CPU writer allocates N pages, writes them, and frees them hot
 *     through a pagevec: the hot list's head holds N cache-hot pages;
 *  3. consumer=cpu: a user allocates N pages (alloc=hot: plain; alloc=cold:
 *     __GFP_COLD) and writes them at once (phase step=write);
 *     consumer=readahead: the reader allocates its window of N pages
 *     (alloc=hot or cold) and the device fills them (the DMA fill below);
 *     then the CPU writer allocates its next N pages (plain, as such a user
 *     does) and writes them at once (phase step=other_write); then,
 *     later, the reader reads its window and checks every word (phase
 *     step=read);
 *  4. frees through pagevecs: the pages just written hot, the reader's
 *     page-cache pages cold (freed as reclaim would, long after use).
 * N = min(cache_size / 8, pcp_high - 2 x pcp_batch) pages: a window well
 * inside the cache that the hot list holds beside its refills.
 *
 * The fill as DMA: a CPU fill would bring the lines into the cache and
 * defeat the point. With cachesim=on the fill's stores run inside the cache
 * model's DMA window (the arch's arch.h, DMA_MARK_BASE; tools/cachesim/README.md): the
 * data reach memory, the model drops the lines from every level instead of
 * filling them. Without the model (plain QEMU, a real PC) the fill is
 * plain CPU stores and the run says so.
 *
 * Prints per consumer and allocation
 *   @result bench=readahead consumer=cpu|readahead alloc=hot|cold pages=N
 *     runs=R unit=cycles/line write_median=X | other_write_median=X
 *     read_median=X warm_pages=X [other_warm_pages=X verified=yes|no]
 * where warm_pages counts (mean over runs) the user's pages that were the
 * writer's just-freed hot pages, other_warm_pages the same for the
 * writer's next buffer after the reader's allocation. Cycles are emulator
 * time under QEMU; the cache model's misses per phase are what to read
 * (tools/cachesim/report.py groups the @phase labels). Returns failures
 * (pages that ran out, a word read back wrong, a pagevec free refused, an
 * mm_check failure). */
#include <asm/benchmap.h>
#include <asm/irqflags.h>
#include <asm/page.h>
#include <asm/timex.h>
#include "bench/workload.h"
#include "bench/policy_switch.h"
#include "bench/registry.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "mm/mm_check.h"
#include "mm/page_alloc.h"
#include "mm/pagevec.h"
#include "mm/pcp.h"

#define RA_MAX_PAGES 256u			  /* the window's cap (pcp_high's bound) */
#define RA_EVICT_MAX (8u * MiB)			  /* the "time passes" buffer's cap */
#define RA_LINE	     64u			  /* one store or load per line */
#define RA_WORDS     (PAGE_SIZE / 4u)		  /* words per page */
#define RA_GFP	     (GFP_KERNEL | __GFP_MOVABLE) /* directly mapped (__va) */
#define RA_RUNS_MAX  64u

static u32 ra_writer[RA_MAX_PAGES], ra_own[RA_MAX_PAGES], ra_other[RA_MAX_PAGES];
static bool ra_dma_window; /* cachesim=on and the DMA page mapped */
static u32 ra_bad_frees;

static inline u32 *page_va(u32 pfn)
{
	return __va((unsigned long)pfn << PAGE_SHIFT);
}

/* The file's word at word offset i (the device's data): a hash, so that a
 * page read back in the wrong place or not filled is seen. */
static inline u32 ra_word(u32 i)
{
	return (i + 1u) * 2654435761u ^ 0x5a5a1234u;
}

/* n order-0 pages into pfns; 0, or -1 with everything given back. */
static int ra_alloc(u32 *pfns, u32 n, gfp_t gfp)
{
	for (u32 i = 0; i < n; i++) {
		struct page *p = alloc_page(gfp);
		if (!p) {
			while (i--)
				__free_pages(pfn_to_page(pfns[i]), 0);
			return -1;
		}
		pfns[i] = page_to_pfn(p);
	}
	return 0;
}

/* Frees n pages through a pagevec with the hint cold (or hot). */
static void ra_free(const u32 *pfns, u32 n, bool cold)
{
	struct pagevec pv;
	u32 freed = 0;

	pagevec_init(&pv, cold);
	for (u32 i = 0; i < n; i++)
		freed += pagevec_free_page(&pv, pfn_to_page(pfns[i]));
	freed += pagevec_release(&pv);
	ra_bad_frees += n - freed;
}

/* Pages of a[na] that are in b[nb]. */
static u32 ra_common(const u32 *a, u32 na, const u32 *b, u32 nb)
{
	u32 k = 0;

	for (u32 i = 0; i < na; i++)
		for (u32 j = 0; j < nb; j++)
			if (a[i] == b[j]) {
				k++;
				break;
			}
	return k;
}

/* The CPU writes one word per line of every page. */
static void ra_cpu_write(const u32 *pfns, u32 n)
{
	for (u32 i = 0; i < n; i++) {
		volatile u32 *p = page_va(pfns[i]);
		for (u32 w = 0; w < RA_WORDS; w += RA_LINE / 4)
			p[w] = w;
	}
}

/* The device fills the window: every word, inside the model's DMA window.
 * Its own function, the flag read afresh, so that between the two markers
 * the code stores nothing but the data (no spill, no call: the model would
 * take those stores as the device's too). */
static __attribute__((noinline)) void ra_fill_window(const u32 *pfns, u32 n)
{
	if (*(volatile bool *)&ra_dma_window)
		*(volatile u32 *)(DMA_MARK_BASE + 4) = 1;
	for (u32 i = 0; i < n; i++) {
		u32 *p = page_va(pfns[i]);
		for (u32 w = 0; w < RA_WORDS; w++)
			p[w] = ra_word(i * RA_WORDS + w);
	}
	if (*(volatile bool *)&ra_dma_window)
		*(volatile u32 *)DMA_MARK_BASE = 0;
}

/* The fill with interrupts off, so that no handler's stores fall in the
 * window. */
static void ra_dma_fill(const u32 *pfns, u32 n)
{
	irqflags_t f = arch_irq_save();

	ra_fill_window(pfns, n);
	arch_irq_restore(f);
}

/* The reader reads every word of its window; returns the words that differ
 * from the file's. */
static u32 ra_read(const u32 *pfns, u32 n)
{
	u32 bad = 0;

	for (u32 i = 0; i < n; i++) {
		const volatile u32 *p = page_va(pfns[i]);
		for (u32 w = 0; w < RA_WORDS; w++)
			bad += p[w] != ra_word(i * RA_WORDS + w);
	}
	return bad;
}

/* Time passes: one load per line of the eviction buffer. */
static void ra_evict(const u32 *pfns, u32 n)
{
	u32 sum = 0;

	for (u32 i = 0; i < n; i++) {
		const volatile u32 *p = page_va(pfns[i]);
		for (u32 w = 0; w < RA_WORDS; w += RA_LINE / 4)
			sum += p[w];
	}
	(void)sum;
}

struct ra_run {
	u64 write, read; /* cycles of step=write or other_write, step=read */
	u32 warm, other_warm, bad_words;
};

/* A marked, timed step: returns its cycles. */
static u64 ra_step(const char *desc, void (*fn)(const u32 *, u32), const u32 *pfns, u32 n)
{
	u32 id = bench_phase_label(desc);
	u64 t0 = get_cycles_relaxed();

	bench_phase_start(id);
	fn(pfns, n);
	bench_phase_end();
	return get_cycles_relaxed() - t0;
}

static u32 ra_read_bad; /* ra_read's result through ra_step */
static void ra_read_step(const u32 *pfns, u32 n)
{
	ra_read_bad = ra_read(pfns, n);
}

/* One run; 0, or -1 when pages ran out (nothing held then). */
static int ra_run_once(bool readahead, bool cold, u32 n, u32 run, const u32 *evict, u32 nevict, struct ra_run *r)
{
	gfp_t gfp = RA_GFP | (cold ? __GFP_COLD : 0);
	const char *c = readahead ? "readahead" : "cpu", *a = cold ? "cold" : "hot";
	char desc[128];

	pcp_drain_all();
	ra_evict(evict, nevict);
	if (ra_alloc(ra_writer, n, RA_GFP) < 0)
		return -1;
	ra_cpu_write(ra_writer, n);
	ra_free(ra_writer, n, false);
	if (ra_alloc(ra_own, n, gfp) < 0)
		return -1;
	r->warm = ra_common(ra_own, n, ra_writer, n);
	if (!readahead) {
		ksnprintf(desc, sizeof(desc),
			  "bench=readahead consumer=%s alloc=%s step=write pages=%u run=%u color=off", c, a, n, run);
		r->write = ra_step(desc, ra_cpu_write, ra_own, n);
		ra_free(ra_own, n, false);
		return 0;
	}
	ra_dma_fill(ra_own, n);
	if (ra_alloc(ra_other, n, RA_GFP) < 0) {
		ra_free(ra_own, n, true);
		return -1;
	}
	r->other_warm = ra_common(ra_other, n, ra_writer, n);
	ksnprintf(desc, sizeof(desc), "bench=readahead consumer=%s alloc=%s step=other_write pages=%u run=%u color=off",
		  c, a, n, run);
	r->write = ra_step(desc, ra_cpu_write, ra_other, n);
	ksnprintf(desc, sizeof(desc), "bench=readahead consumer=%s alloc=%s step=read pages=%u run=%u color=off", c, a,
		  n, run);
	r->read = ra_step(desc, ra_read_step, ra_own, n);
	r->bad_words = ra_read_bad;
	ra_free(ra_other, n, false);
	ra_free(ra_own, n, true);
	return 0;
}

static char *ra_median(char *buf, u32 size, const double *v, u32 n)
{
	struct bench_stats st;

	bench_stats(v, n, &st);
	return fmt_fixed(buf, size, st.median, 2);
}

/* Every run of one consumer and allocation; returns failures. */
static u32 ra_config(const struct bench_config *cfg, bool readahead, bool cold, u32 n, const u32 *evict, u32 nevict)
{
	const char *c = readahead ? "readahead" : "cpu", *a = cold ? "cold" : "hot";
	u32 runs = MIN(cfg->runs, RA_RUNS_MAX), ok = 0, warm = 0, other_warm = 0, bad_words = 0;
	double wr[RA_RUNS_MAX], rd[RA_RUNS_MAX];
	double lines = (double)n * (PAGE_SIZE / RA_LINE);
	char m1[24], m2[24], w1[24], w2[24];

	for (u32 i = 0; i < runs; i++) {
		struct ra_run r = { 0 };
		if (ra_run_once(readahead, cold, n, i + 1, evict, nevict, &r) < 0)
			continue;
		wr[ok] = (double)r.write / lines;
		rd[ok] = (double)r.read / lines; /* 16 words a line */
		warm += r.warm;
		other_warm += r.other_warm;
		bad_words += r.bad_words;
		ok++;
	}
	if (!ok) {
		printk("@skip bench=readahead consumer=%s alloc=%s pages=%u reason=no_memory runs=0 of=%u\n", c, a, n,
		       runs);
		return 1;
	}
	fmt_fixed(w1, sizeof(w1), (double)warm / ok, 1);
	fmt_fixed(w2, sizeof(w2), (double)other_warm / ok, 1);
	printk("@result bench=readahead consumer=%s alloc=%s pages=%u runs=%u", c, a, n, ok);
	if (ok < runs)
		printk(" of=%u reason=no_memory", runs);
	if (readahead)
		printk(" unit=cycles/line other_write_median=%s read_median=%s warm_pages=%s other_warm_pages=%s",
		       ra_median(m1, sizeof(m1), wr, ok), ra_median(m2, sizeof(m2), rd, ok), w1, w2);
	else
		printk(" unit=cycles/line write_median=%s warm_pages=%s", ra_median(m1, sizeof(m1), wr, ok), w1);
	if (readahead)
		printk(" verified=%s", bad_words ? "no" : "yes");
	printk("\n");
	if (bad_words)
		printk("readahead: consumer=%s alloc=%s: %u words read back wrong\n", c, a, bad_words);
	return (ok < runs) + (bad_words != 0);
}

u32 bench_readahead(const struct bench_config *cfg)
{
	bool was_on = pcp_enabled();
	u32 batch = pcp_batch(), high = pcp_high(), failures = 0;
	const char *was = bench_policy_name();
	u32 n = MIN(MIN(cfg->cache_size / 8 / PAGE_SIZE, high - 2 * batch), RA_MAX_PAGES);
	u32 evict_bytes = MIN(2 * cfg->cache_size, RA_EVICT_MAX), nevict = evict_bytes / PAGE_SIZE;
	u32 *evict = wl_scratch;

	if (!n)
		n = 1;
	printk(
	    "\nreadahead: a reader's window of %u pages allocated hot or cold (__GFP_COLD), filled by the device, read "
	    "later, beside a CPU writer that frees %u hot pages first; frees in pagevecs of %u (hot: just written; "
	    "cold: the reader's pages)\n",
	    n, n, PAGEVEC_SIZE);
	ra_dma_window = cfg->phase_marks && bench_dma_mark_map() == 0;
	if (ra_dma_window)
		printk("readahead: the fill runs in the cache model's DMA window (its lines dropped, not filled)\n");
	else
		printk("readahead: no cache model (cachesim=off): the fill is plain CPU stores, which warm the cache; "
		       "only warm_pages and verified mean anything here\n");
	if (!wl_fits("readahead", evict_bytes, nevict + 3 * n))
		return 0; /* skipped and said, as a small machine's other benchmarks */
	if (ra_alloc(evict, nevict, RA_GFP) < 0) {
		printk("@skip bench=readahead reason=no_memory runs=0\n");
		return 1;
	}
	if (strcmp(was, "buddy") != 0 || !was_on)
		printk("readahead: per-CPU lists on and placement=buddy for this benchmark (was: lists %s, %s); "
		       "restored after\n",
		       was_on ? "on" : "off", was);
	if (bench_policy_select("buddy") < 0) {
		failures++;
		goto out;
	}
	pcp_setup(true, batch, high);
	ra_bad_frees = 0;
	for (u32 k = 0; k < 4; k++)
		failures += ra_config(cfg, k >= 2, k & 1, n, evict, nevict);
	if (ra_bad_frees) {
		printk("readahead: %u pagevec frees refused\n", ra_bad_frees);
		failures++;
	}
	pcp_setup(was_on, batch, high);
	if (bench_policy_select(was) < 0)
		failures++;
out:
	for (u32 i = 0; i < nevict; i++)
		__free_pages(pfn_to_page(evict[i]), 0);
	if (cfg->check && mm_check() < 0)
		failures++;
	return failures;
}
