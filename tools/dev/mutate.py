#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""tools/dev/mutate.py: mutation testing of the mechanisms of mm/ and kernel/.

    make mutate                         every mutation (a few minutes)
    tools/dev/mutate.py [--only ID,ID] [--list] [--keep-going]
    tools/dev/mutate.py --self-test         the script's own check (make test)

Each mutation is one small change of the source that breaks one mechanism
(which end of which per-CPU list, the color of a pfn, the buddy's xor, the
order arithmetic of a split, the MWC multiplier and carry, the hot/cold
choice, compaction's copy and the owner's update, the free-page poisoning
hook, ...). One at a time, it is applied to a copy of the tree
(build/mutate/src: the working tree is never changed), the fast host test
suites (cmocka, ASan+UBSan; and for the MWC's 64-bit rewrite the check of the
generated code) are built and run, and the file is restored (its hash
checked). A mutation is killed when a suite fails, survives when all pass;
one that does not compile is reported as such. The report lists each
mutation with the suite that killed it. A mutation marked "8 KiB pages"
breaks only the other page size (a 4 KiB assumption left in mm/): for it the
suites also run as built with 8 KiB pages (build/h8, -DPAGE_SHIFT=13; the
failing suite is then named h8/SUITE).

Exit status: 0 when no mutation of a mechanism the three source threads
define (the 2.4.17 page coloring patch, grouping pages by mobility, the
2.5.40-mm1 hot/cold pages) survives; 1 otherwise; 2 for bad usage or when
the suites fail without a mutation.
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# The fast host suites (seconds each; test_stress, test_copy and
# test_shuffle_small take minutes and test nothing a mutation here needs).
SUITES = ["test_buddy", "test_color_set", "test_compaction", "test_fallback", "test_mm_check_local", "test_mobility",
          "test_mwc",
          "test_page_color", "test_pagevec", "test_pcp", "test_placement", "test_poison", "test_recolor", "test_regressions",
          "test_lock_assert",
          "test_split_count", "test_workload", "test_sched", "test_chain", "test_cache_geom"]
# The check of the generated code (i686 objects): pytest node ids.
CODE_CHECKS = ["tests/layers/test_mwc_code.py::test_mwc_object_has_no_widening_multiply"]


def m(ident, path, find, replace, what, thread, code=False, page8=False):
    """page8: the change breaks only 8 KiB pages; the suites run in build/h8 too."""
    return {"id": ident, "path": path, "find": find, "replace": replace, "what": what, "thread": thread,
            "code": code, "page8": page8}


