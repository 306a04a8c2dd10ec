/* SPDX-License-Identifier: MIT */
/* bench/probe.c - bench=probe: known patterns of physical cache lines,
 * touched inside marked phases, for the cache simulator's end-to-end test
 * (tests/cachesim/test_probe.py; tools/cachesim/README.md).
 *
 * Each pattern maps k pages (pfns chosen as below) virtually contiguous at
 * BENCH_VA and loads every 64-byte line of them, in address order, `rounds`
 * times: one 4-byte load per line, nothing else. The loop is one asm block
 * that also stores the phase markers itself, so the phase holds exactly
 * those loads (no call/ret, no spills, no marker overhead):
 *
 *   outer = bench_phase_begin("bench=probe pattern=P part=outer ...")
 *   asm: store marker `inner` (PROBE_PHASE_BASE + i) | loops | store marker
 *        `outer` (back to the outer phase)
 *   bench_phase_end()
 *
 * The outer phase therefore only holds the few stack accesses of the
 * begin/end calls (the same wrapper overhead every stride and FFT phase has);
 * the inner phase is labelled by a "@phase id=inner ... part=loop" line
 * printed here (with the @probe line, before the outer phase begins, so
 * the printing is in neither phase). Inner ids count down from 1023 (bench_phase_begin's count up
 * from 1; a probe boot runs no other benchmark).
 *
 * For every pattern the kernel prints, from the pfns and the cache geometry
 * it was given (cache_size, cache_ways; 64-byte lines):
 *   @probe phase=INNER pattern=P color=on|off pages=k rounds=R
 *     line=64 l2size=S l2ways=W sets=N expected_accesses=A
 *     expected_l2_misses=M expected_l2_hits=H pfns=p0,p1,...
 * The expectation is for an L2 alone (plugin l1size=0), LRU, empty at the
 * phase start (plugin flush=on): in a set holding m of the touched lines,
 * the cyclic order repeats every round, so it misses m times when m <= W
 * and m * R times when m > W (LRU evicts each line just before its reuse).
 *
 * Patterns (W = ways, C = cache_size / (W * PAGE_SIZE) colors):
 *   fit       coloring on, min(16, C/2) pages (distinct colors), 2 rounds:
 *             the second round is all hits
 *   assoc     W pages of one color, 4 rounds: only the first round misses
 *   conflict  W + 1 pages of one color, 4 rounds: every access misses
 *             (direct-mapped: two lines a multiple of cache_size apart)
 *   random    coloring off, min(32, C/2) pages as the allocator gives them
 *             (random placement with mm_shuffle=on), 2 rounds
 * Same-color pages are found by allocating pages with __GFP_NOCOLOR until
 * enough of the first page's color turned up (the others are freed).
 */
#include "bench/workload.h"
#include "bench/policy_switch.h"
#include "bench/registry.h"
#include "kernel/printk.h"
#include "kernel/string.h"
#include "kernel/task.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include <asm/benchmap.h>
#include <asm/irqflags.h>
#include <asm/probe_loop.h>

#define PROBE_LINE	     PROBE_LOOP_LINE
#define PROBE_LINES_PER_PAGE (PAGE_SIZE / PROBE_LINE)
#define PROBE_MAX_PAGES	     65u    /* cache_ways <= 64, so W + 1 <= 65 */
#define PROBE_MAX_REJECTS    16384u /* pages tried while looking for one color */
#define PROBE_PHASE_TOP	     1023u  /* inner phase ids: 1023, 1022, ... */

static u32 probe_pfns[PROBE_MAX_PAGES];
static u32 probe_rejects[PROBE_MAX_REJECTS];
static u32 probe_sets[PROBE_MAX_PAGES * PROBE_LINES_PER_PAGE];
static char probe_buf[1024];

/* Loads one word of every line in [base, end), `rounds` times, between the
 * stores that switch the simulator to phase `inner` and back to `outer`
 * (0 = end): <asm/probe_loop.h>'s one asm block. */
