# SPDX-License-Identifier: MIT
"""Unit tests of tools/cachesim/summary.py, the closing summary of `make run`
under the cache model (no QEMU): its rank interval agrees with the kernel's
(bench/ratio_ci.c: published critical values, exact tails), its verdict says
what the model's counts say in each case (misses removed, nothing to
remove, not reduced), and every line fits 80 columns. The counts are
synthetic phases built here; the one real boot is tests/boot/test_run_model.py."""
import itertools
import os
import sys
from fractions import Fraction

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools", "cachesim"))
import summary  # noqa: E402

CONFIG = ("cachesim config l2size=2097152 l2ways=1 line=64 l1size=32768 l1ways=8 l1lat=4 l2lat=12 "
          "memlat=200\n")


# (n, m, k) as tests/host/test_ratio_ci.c has them (Mann-Whitney tables)
@pytest.mark.parametrize("n,m,k", [(5, 5, 3), (6, 6, 6), (7, 7, 9), (8, 8, 14), (10, 10, 24), (20, 20, 128),
                                   (5, 10, 9), (10, 5, 9), (4, 4, 1), (3, 5, 1), (3, 3, 0), (1, 20, 0)])
def test_rank_matches_the_kernels(n, m, k):
    assert summary.rank_k(n, m)[0] == k


def test_exact_tails_by_enumeration():
    # P(U <= u) counted over every split of n + m ranks into the two samples
    for n, m in ((4, 4), (5, 5), (3, 6)):
        counts = [0] * (n * m + 1)
        for xs in itertools.combinations(range(n + m), n):
            ys = [i for i in range(n + m) if i not in xs]
            counts[sum(1 for x in xs for y in ys if x > y)] += 1
        assert summary.u_counts(n, m) == counts
    k, tail = summary.rank_k(4, 4)
    assert (k, Fraction(tail).limit_denominator(1000)) == (1, Fraction(1, 70))
    assert summary.rank_k(5, 5)[1] == pytest.approx(4 / 252, abs=1e-15)


def test_interval_is_the_kth_pairwise_ratio():
    x, y = [10, 11, 12, 13, 14], [20, 22, 21, 25, 30]
    r, lo, hi, level = summary.ratio_ci(x, y)
    pairs = sorted(a / b for a in x for b in y)
    assert r == 12 / 22 and (lo, hi) == (pairs[2], pairs[-3])
    assert level == pytest.approx(1 - 8 / 252)
    assert summary.ratio_ci([1, 2, 3], [2, 3, 4])[1:] == (None, None, None)  # too few runs


def phases(tmp_path, points):
    """A log and a sim file: points {(bench, pattern, ws, color): [(loads, l2_hits, l2_misses, cycles)]}."""
    log, sim, pid = ["@header version=test cpu_vendor=GenuineIntel family=6 model=6 colors=512 seed=0x1\n"], \
        [CONFIG], 1
    for (bench, pat, ws, color), runs in points.items():
        for i, (loads, hits, misses, cycles) in enumerate(runs):
            kv = f"bench={bench} " + (f"pattern={pat} " if pat else f"n={ws // 16} ") + f"color={color} ws={ws}"
            log.append(f"@phase id={pid} {kv} run={i}\n")
            sim.append(f"cachesim phase={pid} accesses={loads} loads={loads} stores=0 l1_hits={loads - hits - misses}"
                       f" l1_misses={hits + misses} l2_hits={hits} l2_misses={misses} cycles={cycles}\n")
            pid += 1
    (tmp_path / "serial.log").write_text("".join(log))
    (tmp_path / "sim.txt").write_text("".join(sim))
    return str(tmp_path / "serial.log"), str(tmp_path / "sim.txt")


def sweep(on_miss, off_miss, fft_on, fft_off, runs=4):
    pts = {}
    for ws in (1 << 20, 2 << 20):
        loads = ws // 64
        for pat in ("seq", "rand"):
            pts[("stride", pat, ws, "on")] = [(loads, loads - on_miss(ws), on_miss(ws), 1000 + i) for i in range(runs)]
            pts[("stride", pat, ws, "off")] = [(loads, loads - off_miss(ws), off_miss(ws), 9000 + i)
                                               for i in range(runs)]
        pts[("fft", "", ws, "on")] = [(ws, 0, 0, fft_on + i) for i in range(runs)]
        pts[("fft", "", ws, "off")] = [(ws, 0, 0, fft_off + i) for i in range(runs)]
    return pts


def lines_of(tmp_path, pts):
    rc, lines = summary.summarise(*phases(tmp_path, pts), None, False)
    assert rc == 0
    for line in lines:
        assert len(line) <= 79, line
    return lines, " ".join(l[len("verdict:"):].strip() for l in lines if l.startswith("verdict:"))


def test_verdict_misses_removed(tmp_path):
    # 1 MiB, 2 MiB: colored 8 misses (0.0244% of 32768 loads), uncolored 63%: 1 - 0.0244/63 = 99.96%; FFT 0.5x
    lines, v = lines_of(tmp_path, sweep(lambda ws: 8, lambda ws: ws // 64 * 63 // 100, 500, 1000))
    assert v == ("coloring removed 99.96% of the L2 misses at 2 MiB (the cache size) (63.0% -> 0.02% of the "
                 "stride's accesses); FFT of 2 MiB 0.50x the modelled cycles (colored faster).")
    row = next(l for l in lines if l.startswith("2 MiB "))
    assert row.split()[2:6] == ["0.02%", "0.02%", "63.0%", "63.0%"]
    assert "0.111 [0.111-0.111]" in row and row.endswith("0.501 [0.499-0.503]")  # 501.5/1001.5, 500/1003, 503/1000
    assert any("misses and" in l for l in lines) and any("simulated, not measured" in l for l in lines)


def test_verdict_nothing_to_remove_and_no_difference(tmp_path):
    # a cache large enough for both: no conflict misses either way, equal FFT times
    _, v = lines_of(tmp_path, sweep(lambda ws: 0, lambda ws: 3, 1000, 1000))
    assert v.startswith("no conflict misses for coloring to remove up to 2 MiB (the cache size) (uncolored 0.01%")
    assert v.endswith("FFT of 2 MiB 1.00x the modelled cycles (no difference shown).")


def test_verdict_not_reduced(tmp_path):
    _, v = lines_of(tmp_path, sweep(lambda ws: ws // 64 // 2, lambda ws: ws // 64 // 2, 1200, 1000))
    assert v.startswith("coloring did not reduce L2 misses at 2 MiB (the cache size) (50.0% uncolored, 50.0% colored")
    assert "1.20x the modelled cycles (colored slower)" in v


def test_no_stride_or_fft_said(tmp_path):
    rc, lines = summary.summarise(*phases(tmp_path, {}), None, False)
    assert rc == 0
    assert any(l.startswith("summary: no stride or FFT point ran under the model") for l in lines)
    assert not any(l.startswith("verdict") for l in lines)
