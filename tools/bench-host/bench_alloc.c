/* SPDX-License-Identifier: MIT */
/* tools/bench-host/bench_alloc.c - what an allocation costs, on the host,
 * with the kernel's mm/ code (built -O2, no sanitizers), per placement policy.
 *
 *   bench_alloc [--no-valgrind]       the table below, and the goals
 *   bench_alloc --measure pair|worst POLICY COLORS ORDER PAIRS
 *                                     one setup + PAIRS pairs (for callgrind)
 *
 * Machine: 512 MiB PC (0..640K, 1M..512M), built as the kernel builds it
 * (e820_sanitize, memblock, first MiB reserved, mm_init) with mm_shuffle on
 * and 50% ballast, so the free lists are fragmented and in random order.
 * Policies (mm/placement/): buddy (uncolored), binhop, vacolor, bestbin,
 * random, at 64, 512 and 4096 colors.
 *
 *  pair   steady churn: a ring of RING live blocks of the order; one pair =
 *         free the oldest block + allocate a new one (BENCH_GFP: movable). vacolor
 *         gets the virtual address ring slot i would be mapped at (BENCH_VA
 *         + i blocks), the others plain alloc_pages().
 *  worst  the target color's lists are empty: every block of one color is
 *         taken first (order 0, until the allocator misses), then each pair
 *         allocates with that target (a miss: the nearest color is searched
 *         through mm/color_bitmap.c) and frees the block again.
 *
 * Figures: ns per pair, the median of RUNS runs of PAIRS_PER_RUN pairs
 * (clock_gettime); and, when valgrind is installed, instructions per pair:
 * this program runs itself under callgrind with collection only inside
 * run_pairs(), once with N pairs and once with 0, and (Ir(N) - Ir(0)) / N is
 * printed -- exact and repeatable, unlike ns. One machine-readable line per
 * figure:
 *   @cost policy=P colors=C order=O case=pair|worst instr=I ns=N instr_ratio=R target=T status=MET|MISSED|INFO
 * Targets: the zone path (per-CPU lists off, grouping on, the zone lock as
 * on one CPU) buddy order-0 pair at most 260 instructions (a case=zone_path
 * line; the ratio to the 238 before the interface is printed, no longer
 * judged); binhop at most 1.1x buddy at order 0 with 64 and 512 colors,
 * vacolor 1.2x, both 1.5x at 4096 colors and at order 3; their worst case flat across 64/512/4096 colors (max/min
 * <= 1.5); bestbin and random are reported (INFO). Judged on instructions
 * when available, on ns otherwise; the exit status is 0 either way (a
 * benchmark, not a test) and the last line says how many targets were met.
 * bench_alloc_indirect is the same built with -DPLACEMENT_INDIRECT (every
 * policy call through placement_ops): the interface's indirection cost.
 * case=pcp_path (INFO): the buddy order-0 pair through the per-CPU lists
 * (--measure pair_pcp), beside the zone path's. case=pair_unmovable and
 * worst_unmovable: binhop's colored unmovable requests (GFP_KERNEL, under
 * grouping) at 64, 1024 and 4096 colors, at most 1.5x the movable ones,
 * and their worst case flat (max/min <= 1.5).
 *
 *  page_test  grouping by mobility's cost (issue "Grouping pages by
 *         mobility"; aim9's page_test, which the thread "Avoiding
 *         fragmentation through different allocator", linux-kernel, January
 *         2005, measured 0.7% slower): one pair = allocate PT_BATCH order-0
 *         pages of mixed types (unmovable, movable, reclaimable in turn),
 *         write every byte of each (host pfns have no memory behind them: the
 *         4 KiB are written to one scratch page, the same instructions), free
 *         them; buddy policy, mm_shuffle's boot state; grouping on against
 *         off, target at most 1.01x in instructions:
 *   @cost case=page_test_pcp pcp=on grouping=on instr=I grouping_off_instr=J instr_ratio=R target=1.01 status=...
 *   @cost case=page_test pcp=off ... status=INFO
 *         the first with the per-CPU lists on (mm/pcp.h, per migrate type:
 *         Linux's configuration, in which the thread measured, and the
 *         kernel's default on any number of CPUs: the one judged), the second
 *         without them (pcp=off, INFO); and, as INFO, the same without the writes (the allocator alone)
 *         and on a fresh boot (no mm_shuffle: every type splits its own
 *         clean page block, so a pair splits and merges three chains of
 *         orders where grouping off splits one). BENCH_ALLOC_STATS=1 with
 *         --measure prints the fallback and steal counters to stderr. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/task.h"
#include "arch/x86/e820.h"
#include "mm/memblock.h"
#include "mm/mm_init.h"
#include "mm/page_alloc.h"
#include "mm/page_color.h"
#include "mm/pageblock.h"
#include "mm/pcp.h"
#include "mm/placement/fast.h" /* PLACEMENT_FAST: which policies have targets */
#include "mm/placement/registry.h"
#include "kernel/mwc.h"
#include "arch/x86/arch.h"

