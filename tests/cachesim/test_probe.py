# SPDX-License-Identifier: MIT
"""End-to-end test of the cache simulator: the kernel's bench=probe touches
known physical lines inside exact phases (bench/probe.c) and prints, for each
pattern, the pfns and its own expected counts for the cache it was told about;
the plugin's per-phase counts must equal them exactly, and equal an
independent LRU model written here from the pfns alone.

Run: /usr/bin/python3 -m pytest tests/cachesim/test_probe.py (needs
`make kernel cachesim`; `make test-cachesim` does both)."""
import pytest

from csboot import boot, summary

LINE = 64
LINES_PER_PAGE = 4096 // LINE


def size_bytes(s):
    return int(s[:-1]) << {"K": 10, "M": 20}[s[-1]] if s[-1] in "KM" else int(s)


class LRUCache:
    """Set-associative, true LRU, physically indexed (reference for the test)."""

    def __init__(self, size, ways):
        self.nsets = size // (ways * LINE)
        self.ways = ways
        self.sets = {}

    def access(self, pa):
        line = pa // LINE
        s = self.sets.setdefault(line % self.nsets, [])
        if line in s:
            s.remove(line)
            s.insert(0, line)
            return True
        s.insert(0, line)
        del s[self.ways:]
        return False


def simulate(pfns, rounds, l2size, l2ways, l1size=0, l1ways=8):
    """Counts of the probe loop on an empty hierarchy: (accesses, l1_hits, l2_hits, l2_misses)."""
    l1 = LRUCache(l1size, l1ways) if l1size else None
    l2 = LRUCache(l2size, l2ways)
    acc = l1h = l2h = l2m = 0
    for _ in range(rounds):
        for pfn in pfns:
            for i in range(LINES_PER_PAGE):
                pa = pfn * 4096 + i * LINE
                acc += 1
                if l1 and l1.access(pa):
                    l1h += 1
                elif l2.access(pa):
                    l2h += 1
                else:
                    l2m += 1
    return acc, l1h, l2h, l2m


GEOMETRIES = [  # kernel cache_size / cache_ways = plugin l2size / l2ways; plugin l1size
    ("256K", 1, "0"),
    ("2M", 1, "0"),
    ("1M", 16, "0"),
    ("256K", 4, "32K"),
]


@pytest.mark.parametrize("size,ways,l1", GEOMETRIES, ids=[f"{s}-{w}way-l1_{l}" for s, w, l in GEOMETRIES])
def test_probe_counts_exact(size, ways, l1):
    cmd = f"bench=probe cachesim=on cache_size={size} cache_ways={ways} mm_shuffle=on seed=4242"
    plug = f"l2size={size},l2ways={ways},line={LINE},l1size={l1},flush=on"
    b = boot(f"probe-{size}-{ways}way-l1_{l1}", cmd, plug)
    assert b.rc == 0, f"boot failed (run-qemu.sh status {b.rc})\n{b.tail()}"
    assert b.records("probe_summary") == [{"patterns": "4", "failures": "0"}], b.tail()
    assert b.config["l2size"] == size_bytes(size) and b.config["l2ways"] == ways
    assert b.ignored.get("bad_markers") == 0
    l1size = size_bytes(l1)
    probes = b.records("probe")
    assert [p["pattern"] for p in probes] == ["fit", "assoc", "conflict", "random"]
    lines = []
    for p in probes:
        pid, pages, rounds = int(p["phase"]), int(p["pages"]), int(p["rounds"])
        pfns = [int(x) for x in p["pfns"].split(",")]
        assert len(pfns) == pages and len(set(pfns)) == pages
        assert int(p["l2size"]) == size_bytes(size) and int(p["l2ways"]) == ways and int(p["line"]) == LINE
        exp_acc, exp_miss = int(p["expected_accesses"]), int(p["expected_l2_misses"])
        assert int(p["expected_l2_hits"]) == exp_acc - exp_miss
        # the kernel's closed form == a plain LRU simulation of an L2 alone
        acc, _, hits, miss = simulate(pfns, rounds, size_bytes(size), ways)
        assert (acc, miss) == (exp_acc, exp_miss), f"kernel expectation off for {p}"
        # what each pattern is built to show
        colors = size_bytes(size) // (ways * 4096)
        if p["pattern"] == "fit":
            assert exp_miss == pages * LINES_PER_PAGE, "colored pages must not conflict"
        elif p["pattern"] == "assoc":
            assert len({f % colors for f in pfns}) == 1 and exp_miss == ways * LINES_PER_PAGE
        elif p["pattern"] == "conflict":
            assert len({f % colors for f in pfns}) == 1 and exp_miss == exp_acc
        ph = b.phases.get(pid)
        assert ph, f"no plugin counts for probe phase {pid}"
        assert ph["accesses"] == ph["loads"] == exp_acc and ph["stores"] == 0, (p, ph)
        if l1size == 0:
            assert (ph["l2_hits"], ph["l2_misses"]) == (exp_acc - exp_miss, exp_miss), (p, ph)
        else:
            _, l1h, l2h, l2m = simulate(pfns, rounds, size_bytes(size), ways, l1size)
            assert (ph["l1_hits"], ph["l2_hits"], ph["l2_misses"]) == (l1h, l2h, l2m), (p, ph)
        lines.append(f"{p['pattern']}: {exp_acc} accesses, {ph['l2_misses']} L2 misses")
    # the wrapper phases (bench_phase_begin/end around the asm) hold only a few
    # stack accesses: the overhead every stride/FFT phase carries
    outer = [r for r in b.records("phase") if r.get("part") == "outer"]
    assert len(outer) == 4
    overhead = [b.phases[int(r["id"])]["accesses"] for r in outer]
    assert all(0 < n <= 16 for n in overhead), overhead
    summary("probe", f"probe L2 {size} {ways}-way, L1 {l1}: plugin == kernel == reference model; "
            + "; ".join(lines) + f"; wrapper overhead {overhead[0]} accesses/phase; boot {b.seconds:.1f} s")
