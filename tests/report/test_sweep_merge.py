# SPDX-License-Identifier: MIT
"""`tools/pagecolor-report --sweep DIR` (tools/cachesim/sweep_merge.py), the
merge of `make sweep`, on fixture sweep directories (no boot): a matrix.tsv,
GNU parallel's job log and the cells' policies.csv files written here.

* every cell merged: one CSV row per cell x table row, the cell's axes and its
  values; exit 0; "merged 4 of 4 cells";
* the table across seeds: median and range of each policy's L2 miss ratio;
* lost cells, each named with what happened: failed (exit value and the
  cell's own last words), killed (signal), not run (no job-log row), ended
  well without a table, a damaged table; exit 1 and "merged 1 of 6";
* after parallel --resume-failed a job has two rows: the last one counts
  (a cell failed, then run again successfully, is merged; one run again and
  failed again is lost);
* a directory that holds no sweep: exit 2.
"""
import csv
import os
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REPORT = os.path.join(ROOT, "tools", "pagecolor-report")
HEAD = "Seq\tHost\tStarttime\tJobRuntime\tSend\tReceive\tExitval\tSignal\tCommand\n"
COLS = ("policy,workload,ws,runs,l2_miss_ratio_median,l2_miss_ratio_sd,cycles_median,cycles_sd,"
        "cycles_per_access_median,cycles_per_access_sd\n")


def cell_csv(policy, ratios, runs=3):
    """A cell's policies.csv: stride-seq at 16K, 32K, 64K with the given L2 miss ratios."""
    rows = [f"{policy},stride-seq,{16384 << i},{runs},{r},0.01,{1000 * (i + 1)},5.0,{4.0 + i},0.1\n"
            for i, r in enumerate(ratios)]
    return COLS + "".join(rows)


def make_sweep(d, cells, jobs):
    """cells: [(cache, policy, bench, seed, csv text or None, cell.log text or None)];
    jobs: joblog rows (seq, host, seconds, exit, signal), in the order written."""
    with open(os.path.join(d, "matrix.tsv"), "w") as f:
        f.writelines("\t".join(c[:4]) + "\n" for c in cells)
    for cache, policy, bench, seed, text, log in cells:
        cdir = os.path.join(d, "cells", cache, policy, bench, f"seed{seed}")
        os.makedirs(cdir, exist_ok=True)
        if text is not None:
            with open(os.path.join(cdir, "policies.csv"), "w") as f:
                f.write(text)
        if log is not None:
            with open(os.path.join(cdir, "cell.log"), "w") as f:
                f.write(log)
    with open(os.path.join(d, "joblog"), "w") as f:
        f.write(HEAD)
        for seq, host, sec, ex, sig in jobs:
            f.write(f"{seq}\t{host}\t1796190000.000\t{sec:10.3f}\t0\t0\t{ex}\t{sig}\ttools/cachesim/sweep-cell.sh\n")