COLOR, MOBILITY, HOTCOLD = "2.4.17 coloring", "mobility", "hot/cold"
# thread: the source thread that defines the mechanism, or "" for ours.
MUTATIONS = [
    # ---- the MWC generator (2.4.17 thread: get_rand) ----
    m("mwc-mult", "kernel/mwc.h", "#define MWC_MULT	  2131995753u", "#define MWC_MULT	  2131995757u",
      "MWC multiplier changed", COLOR),
    m("mwc-carry-out", "kernel/mwc.c", "*hi = h + (*lo < l);", "*hi = h;",
      "MWC: the carry of adding the old carry dropped", COLOR),
    m("mwc-mid-carry", "kernel/mwc.c", "		h += 0x10000u;", "		h += 0;",
      "MWC: the middle sum's carry into bit 48 dropped", COLOR),
    m("mwc-seed-carry", "kernel/mwc.c", "	g->seed = lo;\n	g->carry = hi;", "	g->seed = lo;\n	g->carry = lo;",
      "MWC: the new carry is the low half", COLOR),
    m("mwc-64bit", "kernel/mwc.c",
      "	mul_add_32(g->seed, MWC_MULT, g->carry, &hi, &lo);",
      "	(void)mul_add_32;\n	u64 prod = (u64)g->seed * MWC_MULT + g->carry;\n	hi = (u32)(prod >> 32);\n"
      "	lo = (u32)prod;",
      "MWC rewritten with 64-bit arithmetic (same output)", COLOR, code=True),
    m("mwc-below-bias", "kernel/mwc.c", "	threshold = (0u - bound) % bound; /* == 2^32 mod bound */",
      "	threshold = 0;",
      "mwc_below: no rejection (biased)", ""),
    # ---- coloring (2.4.17 patch) ----
    m("color-of-pfn", "mm/page_color.h", "	return pfn & (page_colors - 1);", "	return (pfn >> 1) & (page_colors - 1);",
      "the color of a pfn from the wrong bits", COLOR),
    m("binhop-advance", "mm/placement/binhop.h", "			t->target_color = (want + 1) & mask;",
      "			t->target_color = (want + 2) & mask;", "bin hopping: the target advances by 2", COLOR),
    m("binhop-stay", "mm/placement/binhop.h", "			t->target_color = (want + 1) & mask;",
      "			t->target_color = want & mask;", "bin hopping: the target does not advance", COLOR),
    m("binhop-align", "mm/color_lists.h", "	u32 want = ((placement_rr_target(t, mask) + align) & ~align) & mask;",
      "	u32 want = placement_rr_target(t, mask) & mask;", "bin hopping: the target not rounded to the order",
      COLOR),
    # ---- colors of a sliced level (cache_levels=) ----
    m("slice-colors-whole", "mm/cache_geom.c", "		d->per_slice = (u32)((u64)d->sets * l->line / PAGE_SIZE);",
      "		d->per_slice = l->size / l->ways / PAGE_SIZE;", "a sliced level's colors counted from the whole level",
      ""),
    m("slice-free-bits", "mm/color_set.c", "	for (u32 b = PAGE_SHIFT + color_bits; b < 32; b++) {",
      "	for (u32 b = 32; b < 32; b++) {", "isolation check: the address bits a color leaves free ignored", ""),
    m("slice-colors-4k", "mm/cache_geom.c", "		d->per_slice = (u32)((u64)d->sets * l->line / PAGE_SIZE);",
      "		d->per_slice = (u32)((u64)d->sets * l->line / 4096);",
      "a slice's colors counted in 4 KiB pages, not pages (8 KiB pages)", "", page8=True),
    m("slice-hash-masks", "mm/cache_geom.c", "	if (l->hashed && nmask != log2_u32(l->slices)) {", "	if (0) {",
      "cache_levels=: hash= with the wrong number of masks accepted", ""),
    # ---- the buddy core ----
    m("buddy-xor", "mm/page_alloc.c", "		u32 buddy_pfn = pfn ^ (1u << order);",
      "		u32 buddy_pfn = pfn + (1u << order);", "buddy pfn by + instead of xor", ""),
    m("buddy-combine", "mm/page_alloc.c", "		pfn &= buddy_pfn; /* the combined block starts at the lower pfn */",
      "		pfn |= buddy_pfn;", "merged block starts at the higher pfn", ""),
    m("buddy-order-check", "mm/page_alloc.c",
      "	return (buddy->flags & (PG_buddy | PG_ZONE_MASK)) == (PG_buddy | zone_bits) && buddy->private == order;",
      "	return (buddy->flags & (PG_buddy | PG_ZONE_MASK)) == (PG_buddy | zone_bits) && buddy->private <= order;",
      "buddy merged when free at a lower order", ""),
    m("split-half", "mm/page_alloc.c", "		half = 1u << high;", "		half = 1u << (high + 1);",
      "split: the half of the wrong order", ""),
    m("split-keep", "mm/page_alloc.c", "			__add_to_free_list(zone, page, high, mt);\n			page += half;",
      "			__add_to_free_list(zone, page + half, high, mt);\n			page += half;",
      "split: the kept upper half also freed", ""),
    m("free-count", "mm/page_alloc.c", "	zone->free_pages += 1u << order;", "	zone->free_pages += 1u;",
      "free_pages counts blocks, not pages", ""),
    m("memblock-round-4k", "mm/memblock.c", "	start = (base + PAGE_SIZE - 1) >> PAGE_SHIFT;",
      "	start = (base + 4095) >> PAGE_SHIFT;",
      "memblock_add rounds a range's start up to 4 KiB, not to a page (8 KiB pages)", "", page8=True),
    # ---- grouping by mobility ----
    m("fallback-order", "mm/pageblock.c", "	[MIGRATE_MOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_UNMOVABLE },",
      "	[MIGRATE_MOVABLE] = { MIGRATE_UNMOVABLE, MIGRATE_RECLAIMABLE },", "fallback table order", MOBILITY),
    m("fallback-order-unmovable", "mm/pageblock.c",
      "	[MIGRATE_UNMOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_MOVABLE },",
      "	[MIGRATE_UNMOVABLE] = { MIGRATE_MOVABLE, MIGRATE_RECLAIMABLE },", "fallback table order (unmovable)",
      MOBILITY),
    m("fallback-order-reclaimable", "mm/pageblock.c",
      "	[MIGRATE_RECLAIMABLE] = { MIGRATE_UNMOVABLE, MIGRATE_MOVABLE },",
      "	[MIGRATE_RECLAIMABLE] = { MIGRATE_MOVABLE, MIGRATE_UNMOVABLE },", "fallback table order (reclaimable)",
      MOBILITY),
    m("steal-half", "mm/pageblock.c", "block_alike_pages(zone, base, start_mt) < pageblock_nr_pages / 2)",
      "block_alike_pages(zone, base, start_mt) < pageblock_nr_pages / 4)",
      "a page block stolen at a quarter alike", MOBILITY),
    m("steal-always", "mm/pageblock.h",
      "	return order >= pageblock_order / 2 || start_mt == MIGRATE_UNMOVABLE || start_mt == MIGRATE_RECLAIMABLE;",
      "	return order >= pageblock_order / 2 || start_mt == MIGRATE_UNMOVABLE || start_mt == MIGRATE_RECLAIMABLE ||\n"
      "	       start_mt == MIGRATE_MOVABLE;", "movable requests steal for small blocks too", MOBILITY),
    m("steal-move", "mm/pageblock.c", "	mobility_stats.steal_pages += move_freepages_block(zone, base, start_mt);",
      "	(void)move_freepages_block;", "a stolen block's free pages not moved", MOBILITY),
    m("gfp-type", "mm/gfp.h", "	if (gfp & __GFP_MOVABLE)\n		return MIGRATE_MOVABLE;",
      "	if (gfp & __GFP_MOVABLE)\n		return MIGRATE_RECLAIMABLE;", "__GFP_MOVABLE gives the wrong type",
      MOBILITY),
    m("compact-copy", "bench/frag_owner.c",
      "	memcpy(frag_page_va(new_pfn), frag_page_va(old_pfn), PAGE_SIZE);", "	(void)memcpy;",
      "compaction's move without the copy", MOBILITY),
    m("compact-owner", "bench/frag_owner.c", "	f->obj[i].pfn = new_pfn;", "	(void)i;",
      "compaction's move without the owner's update", MOBILITY),
    m("compact-rmap", "bench/frag_owner.c", "	f->rmap[old_pfn] = FRAG_NONE;", "",
      "compaction's move leaves the old pfn in the reverse map", MOBILITY),
    m("compact-pinned", "mm/compaction.c",
      "			if ((p->flags & PG_head) && page_mt(p) == MIGRATE_UNMOVABLE)\n				return true;",
      "", "compaction scans blocks holding unmovable pages", MOBILITY),
    m("compact-target-type", "mm/compaction.c",
      "get_pageblock_migratetype(zone, fs->block) != MIGRATE_MOVABLE)",
      "get_pageblock_migratetype(zone, fs->block) == 99)", "compaction fills non-movable page blocks", MOBILITY),
    # ---- per-CPU hot/cold lists (2.5.40-mm1) ----
    m("cold-end", "mm/pcp.c", "		list_add_tail(&page->lru, &pcp->list);", "		list_add(&page->lru, &pcp->list);",
      "a cold free at the head of the cold list", HOTCOLD),
    m("hot-end", "mm/pcp.c", "	else\n		list_add(&page->lru, &pcp->list);",
      "	else\n		list_add_tail(&page->lru, &pcp->list);", "a hot free at the tail of the hot list", HOTCOLD),
    m("cold-free-hot", "mm/pcp.c",
      "	u32 kind = cold ? PCP_COLD : PCP_HOT;\n	struct per_cpu_pages *pcp = &ps->pcp[kind][mt];\n\n	assert_irqs",
      "	u32 kind = cold ? PCP_HOT : PCP_HOT;\n	struct per_cpu_pages *pcp = &ps->pcp[kind][mt];\n\n	assert_irqs",
      "cold frees go to the hot list", HOTCOLD),
    m("cold-alloc-hot", "mm/pcp.c",
      "	u32 kind = cold ? PCP_COLD : PCP_HOT;\n	struct per_cpu_pages *pcp = &ps->pcp[kind][mt];\n	struct page",
      "	u32 kind = cold ? PCP_HOT : PCP_HOT;\n	struct per_cpu_pages *pcp = &ps->pcp[kind][mt];\n	struct page",
      "__GFP_COLD allocations served from the hot list", HOTCOLD),
    m("gfp-cold-ignored", "mm/page_alloc.c", "(gfp & __GFP_COLD) != 0,", "false,", "__GFP_COLD ignored", HOTCOLD),
    m("pagevec-hint", "mm/pagevec.c", "pv->cold ? free_cold_page : free_hot_page", "free_hot_page",
      "a pagevec's cold batch freed to the hot list", HOTCOLD),
    m("pagevec-batch", "mm/pagevec.c", "	if (pv->nr == PAGEVEC_SIZE)\n", "	if (pv->nr == PAGEVEC_SIZE - 1)\n",
      "a pagevec released one page short of full", HOTCOLD),
    m("refill-low", "mm/pcp.c", "	if (pcp->count <= pcp_marks[kind].low && zone->free_pages) {",
      "	if (pcp->count < 1 && zone->free_pages) {", "refill only when empty, not at low", HOTCOLD),
    m("refill-batch", "mm/pcp.c", "rmqueue_bulk(zone, pcp_marks[kind].batch, &pcp->list, mt);",
      "rmqueue_bulk(zone, 1, &pcp->list, mt);", "refill one page per zone lock, not a batch", HOTCOLD),
    m("drain-high", "mm/pcp.c", "	if (pcp->count >= pcp_marks[kind].high) {", "	if (pcp->count >= 100000) {",
      "the lists never give back at high", HOTCOLD),
    m("switch-drain", "mm/pcp.c", "static void drain_on_switch(void)\n{\n	pcp_drain_all();",
      "static void drain_on_switch(void)\n{\n	;", "a placement switch leaves pages on the lists", HOTCOLD),
    # the colored per-CPU lists (binhop, vacolor; ours)
    m("colored-hot-end", "mm/pcp.c", "	else\n		list_add(&page->lru, head);",
      "	else\n		list_add_tail(&page->lru, head);", "a hot free at the tail of its color's list", ""),
    m("colored-alloc-end", "mm/pcp.c",
      "page = cold ? list_entry(head->prev, struct page, lru) : list_first_entry(head, struct page, lru);",
      "page = cold ? list_entry(head->prev, struct page, lru) : list_entry(head->prev, struct page, lru);",
      "a hot allocation from the tail of its color's list", ""),
    m("colored-wrong-list", "mm/pcp.c", "	struct list_head *head = &cc->lists[pfn_color(page_to_pfn(page))];",
      "	struct list_head *head = &cc->lists[(pfn_color(page_to_pfn(page)) + 1) & color_mask];",
      "a free to the next color's list", ""),
    m("colored-any-order", "mm/page_alloc.c", "	struct page *page = mm_pcp && hint->order == 0\n",
      "	struct page *page = mm_pcp\n", "an order-3 colored request served a page of the colored lists", ""),
    m("colored-drain-high", "mm/pcp.c", "	if (cc->count >= color_high) {", "	if (cc->count >= 100000) {",
      "the colored lists never give back at their high", ""),
    m("colored-refill-one", "mm/pcp.c", "	for (u32 i = 0; i < batch && n < room", "	for (u32 i = 0; i < batch / batch && n < room",
      "a refill takes only the color asked for, not the next ones", ""),
    m("colored-cpu0", "mm/pcp.c",
      "	struct per_cpu_colored *cc = &colored[smp_processor_id()][zone_idx(zone)];\n\n	if (!cc->lists) { /* a CPU or",
      "	struct per_cpu_colored *cc = &colored[0][zone_idx(zone)];\n\n	if (!cc->lists) { /* a CPU or",
      "every CPU allocates from CPU 0's colored lists", ""),
    # ---- free-page poisoning (mm_debug) ----
    m("poison-pcp", "mm/page_alloc.c", "			if (mm_free_poison)\n				mm_free_poison(pfn, 0);",
      "", "pages freed to the per-CPU lists not poisoned", ""),
    m("poison-buddy", "mm/page_alloc.c", "	if (mm_free_poison)\n		mm_free_poison(pfn, order);", "",
      "pages freed to the buddy lists not poisoned", ""),
    m("poison-check-word0", "mm/poison.c", "		for (w = 0; w < WORDS_PER_PAGE; w++) {\n			u32 found",
      "		for (w = 0; w < 1; w++) {\n			u32 found", "the poison check reads each page's first word only", ""),
    m("poison-alloc-check", "mm/page_alloc.c",
      "	if (check && page)\n		mm_alloc_check(page_to_pfn(page), order);",
      "", "buddy allocations not checked for poison", ""),
    # ---- lock assertions (kernel/spinlock.h, debug and host builds) ----
    m("lock-assert-any-holder", "kernel/spinlock.h",
      "return __atomic_load_n(&l->holder, __ATOMIC_RELAXED) == smp_processor_id() + 1;",
      "return __atomic_load_n(&l->holder, __ATOMIC_RELAXED) != 0;",
      "spin_assert_held satisfied by a lock another CPU holds", ""),
    m("zone-lock-elided-holder", "mm/zone_lock.h",
      "		spin_set_holder(&zone_lock, smp_processor_id() + 1);\n		zone_lock.acquisitions++;",
      "		zone_lock.acquisitions++;", "the zone lock elided on one CPU records no holder", ""),
    m("zone-lock-elided-smp", "mm/zone_lock.h", "return __builtin_expect(nr_cpus_online == 1, 1);",
      "return __builtin_expect(nr_cpus_online >= 1, 1);", "the zone lock elided with several CPUs online", ""),
    m("zone-grouping-stale", "mm/pageblock.c", "		zone->grouping = on && !zone->mobility_small;",
      "		zone->grouping = zone->grouping;", "zone->grouping not updated by the grouping switch", MOBILITY),
    m("spin-no-wait", "kernel/spinlock.h", "	while (__atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != me) {",
      "	while (0 && __atomic_load_n(&l->owner, __ATOMIC_ACQUIRE) != me) {",
      "spin_lock enters a held lock without waiting", ""),
    m("spin-take-nonatomic", "kernel/spinlock.h", "	u16 me = __atomic_fetch_add(&l->next, 1, __ATOMIC_ACQUIRE);",
      "	u16 me = l->next;\n	l->next = (u16)(me + 1);", "spin_lock takes its ticket by a load and a store", ""),
    m("poison-unreached", "mm/poison.c", "	if (unreached)\n		printk(", "	if (0 && unreached)\n		printk(",
      "mm_debug=poison does not say how many free pages it cannot reach", ""),
    m("lock-assert-steal", "mm/pageblock.c", "	assert_zone_locked();\n	if (order < pageblock_order", "	if (order < pageblock_order",
      "__steal_pageblock does not assert the zone lock", ""),
    # ---- a task per CPU (kernel/task.h, kernel/sched.c) ----
    m("current-shared", "kernel/task.h", "#define current (cpu_current[smp_processor_id()])",
      "#define current (cpu_current[0])", "every CPU shares CPU 0's current", ""),
    m("sched-rq-shared", "kernel/sched.c", "	return &rqs[smp_processor_id()];", "	return &rqs[0];",
      "every CPU shares CPU 0's run queue", ""),
    m("sched-tick-no-assert", "kernel/sched.c", "	assert_irqs_disabled();\n	if (!rq->in_task)",
      "	if (!rq->in_task)", "sched_tick does not assert interrupts off", ""),
]