/* The allocator's generator (mm_config.rng). */
static struct mwc host_rng;

#define RING	      1024
#define RUNS	      5
#define PAIRS_PER_RUN 50000
#define VG_PAIRS      20000

/* ---- the machine -------------------------------------------------------- */
static void *allocs[1024]; /* the policies keep storage per zone and migrate type */
static int nallocs;

static void *host_alloc(u32 bytes)
{
	void *p = calloc(1, bytes ? bytes : 1);
	if (!p || nallocs == (int)(sizeof(allocs) / sizeof(allocs[0]))) {
		fprintf(stderr, "bench_alloc: out of memory\n");
		exit(1);
	}
	return allocs[nallocs++] = p;
}

static void teardown(void)
{
	while (nallocs)
		free(allocs[--nallocs]);
}

#define BASELINE_INSTR	238.0 /* buddy order-0 pair before the placement interface */
#define ZONE_PATH_INSTR 260.0 /* buddy order-0 pair on the zone path: the target */
#define BENCH_VA	0xC0000000u

static u32 policy;
static int pt_fresh; /* page_test on a fresh boot: no mm_shuffle */
static int pt_pcp;   /* page_test with the per-CPU lists on (mm/pcp.h) */
static int pair_pcp; /* pair through the per-CPU lists (buddy, order 0) */

/* The configuration passed into mm_init(). */
static struct mm_config bench_mm_config = MM_CONFIG_DEFAULT_INIT;

static void build(u32 colors)
{
	struct e820_table raw = { 0 }, map;

	pcp_setup(false, 0, 0); /* drains into the old mem_map, before it goes */
	teardown();
	e820_add(&raw, 0, 0x9fc00, E820_TYPE_RAM);
	e820_add(&raw, 1u << 20, 511u << 20, E820_TYPE_RAM);
	e820_sanitize(&raw, &map, NULL);
	memblock_reset();
	e820_memblock_add(&map);
	memblock_reserve(0, 1u << 20);
	bench_mm_config.cache_size = colors * PAGE_SIZE;
	bench_mm_config.cache_ways = 1;
	bench_mm_config.page_color = false;
	bench_mm_config.mm_shuffle = !pt_fresh;
	bench_mm_config.mm_ballast = 50;
	mwc_init(&host_rng, MWC_SEED_DEFAULT, MWC_CARRY_DEFAULT); /* fixed: deterministic output */
	bench_mm_config.rng = &host_rng;
	{
		static const u32 lim[MAX_NR_ZONES] = { ARCH_DMA_LIMIT_PFN, ARCH_NORMAL_LIMIT_PFN,
						       ARCH_HIGHMEM_LIMIT_PFN };
		memcpy(bench_mm_config.max_zone_pfn, lim, sizeof(lim)); /* the i386 layout (arch/x86/arch.h) */
	}
	if (mm_init(&bench_mm_config, host_alloc) < 0)
		exit(1);
	if (placement_select_id(policy) < 0)
		exit(1);
	task_init();
	task_start("bench");
}

/* The requests: user pages (movable), what coloring places. Until grouping
 * by mobility every request shared one pool; GFP_KERNEL now means
 * MIGRATE_UNMOVABLE, whose lists hold the few page blocks unmovable
 * requests have stolen (a 4 MiB block holds 1024 pages, so fewer colors
 * than 4096): the modes pair_unmovable and worst_unmovable (bench_gfp =
 * GFP_KERNEL) measure coloring confined to them; -DBENCH_GFP=GFP_KERNEL
 * makes that every row's request. */
