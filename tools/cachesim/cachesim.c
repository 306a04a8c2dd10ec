/* SPDX-License-Identifier: MIT */
/*
 * cachesim.c - QEMU TCG plugin: a physically indexed cache simulator with
 * per-phase counters, for showing what page coloring does to conflict
 * misses (under TCG, guest cycle counts are emulator time and show no
 * cache effects).
 *
 *   qemu-system-i386 ... -plugin build/cachesim/libcachesim.so,l2size=2M,l2ways=1
 *
 * Arguments (each "key=value"; sizes take a K or M suffix, powers of 1024):
 *   l2size=SIZE   L2 capacity, required      l2ways=N  L2 ways, required
 *   line=BYTES    line size of L1 and L2, 64  l1size=SIZE  L1, 0 = none, 32K
 *   l1ways=N      8                           l1lat= l2lat= memlat=  4 12 200
 *   out=FILE      where the report goes: a file (created or truncated when
 *                 QEMU starts, written at exit); "stderr" (the default,
 *                 written directly); or "qemu-log", through qemu_plugin_outs,
 *                 which QEMU 7.2 only shows when run with -d plugin.
 *   flush=on|off  invalidate both levels at each phase start (default off).
 *   levels=SPEC   the N-level model instead of L1 + L2 (levels.h, ml_parse:
 *                 NAME:SIZE:WAYS:LINE:POLICY[:OPTION].. per level, levels
 *                 separated by '/', since QEMU splits plugin arguments at
 *                 commas); l2size l2ways line l1size l1ways l1lat l2lat
 *                 are then refused (not honoured); the config line shows
 *                 the first level as l1, the last as l2.
 *   classify=on|off  3C split of every level's misses (default off; on
 *                 without levels= models l1size/l2size as two LRU levels).
 *   trace=FILE    write the physical address trace (replay.c reads it) of
 *                 trace_phase=ID|phases|all (default all; phases: every
 *                 phase but 0, outside any phase), at most trace_max=N
 *                 records (default 0 = no limit).
 *   marks=ADDR    the marker range's base (below), 0x-hex or decimal, a
 *                 multiple of 4096; default 0xFF400000 (x86)
 *   maxphys=SIZE  ignore (count as io) accesses at physical addresses >= SIZE,
 *                 e.g. the guest's RAM size: QEMU backs video memory (a
 *                 framebuffer the guest maps uncached) with RAM, so without
 *                 this its accesses would go through the model; 0 = no limit
 *                 (the default).
 *
 * What is counted: guest data loads and stores (not instruction fetches,
 * not page-table walks, not DMA) to RAM, by physical address
 * (qemu_plugin_get_hwaddr + qemu_plugin_hwaddr_phys_addr); accesses to I/O
 * (MMIO) are ignored. TCG reports each access with its size: an access that
 * straddles a line boundary counts as ONE access to the line of its first
 * byte. Stores allocate like loads (write-allocate, write-back not
 * modelled). Accesses made by QEMU helpers on behalf of an instruction
 * (x87/SSE, string ops ...) are reported by TCG like inline ones.
 *
 * Phases: the guest stores to a reserved virtual page, PHASE_MARK_BASE =
 * 0xFF400000 on x86 (it must be mapped, or the store faults and is never
 * seen); marks=ADDR moves the whole marker range (phase, task, high phase
 * and DMA pages, 4 KiB apart whatever the guest's page size) to another
 * base, e.g. the Alpha kernel's KSEG address, marks=0xfffffc00002e0000
 * (arch/alpha/arch.h); the report then has a line
 *   cachesim marks base=0x...
 * A store at PHASE_MARK_BASE + 4 * id (id 1..1023) begins phase id; a store
 * at PHASE_MARK_BASE ends the current one. Ids 1024..16383 begin with a store
 * at PHASE_HI_BASE + 4 * (id - 1024), PHASE_HI_BASE = 0xFF402000 (15 pages
 * after the task-marker page). Accesses outside any phase count
 * to phase 0 ("outside"). Beginning a phase while one is active switches to
 * it (no nesting); ending outside a phase does nothing. A recurring id
 * accumulates. Any access to the marker page is not counted in a phase;
 * malformed markers (loads, unaligned offsets) are counted as bad_markers.
 * Detection is by virtual address, before the physical lookup.
 *
 * The cache state is kept across phases (unless flush=on): a phase sees the
 * cache as the code before it left it, as on hardware.
 *
 * Determinism: with one vCPU and interrupts off in the guest, the stream
 * of accesses, and so every count, is the same from run to run.
 *
 * vCPUs: with more than one vCPU and an L1, each vCPU has its own L1 in
 * front of one shared L2 (percpu_l1.c; a store drops the line from the
 * other L1s). A mutex serialises the callback (MTTCG runs vCPUs in parallel
 * threads), so counts are consistent; interleavings, and so counts, vary
 * between runs unless QEMU runs with -icount shift=N,sleep=off (one
 * thread, instruction-counted switches: the same every run). A phase marker
 * from any vCPU switches the phase for all. The report then has a line
 *   cachesim percpu_l1 vcpus=N invalidations=N
 *
 * DMA (a device's fill, bench=readahead): a store at DMA_MARK_BASE + 4 =
 * 0xFF411004 (the page after the phase pages) starts a DMA window, one at
 * DMA_MARK_BASE ends it. Inside it every data store to RAM is taken as the
 * device's write: the guest's store reaches memory as always, but the
 * model drops the line from every level (every vCPU's L1) instead of
 * filling it, and the store is not counted as an access of any phase nor
 * traced (loads are counted as usual). The report then has a line
 *   cachesim dma stores=N dropped=N windows=N
 * (dropped: stores whose line some level held).
 *
 * Tasks (task_attr.c): a store at 0xFF401000 + 4 * id (the page after the
 * phase markers) says task id runs; from the first such marker on, every
 * access is also counted per phase and task, with the L2 lines one task
 * evicted of another's ("cachesim task=..." lines, see task_attr.h).
 *
 * At exit (atexit callback) the report is:
 *   cachesim config l2size=B l2ways=N line=B l1size=B l1ways=N l1lat=C l2lat=C memlat=C
 *   cachesim phase=ID accesses=N loads=N stores=N l1_hits=N l1_misses=N l2_hits=N l2_misses=N cycles=N
 *   cachesim split phase=ID split_loads=N ... (split_count.h: accesses
 *     spanning two lines, their second line, access sizes; bench=copy)
 *   cachesim level phase=ID level=NAME accesses=N hits=N misses=N
 *     [evictions=N inval=N] [compulsory=N capacity=N conflict=N]
 *   cachesim ignored io=N bad_markers=N no_hwaddr=N
 * (level lines: one per level and phase; evictions/inval with levels= or
 * classify=on only, the 3C fields with classify=on; with levels= the phase
 * line's l1_* are the first level's, l2_hits the hits at any later level,
 * l2_misses the accesses no level held, cycles the sum of each level's
 * hits x its lat= plus memory accesses x memlat, and a line
 *   cachesim levels n=N classify=on|off spec=SPEC
 * follows the config line; a trace adds
 *   cachesim trace phase=ID|all records=N dropped=N)
 * one phase line per phase with at least one access, ascending id; the
 * last line counts what was left out: MMIO accesses (and those >= maxphys), malformed marker
 * accesses, and accesses QEMU could not translate (should all be ~0).
 * cycles = l1_hits*l1lat + l2_hits*l2lat + l2_misses*memlat; without L1
 * (l1size=0) l1_hits = l1_misses = 0 and every access goes to L2.
 */
