# SPDX-License-Identifier: MIT
"""Boot test of bench=readahead (bench/readahead.c) in plain QEMU: which user
gets the CPU writer's just-freed hot pages. A window allocated hot takes
them all, one allocated cold (__GFP_COLD) none, and then the writer's next
buffer gets them back; the reader's data read back intact; the per-CPU
lists and the policy set for the benchmark are said. The cache model's
figures (the DMA fill, the misses) are tests/cachesim/test_readahead_dma.py."""

CMD = "bench=readahead bench_runs=2 selftest=off cache_size=2M cache_ways=1"
PAGES = 64  # min(cache_size / 8, pcp_high 96 - 2 x pcp_batch 16)


def test_readahead_boot(booter):
    b = booter("64M", CMD)
    assert b.rc == 0, f"exit status {b.rc}\n{b.log[-3000:]}"
    fin = b.record("final")
    assert fin["status"] == "ok" and fin["failures"] == "0"
    assert "readahead: no cache model (cachesim=off): the fill is plain CPU stores" in b.log
    assert ("readahead: per-CPU lists on and placement=buddy for this benchmark (was: lists on, binhop); "
            "restored after") in b.log
    res = {(r["consumer"], r["alloc"]): r for r in b.records("result") if r.get("bench") == "readahead"}
    assert set(res) == {(c, a) for c in ("cpu", "readahead") for a in ("hot", "cold")}
    for r in res.values():
        assert r["pages"] == str(PAGES) and r["runs"] == "2" and r["unit"] == "cycles/line"
        assert "of" not in r and "reason" not in r
    # a user writing at once: hot gets every one of the writer's hot pages, cold none
    assert res[("cpu", "hot")]["warm_pages"] == f"{PAGES}.0"
    assert res[("cpu", "cold")]["warm_pages"] == "0.0"
    assert float(res[("cpu", "hot")]["write_median"]) > 0
    # readahead: a hot window takes them and leaves the writer none; a cold
    # window leaves them all to the writer's next buffer
    hot, cold = res[("readahead", "hot")], res[("readahead", "cold")]
    assert (hot["warm_pages"], hot["other_warm_pages"]) == (f"{PAGES}.0", "0.0")
    assert (cold["warm_pages"], cold["other_warm_pages"]) == ("0.0", f"{PAGES}.0")
    for r in (hot, cold):
        assert r["verified"] == "yes"
        assert float(r["read_median"]) > 0 and float(r["other_write_median"]) > 0
    assert "words read back wrong" not in b.log and "pagevec frees refused" not in b.log