#ifndef BENCH_GFP
#define BENCH_GFP (GFP_KERNEL | __GFP_MOVABLE)
#endif
static gfp_t bench_gfp = BENCH_GFP;
static struct page *alloc_slot(u32 order, u32 slot)
{
	if (policy == PLACEMENT_VACOLOR)
		return alloc_pages_va(bench_gfp, order, BENCH_VA + (slot << order) * PAGE_SIZE);
	return alloc_pages(bench_gfp, order);
}

/* ---- the workloads -------------------------------------------------------- */
static struct page *ring[RING];
static u32 ring_pos, worst_color;
static struct page *hoard[1 << 17];
static u32 nhoard;

static void ring_fill(u32 order)
{
	for (u32 i = 0; i < RING; i++)
		if (!(ring[i] = alloc_slot(order, i)))
			exit(1);
	ring_pos = 0;
}

/* Points the task's next colored allocation at worst_color (every policy's
 * target: the round-robin target, the va offset, bestbin's least used). */
static void aim(void)
{
	struct placement_task *t = placement_task_of(current);

	t->rr_init = t->va_init = true;
	t->target_color = worst_color;
	t->va_offset = 0;
	if (policy == PLACEMENT_BESTBIN && !t->use_init) { /* once: worst_color is the least used */
		t->use_init = true;
		t->use_min = 0;
		for (u32 c = 0; c < page_colors; c++)
			t->use[c] = c == worst_color ? 0 : 1u << 30;
	}
}

static struct page *alloc_aimed(gfp_t gfp)
{
	aim();
	if (policy == PLACEMENT_VACOLOR)
		return alloc_pages_va(gfp, 0, worst_color * PAGE_SIZE);
	return alloc_pages(gfp, 0);
}

/* Takes every page of one color from Normal and DMA (the zones of
 * GFP_KERNEL), so that color's lists are empty in every zone (under binhop:
 * the other policies then aim at it). */
static void exhaust_color(void)
{
	const gfp_t zones[] = { bench_gfp, GFP_DMA | (bench_gfp & __GFP_MOVABLE) };
	u32 keep = policy;
	struct page *p;

	worst_color = page_colors / 3;
	nhoard = 0;
	placement_select_id(PLACEMENT_BINHOP);
	for (u32 z = 0; z < 2; z++) {
		for (;;) {
			aim();
			p = alloc_pages(zones[z], 0);
			if (!p || nhoard == sizeof(hoard) / sizeof(hoard[0]))
				exit(1);
			if (pfn_color(page_to_pfn(p)) != worst_color) {
				__free_pages(p, 0);
				break;
			}
			hoard[nhoard++] = p;
		}
	}
	placement_select_id(keep);
}

#define PT_BATCH 16
static int page_test; /* 1: page_test pairs; 2: the same without the writes */
static unsigned char pt_scratch[PAGE_SIZE];

static void page_test_pair(void)
{
	static const gfp_t types[3] = { GFP_KERNEL, GFP_KERNEL | __GFP_MOVABLE, GFP_KERNEL | __GFP_RECLAIMABLE };
	struct page *p[PT_BATCH];
	u32 k;

	for (k = 0; k < PT_BATCH; k++) {
		p[k] = alloc_pages(types[k % 3], 0);
		if (page_test == 1)
			memset(pt_scratch, (int)k, sizeof(pt_scratch));
	}
	__asm__ volatile("" : : "r"(pt_scratch) : "memory"); /* the writes are kept */
	for (k = 0; k < PT_BATCH; k++)
		__free_pages(p[k], 0);
}

