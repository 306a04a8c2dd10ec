# SPDX-License-Identifier: MIT
"""make sweep (tools/cachesim/sweep.sh, sweep-cell.sh; GNU parallel), a quick
slice of very short boots (64 KiB and 128 KiB L2, bench=stride, one run, one
policy: about 3 s of QEMU each):

* two caches x one policy x one workload x one seed, -j 2: the merged CSV has
  every cell, each with every working set 16K..2 x its cache and both stride
  patterns, real values (an L2 miss ratio in [0, 1], cycles > 0, misses at
  twice the cache size), and the job log a row per cell with exit value 0;
* a lost boot: a cell whose cache the model refuses (3K: its sets are not a
  power of two) fails; the sweep exits non-zero, its report merged 1 of 2
  cells and names the lost one with the model's reason; SWEEP_RESUME=1 (parallel
  --resume-failed) runs that cell again and not the one that succeeded; a
  resume with another matrix is refused before running anything.
"""
import csv
import os
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def sweep(d, caches, *extra):
    return subprocess.run(["make", "--no-print-directory", "-C", ROOT, "sweep", f"CACHES={caches}",
                           "POLICIES=buddy", "WORKLOADS=stride", "SEEDS=1", "RUNS=1", "SWEEP_JOBS=2",
                           f"SWEEP_DIR={d}", "CMDLINE=", *extra], capture_output=True, text=True, timeout=900)


def joblog(d):
    with open(os.path.join(d, "joblog"), newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def test_quick_slice_merges_every_cell_with_real_values(tmp_path):
    r = sweep(tmp_path, "64K-1way 128K-2way")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert r.stdout.startswith("sweep: merged 2 of 2 cells"), r.stdout[:500]
    assert sorted((j["Seq"], j["Exitval"], j["Signal"]) for j in joblog(tmp_path)) == [("1", "0", "0"),
                                                                                         ("2", "0", "0")]
    with open(tmp_path / "sweep.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    for cache, size in (("64K-1way", 65536), ("128K-2way", 131072)):
        for w in ("stride-seq", "stride-rand"):
            got = {int(x["ws"]): x for x in rows if x["cache"] == cache and x["workload"] == w}
            assert sorted(got) == [16384 << i for i in range((2 * size // 16384).bit_length())], (cache, w, got)
            for x in got.values():
                assert (x["policy"], x["bench"], x["seed"], x["runs"]) == ("buddy", "stride", "1", "1"), x
                assert 0.0 <= float(x["l2_miss_ratio_median"]) <= 1.0 and float(x["cycles_median"]) > 0, x
            # twice the cache cannot fit: whatever the placement, the L2 misses
            assert float(got[2 * size]["l2_miss_ratio_median"]) > 0.1, got[2 * size]
    assert (tmp_path / "sweep_stride-seq.png").exists() and (tmp_path / "sweep_stride-rand.png").exists()


def test_a_lost_boot_is_named_and_resumed(tmp_path):
    r = sweep(tmp_path, "64K-1way 3K-1way")
    assert r.returncode != 0, r.stdout[-3000:]
    text = open(tmp_path / "sweep.txt").read()
    assert text.startswith("sweep: merged 1 of 2 cells"), text[:500]
    lost = [l for l in text.splitlines() if l.startswith("lost:")]
    assert len(lost) == 1 and "cache=3K-1way policy=buddy workload=stride seed=1" in lost[0], lost
    assert "exit status 2" in lost[0] and "must be a power of two" in lost[0], lost[0]
    first = joblog(tmp_path)
    ok = [j for j in first if j["Seq"] == "1"]
    assert len(ok) == 1 and ok[0]["Exitval"] == "0", first

    r = sweep(tmp_path, "64K-1way 3K-1way", "SWEEP_RESUME=1")
    assert r.returncode != 0 and "merged 1 of 2 cells" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]
    again = joblog(tmp_path)
    assert [j for j in again if j["Seq"] == "1"] == ok, "the cell that succeeded ran again"
    assert [j["Seq"] for j in again].count("2") == 2, again

    r = sweep(tmp_path, "64K-1way", "SWEEP_RESUME=1")
    assert r.returncode != 0 and "the matrix differs" in r.stderr, r.stderr[-2000:]
    assert joblog(tmp_path) == again
