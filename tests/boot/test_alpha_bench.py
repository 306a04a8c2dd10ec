# SPDX-License-Identifier: MIT
"""The opt-in benchmarks ported to the Alpha kernel (bench/registry.h's
BENCH_RUN rows beyond stride, fft, triad, sparse and reuse), each in one
short boot of make ARCH=alpha run asserting the property that defines it,
as x86's tests do (tests/boot/test_mobility.py for frag). Kept out of
test_alpha.py, which tests the boot itself. Skipped, with the reason, when
the Alpha tools (tools/deps.txt's alpha job) are missing."""
import re

from alpha_tools import needs_alpha, records, run_alpha
from frag_checks import ORDERS, WAYS, check_point

pytestmark = needs_alpha


def check_ok(rc, log):
    assert rc == 0, log[-3000:]
    assert records(log, "@final") == [{"status": "ok", "failures": "0", "cmdline_errors": "0"}], log[-3000:]
    assert records(log, "@leakcheck")[0]["status"] == "ok"


# ---- bench=frag: grouping pages by mobility ---------------------------------



def test_alpha_frag():
    """bench=frag on 64 MiB (7 page blocks of 1024 8 KiB pages; about 5 s of
    CPU): the same churn for grouping on and off and the four ways; grouping
    keeps page blocks free of unmovable pages, so reclaim frees order-10
    blocks (8 MiB) where without grouping it frees none; compaction moves
    pages (copied through KSEG, the kernel's direct map on Alpha)."""
    rc, log = run_alpha("64M", "bench=frag bench_runs=1 mm_shuffle=off seed=5")
    check_ok(rc, log)
    res = {}
    for r in records(log, "@result"):
        if r.get("bench") == "frag":
            key = (r["grouping"], r["reclaim"], r["compaction"], int(r["order"]))
            assert key not in res, key
            res[key] = r
    assert len(res) == 2 * len(WAYS) * len(ORDERS), sorted(res)
    for g in ("on", "off"):
        for order in ORDERS:
            stands = res[(g, "off", "off", order)]
            for reclaim, compaction in WAYS:
                check_point(res[(g, reclaim, compaction, order)], stands, reclaim, compaction)
    on, off = res[("on", "off", "off", 10)], res[("off", "off", "off", 10)]
    # grouping keeps page blocks free of unmovable pages (the same churn) ...
    assert int(on["clean_blocks"]) > int(off["clean_blocks"]), (on, off)
    assert 2 * int(on["with_unmovable"]) < int(off["with_unmovable"]), (on, off)
    # ... so that reclaim gets order-10 blocks back where it gets none without
    assert int(res[("on", "on", "off", 10)]["successes"]) > int(res[("off", "on", "off", 10)]["successes"])
    assert int(res[("off", "on", "off", 10)]["successes"]) <= 1
    # compaction moved pages somewhere (through KSEG)
    assert any(float(r["moved_per_success"]) > 0 for k, r in res.items() if k[2] == "on")
    pt = [r for r in records(log, "@result") if r.get("bench") == "page_test"]
    assert sorted(r["grouping"] for r in pt) == ["off", "on"], pt
    assert all(float(r["cycles_per_pair"]) > 0 for r in pt), pt
    assert re.search(r"^frag: grouping=on  clean blocks", log, re.M)


# ---- bench=pcp: the per-CPU hot/cold lists on one CPU -----------------------


def test_alpha_pcp_one_cpu():
    """bench=pcp on the one CPU (64 MiB, about 1 s of CPU): the lists are on
    by default, as on x86 with one CPU; with them a page costs at most about
    1/batch zone locks (one without); the runs that need 2 and 4 CPUs are
    skipped with a line saying so, never printed as results; the hot list
    hands back the pages just freed (last in, first out) and the cold list
    the other end (none of them, the list's other pages first)."""
    rc, log = run_alpha("64M", "bench=pcp bench_runs=1")
    check_ok(rc, log)
    assert "pcp: per-CPU page lists on (the default; pcp=off for the uniprocessor allocator): batch 16" in log
    rows = [r for r in records(log, "@result") if r.get("bench") == "pcp"]
    assert [(r["cpus"], r["pcp"], r["policy"]) for r in rows] == [
        ("1", "off", "binhop"), ("1", "on", "binhop"), ("1", "on", "buddy")], rows
    for r in rows:
        assert r["failed"] == "0" and int(r["ops"]) == 8 * 64 * 2, r
        lock = float(r["lock_per_page"])
        if r["pcp"] == "on":
            assert lock <= 1.2 / 16, r
        else:
            assert lock == 1.0, r
        if r["policy"] == "binhop":
            assert r["off_target"] == "0", r
    skips = [r for r in records(log, "@skip") if r.get("bench") == "pcp"]
    assert [(r["cpus"], r["reason"], r["online"]) for r in skips] == [("2", "cpus_online", "1"),
                                                                     ("4", "cpus_online", "1")], skips
    hc = {(r["mode"], int(r["ws"])): r for r in records(log, "@result") if r.get("bench") == "pcp_hotcold"}
    small = min(ws for _, ws in hc)
    assert small == 256 * 1024  # the cache's eighth: 32 pages, inside the hot list's high mark (96)
    hot, cold, off = hc[("hot", small)], hc[("cold", small)], hc[("off", small)]
    assert float(hot["same_pages"]) == int(hot["of"]) == 32, hot     # the hot list: the pages just freed
    assert float(cold["same_pages"]) == 0 and int(cold["of"]) == 32, cold  # the cold list: other pages
    assert float(off["same_pages"]) == 32, off                       # the buddy lists, LIFO too
    assert all(float(r["median"]) > 0 for r in hc.values()), hc
    assert "@result bench=smpstress" not in log


# ---- bench=readahead: cold pages for a DMA-filled page cache -----------------


def test_alpha_readahead_plain():
    """bench=readahead without the cache model (64 MiB, 2 runs, under 1 s):
    said to be plain CPU stores; the pages themselves show the hot/cold
    choice: a user allocating hot gets the 32 pages the writer just freed,
    cold none of them; a readahead window allocated cold leaves those hot
    pages to the writer's next buffer, one allocated hot takes them; every
    word the device wrote reads back (verified=yes). The model's misses are
    tests/cachesim/test_alpha_readahead.py's."""
    rc, log = run_alpha("64M", "bench=readahead bench_runs=2")
    check_ok(rc, log)
    assert "readahead: no cache model (cachesim=off): the fill is plain CPU stores" in log
    res = {(r["consumer"], r["alloc"]): r for r in records(log, "@result") if r.get("bench") == "readahead"}
    assert set(res) == {(c, a) for c in ("cpu", "readahead") for a in ("hot", "cold")}, res
    assert all(r["pages"] == "32" and r["runs"] == "2" for r in res.values()), res
    assert float(res[("cpu", "hot")]["warm_pages"]) == 32 and float(res[("cpu", "cold")]["warm_pages"]) == 0
    hot, cold = res[("readahead", "hot")], res[("readahead", "cold")]
    assert (float(hot["warm_pages"]), float(hot["other_warm_pages"])) == (32, 0), hot
    assert (float(cold["warm_pages"]), float(cold["other_warm_pages"])) == (0, 32), cold
    assert hot["verified"] == cold["verified"] == "yes"