/* The measured loop (callgrind collects only in here). */
__attribute__((noinline, noclone)) void run_pairs(int worst, u32 order, u32 n)
{
	for (u32 i = 0; i < n; i++) {
		if (page_test) {
			page_test_pair();
		} else if (worst) {
			struct page *p = alloc_aimed(bench_gfp);
			if (policy == PLACEMENT_BESTBIN) /* keep worst_color the least used: O(1) */
				placement_task_of(current)->use[pfn_color(page_to_pfn(p))]--;
			__free_pages(p, 0);
		} else if (policy == PLACEMENT_VACOLOR) { /* slot i is mapped at BENCH_VA + i blocks */
			__free_pages(ring[ring_pos], order);
			ring[ring_pos] =
			    alloc_pages_va(bench_gfp, order, BENCH_VA + (ring_pos << (order + PAGE_SHIFT)));
			ring_pos = (ring_pos + 1) % RING;
		} else { /* the loop of the figures before the interface */
			__free_pages(ring[ring_pos], order);
			ring[ring_pos] = alloc_pages(bench_gfp, order);
			ring_pos = (ring_pos + 1) % RING;
		}
	}
}

static void setup(int worst, u32 pol, u32 colors, u32 order)
{
	if (page_test) { /* pol: grouping off (0) or on (1) */
		policy = PLACEMENT_BUDDY;
		build(colors);
		mobility_grouping_set(pol != 0);
		if (pt_pcp)
			pcp_setup(true, PCP_BATCH_DEFAULT, 0);
		return;
	}
	policy = pol;
	build(colors);
	if (worst)
		exhaust_color();
	else
		ring_fill(order);
	if (pair_pcp)
		pcp_setup(true, PCP_BATCH_DEFAULT, 0);
}

static double now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median_ns(int worst, u32 pol, u32 colors, u32 order)
{
	double t[RUNS];

	setup(worst, pol, colors, order);
	run_pairs(worst, order, PAIRS_PER_RUN / 10); /* warm up */
	for (int r = 0; r < RUNS; r++) {
		double t0 = now_ns();
		run_pairs(worst, order, PAIRS_PER_RUN);
		t[r] = (now_ns() - t0) / PAIRS_PER_RUN;
	}
	qsort(t, RUNS, sizeof(t[0]), cmp_double);
	return t[RUNS / 2];
}

/* ---- callgrind ------------------------------------------------------------ */
static int have_valgrind(void)
{
	return system("valgrind --version >/dev/null 2>&1") == 0;
}

/* Total Ir collected in run_pairs for one --measure run of exe, or -1. */
static double callgrind_ir(const char *exe, const char *mode, u32 pol, u32 colors, u32 order, u32 pairs)
{
	char out[] = "/tmp/bench_alloc.cg.XXXXXX", cmd[512], line[256];
	double ir = -1;
	int fd = mkstemp(out);
	FILE *f;

	if (fd < 0)
		return -1;
	close(fd);
	snprintf(cmd, sizeof(cmd),
		 "valgrind --tool=callgrind --collect-atstart=no --toggle-collect=run_pairs "
		 "--callgrind-out-file=%s %s --measure %s %u %u %u %u >/dev/null 2>&1",
		 out, exe, mode, pol, colors, order, pairs);
	if (system(cmd) == 0 && (f = fopen(out, "r"))) {
		while (fgets(line, sizeof(line), f))
			if (!strncmp(line, "totals:", 7) || !strncmp(line, "summary:", 8))
				ir = strtod(strchr(line, ':') + 1, NULL);
		fclose(f);
	}
	unlink(out);
	return ir;
}

static double ir_per_pair(const char *exe, const char *mode, u32 pol, u32 colors, u32 order)
{
	double a = callgrind_ir(exe, mode, pol, colors, order, VG_PAIRS),
	       b = callgrind_ir(exe, mode, pol, colors, order, 0);
	return a < 0 || b < 0 ? -1 : (a - b) / VG_PAIRS;
}

/* ---- main ----------------------------------------------------------------- */
struct row {
	u32 pol;
	int worst;
	u32 colors, order;
	double ns, ir;
};

/* The rows follow the registry (mm/placement/registry.h), not a list of
 * ids: every policy but buddy (the baseline, id 0) gets pair rows at order
 * 0; those whose pick the core inlines (PLACEMENT_FAST) also at order 3,
 * and only they are judged against targets; every policy that places by
 * color (placement_ops.colors) gets the worst-case rows. */