static void touch_marked(unsigned long base, unsigned long end, u32 rounds, u32 inner, u32 outer)
{
	probe_touch_marked(base, end, rounds, inner, outer);
}

/* The same loads without markers (cachesim=off: the marker page is not mapped). */
static void touch_plain(unsigned long base, unsigned long end, u32 rounds)
{
	probe_touch_plain(base, end, rounds);
}

static void sort_u32(u32 *v, u32 n)
{
	u32 gap, i, j;

	for (gap = n / 2; gap > 0; gap /= 2)
		for (i = gap; i < n; i++) {
			u32 x = v[i];
			for (j = i; j >= gap && v[j - gap] > x; j -= gap)
				v[j] = v[j - gap];
			v[j] = x;
		}
}

struct probe_expect {
	u32 accesses, misses;
};

/* L2 alone, LRU, empty at the start: see the file comment. */
static struct probe_expect expect(const u32 *pfns, u32 k, u32 rounds, u32 sets, u32 ways)
{
	struct probe_expect e = { k * PROBE_LINES_PER_PAGE * rounds, 0 };
	u32 n = 0, i, p, l;

	for (p = 0; p < k; p++)
		for (l = 0; l < PROBE_LINES_PER_PAGE; l++)
			probe_sets[n++] = (pfns[p] * PROBE_LINES_PER_PAGE + l) & (sets - 1);
	sort_u32(probe_sets, n);
	for (i = 0; i < n;) {
		u32 m = 1;
		while (i + m < n && probe_sets[i + m] == probe_sets[i])
			m++;
		e.misses += m <= ways ? m : m * rounds;
		i += m;
	}
	return e;
}

static void free_pfns(const u32 *pfns, u32 n)
{
	u32 i;
	for (i = 0; i < n; i++)
		__free_pages(pfn_to_page(pfns[i]), 0);
}

/* k pages as the allocator gives them (coloring as currently set). */
static u32 get_pages(u32 k)
{
	u32 i;
	for (i = 0; i < k; i++) {
		struct page *p = alloc_page(GFP_HIGHUSER);
		if (!p)
			break;
		probe_pfns[i] = page_to_pfn(p);
	}
	return i;
}

/* k pages of one color of a cache with `colors` page colors. */
static u32 get_same_color(u32 k, u32 colors)
{
	u32 got = 0, rej = 0, want = 0;

	while (got < k && rej < PROBE_MAX_REJECTS) {
		struct page *p = alloc_page(GFP_HIGHUSER | __GFP_NOCOLOR);
		u32 pfn;
		if (!p)
			break;
		pfn = page_to_pfn(p);
		if (got == 0)
			want = pfn & (colors - 1);
		if ((pfn & (colors - 1)) == want)
			probe_pfns[got++] = pfn;
		else
			probe_rejects[rej++] = pfn;
	}
	free_pfns(probe_rejects, rej);
	return got;
}

enum probe_kind { P_FIT, P_ASSOC, P_CONFLICT, P_RANDOM };
static const char *const probe_names[] = { "fit", "assoc", "conflict", "random" };

