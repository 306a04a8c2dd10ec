# SPDX-License-Identifier: MIT
"""The cache model's end-to-end check on the Alpha kernel: bench=probe
(bench/probe.c, its loop <asm/probe_loop.h>'s ldl per line) touches known
physical lines of 8 KiB pages inside exact phases and prints the pfns and
its own expected counts; the plugin's counts must equal them exactly, and
equal a plain LRU model written here from the pfns alone, as
tests/cachesim/test_probe.py checks on x86. Each boot runs qemu-system-alpha
with the plugin (marks= at the Alpha kernel's marker base) and no other
benchmark: under a second of CPU. Skipped, with the reason, when the Alpha
tools (tools/deps.txt's alpha job) are missing."""
import os
import re
import subprocess

import pytest

from alpha_tools import needs_alpha
from csboot import OUT, ROOT, pairs

pytestmark = needs_alpha

ALPHA_MARKS = "0xfffffc00002e0000"  # arch/alpha/arch.h: PHASE_MARK_BASE
LINE = 64
PAGE = 8192
LINES_PER_PAGE = PAGE // LINE


def size_bytes(s):
    return int(s[:-1]) << {"K": 10, "M": 20}[s[-1]] if s[-1] in "KM" else int(s)


def simulate(pfns, rounds, l2size, l2ways, l1size=0, l1ways=8):
    """The probe loop on an empty hierarchy, true LRU, physically indexed:
    (accesses, l1_hits, l2_hits, l2_misses)."""
    def level(size, ways):
        return {"nsets": size // (ways * LINE), "ways": ways, "sets": {}}

    def access(c, line):
        s = c["sets"].setdefault(line % c["nsets"], [])
        if line in s:
            s.remove(line)
            s.insert(0, line)
            return True
        s.insert(0, line)
        del s[c["ways"]:]
        return False

    l1 = level(l1size, l1ways) if l1size else None
    l2 = level(l2size, l2ways)
    acc = l1h = l2h = l2m = 0
    for _ in range(rounds):
        for pfn in pfns:
            for i in range(LINES_PER_PAGE):
                line = (pfn * PAGE + i * LINE) // LINE
                acc += 1
                if l1 and access(l1, line):
                    l1h += 1
                elif access(l2, line):
                    l2h += 1
                else:
                    l2m += 1
    return acc, l1h, l2h, l2m


def records(log, tag):
    return [dict(kv.split("=", 1) for kv in m.group(1).split())
            for m in re.finditer(r"^@%s (.*)$" % tag, log, re.M)]


GEOMETRIES = [("256K", 1, "0"), ("1M", 4, "0"), ("256K", 4, "32K")]


@pytest.mark.parametrize("size,ways,l1", GEOMETRIES, ids=[f"{s}-{w}way-l1_{l}" for s, w, l in GEOMETRIES])
def test_alpha_probe_counts_exact(size, ways, l1):
    for args in (["ARCH=alpha", "kernel"], ["cachesim"]):
        b = subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=600)
        assert b.returncode == 0, b.stdout[-3000:]
    os.makedirs(OUT, exist_ok=True)
    base = os.path.join(OUT, f"alpha-probe-{size}-{ways}way-l1_{l1}")
    log_path, sim_path = base + ".log", base + ".sim"
    if os.path.exists(sim_path):
        os.remove(sim_path)
    p = subprocess.run([os.path.join(ROOT, "tools", "make", "run-qemu-alpha.sh"), "--kernel",
                        os.path.join("build", "alpha", "kernel.elf"), "--mem", "64M", "--timeout", "120", "--log",
                        log_path, "--append",
                        f"bench=probe cachesim=on cache_size={size} cache_ways={ways} mm_shuffle=on seed=4242", "--",
                        "-plugin", os.path.join(ROOT, "build", "cachesim", "libcachesim.so")
                        + f",l2size={size},l2ways={ways},line={LINE},l1size={l1},flush=on,marks={ALPHA_MARKS}"
                        + f",maxphys=64M,out={sim_path}"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    with open(log_path, errors="replace") as f:
        log = f.read()
    assert p.returncode == 0, p.stdout[-2000:] + log[-2000:]
    assert records(log, "probe_summary") == [{"patterns": "4", "failures": "0"}], log[-2000:]
    phases, ignored = {}, {}
    with open(sim_path) as f:
        for line in f:
            if line.startswith("cachesim phase="):
                d = {k: int(v) for k, v in pairs(line).items()}
                phases[d["phase"]] = d
            elif line.startswith("cachesim ignored "):
                ignored = pairs(line)
    assert ignored.get("bad_markers") == "0", ignored
    probes = records(log, "probe")
    assert [q["pattern"] for q in probes] == ["fit", "assoc", "conflict", "random"]
    colors = size_bytes(size) // (ways * PAGE)
    for q in probes:
        pid, pages, rounds = int(q["phase"]), int(q["pages"]), int(q["rounds"])
        pfns = [int(x) for x in q["pfns"].split(",")]
        assert len(pfns) == len(set(pfns)) == pages
        exp_acc, exp_miss = int(q["expected_accesses"]), int(q["expected_l2_misses"])
        # the kernel's closed form == a plain LRU simulation of an L2 alone
        acc, _, _, miss = simulate(pfns, rounds, size_bytes(size), ways)
        assert (acc, miss) == (exp_acc, exp_miss), q
        if q["pattern"] == "fit":   # colored 8 KiB pages never conflict
            assert exp_miss == pages * LINES_PER_PAGE and len({f % colors for f in pfns}) == pages
        elif q["pattern"] == "assoc":
            assert len({f % colors for f in pfns}) == 1 and exp_miss == ways * LINES_PER_PAGE
        elif q["pattern"] == "conflict":
            assert len({f % colors for f in pfns}) == 1 and exp_miss == exp_acc
        ph = phases.get(pid)
        assert ph, f"no plugin counts for probe phase {pid}"
        assert ph["accesses"] == ph["loads"] == exp_acc and ph["stores"] == 0, (q, ph)
        if l1 == "0":
            assert (ph["l2_hits"], ph["l2_misses"]) == (exp_acc - exp_miss, exp_miss), (q, ph)
        else:
            _, l1h, l2h, l2m = simulate(pfns, rounds, size_bytes(size), ways, size_bytes(l1))
            assert (ph["l1_hits"], ph["l2_hits"], ph["l2_misses"]) == (l1h, l2h, l2m), (q, ph)
    # the wrapper phases around the asm hold only a few stack accesses
    outer = [r for r in records(log, "phase") if r.get("part") == "outer"]
    assert len(outer) == 4
    assert all(0 < phases[int(r["id"])]["accesses"] <= 16 for r in outer), [phases.get(int(r["id"])) for r in outer]
