# SPDX-License-Identifier: MIT
"""tools/cachesim/bench_report.py (make bench-cachesim's table) on crafted
timing files, host only: medians and ranges of CPU time (user+sys), the
slowdowns, the model against the address-only floor as the median of the
per-repetition ratios, accesses per second; a missing file is exit 2."""
import os
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
REPORT = os.path.join(ROOT, "tools", "cachesim", "bench_report.py")


def write(d, name, text):
    (d / name).write_text(text)


def craft(d, compare=False):
    # user sys wall, three repetitions per way
    times = {"plain": ["9 1 12", "10 1 15", "11 1 11"],
             "floor": ["27 1 40", "29 1 50", "35 1 45"],
             "model": ["35 1 60", "38 1 70", "41 1 65"],
             "compare": ["50 2 80", "55 2 90", "60 2 85"]}
    for w, ts in times.items():
        if w == "compare" and not compare:
            continue
        for n, t in enumerate(ts, 1):
            write(d, f"{w}-{n}.time", t + "\n")
    for n in (1, 2, 3):
        write(d, f"model-{n}.out", "cachesim config l2size=1 l2ways=1\n"
              "cachesim phase=0 accesses=600000000 loads=1 stores=1\n"
              "cachesim phase=7 accesses=400000000 loads=1 stores=1\ncachesim ignored io=5\n")
        write(d, f"floor-{n}.out", "addronly accesses=1000000100 ram=1000000000 io=100 no_hwaddr=0\n")


def run(d, *extra):
    p = subprocess.run([sys.executable, REPORT, *extra, str(d)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return p.returncode, p.stdout, p.stderr


def test_table(tmp_path):
    craft(tmp_path)
    rc, out, err = run(tmp_path)
    assert rc == 0, err
    rows = {line[:14].strip(): line[14:].split() for line in out.splitlines() if line[:14].strip() in
            ("plain TCG", "address only", "cache model")}
    # CPU medians 11, 30, 39; x plain 1.00, 2.73, 3.55; wall medians 12, 45, 65
    assert rows["plain TCG"] == ["11.0", "[10.0..12.0]", "1.00", "12.0", "[11.0..15.0]"]
    assert rows["address only"] == ["30.0", "[28.0..36.0]", "2.73", "45.0", "[40.0..50.0]"]
    assert rows["cache model"] == ["39.0", "[36.0..42.0]", "3.55", "65.0", "[60.0..70.0]"]
    # per repetition 36/28, 39/30, 42/36 = 1.29, 1.30, 1.17; own work 8, 9, 6
    assert "model / address only: 1.29 (CPU time, per repetition [1.17..1.30]); the model's own work: 8.0 s" in out
    assert "accesses simulated per boot: 1,000,000,000 (address-only plugin saw 1,000,000,000 RAM accesses)" in out
    # 1e9 / 39 s = 25.6 million; 1e9 / 8 s = 125 million
    assert "simulated accesses per CPU second: 25.6 million (the model boot); 125 million" in out
    assert "CPU time of the qemu process (user+sys)" in out


def test_compare(tmp_path):
    craft(tmp_path, compare=True)
    rc, out, err = run(tmp_path, "--compare")
    assert rc == 0, err
    # 52/28, 57/30, 62/36 = 1.86, 1.90, 1.72
    assert "compared model / address only: 1.86 (per repetition [1.72..1.90]); its own work: 26.0 s" in out


def test_missing_file(tmp_path):
    craft(tmp_path)
    os.remove(tmp_path / "floor-2.time")
    rc, out, err = run(tmp_path)
    assert rc == 2 and "floor-2.time" in err


def test_levels(tmp_path):
    craft(tmp_path)
    # levels= two LRU levels and three: user sys wall
    for w, ts in {"levels2": ["40 1 70", "44 1 75", "46 1 72"], "levels3": ["45 1 80", "47 1 85", "52 1 82"]}.items():
        for n, t in enumerate(ts, 1):
            write(tmp_path, f"{w}-{n}.time", t + "\n")
    rc, out, err = run(tmp_path, "--levels")
    assert rc == 0, err
    # levels3 CPU 46, 48, 53 against the model's 36, 39, 42: 1.28, 1.23, 1.26;
    # own work (minus floor 28, 30, 36): 18/8, 18/9, 17/6 = 2.25, 2.00, 2.83
    assert ("three levels (levels=, classify off) / the default two-level model: whole boot 1.26 [1.23..1.28], "
            "the model's own work 2.25 [2.00..2.83] (CPU time, per repetition)") in out
    # against levels2 41, 45, 47: 1.12, 1.07, 1.13; own 18/13, 18/15, 17/11 = 1.38, 1.20, 1.55
    assert ("three levels (levels=, classify off) / levels= with two levels: whole boot 1.12 [1.07..1.13], "
            "the model's own work 1.38 [1.20..1.55]") in out
    assert "levels= 3 LRU" in out