/* Runs one pattern; returns 0 or 1 (failure). */
static u32 probe_one(const struct bench_config *cfg, enum probe_kind kind, u32 inner, u32 sets, u32 ways, u32 colors)
{
	u32 half = MAX(1u, colors / 2), k, got, rounds, outer = 0, i, len;
	irqflags_t flags;
	bool colored = kind == P_FIT;
	struct probe_expect e;
	char desc[128];

	switch (kind) {
	case P_FIT:
		k = MIN(16u, half);
		rounds = 2;
		break;
	case P_ASSOC:
		k = ways;
		rounds = 4;
		break;
	case P_CONFLICT:
		k = ways + 1;
		rounds = 4;
		break;
	default:
		k = MIN(32u, half);
		rounds = 2;
		break;
	}
	bench_set_coloring(colored);
	task_start(colored ? "probe-on" : "probe-off");
	if (kind == P_ASSOC || kind == P_CONFLICT)
		got = get_same_color(k, colors);
	else
		got = get_pages(k);
	if (got < k || bench_map(BENCH_VA, probe_pfns, k) < 0) {
		printk("probe: pattern=%s: could not get and map %u pages (got %u)\n", probe_names[kind], k, got);
		printk("@skip bench=probe pattern=%s color=%s reason=no_memory runs=0 of=1\n", probe_names[kind],
		       colored ? "on" : "off");
		free_pfns(probe_pfns, got);
		task_end();
		return 1;
	}
	e = expect(probe_pfns, k, rounds, sets, ways);
	len = (u32)ksnprintf(probe_buf, sizeof(probe_buf), "pfns=");
	for (i = 0; i < k && len < sizeof(probe_buf); i++)
		len += (u32)ksnprintf(probe_buf + len, sizeof(probe_buf) - len, "%s%u", i ? "," : "", probe_pfns[i]);

	ksnprintf(desc, sizeof(desc), "bench=probe pattern=%s part=outer color=%s pages=%u rounds=%u",
		  probe_names[kind], colored ? "on" : "off", k, rounds);
	if (cfg->phase_marks) {
		printk("@phase id=%u bench=probe pattern=%s part=loop color=%s pages=%u rounds=%u\n", inner,
		       probe_names[kind], colored ? "on" : "off", k, rounds);
		printk("@probe phase=%u pattern=%s color=%s pages=%u rounds=%u line=%u l2size=%u l2ways=%u"
		       " sets=%u expected_accesses=%u expected_l2_misses=%u expected_l2_hits=%u %s\n",
		       inner, probe_names[kind], colored ? "on" : "off", k, rounds, PROBE_LINE, cfg->cache_size, ways,
		       sets, e.accesses, e.misses, e.accesses - e.misses, probe_buf);
	} else {
		printk("@probe phase=0 pattern=%s color=%s pages=%u rounds=%u (cachesim=off: not marked) %s\n",
		       probe_names[kind], colored ? "on" : "off", k, rounds, probe_buf);
	}
	flags = arch_irq_save();
	if (cfg->phase_marks)
		outer = bench_phase_begin(desc);
	if (outer) {
		touch_marked(BENCH_VA, BENCH_VA + k * PAGE_SIZE, rounds, inner, outer);
		bench_phase_end();
	} else {
		touch_plain(BENCH_VA, BENCH_VA + k * PAGE_SIZE, rounds);
	}
	arch_irq_restore(flags);
	bench_unmap(BENCH_VA, k);
	free_pfns(probe_pfns, k);
	task_end();
	return 0;
}

u32 bench_probe(const struct bench_config *cfg)
{
	u32 size = cfg->cache_size, ways = cfg->cache_ways, sets, colors, kind, failures = 0;

	sets = ways ? size / (ways * PROBE_LINE) : 0; /* ways 0: fully associative (CPUID) */
	if (sets == 0 || sets * ways * PROBE_LINE != size || (sets & (sets - 1))) {
		printk("probe: cache_size=%u cache_ways=%u: sets would not be a power of two; no probe\n", size, ways);
		printk("@probe_summary patterns=0 failures=1\n");
		return 1;
	}
	colors = MAX(1u, size / ways / PAGE_SIZE);
	printk("\nprobe: known line patterns for tools/cachesim: L2 %u bytes, %u-way, %u sets of %u-byte lines,"
	       " %u page colors; expectations for an L2 alone (plugin l1size=0 flush=on)%s\n",
	       size, ways, sets, PROBE_LINE, colors, cfg->phase_marks ? "" : "; cachesim=off: phases not marked");
	for (kind = P_FIT; kind <= P_RANDOM; kind++)
		failures += probe_one(cfg, kind, PROBE_PHASE_TOP - kind, sets, ways, colors);
	printk("@probe_summary patterns=%u failures=%u\n", P_RANDOM + 1, failures);
	return failures;
}
