# SPDX-License-Identifier: MIT
"""A quick slice of `make run-policies` (tools/cachesim/run-policies.sh): one
boot under the cache simulator, a small direct-mapped L2 (256 KiB, 64 colors,
no L1), 2 runs, working sets 32K..256K, all five policy names asked for.
Asserts the table's rows and the refusal lines, and the sane values the
models predict (the same bounds as test_reduced.py):

* binhop hands a buffer of at most C pages (C = 64 colors) distinct colors,
  so stride, triad, sparse and reuse see no conflict misses: what is left is
  the phase wrapper's few stack accesses, far below 1% of L2 accesses.
* buddy (coloring off, free lists reshuffled per run) is judged against
  uniformly random placement: k pages on C colors, a page shares its color
  with probability p(k) = 1 - (1 - 1/C)^(k-1) (63% at k = C); the test asks
  for a quarter of p(k) at ws = C (the buddy allocator is less than random:
  freed pages merge into conflict-free runs), and for buddy's miss ratio
  above binhop's there by a factor of 10 or more; random placement
  (placement=random) the same quarter.
* bestbin, like binhop, gives distinct colors; vacolor too for stride and
  reuse (consecutive virtual pages), but it lines up triad's three arrays
  and sparse's every 16th page on few colors: above 90% misses there.
"""
import csv
import os
import subprocess
import sys
import time

from csboot import OUT, ROOT, summary

sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import policies  # noqa: E402

SCRIPT = os.path.join(ROOT, "tools", "cachesim", "run-policies.sh")
C = 64
WS = [32 << 10, 64 << 10, 128 << 10, 256 << 10]
TRIAD_WS = [3 * max(ws // 3 // 4096, 1) * 4096 for ws in WS]


def p_conflict(k, colors=C):
    return 1 - (1 - 1 / colors) ** (k - 1)


def test_policies_slice():
    outdir = os.path.join(OUT, "policies-slice")
    t0 = time.monotonic()
    p = subprocess.run([SCRIPT, "--size", "256K", "--ways", "1", "--l1", "0", "--runs", "2", "--mem", "128M",
                        "--seed", "5", "--bench", "stride,triad,sparse,reuse",
                        "--cmdline", "bench_min=32K bench_max=256K", "--outdir", outdir],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seconds = time.monotonic() - t0
    assert p.returncode == 0, p.stdout[-3000:]
    assert "not run, the kernel refused it" not in p.stdout  # every registry policy exists
    with open(os.path.join(outdir, "policies.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    got = {(r["policy"], r["workload"], int(r["ws"])): r for r in rows}
    want = set()
    names = policies.registry_policies()  # mm/placement/registry.h: a new policy is run too
    for pol in names:
        for w in ("stride-seq", "stride-rand", "sparse", "reuse"):
            want |= {(pol, w, ws) for ws in WS}
        want |= {(pol, "triad", ws) for ws in TRIAD_WS}
    assert set(got) == want
    # the phase budget the documented defaults are checked against (test_policies_complete.py)
    with open(os.path.join(outdir, "serial.log"), errors="replace") as f:
        ids = [line for line in f if line.startswith("@phase ")]
    assert len(ids) == policies.phases_needed(["stride", "triad", "sparse", "reuse"], 2, 32 << 10, 256 << 10,
                                              policies=len(names)) == 40 * len(names)
    assert all(r["runs"] == "2" for r in rows)
    for w in ("stride-seq", "stride-rand", "triad", "sparse", "reuse"):
        assert os.path.exists(os.path.join(outdir, f"policies_{w}.png")), w

    def ratio(pol, w, ws):
        return float(got[(pol, w, ws)]["l2_miss_ratio_median"])

    lines = []
    for k in sorted(got):
        r = got[k]
        assert 0 <= float(r["l2_miss_ratio_median"]) <= 1, r
        assert float(r["cycles_median"]) > 0, r
        if k[0] in ("binhop", "bestbin") or (k[0] == "vacolor" and k[1] in ("stride-seq", "stride-rand", "reuse")):
            # consecutive colors for consecutive pages: no conflicts up to the cache size
            assert float(r["l2_miss_ratio_median"]) <= 0.01, r
    top = WS[-1]
    for w in ("stride-seq", "stride-rand", "sparse", "reuse"):
        on, off = ratio("binhop", w, top), ratio("buddy", w, top)
        lines.append(f"  {w:12s} ws={top}: buddy {off:.4f}, binhop {on:.4f} (random placement: "
                     f"{p_conflict(top // 4096):.2f})")
        assert off >= 0.25 * p_conflict(top // 4096), (w, off)
        assert off >= 10 * max(on, 0.001), (w, off, on)
    for w in ("stride-seq", "stride-rand", "sparse", "reuse"):
        # random placement follows the random-placement prediction like buddy
        assert ratio("random", w, top) >= 0.25 * p_conflict(top // 4096), (w, ratio("random", w, top))
    tw = TRIAD_WS[-1]
    assert ratio("buddy", "triad", tw) > ratio("binhop", "triad", tw), got[("buddy", "triad", tw)]
    # coloring by virtual address puts a[i], b[i], c[i] (mapped a multiple of
    # the color span apart) on one color, and sparse's every 16th page on 4 of
    # the 64 colors: on a direct-mapped cache both thrash, at every size
    for ws in TRIAD_WS[1:]:
        assert ratio("vacolor", "triad", ws) > 0.9, got[("vacolor", "triad", ws)]
    for ws in WS:
        assert ratio("vacolor", "sparse", ws) > 0.9, got[("vacolor", "sparse", ws)]
    summary("policies", f"policies slice (256K 1-way, 2 runs): {seconds:.0f} s\n" + "\n".join(lines))