#include "cache_model.h"
#include "levels.h"
#include "percpu_l1.h"
#include "qemu_plugin_api.h"
#include "split_count.h"
#include "task_attr.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the marker range's base: x86's by default (arch/x86/arch.h), marks= */
#define PHASE_MARK_X86	0xFF400000u
#define PHASE_MARK_PAGE 4096u
static uint64_t mark_base = PHASE_MARK_X86;
static bool marks_given; /* marks= given: the report names the base */
#define PHASE_MARK_BASE mark_base
/* the task page follows the phase page (task_attr.h's TA_MARK_BASE on x86) */
#define TASK_MARK_BASE (PHASE_MARK_BASE + PHASE_MARK_PAGE)
/* ids 1024.. : PHASE_HI_PAGES pages after the task-marker page (the kernel's
 * arch/x86/arch.h, PHASE_MARK_HI_BASE), id = 1024 + offset / 4 */
#define PHASE_HI_BASE  (PHASE_MARK_BASE + 2 * PHASE_MARK_PAGE)
#define PHASE_HI_PAGES 15u
#define NPHASES	       (1024u + PHASE_HI_PAGES * 1024u) /* ids 0..16383 */
/* the DMA window's page, after the phase pages (arch.h, DMA_MARK_BASE) */
#define DMA_MARK_BASE (PHASE_HI_BASE + PHASE_HI_PAGES * PHASE_MARK_PAGE)
/* the whole range: phase, task, high phase and DMA pages */
#define MARK_RANGE ((3 + PHASE_HI_PAGES) * PHASE_MARK_PAGE)

CS_EXPORT int qemu_plugin_version = CS_QEMU_PLUGIN_API_VERSION;

struct phase_stats {
	/* accesses by direction and size, [INFO_STORE | bucket] (info_of():
	 * bucket 0..4 for 1, 2, 4, 8, 16 bytes and more): loads, stores and the
	 * size counts of the split line all come from these, one increment */
	uint64_t by_kind[16];
	uint64_t outcome[3]; /* indexed by enum cm_outcome */
};

/* A phase's loads (store = 0) or stores (1). */
static uint64_t phase_rw(const struct phase_stats *ps, unsigned store)
{
	uint64_t n = 0;

	for (unsigned k = 0; k < 5; k++)
		n += ps->by_kind[(store ? 8 : 0) + k];
	return n;
}

struct opts {
	uint64_t l2size, l1size;
	uint32_t l2ways, l1ways, line;
	uint64_t l1lat, l2lat, memlat;
	const char *out;
	bool flush;
	uint64_t maxphys;   /* 0: no limit */
	const char *levels; /* NULL: the two-level cm_hier model */
	bool classify;
	const char *trace; /* NULL: no trace */
	const char *trace_phase;
	uint64_t trace_max;
};