#define POL_OPS_(ID, name) [PLACEMENT_##ID] = &placement_##name##_ops,
static const struct placement_ops *const pol_ops[PLACEMENT_NR] = { PLACEMENT_POLICIES(POL_OPS_) };
#undef POL_OPS_
#define POL_FAST_(ID, name) [PLACEMENT_##ID] = true,
static const bool pol_fast[PLACEMENT_NR] = { PLACEMENT_FAST(POL_FAST_) };
#undef POL_FAST_
static int vg, met, goals;

static double fig(const struct row *r)
{
	return vg && r->ir > 0 ? r->ir : r->ns;
}

/* One @cost line; target 0 = reported only. */
static void cost_line(const struct row *r, double ratio, double target, const char *vs)
{
	const char *status = "INFO";

	if (target > 0) {
		goals++;
		status = ratio <= target ? "MET" : "MISSED";
		met += ratio <= target;
	}
	printf("@cost policy=%s colors=%u order=%u case=%s instr=%.1f ns=%.1f instr_ratio=%.2f vs=%s",
	       placement_choices[r->pol], r->colors, r->order, r->worst ? "worst" : "pair", r->ir, r->ns, ratio, vs);
	if (target > 0)
		printf(" target=%.2f", target);
	printf(" status=%s\n", status);
}

