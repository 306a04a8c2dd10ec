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
  resume with another matrix or other settings (RUNS) is refused before
  running anything;
* across machines: SWEEP_HOSTS (parallel --sshloginfile) and SWEEP_REMOTE_DIR
  (--workdir) run the cells in another copy of the tree through an ssh that
  stays on this machine (PARALLEL_SSH); their files come back by --return
  (rsync), host named in the job log and the CSV;
* a preset cache (ds10) reaches the model as its levels= hierarchy and the
  kernel as its geometry; an unknown preset is a lost cell naming the presets.
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
    r = sweep(tmp_path, "64K-1way 3K-1way", "SWEEP_RESUME=1", "RUNS=2")
    assert r.returncode != 0 and "the settings differ" in r.stderr, r.stderr[-2000:]
    assert joblog(tmp_path) == again


FAKE_SSH = """#!/bin/bash
# ssh to "another machine" that is this one: drop the options and the host,
# run the command (parallel's worker, or rsync --server for --return) here,
# with what sshd gives every session: SHELL, the login shell (parallel's
# worker runs the job with $SHELL; without it, it ran nothing and said 0)
export SHELL="$(getent passwd "$(id -un)" | cut -d: -f7)"
export SHELL="${SHELL:-/bin/sh}"
echo "$*" >>"$(dirname "$0")/calls.log"
while [ $# -gt 0 ]; do
	case "$1" in
	-[olpSiecFJ]) shift 2 ;;
	-*) shift ;;
	*) break ;;
	esac
done
shift
[ "${1:-}" = -- ] && shift
exec bash -c "$*"
"""


def test_across_machines_cells_come_back(tmp_path):
    """SWEEP_HOSTS (parallel --sshloginfile) with SWEEP_REMOTE_DIR (--workdir):
    the cells run in another copy of the tree, reached through an ssh that
    stays on this machine (PARALLEL_SSH), and come back by --return (rsync)."""
    import shutil
    remote = tmp_path / "otherpc"
    shutil.copytree(ROOT, remote, ignore=shutil.ignore_patterns(".git", "build"), symlinks=True)
    # what a remote machine has built (make kernel cachesim build/cmdline-check)
    for f in ("kernel.elf", "cmdline-check", "cachesim/libcachesim.so", "cachesim/geometry-check"):
        os.makedirs(os.path.dirname(remote / "build" / f), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, "build", f), remote / "build" / f)
    ssh = tmp_path / "ssh"
    ssh.write_text(FAKE_SSH)
    ssh.chmod(0o755)
    hosts = tmp_path / "hosts"
    hosts.write_text("2/otherpc\n")
    d = f"build/sweep-test-remote-{os.getpid()}"
    try:
        r = subprocess.run(["make", "--no-print-directory", "-C", ROOT, "sweep", "CACHES=64K-1way",
                            "POLICIES=buddy", "WORKLOADS=stride", "SEEDS=1 2", "RUNS=1", f"SWEEP_DIR={d}",
                            f"SWEEP_HOSTS={hosts}", f"SWEEP_REMOTE_DIR={remote}", "CMDLINE="],
                           capture_output=True, text=True, timeout=900,
                           # CI runs without SHELL: so does this machine's side here
                           env={**{k: v for k, v in os.environ.items() if k != "SHELL"}, "PARALLEL_SSH": str(ssh)})
        assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
        assert r.stdout.startswith("sweep: merged 2 of 2 cells"), r.stdout[:500]
        local = os.path.join(ROOT, d)
        assert [j["Host"] for j in joblog(local)] == ["otherpc", "otherpc"]
        for seed in ("1", "2"):
            cell = os.path.join(d, "cells", "64K-1way", "buddy", "stride", f"seed{seed}")
            assert os.path.exists(remote / cell / "policies.csv")  # written there ...
            with open(os.path.join(ROOT, cell, "policies.csv")) as f:  # ... and brought back here
                assert f.read() == (remote / cell / "policies.csv").read_text()
        assert "rsync --server" in (tmp_path / "calls.log").read_text()
    finally:
        shutil.rmtree(os.path.join(ROOT, d), ignore_errors=True)


def test_preset_caches(tmp_path):
    """A cache that is a preset name runs with that preset's hierarchy
    (run-cachesim.sh --cache, tools/cachesim/presets.py); an unknown name is a
    lost cell that says which names exist."""
    r = sweep(tmp_path, "ds10 nosuch", "CMDLINE=bench_max=64K")
    assert r.returncode != 0, r.stdout[-3000:]
    text = open(tmp_path / "sweep.txt").read()
    assert text.startswith("sweep: merged 1 of 2 cells (6 rows)"), text[:800]
    lost = [l for l in text.splitlines() if l.startswith("lost:")]
    assert len(lost) == 1 and "cache=nosuch" in lost[0] and "ds10" in lost[0].split("cache=nosuch", 1)[1], lost
    cmd = open(tmp_path / "cells" / "ds10" / "buddy" / "stride" / "seed1" / "cmdline.txt").read()
    assert "plugin: levels=L1:64K:2:64:lru/L2:2M:1:64:lru,classify=off," in cmd, cmd
    assert " cache_levels=L1:64K:2:64:lru/L2:2M:1:64:lru color_level=2 " in cmd, cmd
    with open(tmp_path / "sweep.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert sorted((x["workload"], int(x["ws"])) for x in rows) == sorted(
        (w, ws) for w in ("stride-seq", "stride-rand") for ws in (16384, 32768, 65536)), rows
