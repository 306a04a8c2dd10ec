/* tools/bench-host/bench_alloc.c - what an allocation costs, on the host,
 * with the kernel's mm/ code (built -O2, no sanitizers).
 *
 *   bench_alloc [--no-valgrind]       the table below, and the goals
 *   bench_alloc --measure pair|worst COLORS ORDER PAIRS
 *                                     one setup + PAIRS pairs (for callgrind)
 *
 * Machine: 512 MiB PC (0..640K, 1M..512M), built as the kernel builds it
 * (e820_sanitize, memblock, first MiB reserved, mm_init) with mm_shuffle on
 * and 50% ballast, so the free lists are fragmented and in random order.
 * Configurations: coloring off, and on with 64, 512 and 4096 colors.
 *
 *  pair   steady churn: a ring of RING live blocks of the order; one pair =
 *         free the oldest block + allocate a new one (GFP_KERNEL; while
 *         coloring is on the task's target color advances as usual).
 *  worst  the target color's lists are empty: every block of one color is
 *         taken first (order 0, until the allocator misses), then each pair
 *         allocates with that target (a miss: the nearest color is searched
 *         through mm/color_bitmap.c) and frees the block again.
 *
 * Figures: ns per pair, the median of RUNS runs of PAIRS_PER_RUN pairs
 * (clock_gettime); and, when valgrind is installed, instructions per pair:
 * this program runs itself under callgrind with collection only inside
 * run_pairs(), once with N pairs and once with 0, and (Ir(N) - Ir(0)) / N is
 * printed -- exact and repeatable, unlike ns. Goals: a colored pair costs at
 * most 1.5x an uncolored one; the worst case is flat across 64/512/4096
 * colors (max/min <= 1.5). The goals are judged on instructions when
 * available, on ns otherwise; the exit status is 0 either way (a benchmark,
 * not a test) and the last line says how many goals were met. */
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

#define RING	      1024
#define RUNS	      15
#define PAIRS_PER_RUN 100000
#define VG_PAIRS      20000

/* ---- the machine -------------------------------------------------------- */
static void *allocs[128];
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

/* colors 0: coloring off (the lists for 64 colors exist but are unused). */
static void build(u32 colors)
{
	struct e820_table raw = { 0 }, map;

	teardown();
	e820_add(&raw, 0, 0x9fc00, E820_TYPE_RAM);
	e820_add(&raw, 1u << 20, 511u << 20, E820_TYPE_RAM);
	e820_sanitize(&raw, &map, NULL);
	memblock_reset();
	e820_memblock_add(&map);
	memblock_reserve(0, 1u << 20);
	mm_params.cache_size = (colors ? colors : 64) * PAGE_SIZE;
	mm_params.cache_ways = 1;
	mm_params.page_color = colors != 0;
	mm_params.mm_shuffle = true;
	mm_params.mm_ballast = 50;
	if (mm_init(host_alloc) < 0)
		exit(1);
	task_init();
	task_start("bench");
}

/* ---- the workloads -------------------------------------------------------- */
static struct page *ring[RING];
static u32 ring_pos, worst_color;
static struct page *hoard[1 << 17];
static u32 nhoard;

static void ring_fill(u32 order)
{
	for (u32 i = 0; i < RING; i++)
		if (!(ring[i] = alloc_pages(GFP_KERNEL, order)))
			exit(1);
	ring_pos = 0;
}

/* Takes every page of one color from Normal and DMA (the zones of
 * GFP_KERNEL), so that color's lists are empty in every zone. */
