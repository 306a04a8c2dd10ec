#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""bench_report.py - the table of make bench-cachesim (bench-cachesim.sh).

usage: bench_report.py [--reps N] [--compare] DIR

DIR holds, for each way W in plain, floor (address only), model and each
repetition n = 1..N, W-n.time ("user sys wall", seconds, /usr/bin/time of
the qemu process) and, for floor and model, W-n.out (the plugin's report).
Prints per way the median and range of the qemu process's CPU time
(user+sys) and wall time, the slowdown against the plain boot (ratio of
the medians), the model against the address-only floor (the median and
range of the per-repetition ratios, each repetition's three boots run one
after the other), and the simulated accesses per CPU second.
--compare: DIR also has compare-n.{time,out}, another build of the model
(bench-cachesim.sh --compare SO), reported the same way beside it.
--levels: DIR also has levels2-n and levels3-n (the N-level model, levels=,
classify off: the same two LRU levels, then a third behind them): the
three-level boot against the two-level ones (the default model and levels=
with two levels), per repetition: the whole boot's CPU time and the model's
own work (minus the address-only floor of the same repetition).
Exit status 0, 2 when a file is missing or malformed.
"""
import argparse
import os
import sys

WAYS = [("plain", "plain TCG"), ("floor", "address only"), ("model", "cache model")]


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def read_time(path):
    """(cpu, wall) seconds from a "user sys wall" line."""
    with open(path) as f:
        u, s, w = (float(x) for x in f.read().split()[:3])
    return u + s, w


def model_accesses(path):
    """Accesses the model simulated: the sum over its phase lines (phase 0 included)."""
    n = 0
    with open(path) as f:
        for line in f:
            if line.startswith("cachesim phase="):
                n += int(dict(t.split("=", 1) for t in line.split()[1:] if "=" in t)["accesses"])
    return n


def floor_accesses(path):
    with open(path) as f:
        for line in f:
            if line.startswith("addronly "):
                return int(dict(t.split("=", 1) for t in line.split()[1:])["ram"])
    raise ValueError(f"{path}: no 'addronly' line")


def rng(xs, fmt):
    return f"{fmt.format(min(xs))}..{fmt.format(max(xs))}"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--compare", action="store_true")
    ap.add_argument("--levels", action="store_true")
    ap.add_argument("dir")
    a = ap.parse_args(argv)
    ways = WAYS + ([("compare", "compared model")] if a.compare else []) + \
        ([("levels2", "levels= 2 LRU"), ("levels3", "levels= 3 LRU")] if a.levels else [])
    try:
        t = {w: [read_time(os.path.join(a.dir, f"{w}-{n}.time")) for n in range(1, a.reps + 1)]
             for w, _ in ways}
        acc = [model_accesses(os.path.join(a.dir, f"model-{n}.out")) for n in range(1, a.reps + 1)]
        facc = [floor_accesses(os.path.join(a.dir, f"floor-{n}.out")) for n in range(1, a.reps + 1)]
    except (OSError, ValueError, KeyError) as e:
        print(f"bench_report.py: {e}", file=sys.stderr)
        return 2
    cpu = {w: [c for c, _ in v] for w, v in t.items()}
    wall = {w: [x for _, x in v] for w, v in t.items()}
    plain = median(cpu["plain"])
    print("CPU time of the qemu process (user+sys), the figure to compare: other jobs may share this")
    print("machine's cores, which stretches wall time but not CPU time. Medians over "
          f"{a.reps} boots each, [range].")
    print()
    print(f"{'':14s} {'CPU s':>7s} {'[range]':>13s} {'x plain':>7s}  {'wall s':>7s} {'[range]':>13s}")
    for w, name in ways:
        print(f"{name:14s} {median(cpu[w]):7.1f} {'[' + rng(cpu[w], '{:.1f}') + ']':>13s} "
              f"{median(cpu[w]) / plain:7.2f}  {median(wall[w]):7.1f} {'[' + rng(wall[w], '{:.1f}') + ']':>13s}")
    ratios = [m / f for m, f in zip(cpu["model"], cpu["floor"])]
    over = [(m - f) for m, f in zip(cpu["model"], cpu["floor"])]
    print()
    print(f"model / address only: {median(ratios):.2f} (CPU time, per repetition "
          f"[{rng(ratios, '{:.2f}')}]); the model's own work: {median(over):.1f} s")
    if a.compare:
        cr = [m / f for m, f in zip(cpu["compare"], cpu["floor"])]
        print(f"compared model / address only: {median(cr):.2f} (per repetition [{rng(cr, '{:.2f}')}]); "
              f"its own work: {median([m - f for m, f in zip(cpu['compare'], cpu['floor'])]):.1f} s")
    if a.levels:
        for other, name in (("model", "the default two-level model"), ("levels2", "levels= with two levels")):
            whole = [x / y for x, y in zip(cpu["levels3"], cpu[other])]
            own = [(x - f) / max(y - f, 1e-9) for x, y, f in zip(cpu["levels3"], cpu[other], cpu["floor"])]
            print(f"three levels (levels=, classify off) / {name}: whole boot {median(whole):.2f} "
                  f"[{rng(whole, '{:.2f}')}], the model's own work {median(own):.2f} [{rng(own, '{:.2f}')}] "
                  "(CPU time, per repetition)")
    print(f"accesses simulated per boot: {median(acc):,} (address-only plugin saw {median(facc):,} RAM accesses)")
    print(f"simulated accesses per CPU second: {median(acc) / median(cpu['model']) / 1e6:.1f} million "
          f"(the model boot); {median(acc) / max(median(over), 1e-9) / 1e6:.0f} million per second "
          "of the model's own work (model minus address only)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