def merge(d, *extra):
    r = subprocess.run([REPORT, "--sweep", str(d), *extra], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def rows_of(d):
    with open(os.path.join(d, "sweep.csv"), newline="") as f:
        return list(csv.DictReader(f))


def test_every_cell_merged_with_its_axes_and_values(tmp_path):
    cells = [("2M-1way", "buddy", "stride", "1", cell_csv("buddy", [0.1, 0.2, 0.3]), "ok\n"),
             ("2M-1way", "buddy", "stride", "2", cell_csv("buddy", [0.1, 0.4, 0.6]), "ok\n"),
             ("2M-1way", "binhop", "stride", "1", cell_csv("binhop", [0.0, 0.0, 0.001]), "ok\n"),
             ("256K-4way", "binhop", "stride", "1", cell_csv("binhop", [0.0, 0.5, 0.9]), "ok\n")]
    make_sweep(tmp_path, cells, [(i, ":", 12.5, 0, 0) for i in (2, 1, 4, 3)])
    rc, out, err = merge(tmp_path, "--plot", "")
    assert rc == 0, out + err
    assert out.splitlines()[0].startswith("sweep: merged 4 of 4 cells (12 rows)")
    assert "lost:" not in out
    assert open(tmp_path / "sweep.txt").read() == out
    rows = rows_of(tmp_path)
    assert len(rows) == 12
    got = {(r["cache"], r["policy"], r["bench"], r["seed"], r["workload"], int(r["ws"])): r for r in rows}
    r = got[("2M-1way", "buddy", "stride", "2", "stride-seq", 65536)]
    assert (float(r["l2_miss_ratio_median"]), float(r["cycles_median"]), int(r["runs"])) == (0.6, 3000.0, 3)
    assert r["host"] == "this machine" and float(r["seconds"]) == 12.5
    r = got[("256K-4way", "binhop", "stride", "1", "stride-seq", 32768)]
    assert float(r["l2_miss_ratio_median"]) == 0.5 and float(r["cycles_per_access_median"]) == 5.0
    # the table across seeds: buddy at 32K over seeds 1 and 2 is 20% and 40%
    block = out.split("2M-1way, stride-seq")[1].split("\n\n")[0]
    line = next(l for l in block.splitlines() if l.split()[:1] == ["32768"])
    assert "30.00 [20.00-40.00]" in line, block
    assert "0.00 (1)" in line, block  # binhop: one seed of two merged


def test_lost_cells_are_named_with_what_happened(tmp_path):
    ok = cell_csv("buddy", [0.1, 0.2, 0.3])
    cells = [("2M-1way", "buddy", "stride", "1", ok, "sweep-cell: 2M-1way buddy stride seed=1: ok\n"),
             ("2M-1way", "buddy", "stride", "2", None,
              "noise\nsweep-cell: 2M-1way buddy stride seed=2: the boot failed (run-cachesim.sh status 1)\nmore\n"),
             ("2M-1way", "buddy", "stride", "3", None, "run-cachesim: booting\n"),
             ("2M-1way", "buddy", "fft", "1", None, None),
             ("2M-1way", "buddy", "fft", "2", None, "done\n"),
             ("2M-1way", "buddy", "fft", "3", COLS + "buddy,fft,65536,3,0.2,0.0,nan,0,1,0\n", "done\n")]
    make_sweep(tmp_path, cells, [(1, ":", 10, 0, 0), (2, "4/pc2", 31, 1, 0), (3, ":", 7, 0, 9),
                                 (5, ":", 3, 0, 0), (6, ":", 3, 0, 0)])
    rc, out, err = merge(tmp_path, "--plot", "")
    assert rc == 1, out + err
    assert out.splitlines()[0].startswith("sweep: merged 1 of 6 cells (3 rows)")
    lost = {l.split(":", 1)[1].split(": ", 1)[0].strip(): l for l in out.splitlines() if l.startswith("lost:")}
    assert sorted(lost) == ["cache=2M-1way policy=buddy workload=fft seed=1",
                            "cache=2M-1way policy=buddy workload=fft seed=2",
                            "cache=2M-1way policy=buddy workload=fft seed=3",
                            "cache=2M-1way policy=buddy workload=stride seed=2",
                            "cache=2M-1way policy=buddy workload=stride seed=3"], out
    s2 = lost["cache=2M-1way policy=buddy workload=stride seed=2"]
    assert "exit status 1 on 4/pc2 after 31 s" in s2 and "the boot failed (run-cachesim.sh status 1)" in s2
    assert "killed by signal 9" in lost["cache=2M-1way policy=buddy workload=stride seed=3"]
    assert "not run" in lost["cache=2M-1way policy=buddy workload=fft seed=1"]
    assert "no table" in lost["cache=2M-1way policy=buddy workload=fft seed=2"]
    assert "damaged" in lost["cache=2M-1way policy=buddy workload=fft seed=3"]
    assert "SWEEP_RESUME=1" in out
    assert [r["seed"] for r in rows_of(tmp_path)] == ["1", "1", "1"]


def test_after_resume_the_last_row_of_a_job_counts(tmp_path):
    cells = [("2M-1way", "buddy", "stride", "1", cell_csv("buddy", [0.1, 0.2, 0.3]), "ok\n"),
             ("2M-1way", "buddy", "stride", "2", cell_csv("buddy", [0.1, 0.2, 0.3]), "ok\n"),
             ("2M-1way", "binhop", "stride", "1", None, "sweep-cell: still failing\n")]
    # parallel --resume-failed appends: job 2 failed, then succeeded; job 3 failed twice
    make_sweep(tmp_path, cells, [(1, ":", 5, 0, 0), (2, ":", 5, 1, 0), (3, ":", 5, 1, 0), (2, ":", 6, 0, 0),
                                 (3, ":", 1, 2, 0)])
    rc, out, err = merge(tmp_path, "--plot", "")
    assert rc == 1, out + err
    assert out.splitlines()[0].startswith("sweep: merged 2 of 3 cells")
    lost = [l for l in out.splitlines() if l.startswith("lost:")]
    assert len(lost) == 1 and "policy=binhop" in lost[0] and "exit status 2" in lost[0], lost


def test_plots_one_png_per_workload(tmp_path):
    cells = [("2M-1way", p, "stride", s, cell_csv(p, [0.1 * int(s), 0.2, 0.3]), "ok\n")
             for p in ("buddy", "binhop") for s in ("1", "2")]
    make_sweep(tmp_path, cells, [(i, ":", 5, 0, 0) for i in range(1, 5)])
    rc, out, err = merge(tmp_path)
    assert rc == 0, err
    png = tmp_path / "sweep_stride-seq.png"
    assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10000


def test_not_a_sweep_directory(tmp_path):
    rc, out, err = merge(tmp_path)
    assert rc == 2 and "matrix.tsv" in err, err
    rc, out, err = merge(tmp_path, "some.log")
    assert rc == 2 and "--sweep DIR takes no LOG" in err, err
