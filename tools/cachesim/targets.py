#!/usr/bin/env python3
"""targets.py - the figures issue #4 ("See the cache") asks for, from one
cache-simulated sweep (report.py --raw output of `make run-cachesim`).

usage: targets.py RAW_CSV

Prints, for the cache geometry of the run (S = L2 size):
  stride: colored L2 miss ratio, the largest mean over ws <= S/2, and at
          ws = S; uncolored at ws = S/8 and ws = S; per pattern (seq, rand)
  fft:    colored / uncolored mean modelled cycles for ws in [S/4, S]
  CV:     coefficient of variation (sd / mean over runs) of L2 misses,
          colored vs uncolored, at ws = S/4, per stride pattern and fft
and, for the issue's reference geometry (2 MiB direct-mapped, 64-byte
lines), whether each target is met. Targets (issue #4): colored stride miss
ratio <= 1% for every ws <= S/2 and <= 3% at S; uncolored >= 8% at 256 KiB
(S/8) and >= 40% at 2 MiB (S); fft colored cycles <= 0.85 x uncolored for at
least one size in [S/4, S]; CV of colored misses <= 1/5 of uncolored at
512 KiB (S/4). The miss ratio judged is l2_misses / L2 accesses (the L1
misses), as plot.py draws it; l2_misses / loads is shown beside it (with an
L1, working sets that fit in it send few accesses to L2, and a handful of
misses from the phase wrapper then makes a large L2 ratio).
"""

import csv
import math
import sys


def mean_sd(xs):
    m = sum(xs) / len(xs)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1)) if len(xs) > 1 else 0.0
    return m, sd


def cv(xs):
    m, sd = mean_sd(xs)
    return sd / m if m else (0.0 if sd == 0 else math.inf)


def random_placement(k, colors, ways):
    """Expected steady-state miss ratio of a cyclic sweep over k pages placed
    uniformly at random among `colors` page colors of a `ways`-way LRU cache:
    the probability that a page shares its color with at least `ways` others,
    P(Binomial(k - 1, 1/colors) >= ways) (every line of such a set misses)."""
    p = 1 / colors
    below = sum(math.comb(k - 1, i) * p ** i * (1 - p) ** (k - 1 - i) for i in range(min(ways, k)))
    return 1 - below


def pct(x):
    return f"{100 * x:.2f}%"


def main(argv):
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[0], newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        print("targets.py: no rows", file=sys.stderr)
        return 1
    S = int(rows[0]["cs_l2size"])
    ways = int(rows[0]["cs_l2ways"])
    line = int(rows[0]["cs_line"])
    colors = max(1, S // (ways * 4096))
    reference = (S, ways, line) == (2 << 20, 1, 64)

    def pick(bench, color, ws, pattern=None):
        return [r for r in rows if r["bench"] == bench and r["color"] == color
                and int(r["ws"]) == ws and (pattern is None or r.get("pattern") == pattern)]

    def ratio(r):
        l2 = int(r["l2_hits"]) + int(r["l2_misses"])
        return int(r["l2_misses"]) / l2 if l2 else 0.0

    def per_load(r):
        return int(r["l2_misses"]) / int(r["accesses"]) if int(r["accesses"]) else 0.0

    def both(rs):
        return f"{pct(mean_of(rs, ratio))} (misses/load {pct(mean_of(rs, per_load))})"

    def mean_of(rs, f):
        return mean_sd([f(r) for r in rs])[0] if rs else float("nan")

    out = []
    verdicts = []

    def check(name, ok, figure):
        out.append(f"  {'MET   ' if ok else 'MISSED'} {name}: {figure}" if reference
                   else f"  {name}: {figure}")
        verdicts.append(ok)

    out.append(f"targets: L2 {S >> 10} KiB {ways}-way, {line}-byte lines"
               + ("" if reference else " (not the issue's reference geometry: figures only)"))
    stride_ws = sorted({int(r["ws"]) for r in rows if r["bench"] == "stride"})
    for pat in ("seq", "rand"):
        if not any(r.get("pattern") == pat for r in rows):
            continue
        on_half = [(ws, mean_of(pick("stride", "on", ws, pat), ratio)) for ws in stride_ws if ws <= S // 2]
        if on_half:
            ws_w, worst = max(on_half, key=lambda t: t[1])
            check(f"stride {pat}: colored miss ratio <= 1% for every ws <= {S // 2 >> 10} KiB", worst <= 0.01,
                  f"largest {both(pick('stride', 'on', ws_w, pat))} at ws={ws_w >> 10} KiB")
        on_full = mean_of(pick("stride", "on", S, pat), ratio)
        check(f"stride {pat}: colored miss ratio <= 3% at ws = {S >> 10} KiB", on_full <= 0.03, both(pick("stride", "on", S, pat)))
        off_8 = mean_of(pick("stride", "off", S // 8, pat), ratio)
        check(f"stride {pat}: uncolored miss ratio >= 8% at ws = {S // 8 >> 10} KiB", off_8 >= 0.08, both(pick("stride", "off", S // 8, pat))
              + f"; random placement predicts {pct(random_placement(S // 8 // 4096, colors, ways))}")
        off_full = mean_of(pick("stride", "off", S, pat), ratio)
        check(f"stride {pat}: uncolored miss ratio >= 40% at ws = {S >> 10} KiB", off_full >= 0.40, both(pick("stride", "off", S, pat))
              + f"; random placement predicts {pct(random_placement(S // 4096, colors, ways))}")

    fft_ws = sorted({int(r["ws"]) for r in rows if r["bench"] == "fft"})
    figs = []
    for ws in fft_ws:
        if S // 4 <= ws <= S:
            on = mean_of(pick("fft", "on", ws), lambda r: int(r["cycles"]))
            off = mean_of(pick("fft", "off", ws), lambda r: int(r["cycles"]))
            figs.append((ws, on / off if off else float("nan")))
    if figs:
        best = min(r for _, r in figs)
        check(f"fft: colored cycles <= 0.85 x uncolored for some ws in [{S // 4 >> 10} KiB, {S >> 10} KiB]",
              best <= 0.85, ", ".join(f"ws={ws >> 10}K: {r:.3f}" for ws, r in figs))

    q = S // 4
    for label, bench, pat in (("stride seq", "stride", "seq"), ("stride rand", "stride", "rand"),
                              ("fft", "fft", None)):
        on = [int(r["l2_misses"]) for r in pick(bench, "on", q, pat)]
        off = [int(r["l2_misses"]) for r in pick(bench, "off", q, pat)]
        if len(on) < 2 or len(off) < 2:
            continue
        c_on, c_off = cv(on), cv(off)
        ok = c_on <= c_off / 5
        note = " (degenerate: uncolored misses identical in every run)" if c_off == 0 else ""
        check(f"{label}: CV of colored misses <= 1/5 of uncolored at ws = {q >> 10} KiB", ok,
              f"colored CV {c_on:.3f} (misses {mean_sd(on)[0]:.1f}±{mean_sd(on)[1]:.1f}), "
              f"uncolored CV {c_off:.3f} (misses {mean_sd(off)[0]:.1f}±{mean_sd(off)[1]:.1f}){note}")
    if reference:
        out.append(f"targets: {sum(verdicts)} of {len(verdicts)} met")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
