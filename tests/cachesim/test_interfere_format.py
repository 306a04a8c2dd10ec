# SPDX-License-Identifier: MIT
"""tools/cachesim/interfere.py's figures: no boot, host only. The reference
table once held model_cycles=1.17291e+06 (Python's :g above a million, two
digits lost); medians are now written whole, or with one decimal."""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import interfere  # noqa: E402


def test_median_never_in_scientific_notation():
    assert interfere.fmt_median(1172912) == "1172912"
    assert interfere.fmt_median(1172912.0) == "1172912"
    assert interfere.fmt_median(2051.5) == "2051.5"
    assert interfere.fmt_median(0) == "0"
    assert interfere.fmt_median(123456789012.0) == "123456789012"


def test_reference_table_has_whole_figures():
    table = os.path.join(ROOT, "docs", "cachesim", "interfere-2M-1way-64B", "table.txt")
    with open(table) as f:
        text = f.read()
    assert "e+0" not in text
    assert "model_cycles=1172912 " in text


def test_reference_table_columns_line_up():
    """The recolor-before/after rows were 5 and 4 columns right of the
    others (a 9-wide partition column; new-user trial): every row of the
    table is as wide as its header now."""
    table = os.path.join(ROOT, "docs", "cachesim", "interfere-2M-1way-64B", "table.txt")
    with open(table) as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.split()[:1] == ["partition"])
    rows = lines[start + 1:lines.index("", start)]
    assert len(rows) == 10 and rows[-2].split()[0] == "recolor-before", rows
    assert all(len(r) == len(lines[start]) for r in rows), [len(r) for r in rows]


SPEC = "L1:32K:8:64:plru/L2:256K:4:64:plru/L3:8M:16:64:lru:incl:slices=4:hash=0x1b5f575440+0x2eb5faa880"
WHY = ("interfere:   why: 128 colors were counted from the whole level, but it has 32 colors per slice; 0 and 64 "
       "have the same set index (0 mod 32) and the slice hash puts pages of both in every slice, so they share the "
       "sets of each slice; color_per_slice=on counts 32 colors, whose disjoint sets isolate")


def fake_boot(tmp_path, colors, said):
    """A bench=interfere boot's serial log and plugin output, made here: the
    partitions 1/2 and 1/4, with and without the aggressor, no inter-task
    eviction in any run; `said`: the kernel's cannot-isolate lines for 1/2."""
    log = [f"@header version=x cache_size=8388608 cache_ways=16 colors={colors} bench_runs=2"]
    sim = ["cachesim config l2size=8388608 l2ways=16 line=64 l1size=32768 l1lat=4 l2lat=40 memlat=200"]
    pid = 0
    for part, vc in (("1/2", 64), ("1/4", 32)):
        log.append(f"interfere: partition={part} victim colors {vc}, aggressor colors {128 - vc} (disjoint)")
        if part == "1/2":
            log += said
        for agg in ("off", "on"):
            for run in range(2):
                pid += 1
                log.append(f"@phase id={pid} interfere victim=stride ws=1048576 aggressor={agg} partition={part} run={run}")
                sim.append(f"cachesim task=1 phase={pid} accesses=1000 l2_accesses=100 l2_misses=10 evicted_by_task=0 "
                           f"conflict_task=0 evicted_by_kernel=0")
            log.append(f"@result bench=interfere victim=stride ws=1048576 aggressor={agg} partition={part} "
                       f"victim_colors={vc} runs=2 unit=cycles/load median=1.0 mean=1.0 max=1.0 hz=100")
    (tmp_path / "serial.log").write_text("\n".join(log) + "\n")
    (tmp_path / "sim.txt").write_text("\n".join(sim) + "\n")
    return str(tmp_path / "serial.log"), str(tmp_path / "sim.txt")


def run_interfere(*args):
    import subprocess
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "cachesim", "interfere.py"), *args],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_kernel_cannot_isolate_is_never_called_isolated(tmp_path):
    """color_per_slice=off on skylake: the kernel said the 1/2 sets cannot
    isolate on L3, the runs happened to see no inter-task eviction, and the
    table said 'inter-task evictions 0 -> isolated' (new-user trial)."""
    said = ["interfere: victim colors (0-63) and aggressor colors (64-127) cannot isolate on L3: 128 pairs of colors "
            "share cache sets, e.g. 0 and 64", WHY]
    out = run_interfere("--levels", SPEC, *fake_boot(tmp_path, 128, said))
    assert "kernel: " + said[0] in out and "kernel: " + WHY in out
    half = next(l for l in out.splitlines() if l.startswith("interfere: partition=1/2:"))
    assert "isolated" in half and not half.endswith("-> isolated"), half
    assert "not isolated: the kernel said these colors share L3 sets" in half
    quarter = next(l for l in out.splitlines() if l.startswith("interfere: partition=1/4:"))
    assert quarter.endswith("-> isolated"), quarter  # the kernel said nothing against it


def test_header_names_the_last_level_and_the_kernels_colors(tmp_path):
    """A preset's table called skylake's L3 'L2 8192 KiB 16-way' and never
    said the kernel colors 32 per slice."""
    out = run_interfere("--levels", SPEC, *fake_boot(tmp_path, 32, []))
    head = out.splitlines()[0]
    assert head.startswith("# bench=interfere under cachesim: L3 8M 16-way slices=4, 64 B lines, 32 colors"), head
    assert " L2 " not in head and "victim's median L2" not in out
    assert "kernel: " not in out and "-> isolated" in out