static void exhaust_color(void)
{
	static const gfp_t zones[] = { GFP_KERNEL, GFP_DMA };
	struct page *p;

	worst_color = page_colors / 3;
	nhoard = 0;
	for (u32 z = 0; z < 2; z++) {
		for (;;) {
			current->color.color_init = true;
			current->color.target_color = worst_color;
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
}

/* The measured loop (callgrind collects only in here). */
__attribute__((noinline, noclone)) void run_pairs(int worst, u32 order, u32 n)
{
	for (u32 i = 0; i < n; i++) {
		if (worst) {
			current->color.target_color = worst_color;
			__free_pages(alloc_pages(GFP_KERNEL, order), order);
		} else {
			__free_pages(ring[ring_pos], order);
			ring[ring_pos] = alloc_pages(GFP_KERNEL, order);
			ring_pos = (ring_pos + 1) % RING;
		}
	}
}

static void setup(int worst, u32 colors, u32 order)
{
	build(colors);
	if (worst)
		exhaust_color();
	else
		ring_fill(order);
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

static double median_ns(int worst, u32 colors, u32 order)
{
	double t[RUNS];

	setup(worst, colors, order);
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

/* Total Ir collected in run_pairs for one --measure run, or -1. */
static double callgrind_ir(const char *mode, u32 colors, u32 order, u32 pairs)
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
		 "--callgrind-out-file=%s /proc/%d/exe --measure %s %u %u %u >/dev/null 2>&1",
		 out, (int)getpid(), mode, colors, order, pairs);
	if (system(cmd) == 0 && (f = fopen(out, "r"))) {
		while (fgets(line, sizeof(line), f))
			if (!strncmp(line, "totals:", 7) || !strncmp(line, "summary:", 8))
				ir = strtod(strchr(line, ':') + 1, NULL);
		fclose(f);
	}
	unlink(out);
	return ir;
}

static double ir_per_pair(const char *mode, u32 colors, u32 order)
{
	double a = callgrind_ir(mode, colors, order, VG_PAIRS), b = callgrind_ir(mode, colors, order, 0);
	return a < 0 || b < 0 ? -1 : (a - b) / VG_PAIRS;
}

/* ---- main ----------------------------------------------------------------- */
struct row {
	const char *what;
	int worst;
	u32 colors, order;
	double ns, ir;
};

static void print_num(double v)
{
	if (v < 0)
		printf(" %10s", "-");
	else
		printf(" %10.1f", v);
}

int main(int argc, char **argv)
{
	static struct row rows[] = {
		{ "order-0 pair", 0, 0, 0, 0, 0 },   { "order-0 pair", 0, 64, 0, 0, 0 },
		{ "order-0 pair", 0, 512, 0, 0, 0 }, { "order-0 pair", 0, 4096, 0, 0, 0 },
		{ "order-3 pair", 0, 0, 3, 0, 0 },   { "order-3 pair", 0, 64, 3, 0, 0 },
		{ "order-3 pair", 0, 512, 3, 0, 0 }, { "order-3 pair", 0, 4096, 3, 0, 0 },
		{ "worst case", 1, 64, 0, 0, 0 },    { "worst case", 1, 512, 0, 0, 0 },
		{ "worst case", 1, 4096, 0, 0, 0 },
	};
	const int nrows = (int)(sizeof(rows) / sizeof(rows[0]));
	int vg, i, met = 0, goals = 0;

	if (argc == 6 && !strcmp(argv[1], "--measure")) {
		int worst = !strcmp(argv[2], "worst");
		u32 colors = (u32)atoi(argv[3]), order = (u32)atoi(argv[4]), n = (u32)atoi(argv[5]);
		setup(worst, colors, order);
		run_pairs(worst, order, n);
		return 0;
	}
	vg = !(argc > 1 && !strcmp(argv[1], "--no-valgrind")) && have_valgrind();
	printf("bench_alloc: 512 MiB, mm_shuffle on, 50%% ballast; GFP_KERNEL; ns = median of %d runs "
	       "of %d pairs; Ir = callgrind instructions per pair (%d pairs minus 0)\n",
	       RUNS, PAIRS_PER_RUN, VG_PAIRS);
	printf("%-14s %8s %10s %10s\n", "case", "colors", "ns/pair", "Ir/pair");
	for (i = 0; i < nrows; i++) {
		struct row *r = &rows[i];
		r->ns = median_ns(r->worst, r->colors, r->order);
		r->ir = vg ? ir_per_pair(r->worst ? "worst" : "pair", r->colors, r->order) : -1;
		char colors[16];
		snprintf(colors, sizeof(colors), r->colors ? "%u" : "off", r->colors);
		printf("%-14s %8s", r->what, colors);
		print_num(r->ns);
		print_num(r->ir);
		printf("\n");
		fflush(stdout);
	}
	teardown();

	/* goals, on Ir when measured, else on ns */
	for (int order_row = 0; order_row <= 4; order_row += 4) {
		const struct row *off = &rows[order_row];
		for (i = 1; i <= 3; i++) {
			const struct row *on = &rows[order_row + i];
			double ratio = vg && off->ir > 0 ? on->ir / off->ir : on->ns / off->ns;
			int pass = ratio <= 1.5;
			met += pass;
			goals++;
			printf("goal: %s colored (%u colors) <= 1.5x uncolored: %.2fx %s\n", on->what, on->colors,
			       ratio, pass ? "PASS" : "FAIL");
		}
	}
	{
		double lo = 1e300, hi = 0;
		for (i = 8; i < nrows; i++) {
			double v = vg && rows[i].ir > 0 ? rows[i].ir : rows[i].ns;
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
		int pass = hi / lo <= 1.5;
		met += pass;
		goals++;
		printf("goal: worst case flat across 64/512/4096 colors (max/min <= 1.5): %.2f %s\n", hi / lo,
		       pass ? "PASS" : "FAIL");
	}
	printf("bench_alloc: %d of %d goals met, judged on %s\n", met, goals,
	       vg ? "instructions (callgrind)" : "ns (no valgrind)");
	return 0;
}