def sha(path):
    return hashlib.sha256(open(path, "rb").read()).hexdigest()


def tree_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard"], capture_output=True,
                         text=True, check=True).stdout.split("\n")
    return [f for f in out if f and not f.startswith("build/") and os.path.isfile(os.path.join(root, f))]


def sync_copy(root, dst):
    """dst: a copy of the tree's files (and build/h, build/h8, build/k
    objects, so that only what a mutation touches is rebuilt). Unchanged
    files keep their time stamps."""
    for f in tree_files(root):
        s, d = os.path.join(root, f), os.path.join(dst, f)
        if os.path.exists(d) and os.path.getsize(d) == os.path.getsize(s) and sha(d) == sha(s):
            continue
        os.makedirs(os.path.dirname(d), exist_ok=True)
        shutil.copy2(s, d)
    for sub in ("h", "h8", "k"):
        s = os.path.join(root, "build", sub)
        d = os.path.join(dst, "build", sub)
        if os.path.isdir(s) and not os.path.isdir(d):
            shutil.copytree(s, d, copy_function=shutil.copy2, symlinks=True)


def run_suites(tree, suites, code_checks, log, page8=False):
    """Builds and runs suites in tree (page8: also as built with 8 KiB
    pages, build/h8). Returns (status, detail): "pass", "fail" (detail: the
    suite, h8/SUITE for the 8 KiB build), "build" (detail: the error)."""
    builds = ["h", "h8"] if page8 else ["h"]
    names = [s if b == "h" else f"h8/{s}" for b in builds for s in suites]
    bins = [f"build/{b}/tests/{s}" for b in builds for s in suites]
    b = subprocess.run(["make", "-s", "--no-print-directory", "-j2"] + bins, cwd=tree, capture_output=True,
                       text=True, errors="replace")
    log.write(b.stdout + b.stderr)
    if b.returncode != 0:
        err = [ln for ln in (b.stderr or b.stdout).splitlines() if "error" in ln]
        return "build", (err[0] if err else "make failed")[:100]
    for s, path in zip(names, bins):
        try:
            r = subprocess.run([os.path.join(tree, path)], cwd=tree, capture_output=True, text=True, errors="replace", timeout=60)
        except subprocess.TimeoutExpired:
            return "fail", f"{s} (time-out)"
        log.write(r.stdout + r.stderr)
        if r.returncode != 0:
            failed = [ln.split("]")[-1].strip() for ln in r.stdout.splitlines() if ln.startswith("[  FAILED  ] test")]
            return "fail", f"{s}" + (f" {failed[0]}" if failed else "")
    for c in code_checks:
        r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", c], cwd=tree,
                           capture_output=True, text=True, errors="replace")
        log.write(r.stdout + r.stderr)
        if r.returncode != 0:
            return "fail", c.split("::")[-1]
    return "pass", ""