static struct opts opt = {
	.line = 64,
	.l1size = 32 * 1024,
	.l1ways = 8,
	.l1lat = 4,
	.l2lat = 12,
	.memlat = 200,
	.out = "stderr",
	.trace_phase = "all",
};
/* the N-level model (levels= or classify=on), its counts per phase: the
 * cumulative counts at the phase's start (lv_snap) subtracted at its end */
static bool use_levels;
static struct ml_hier mlh;
static struct ml_config mlcfg;
static struct ml_counts *lv_phase; /* [phase * n + level] */
static struct ml_counts lv_snap[ML_MAX_LEVELS];
static FILE *trace_file;
/* trace_phase as a number; -1 = all, -2 = every phase but 0 ("phases") */
static long trace_only = -1;
static uint64_t trace_records, trace_dropped;

static void lv_close_phase(unsigned p)
{
	for (unsigned i = 0; i < mlh.n; i++) {
		const struct ml_counts *c = &mlh.lv[i].c;
		struct ml_counts *d = &lv_phase[p * mlh.n + i],
				 *s = &lv_snap[i];

		d->hits += c->hits - s->hits;
		d->misses += c->misses - s->misses;
		d->evictions += c->evictions - s->evictions;
		d->inval += c->inval - s->inval;
		d->compulsory += c->compulsory - s->compulsory;
		d->ref_misses += c->ref_misses - s->ref_misses;
		*s = *c;
	}
}

/* one trace record (replay.c reads them): little-endian u64 paddr, u32
 * phase, u16 vcpu, u8 log2(size), u8 flags (bit 0: store) */
static void trace_put(uint64_t pa, unsigned phase, unsigned vcpu,
		      unsigned shift, bool store)
{
	unsigned char r[16];

	if (trace_only >= 0 ? (long)phase != trace_only
			    : trace_only == -2 && phase == 0)
		return;
	if (opt.trace_max && trace_records >= opt.trace_max) {
		trace_dropped++;
		return;
	}
	for (int b = 0; b < 8; b++)
		r[b] = (unsigned char)(pa >> (8 * b));
	for (int b = 0; b < 4; b++)
		r[8 + b] = (unsigned char)(phase >> (8 * b));
	r[12] = (unsigned char)vcpu;
	r[13] = (unsigned char)(vcpu >> 8);
	r[14] = (unsigned char)shift;
	r[15] = store ? 1 : 0;
	fwrite(r, 1, 16, trace_file);
	trace_records++;
}
static struct cm_hier model;
static struct phase_stats phases[NPHASES];
static unsigned cur_phase;
static uint64_t bad_markers, no_hwaddr, io_accesses;
static bool use_lock;
static struct cm_percpu percpu; /* with several vCPUs and an L1 */
static bool use_percpu;
static FILE *out_file; /* NULL: through qemu_plugin_outs */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct ta_state tasks; /* per-task attribution (task_attr.c) */
static bool dma_on;	      /* inside a DMA window: stores drop lines */
static uint64_t dma_stores, dma_dropped, dma_windows;

/* A store at offset off of the DMA page: 4 opens a window, 0 closes it. */
static void dma_marker(bool is_store, uint64_t off)
{
	if (!is_store || (off != 0 && off != 4)) {
		bad_markers++;
		return;
	}
	dma_windows += off == 4 && !dma_on;
	dma_on = off == 4;
}

/* A device's write to pa: the line leaves every level of the model in use. */
static void dma_store(uint64_t pa)
{
	bool held = use_levels	 ? ml_drop(&mlh, pa) != 0
		    : use_percpu ? cm_percpu_drop(&percpu, pa)
				 : cm_hier_drop(&model, pa);

	dma_stores++;
	dma_dropped += held;
}

/* A store at offset off of the phase-marker range whose ids start at
 * first (0: the first page, where id 0 ends the phase; 1024: the pages
 * from PHASE_HI_BASE). */
static void marker(bool is_store, uint64_t off, unsigned first)
{
	if (!is_store || off % 4 != 0) {
		bad_markers++;
		return;
	}
	if (use_levels)
		lv_close_phase(cur_phase);
	cur_phase = first + (unsigned)(off / 4);
	if (cur_phase != 0 && opt.flush && use_levels)
		ml_invalidate(&mlh);
	else if (cur_phase != 0 && opt.flush) {
		cm_hier_invalidate(&model);
		if (use_percpu)
			cm_percpu_invalidate(&percpu);
	}
}

/*
 * What the model needs of an access's meminfo, its direction and size, memoised
 * per meminfo value: a meminfo is a small number (QEMU 7.2 packs the memory
 * operation, the MMU index and the direction into it) and a boot uses a few
 * dozen values, so the first access with each value asks QEMU
 * (qemu_plugin_mem_is_store, qemu_plugin_mem_size_shift) and every later one
 * reads a byte: exact whatever the packing, two calls fewer per access.
 * Values >= INFO_MEMO_SIZE (none seen in QEMU 7.2) ask QEMU every time.
 * Entry: 0 = not seen yet, else INFO_SEEN | size shift (capped at 7) << 4 |
 * INFO_STORE | size bucket (0..4: 1, 2, 4, 8, 16 bytes or more); the low
 * four bits index phase_stats.by_kind.
 */