int main(int argc, char **argv)
{
	static struct row rows[2 * (1 + 3 * PLACEMENT_NR) + 3 * PLACEMENT_NR]; /* pair rows of two orders, worst rows */
	static const u32 colors[] = { 64, 512, 4096 };
	char self[512], indirect[600];
	int n = 0, i;

	if (argc == 7 && !strcmp(argv[1], "--measure")) {
		int worst = !strcmp(argv[2], "worst") || !strcmp(argv[2], "worst_unmovable");
		if (strstr(argv[2], "_unmovable"))
			bench_gfp = GFP_KERNEL;
		page_test = !strcmp(argv[2], "page_test") || !strcmp(argv[2], "page_test_fresh") ||
				    !strcmp(argv[2], "page_test_pcp")
				? 1
			    : !strcmp(argv[2], "page_test_nowrite") ? 2
								    : 0;
		pt_fresh = !strcmp(argv[2], "page_test_fresh");
		pt_pcp = !strcmp(argv[2], "page_test_pcp");
		pair_pcp = !strcmp(argv[2], "pair_pcp");
		u32 pol = (u32)atoi(argv[3]), c = (u32)atoi(argv[4]), order = (u32)atoi(argv[5]),
		    k = (u32)atoi(argv[6]);
		setup(worst, pol, c, order);
		run_pairs(worst, order, k);
		if (getenv("BENCH_ALLOC_STATS"))
			fprintf(stderr,
				"fallbacks U<-M %u U<-R %u M<-U %u M<-R %u R<-U %u R<-M %u steals %u no_steal %u\n",
				mobility_stats.fallbacks[0][1], mobility_stats.fallbacks[0][2],
				mobility_stats.fallbacks[1][0], mobility_stats.fallbacks[1][2],
				mobility_stats.fallbacks[2][0], mobility_stats.fallbacks[2][1], mobility_stats.steals,
				mobility_stats.no_steal);
		return 0;
	}
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (len <= 0)
		return 1;
	self[len] = '\0';
	snprintf(indirect, sizeof(indirect), "%s_indirect", self);
	vg = !(argc > 1 && !strcmp(argv[1], "--no-valgrind")) && have_valgrind();

	for (u32 order = 0; order <= 3; order += 3) {
		rows[n++] = (struct row){ PLACEMENT_BUDDY, 0, 64, order, 0, 0 };
		for (u32 p = 0; p < PLACEMENT_NR; p++)
			for (u32 c = 0; c < 3; c++)
				if (p != PLACEMENT_BUDDY && (order == 0 || pol_fast[p]))
					rows[n++] = (struct row){ p, 0, colors[c], order, 0, 0 };
	}
	for (u32 p = 0; p < PLACEMENT_NR; p++)
		for (u32 c = 0; c < 3; c++)
			if (pol_ops[p]->colors)
				rows[n++] = (struct row){ p, 1, colors[c], 0, 0, 0 };

	printf("bench_alloc: 512 MiB, mm_shuffle on, 50%% ballast; GFP_KERNEL|__GFP_MOVABLE (user pages); ns = median "
	       "of %d runs "
	       "of %d pairs; instr = callgrind instructions per pair (%d pairs minus 0)\n",
	       RUNS, PAIRS_PER_RUN, VG_PAIRS);
	for (i = 0; i < n; i++) {
		struct row *r = &rows[i];
		r->ns = median_ns(r->worst, r->pol, r->colors, r->order);
		r->ir = vg ? ir_per_pair(self, r->worst ? "worst" : "pair", r->pol, r->colors, r->order) : -1;
	}
	teardown();

	/* buddy against the figure before the interface */
	for (i = 0; i < n; i++) {
		const struct row *r = &rows[i], *base = NULL;
		if (r->worst)
			continue;
		if (r->pol == PLACEMENT_BUDDY) {
			cost_line(r, vg ? r->ir / BASELINE_INSTR : 1.0, 0, "before_interface");
			if (r->order == 0 && vg) { /* the zone path's own target, in instructions */
				int pass = r->ir <= ZONE_PATH_INSTR;
				goals++;
				met += pass;
				printf(
				    "@cost policy=buddy colors=64 order=0 case=zone_path pcp=off grouping=on lock=%s "
				    "instr=%.1f target_instr=%.0f status=%s\n",
				    nr_cpus_online == 1 ? "elided" : "ticket", r->ir, ZONE_PATH_INSTR,
				    pass ? "MET" : "MISSED");
			}
			continue;
		}
		for (int j = 0; j < n; j++)
			if (rows[j].pol == PLACEMENT_BUDDY && rows[j].order == r->order && !rows[j].worst)
				base = &rows[j];
		double ratio = fig(r) / fig(base),
		       target = !pol_fast[r->pol]						  ? 0
				: r->order == 0 && r->colors <= 512 && r->pol == PLACEMENT_BINHOP ? 1.1
				: r->order == 0 && r->colors <= 512				  ? 1.2
												  : 1.5;
		cost_line(r, ratio, target, "buddy");
	}
	for (u32 p = 0; p < PLACEMENT_NR; p++) {
		double lo = 1e300, hi = 0;
		if (!pol_ops[p]->colors)
			continue;
		for (i = 0; i < n; i++)
			if (rows[i].worst && rows[i].pol == p) {
				lo = fig(&rows[i]) < lo ? fig(&rows[i]) : lo;
				hi = fig(&rows[i]) > hi ? fig(&rows[i]) : hi;
			}
		for (i = 0; i < n; i++)
			if (rows[i].worst && rows[i].pol == p)
				cost_line(&rows[i], fig(&rows[i]) / lo, 0, "policy_worst_min");
		int pass = hi / lo <= 1.5;
		if (pol_fast[p]) {
			goals++;
			met += pass;
		}
		printf("@cost policy=%s case=worst_flatness max_over_min=%.2f%s status=%s\n", placement_choices[p],
		       hi / lo, pol_fast[p] ? " target=1.50" : "",
		       !pol_fast[p] ? "INFO"
		       : pass	    ? "MET"
				    : "MISSED");
	}
	/* the interface's indirection: every policy call through placement_ops */
	if (vg && access(indirect, X_OK) == 0) {
		static const u32 ind[][2] = { { PLACEMENT_BUDDY, 64 },
					      { PLACEMENT_BINHOP, 64 },
					      { PLACEMENT_BINHOP, 4096 } };
		for (u32 k = 0; k < 3; k++) {
			double direct = -1, via = ir_per_pair(indirect, "pair", ind[k][0], ind[k][1], 0);
			for (i = 0; i < n; i++)
				if (!rows[i].worst && rows[i].pol == ind[k][0] && rows[i].colors == ind[k][1] &&
				    rows[i].order == 0)
					direct = rows[i].ir;
			printf("@cost policy=%s colors=%u order=0 case=indirect instr=%.1f direct_instr=%.1f "
			       "indirection_instr=%.1f status=INFO\n",
			       placement_choices[ind[k][0]], ind[k][1], via, direct, via - direct);
		}
	}
	/* colored unmovable requests under grouping (confined to the page blocks
	 * unmovable requests stole) against movable ones: binhop, order 0, the
	 * pair and the worst case, at 64, 1024 and 4096 colors */
	if (vg) {
		static const u32 uc[] = { 64, 1024, 4096 };
		double wlo = 1e300, whi = 0;
		for (u32 k = 0; k < 3; k++) {
			double mp = ir_per_pair(self, "pair", PLACEMENT_BINHOP, uc[k], 0),
			       up = ir_per_pair(self, "pair_unmovable", PLACEMENT_BINHOP, uc[k], 0),
			       mw = ir_per_pair(self, "worst", PLACEMENT_BINHOP, uc[k], 0),
			       uw = ir_per_pair(self, "worst_unmovable", PLACEMENT_BINHOP, uc[k], 0);
			int pp = up <= 1.5 * mp, pw = uw <= 1.5 * mw;
			goals += 2;
			met += pp + pw;
			wlo = uw < wlo ? uw : wlo;
			whi = uw > whi ? uw : whi;
			printf(
			    "@cost policy=binhop colors=%u order=0 case=pair_unmovable instr=%.1f movable_instr=%.1f "
			    "instr_ratio=%.2f target=1.50 status=%s\n",
			    uc[k], up, mp, up / mp, pp ? "MET" : "MISSED");
			printf(
			    "@cost policy=binhop colors=%u order=0 case=worst_unmovable instr=%.1f movable_instr=%.1f "
			    "instr_ratio=%.2f target=1.50 status=%s\n",
			    uc[k], uw, mw, uw / mw, pw ? "MET" : "MISSED");
		}
		goals++;
		met += whi / wlo <= 1.5;
		printf("@cost policy=binhop case=worst_unmovable_flatness max_over_min=%.2f target=1.50 status=%s\n",
		       whi / wlo, whi / wlo <= 1.5 ? "MET" : "MISSED");
	}
	/* the same buddy order-0 pair through the per-CPU lists (mm/pcp.h) */
	if (vg) {
		double zone = -1, pcp = ir_per_pair(self, "pair_pcp", PLACEMENT_BUDDY, 64, 0);
		for (i = 0; i < n; i++)
			if (!rows[i].worst && rows[i].pol == PLACEMENT_BUDDY && rows[i].order == 0)
				zone = rows[i].ir;
		printf("@cost policy=buddy colors=64 order=0 case=pcp_path pcp=on grouping=on instr=%.1f "
		       "zone_path_instr=%.1f status=INFO\n",
		       pcp, zone);
	}
	/* grouping by mobility: page_test, grouping on against off */
	for (int w = 1; w <= 4; w++) {
		static const char *const modes[] = { "", "page_test_pcp", "page_test", "page_test_nowrite",
						     "page_test_fresh" };
		double on, off;
		page_test = w == 3 ? 2 : 1;
		pt_fresh = w == 4;
		pt_pcp = w == 1;
		if (vg) {
			on = ir_per_pair(self, modes[w], 1, 64, 0);
			off = ir_per_pair(self, modes[w], 0, 64, 0);
		} else {
			on = median_ns(0, 1, 64, 0);
			off = median_ns(0, 0, 64, 0);
		}
		page_test = pt_fresh = pt_pcp = 0;
		int pass = on <= 1.01 * off, judged = w == 1; /* the default configuration */
		if (judged) {
			goals++;
			met += pass;
		}
		printf("@cost case=%s pcp=%s grouping=on %s=%.1f grouping_off_%s=%.1f %s_ratio=%.4f%s status=%s\n",
		       modes[w], w == 1 ? "on" : "off", vg ? "instr" : "ns", on, vg ? "instr" : "ns", off,
		       vg ? "instr" : "ns", on / off, judged ? " target=1.01" : "",
		       !judged ? "INFO"
		       : pass  ? "MET"
			       : "MISSED");
	}
	teardown();
	printf("bench_alloc: %d of %d targets met, judged on %s\n", met, goals,
	       vg ? "instructions (callgrind)" : "ns (no valgrind)");
	return 0;
}