def apply(tree, mut):
    """Applies mut in tree; returns the original text. Raises ValueError
    when the text to change is not there exactly once (a stale mutation)."""
    path = os.path.join(tree, mut["path"])
    text = open(path).read()
    n = text.count(mut["find"])
    if n != 1:
        raise ValueError(f"{mut['id']}: the text to change occurs {n} times in {mut['path']} (expected once)")
    with open(path, "w") as f:
        f.write(text.replace(mut["find"], mut["replace"]))
    return text


def restore(tree, mut, text, digest):
    path = os.path.join(tree, mut["path"])
    with open(path, "w") as f:
        f.write(text)
    if sha(path) != digest:
        raise RuntimeError(f"{mut['path']}: not restored")


def mutate(tree, muts, suites, code_checks, out, log, keep_going=True):
    """Runs every mutation in tree; returns the result rows."""
    rows = []
    for mut in muts:
        path = os.path.join(tree, mut["path"])
        digest = sha(path)
        text = apply(tree, mut)
        t0 = time.monotonic()
        try:
            status, detail = run_suites(tree, suites, code_checks if mut["code"] else [], log, mut["page8"])
        finally:
            restore(tree, mut, text, digest)
        state = {"fail": "killed", "pass": "SURVIVED", "build": "no build"}[status]
        rows.append(dict(mut, state=state, detail=detail))
        print(f"{mut['id']:<20} {state:<9} {mut['what']}" + (f"  [{detail}]" if detail else "")
              + f"  ({time.monotonic() - t0:.0f}s)", file=out, flush=True)
        if state == "SURVIVED" and not keep_going:
            break
    return rows