#define INFO_MEMO_SIZE (1u << 18)
#define INFO_SEEN      0x80u
#define INFO_STORE     0x08u
#define INFO_KIND(m)   ((m)&0x0fu)
#define INFO_SHIFT(m)  (((m) >> 4) & 7u)
static uint8_t info_memo[INFO_MEMO_SIZE];

static unsigned info_ask(qemu_plugin_meminfo_t info)
{
	unsigned shift = qemu_plugin_mem_size_shift(info);

	return INFO_SEEN | (shift < 7 ? shift : 7) << 4 |
	       (qemu_plugin_mem_is_store(info) ? INFO_STORE : 0) |
	       (shift < 4 ? shift : 4);
}

static inline unsigned info_of(qemu_plugin_meminfo_t info)
{
	unsigned m;

	if (info >= INFO_MEMO_SIZE)
		return info_ask(info);
	m = info_memo[info];
	if (!m) {
		m = info_ask(info);
		info_memo[info] = (uint8_t)m;
	}
	return m;
}

static inline __attribute__((always_inline)) void
account(qemu_plugin_meminfo_t info, uint64_t vaddr, unsigned vcpu)
{
	unsigned mi = info_of(info);
	bool is_store = mi & INFO_STORE;
	struct qemu_plugin_hwaddr *hw;
	struct phase_stats *ps;
	enum cm_outcome out;
	uint64_t pa;

	/* the marker pages: the phase page, the task page, the further phase
	 * pages, one range (one compare for every other access) */
	if (__builtin_expect(vaddr - PHASE_MARK_BASE < MARK_RANGE, 0)) {
		if (vaddr - PHASE_MARK_BASE < PHASE_MARK_PAGE)
			marker(is_store, vaddr - PHASE_MARK_BASE, 0);
		else if (vaddr - TASK_MARK_BASE < TA_MARK_PAGE)
			ta_marker(&tasks, is_store, vaddr - TASK_MARK_BASE);
		else if (vaddr >= DMA_MARK_BASE)
			dma_marker(is_store, vaddr - DMA_MARK_BASE);
		else
			marker(is_store, vaddr - PHASE_HI_BASE, 1024);
		return;
	}
	hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (!hw) {
		no_hwaddr++;
		return;
	}
	if (qemu_plugin_hwaddr_is_io(hw)) {
		io_accesses++;
		return;
	}
	pa = qemu_plugin_hwaddr_phys_addr(hw);
	if (opt.maxphys && pa >= opt.maxphys) {
		io_accesses++;
		return;
	}
	if (__builtin_expect(dma_on && is_store, 0)) {
		dma_store(pa);
		return;
	}
	ps = &phases[cur_phase];
	ps->by_kind[INFO_KIND(mi)]++;
	if (__builtin_expect(trace_file != NULL, 0))
		trace_put(pa, cur_phase, vcpu, INFO_SHIFT(mi), is_store);
	if (__builtin_expect(use_levels, 0)) {
		struct ml_level *last = &mlh.lv[mlh.n - 1];
		unsigned lv;

		last->victim = ML_INVALID;
		lv = ml_access(&mlh, pa);
		out = lv == mlh.n	     ? CM_L2_MISS
		      : lv == 0 && mlh.n > 1 ? CM_L1_HIT
					     : CM_L2_HIT;
		ps->outcome[out]++;
		/* tasks: the last level plays the L2's part (its misses, the
		 * line its fill displaced) */
		if (tasks.used)
			ta_access(&tasks, cur_phase, pa, out,
				  last->victim == ML_INVALID ? CM_NO_VICTIM
							     : last->victim);
		return;
	}
	if (__builtin_expect(use_percpu, 0)) {
		ps->outcome[cm_percpu_access(&percpu, vcpu, pa, is_store)]++;
		return;
	}
	out = cm_hier_access(&model, pa); /* inline: an L1 hit is one compare */
	ps->outcome[out]++;
	/* Task attribution and split counts work on the one shared model (one
	 * vCPU): task attribution reads the victim of this access, before the
	 * split count touches the access's second line. */
	if (tasks.used)
		ta_access(&tasks, cur_phase, pa, out, model.l2.victim);
	split_count_access(cur_phase, pa, INFO_SHIFT(mi), is_store, &model,
			   opt.line);
}

/* The callback of every access: one vCPU, no lock. */
static void mem_cb(unsigned int vcpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *udata)
{
	(void)udata;
	account(info, vaddr, vcpu);
}

/* With several vCPUs (use_lock): serialised. */
static void mem_cb_locked(unsigned int vcpu, qemu_plugin_meminfo_t info,
			  uint64_t vaddr, void *udata)
{
	(void)udata;
	pthread_mutex_lock(&lock);
	account(info, vaddr, vcpu);
	pthread_mutex_unlock(&lock);
}

static void tb_trans_cb(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	for (size_t i = 0; i < n; i++)
		qemu_plugin_register_vcpu_mem_cb(
			qemu_plugin_tb_get_insn(tb, i),
			use_lock ? mem_cb_locked : mem_cb,
			QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, NULL);
}

