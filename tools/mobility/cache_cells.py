#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/mobility/cache_cells.py - the cache question of grouping by mobility:
stride and FFT under the cache simulator in four cells, grouping on/off x
coloring on/off.

Reads two `make run-cachesim` outputs (each runs coloring off and on side by
side), one booted with mobility_grouping=on and one with =off, same seed and
runs, and prints per benchmark, pattern and working set the L2 miss ratio
(L2 misses / L2 accesses, percent, mean +- sd over runs) in the four cells,
and per coloring whether grouping on and off differ by more than 2 run-to-run
standard deviations (the larger sd of the two; `same` when both are exact and
equal). The target ("Avoiding fragmentation through different allocator",
linux-kernel, January 2005, asked what grouping does to the cache): miss
ratios with grouping within 2 sd of those without.

usage: cache_cells.py GROUPING_ON/table.csv GROUPING_OFF/table.csv [--csv OUT]
"""
import argparse
import csv
import sys


def load(path):
    """{(bench, pattern, ws, color): (mean %, sd %, runs)} from a table.csv."""
    cells = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            key = (r["bench"], r["pattern"], int(r["ws"]), r["color"])
            cells[key] = (100 * float(r["l2_miss_ratio_mean"]), 100 * float(r["l2_miss_ratio_sd"]), int(r["runs"]))
    return cells


def verdict(a, b):
    """'ok' when |mean a - mean b| <= 2 max(sd), '>2sd' otherwise."""
    diff = abs(a[0] - b[0])
    sd = max(a[1], b[1])
    if sd == 0:
        return "same" if diff < 1e-9 else ">2sd"
    return "ok" if diff <= 2 * sd else ">2sd"


def ws_text(ws):
    return f"{ws // 1048576}M" if ws >= 1048576 else f"{ws // 1024}K"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("on", help="table.csv of the run with mobility_grouping=on")
    ap.add_argument("off", help="table.csv of the run with mobility_grouping=off")
    ap.add_argument("--csv", help="also write the cells as CSV here")
    a = ap.parse_args()
    on, off = load(a.on), load(a.off)
    keys = sorted({k[:3] for k in on} & {k[:3] for k in off})
    if not keys:
        sys.exit("cache_cells.py: the two tables have no benchmark and working set in common")
    rows, over, compared = [], 0, 0
    print("L2 miss ratio, % (mean +- sd over runs); g = mobility grouping, c = coloring;")
    print("on~off: grouping on vs off within 2 run-to-run sd (ok/same) or not (>2sd), per coloring")
    head = f"{'bench':<12} {'ws':>5} | {'g=on c=off':>15} {'g=off c=off':>15} | {'g=on c=on':>15} {'g=off c=on':>15} | c=off  c=on"
    print(head)
    print("-" * len(head))
    for bench, pattern, ws in keys:
        name = bench + (f"/{pattern}" if pattern else "")
        cells, verdicts = [], []
        for color in ("off", "on"):
            g_on, g_off = on.get((bench, pattern, ws, color)), off.get((bench, pattern, ws, color))
            if g_on is None or g_off is None:
                cells += [None, None]
                verdicts.append("-")
                continue
            cells += [g_on, g_off]
            v = verdict(g_on, g_off)
            verdicts.append(v)
            compared += 1
            over += v == ">2sd"
        text = ["-".rjust(15) if c is None else f"{c[0]:7.3f}+-{c[1]:6.3f}" for c in cells]
        print(f"{name:<12} {ws_text(ws):>5} | {text[0]} {text[1]} | {text[2]} {text[3]} | {verdicts[0]:<6} {verdicts[1]}")
        for color, (g_on, g_off), v in (("off", cells[0:2], verdicts[0]), ("on", cells[2:4], verdicts[1])):
            if g_on is not None:
                rows.append([bench, pattern, ws, color, f"{g_on[0]:.4f}", f"{g_on[1]:.4f}", f"{g_off[0]:.4f}",
                             f"{g_off[1]:.4f}", v])
    runs = {c[2] for c in list(on.values()) + list(off.values())}
    print(f"\n{compared - over} of {compared} cells within 2 sd, {over} beyond (runs per cell: "
          f"{','.join(map(str, sorted(runs)))})")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["bench", "pattern", "ws", "color", "grouping_on_l2_miss_pct_mean", "grouping_on_sd",
                        "grouping_off_l2_miss_pct_mean", "grouping_off_sd", "on_vs_off"])
            w.writerows(rows)


if __name__ == "__main__":
    main()
