# SPDX-License-Identifier: MIT
"""bench=readahead under the cache model: the device's fill runs in the
plugin's DMA window (tools/cachesim/README.md), so its stores reach memory
but leave no line in any cache: the reader's later read misses every line of
its window, whether the window's pages were cache-hot before the fill or
not, and the DMA stores are counted apart (every word of every window, none
counted as an access). And the point of cold pages for readahead: a user
that writes its pages at once misses far less on hot pages than on cold
ones, and after a readahead window it gets the hot pages only when the
window was allocated cold.

Run: /usr/bin/python3 -m pytest tests/cachesim/test_readahead_dma.py (needs
`make kernel cachesim`)."""
from csboot import boot, pairs, summary

RUNS = 2
PAGES = 64  # bench/readahead.c: min(cache_size / 8, 96 - 2 x 16)
LINES = PAGES * 4096 // 64


def test_readahead_dma_window():
    b = boot("readahead", f"bench=readahead bench_runs={RUNS} selftest=off cachesim=on cache_size=2M cache_ways=1",
             "l2size=2M,l2ways=1,line=64,l1size=32K")
    assert b.rc == 0, f"exit status {b.rc}\n{b.tail()}"
    assert "readahead: the fill runs in the cache model's DMA window" in b.log
    with open(b.sim_path) as f:
        dma = [pairs(line) for line in f if line.startswith("cachesim dma ")]
    assert len(dma) == 1, "no cachesim dma line"
    # two allocations x RUNS windows, every word of 64 pages, nothing else
    assert int(dma[0]["windows"]) == 2 * RUNS
    assert int(dma[0]["stores"]) == 2 * RUNS * PAGES * 1024
    # a hot window held the writer's lines until the fill dropped them
    assert int(dma[0]["dropped"]) > RUNS * LINES // 2
    assert b.ignored["bad_markers"] == 0

    groups = {}
    for line in b.lines:
        if line.startswith("@phase ") and "bench=readahead" in line:
            kv = pairs(line)
            key = (kv["consumer"], kv["alloc"], kv["step"])
            groups.setdefault(key, []).append(b.phases[int(kv["id"])])
    assert set(groups) == {("cpu", "hot", "write"), ("cpu", "cold", "write"),
                           ("readahead", "hot", "other_write"), ("readahead", "hot", "read"),
                           ("readahead", "cold", "other_write"), ("readahead", "cold", "read")}
    miss = {k: [p["l2_misses"] for p in v] for k, v in groups.items()}
    for k, v in groups.items():
        assert len(v) == RUNS, k
    for a in ("hot", "cold"):
        # every line of the window misses after the DMA fill, hot or cold pages
        # (and a few of the step's own: its page list, the stack)
        assert all(LINES <= m <= LINES + 16 for m in miss[("readahead", a, "read")])
        for p in groups[("readahead", a, "read")]:
            # every word, and the step's own few (its page list, the call)
            assert PAGES * 1024 <= p["loads"] < PAGES * 1024 * 101 // 100 and p["stores"] < 1024
    # a CPU writer: cold pages miss every line, hot ones a few conflicts
    assert all(LINES <= m <= LINES + 16 for m in miss[("cpu", "cold", "write")])
    assert max(miss[("cpu", "hot", "write")]) < LINES // 4
    # after the readahead window: the hot pages went to the window, or stayed
    assert min(miss[("readahead", "hot", "other_write")]) > LINES * 9 // 10
    assert max(miss[("readahead", "cold", "other_write")]) < LINES // 4
    summary("readahead", "readahead: L2 misses of %d lines: " % LINES + ", ".join(
        f"{c}/{a}/{s} {sum(v) / len(v):.0f}" for (c, a, s), v in sorted(miss.items())))