/* Appends one formatted line to the report, to file f or QEMU's log. */
static void emit(FILE *f, const char *line)
{
	if (f)
		fputs(line, f);
	else
		qemu_plugin_outs(line);
}

static void emit_ctx(void *f, const char *line)
{
	emit(f, line);
}

/* phase p's per-level lines (n accesses; the two-level model's l1h, l2h,
 * l2m when not use_levels) */
static void level_lines(FILE *f, unsigned p, uint64_t n, uint64_t l1h,
			uint64_t l2h, uint64_t l2m)
{
	char buf[512];
	int k;

	if (!use_levels) {
		if (model.has_l1) {
			snprintf(buf, sizeof(buf),
				 "cachesim level phase=%u level=L1 "
				 "accesses=%" PRIu64 " hits=%" PRIu64
				 " misses=%" PRIu64 "\n",
				 p, n, l1h, n - l1h);
			emit(f, buf);
		}
		snprintf(buf, sizeof(buf),
			 "cachesim level phase=%u level=L2 accesses=%" PRIu64
			 " hits=%" PRIu64 " misses=%" PRIu64 "\n",
			 p, l2h + l2m, l2h, l2m);
		emit(f, buf);
		return;
	}
	for (unsigned i = 0; i < mlh.n; i++) {
		const struct ml_counts *c = &lv_phase[p * mlh.n + i];

		k = snprintf(
			buf, sizeof(buf),
			"cachesim level phase=%u level=%s accesses=%" PRIu64
			" hits=%" PRIu64 " misses=%" PRIu64
			" evictions=%" PRIu64 " inval=%" PRIu64,
			p, mlh.lv[i].cfg.name, c->hits + c->misses, c->hits,
			c->misses, c->evictions, c->inval);
		if (opt.classify)
			k += snprintf(buf + k, sizeof(buf) - (size_t)k,
				      " compulsory=%" PRIu64
				      " capacity=%" PRId64 " conflict=%" PRId64,
				      c->compulsory,
				      (int64_t)(c->ref_misses - c->compulsory),
				      (int64_t)(c->misses - c->ref_misses));
		snprintf(buf + k, sizeof(buf) - (size_t)k, "\n");
		emit(f, buf);
	}
}

static void atexit_cb(qemu_plugin_id_t id, void *udata)
{
	FILE *f = out_file;
	char buf[512];

	(void)id;
	(void)udata;
	if (use_lock)
		pthread_mutex_lock(&lock);
	snprintf(buf, sizeof(buf),
		 "cachesim config l2size=%" PRIu64 " l2ways=%" PRIu32
		 " line=%" PRIu32 " l1size=%" PRIu64 " l1ways=%" PRIu32
		 " l1lat=%" PRIu64 " l2lat=%" PRIu64 " memlat=%" PRIu64 "\n",
		 opt.l2size, opt.l2ways, opt.line, opt.l1size, opt.l1ways,
		 opt.l1lat, opt.l2lat, opt.memlat);
	emit(f, buf);
	if (use_levels) {
		lv_close_phase(cur_phase);
		snprintf(buf, sizeof(buf),
			 "cachesim levels n=%u classify=%s spec=%s\n", mlh.n,
			 opt.classify ? "on" : "off",
			 opt.levels ? opt.levels : "(l1size/l2size)");
		emit(f, buf);
	}
	for (unsigned p = 0; p < NPHASES; p++) {
		const struct phase_stats *ps = &phases[p];
		uint64_t l1h = ps->outcome[CM_L1_HIT];
		uint64_t l2h = ps->outcome[CM_L2_HIT];
		uint64_t l2m = ps->outcome[CM_L2_MISS];
		uint64_t loads = phase_rw(ps, 0), stores = phase_rw(ps, 1);
		uint64_t n = loads + stores;
		uint64_t l1m = model.has_l1 ? l2h + l2m : 0;

		uint64_t cycles =
			l1h * opt.l1lat + l2h * opt.l2lat + l2m * opt.memlat;

		if (n == 0)
			continue;
		if (use_levels) {
			cycles = l2m * opt.memlat;
			l1m = mlh.n > 1 ? n - l1h : 0;
			for (unsigned i = 0; i < mlh.n; i++)
				cycles += lv_phase[p * mlh.n + i].hits *
					  mlh.lv[i].cfg.lat;
		}
		snprintf(buf, sizeof(buf),
			 "cachesim phase=%u accesses=%" PRIu64 " loads=%" PRIu64
			 " stores=%" PRIu64 " l1_hits=%" PRIu64
			 " l1_misses=%" PRIu64 " l2_hits=%" PRIu64
			 " l2_misses=%" PRIu64 " cycles=%" PRIu64 "\n",
			 p, n, loads, stores, l1h, l1m, l2h, l2m, cycles);
		emit(f, buf);
		level_lines(f, p, n, l1h, l2h, l2m);
	}
	/* split counts are kept on the one shared model only (one vCPU, or no
	 * L1): none with per-vCPU L1s, as before */
	for (unsigned p = 0; p < NPHASES && !use_percpu && !use_levels; p++) {
		const uint64_t *k = phases[p].by_kind;
		uint64_t size[5];

		for (unsigned b = 0; b < 5; b++)
			size[b] = k[b] + k[8 + b];
		if (split_count_line(p, size, buf, sizeof(buf)))
			emit(f, buf);
	}
	ta_report(&tasks, emit_ctx, f);
	if (use_percpu) {
		snprintf(buf, sizeof(buf),
			 "cachesim percpu_l1 vcpus=%u invalidations=%" PRIu64
			 "\n",
			 percpu.ncpus, percpu.invalidations);
		emit(f, buf);
	}
	if (trace_file) {
		snprintf(buf, sizeof(buf),
			 "cachesim trace phase=%s records=%" PRIu64
			 " dropped=%" PRIu64 "\n",
			 opt.trace_phase, trace_records, trace_dropped);
		emit(f, buf);
		fclose(trace_file);
		trace_file = NULL;
	}
	if (dma_windows) {
		snprintf(buf, sizeof(buf),
			 "cachesim dma stores=%" PRIu64 " dropped=%" PRIu64
			 " windows=%" PRIu64 "\n",
			 dma_stores, dma_dropped, dma_windows);
		emit(f, buf);
	}
	if (marks_given) {
		snprintf(buf, sizeof(buf),
			 "cachesim marks base=0x%" PRIx64 "\n", mark_base);
		emit(f, buf);
	}
	snprintf(buf, sizeof(buf),
		 "cachesim ignored io=%" PRIu64 " bad_markers=%" PRIu64
		 " no_hwaddr=%" PRIu64 "\n",
		 io_accesses, bad_markers, no_hwaddr);
	emit(f, buf);
	if (f && f != stderr)
		fclose(f);
	else if (f)
		fflush(f);
	out_file = NULL;
	/*
	 * The model is not freed: with several vCPUs another thread may still
	 * be in a callback while QEMU exits. The process exit reclaims it.
	 */
	if (use_lock)
		pthread_mutex_unlock(&lock);
}