def self_test():
    """The script's own check, quick and without the real tree's build: a
    small C library with a test in a temporary tree; one mutation the test
    catches (killed), one it cannot (survives), one that does not compile,
    one that breaks only 8 KiB pages (killed when marked so, by the build
    with 8 KiB pages; survives the 4 KiB build alone); the file restored byte
    for byte after each; and every mutation of the real list still applies
    exactly once to the current sources."""
    for mut in MUTATIONS:
        text = open(os.path.join(ROOT, mut["path"])).read()
        if text.count(mut["find"]) != 1:
            print(f"self-test: stale mutation {mut['id']}: its text occurs {text.count(mut['find'])} times in "
                  f"{mut['path']}", file=sys.stderr)
            return 1
    with tempfile.TemporaryDirectory() as tree:
        os.makedirs(os.path.join(tree, "build", "h", "tests"))
        lib = os.path.join(tree, "lib.c")
        with open(lib, "w") as f:
            f.write("#ifndef PAGE_SHIFT\n#define PAGE_SHIFT 12\n#endif\n"
                    "unsigned buddy(unsigned pfn, unsigned order) { return pfn ^ (1u << order); }\n"
                    "unsigned unused(unsigned x) { return x + 1; }\n"
                    "unsigned pages(unsigned bytes) { return bytes >> PAGE_SHIFT; }\n")
        with open(os.path.join(tree, "t.c"), "w") as f:
            # its output holds bytes that are not UTF-8 (a suite printing a
            # message from a dead stack did): read, never a crash
            f.write("#include <stdio.h>\nunsigned buddy(unsigned, unsigned);\nunsigned pages(unsigned);\n"
                    "int main(void) { fputs(\"\\377\\376 bytes\\n\", stdout);\n"
                    "  return !(buddy(8, 3) == 0 && buddy(0, 3) == 8 && pages(65536) == 16 >> (PAGE_SHIFT - 12)); }\n")
        with open(os.path.join(tree, "Makefile"), "w") as f:
            f.write("build/h/tests/t: t.c lib.c\n\tcc -DPAGE_SHIFT=12 -o $@ t.c lib.c\n"
                    "build/h8/tests/t: t.c lib.c\n\tmkdir -p build/h8/tests\n\tcc -DPAGE_SHIFT=13 -o $@ t.c lib.c\n")
        muts = [m("xor", "lib.c", "pfn ^ (1u << order)", "pfn + (1u << order)", "xor", "x"),
                m("unused", "lib.c", "return x + 1;", "return x + 2;", "unused", ""),
                m("syntax", "lib.c", "return x + 1;", "return x +;", "syntax", ""),
                m("shift-12", "lib.c", "bytes >> PAGE_SHIFT", "bytes >> 12", "4 KiB pages", "", page8=True),
                m("shift-12-4k-only", "lib.c", "bytes >> PAGE_SHIFT", "bytes >> 12", "4 KiB pages", "")]
        before = sha(lib)
        with open(os.devnull, "w") as null:
            rows = mutate(tree, muts, ["t"], [], null, null)
        states = [r["state"] for r in rows]
        if (states != ["killed", "SURVIVED", "no build", "killed", "SURVIVED"] or rows[3]["detail"] != "h8/t"
                or sha(lib) != before):
            print(f"self-test: FAILED: {states}, restored={sha(lib) == before}", file=sys.stderr)
            return 1
        try:
            apply(tree, m("twice", "lib.c", "unsigned", "int", "", ""))
            print("self-test: FAILED: a text found twice was accepted", file=sys.stderr)
            return 1
        except ValueError:
            pass
    print(f"self-test: ok (killed, survived, no build told apart; file restored; {len(MUTATIONS)} mutations "
          "apply to the current sources)")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/dev/mutate.py", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--only", help="comma-separated mutation ids")
    ap.add_argument("--list", action="store_true", help="list the mutations")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--stop", action="store_true", help="stop at the first surviving mutation")
    a = ap.parse_args(argv)
    if a.self_test:
        return self_test()
    muts = MUTATIONS
    if a.only:
        ids = a.only.split(",")
        unknown = [i for i in ids if i not in {x["id"] for x in MUTATIONS}]
        if unknown:
            ap.error(f"--only: unknown mutation {','.join(unknown)}; --list shows the ids")
        muts = [x for x in MUTATIONS if x["id"] in ids]
    if a.list:
        for x in muts:
            print(f"{x['id']:<20} {x['path']:<22} {x['thread'] or '-':<16} {x['what']}")
        return 0
    tree = os.path.join(ROOT, "build", "mutate", "src")
    os.makedirs(tree, exist_ok=True)
    print(f"mutate: copying the tree to {os.path.relpath(tree, ROOT)} (the working tree is not changed)")
    sync_copy(ROOT, tree)
    logpath = os.path.join(ROOT, "build", "mutate", "mutate.log")
    with open(logpath, "w") as log:
        status, detail = run_suites(tree, SUITES, CODE_CHECKS, log, any(x["page8"] for x in muts))
        if status != "pass":
            print(f"mutate: the suites fail without a mutation ({status}: {detail}); see {logpath}",
                  file=sys.stderr)
            return 2
        print(f"mutate: {len(muts)} mutations, suites: {' '.join(SUITES)} (+ the MWC code check for mwc-64bit; "
              "built with 8 KiB pages too, build/h8, for those marked 8 KiB pages)")
        rows = mutate(tree, muts, SUITES, CODE_CHECKS, sys.stdout, log, keep_going=not a.stop)
    killed = sum(r["state"] == "killed" for r in rows)
    surv = [r for r in rows if r["state"] == "SURVIVED"]
    nobuild = [r for r in rows if r["state"] == "no build"]
    print(f"mutate: {killed} killed, {len(surv)} survived, {len(nobuild)} did not build (of {len(rows)}); "
          f"log {os.path.relpath(logpath, ROOT)}")
    bad = [r for r in surv if r["thread"]]
    for r in surv:
        print(f"  survived: {r['id']} ({r['thread'] or 'not a thread mechanism'}): {r['what']}")
    return 1 if bad or nobuild else 0


if __name__ == "__main__":
    sys.exit(main())