/* Parses "123", "32K", "2M" (K, M: x1024, x1024^2) into *v; false if bad. */
static bool parse_size(const char *s, uint64_t *v)
{
	char *end;
	unsigned long long x;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno)
		return false;
	if (*end == 'K' || *end == 'k') {
		x <<= 10;
		end++;
	} else if (*end == 'M' || *end == 'm') {
		x <<= 20;
		end++;
	}
	if (*end != '\0' || x > (1ull << 40))
		return false;
	*v = x;
	return true;
}

enum arg_kind { ARG_SIZE, ARG_UINT, ARG_OUT, ARG_ONOFF, ARG_ADDR };

/* Parses an address, 0x-hex or decimal, into *v: a multiple of
 * PHASE_MARK_PAGE whose marker range does not wrap; false if not. */
static bool parse_addr(const char *s, uint64_t *v)
{
	char *end;
	unsigned long long x;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || *end != '\0' || x % PHASE_MARK_PAGE != 0 ||
	    x > UINT64_MAX - MARK_RANGE)
		return false;
	*v = x;
	return true;
}

struct arg_def {
	const char *key;
	enum arg_kind kind;
	void *dst; /* uint64_t * (SIZE), uint32_t * or uint64_t * (UINT) ... */
	bool is32;
	const char *form; /* accepted form, for the error message */
};

static const struct arg_def arg_defs[] = {
	{ "l2size", ARG_SIZE, &opt.l2size, false,
	  "l2size=BYTES[K|M], e.g. l2size=2M" },
	{ "l2ways", ARG_UINT, &opt.l2ways, true,
	  "l2ways=N, N >= 1 (1 = direct-mapped)" },
	{ "line", ARG_UINT, &opt.line, true,
	  "line=BYTES, a power of two, e.g. line=64" },
	{ "l1size", ARG_SIZE, &opt.l1size, false,
	  "l1size=BYTES[K|M], 0 = no L1, e.g. l1size=32K" },
	{ "l1ways", ARG_UINT, &opt.l1ways, true, "l1ways=N, N >= 1" },
	{ "l1lat", ARG_UINT, &opt.l1lat, false,
	  "l1lat=CYCLES (decimal integer)" },
	{ "l2lat", ARG_UINT, &opt.l2lat, false,
	  "l2lat=CYCLES (decimal integer)" },
	{ "memlat", ARG_UINT, &opt.memlat, false,
	  "memlat=CYCLES (decimal integer)" },
	{ "out", ARG_OUT, &opt.out, false,
	  "out=FILE, out=stderr or out=qemu-log" },
	{ "flush", ARG_ONOFF, &opt.flush, false, "flush=on or flush=off" },
	{ "maxphys", ARG_SIZE, &opt.maxphys, false,
	  "maxphys=BYTES[K|M], 0 = no limit, e.g. maxphys=256M" },
	{ "levels", ARG_OUT, &opt.levels, false,
	  "levels=NAME:SIZE:WAYS:LINE:lru|plru|random|srrip[:OPTION].., levels "
	  "separated by '/'" },
	{ "classify", ARG_ONOFF, &opt.classify, false,
	  "classify=on or classify=off" },
	{ "trace", ARG_OUT, &opt.trace, false, "trace=FILE" },
	{ "trace_phase", ARG_OUT, &opt.trace_phase, false,
	  "trace_phase=ID (0..16383), phases (all but 0) or all" },
	{ "trace_max", ARG_UINT, &opt.trace_max, false,
	  "trace_max=RECORDS, 0 = no limit" },
	{ "marks", ARG_ADDR, &mark_base, false,
	  "marks=ADDR, 0x-hex or decimal, a multiple of 4096 (the phase "
	  "marker page; default 0xFF400000)" },
};

#define NARGS	  (sizeof(arg_defs) / sizeof(arg_defs[0]))
#define ARG_MARKS (NARGS - 1) /* marks=: arg_defs' last row */

/* Stores value v of argument d; false if v is not of d's form. */
static bool set_arg(const struct arg_def *d, const char *v)
{
	uint64_t x;

	switch (d->kind) {
	case ARG_SIZE:
		return parse_size(v, (uint64_t *)d->dst);
	case ARG_UINT:
		if (strpbrk(v, "KkMm") || !parse_size(v, &x))
			return false;
		if (!d->is32) {
			*(uint64_t *)d->dst = x;
			return true;
		}
		if (x > UINT32_MAX)
			return false;
		*(uint32_t *)d->dst = (uint32_t)x;
		return true;
	case ARG_OUT:
		*(const char **)d->dst = v;
		return *v != '\0';
	case ARG_ONOFF:
		if (strcmp(v, "on") != 0 && strcmp(v, "off") != 0)
			return false;
		*(bool *)d->dst = strcmp(v, "on") == 0;
		return true;
	case ARG_ADDR:
		return parse_addr(v, (uint64_t *)d->dst);
	}
	return false;
}

static bool arg_seen[NARGS]; /* given on the command line */

/* Parses argv ("key=value" each) into opt; 0, or -1 after a message. */
static int parse_args(int argc, char **argv)
{
	bool *seen = arg_seen;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *eq = strchr(a, '=');
		size_t klen = eq ? (size_t)(eq - a) : strlen(a);
		size_t k;

		for (k = 0; k < NARGS; k++)
			if (strlen(arg_defs[k].key) == klen &&
			    strncmp(arg_defs[k].key, a, klen) == 0)
				break;
		if (k == NARGS) {
			fprintf(stderr,
				"cachesim: unknown argument '%s'; accepted: "
				"l2size= l2ways= line= l1size= "
				"l1ways= l1lat= l2lat= memlat= out= flush= "
				"maxphys= levels= classify= trace= "
				"trace_phase= trace_max= marks= (as "
				"key=value)\n",
				a);
			return -1;
		}
		if (!eq || !set_arg(&arg_defs[k], eq + 1)) {
			fprintf(stderr,
				"cachesim: bad argument '%s': expected %s\n", a,
				arg_defs[k].form);
			return -1;
		}
		seen[k] = true;
	}
	marks_given = seen[ARG_MARKS];
	for (size_t k = 0; k < 2; k++) { /* l2size, l2ways: required */
		if (!seen[k] && !opt.levels) {
			fprintf(stderr,
				"cachesim: missing argument %s: expected %s\n",
				arg_defs[k].key, arg_defs[k].form);
			return -1;
		}
	}
	return 0;
}

/* Checks one cache geometry; 0, or -1 after a message naming the args. */
static int check_geometry(const char *which, uint64_t size, uint32_t ways)
{
	struct cm_config c = { .size = size, .ways = ways, .line = opt.line };
	const char *msg = cm_check_config(&c);

	if (!msg)
		return 0;
	fprintf(stderr,
		"cachesim: bad %s geometry %ssize=%" PRIu64 " %sways=%" PRIu32
		" line=%" PRIu32 ": %s\n",
		which, which, size, which, ways, opt.line, msg);
	return -1;
}

/* levels=, classify=, trace=: the N-level model and the trace file; 0, or
 * -1 after a message */
static int setup_levels(void)
{
	char msg[320];
	const char *err = NULL;

	if (opt.trace) {
		char *end;

		if (strcmp(opt.trace_phase, "phases") == 0) {
			trace_only = -2;
		} else if (strcmp(opt.trace_phase, "all") != 0) {
			trace_only = strtol(opt.trace_phase, &end, 10);
			if (*end || trace_only < 0 || trace_only >= NPHASES ||
			    *opt.trace_phase < '0' || *opt.trace_phase > '9') {
				fprintf(stderr,
					"cachesim: bad argument "
					"'trace_phase=%s': expected "
					"trace_phase=ID (0..16383), "
					"trace_phase=phases (all but 0) or "
					"trace_phase=all\n",
					opt.trace_phase);
				return -1;
			}
		}
		trace_file = fopen(opt.trace, "wb");
		if (!trace_file) {
			fprintf(stderr, "cachesim: cannot write trace=%s: %s\n",
				opt.trace, strerror(errno));
			return -1;
		}
		fwrite("PCTRACE1\x10\0\0\0\0\0\0\0", 1, 16, trace_file);
	}
	if (!opt.levels && !opt.classify)
		return 0;
	if (opt.levels) {
		if (ml_parse(opt.levels, &mlcfg, msg, sizeof(msg)) != 0) {
			fprintf(stderr,
				"cachesim: bad argument 'levels=%s': %s\n",
				opt.levels, msg);
			return -1;
		}
	} else {
		/* classify=on alone: today's two levels as LRU levels */
		char spec[200];
		int k = 0;

		if (opt.l1size)
			k = snprintf(spec, sizeof(spec),
				     "L1:%" PRIu64 ":%" PRIu32 ":%" PRIu32
				     ":lru:lat=%" PRIu64 "/",
				     opt.l1size, opt.l1ways, opt.line,
				     opt.l1lat);
		snprintf(spec + k, sizeof(spec) - (size_t)k,
			 "L2:%" PRIu64 ":%" PRIu32 ":%" PRIu32
			 ":lru:lat=%" PRIu64,
			 opt.l2size, opt.l2ways, opt.line, opt.l2lat);
		if (ml_parse(spec, &mlcfg, msg, sizeof(msg)) != 0) {
			fprintf(stderr, "cachesim: classify=on: %s\n", msg);
			return -1;
		}
	}
	if (ml_init(&mlh, &mlcfg, opt.classify, &err) != 0) {
		fprintf(stderr, "cachesim: levels: %s\n", err);
		return -1;
	}
	lv_phase = calloc((size_t)NPHASES * mlh.n, sizeof(*lv_phase));
	if (!lv_phase) {
		fprintf(stderr, "cachesim: out of memory\n");
		return -1;
	}
	use_levels = true;
	return 0;
}

CS_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
				  int argc, char **argv)
{
	struct cm_config l1, l2;
	const char *err = NULL;

	if (!info->system_emulation) {
		fprintf(stderr, "cachesim: needs system emulation (physical "
				"addresses)\n");
		return -1;
	}
	if (parse_args(argc, argv) != 0)
		return -1;
	if (setup_levels() != 0)
		return -1;
	if (opt.levels) {
		/* levels= describes every level: the two-level arguments would
		 * not be honoured; the config line then shows the first level
		 * as l1 and the last as l2 (summary.py, report.py read it) */
		for (size_t k = 0; k < 7; k++) { /* l2size .. l2lat */
			if (arg_seen[k]) {
				fprintf(stderr,
					"cachesim: %s= is not used with "
					"levels= (give each level's size, "
					"ways, line and lat= in levels=)\n",
					arg_defs[k].key);
				return -1;
			}
		}
		opt.l1size = mlh.n > 1 ? mlh.lv[0].cfg.size : 0;
		opt.l1ways = mlh.lv[0].cfg.ways;
		opt.l1lat = mlh.lv[0].cfg.lat;
		opt.l2size = mlh.lv[mlh.n - 1].cfg.size;
		opt.l2ways = mlh.lv[mlh.n - 1].cfg.ways;
		opt.l2lat = mlh.lv[mlh.n - 1].cfg.lat;
		opt.line = mlh.lv[mlh.n - 1].cfg.line;
	} else if (check_geometry("l2", opt.l2size, opt.l2ways) != 0 ||
		   (opt.l1size &&
		    check_geometry("l1", opt.l1size, opt.l1ways) != 0))
		return -1;
	l1 = (struct cm_config){ opt.l1size, opt.l1ways, opt.line };
	l2 = (struct cm_config){ opt.l2size, opt.l2ways, opt.line };
	if (split_count_init(NPHASES) != 0) {
		fprintf(stderr, "cachesim: out of memory\n");
		return -1;
	}
	/* with levels= the two-level model is not built (nothing reads it) */
	if (!opt.levels && cm_hier_init(&model, &l1, &l2, &err) != 0) {
		fprintf(stderr, "cachesim: %s\n", err);
		return -1;
	}
	if (strcmp(opt.out, "stderr") == 0) {
		out_file = stderr;
	} else if (strcmp(opt.out, "qemu-log") != 0) {
		/* opened now: an unwritable path stops QEMU before the run */
		out_file = fopen(opt.out, "w");
		if (!out_file) {
			fprintf(stderr, "cachesim: cannot write out=%s: %s\n",
				opt.out, strerror(errno));
			cm_hier_free(&model);
			return -1;
		}
	}
	ta_init(&tasks, NPHASES,
		use_levels ? mlh.lv[mlh.n - 1].line_shift : model.l2.line_shift,
		opt.maxphys);
	use_lock = info->system.max_vcpus > 1;
	/* levels=/classify=on: one hierarchy shared by every vCPU */
	if (use_lock && model.has_l1 && !use_levels) {
		if (cm_percpu_init(&percpu, (unsigned)info->system.max_vcpus,
				   &l1, &l2, &err) != 0) {
			fprintf(stderr, "cachesim: per-vCPU L1s: %s\n", err);
			if (out_file && out_file != stderr)
				fclose(out_file);
			cm_hier_free(&model);
			return -1;
		}
		use_percpu = true;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans_cb);
	qemu_plugin_register_atexit_cb(id, atexit_cb, NULL);
	return 0;
}
