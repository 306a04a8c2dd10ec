#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""summary.py - the closing summary of `make run` under the cache model.

usage: /usr/bin/python3 tools/cachesim/summary.py [--outdir DIR] [--no-plots] LOG SIM

LOG is the kernel's serial log, SIM the cachesim plugin's counts of the same
boot. Prints, within 80 columns: the model's geometry (and that misses and
modelled cycles are simulated, not measured), then one row per working set
with the stride benchmark's L2 misses as a percentage of its memory accesses
(loads and stores, as plot.py's stride.png and pagecolor-report's model
table), colored
and uncolored, sequential and random order, and the colored/uncolored ratio
of modelled cycles with its 95% interval for the random stride and the FFT;
then a verdict in words, judged on the model's figures only (never on the
emulator's cycle counts).

The ratio is median(colored) / median(uncolored) over the runs, its interval
the distribution-free rank interval of bench/ratio_ci.h (Mann-Whitney on the
pairwise ratios; with 4 + 4 runs the extreme pairwise ratios, 97.1%
coverage; fewer than 4 + 4 runs give no interval).

With --outdir DIR it writes DIR/summary.txt (what it printed), DIR/summary.csv
(one row per working set and column: misses per load colored/uncolored with
their sd, the ratio and its interval) and, unless --no-plots, DIR/stride.png
(L2 miss ratio against working set), DIR/fft.png (FFT modelled cycles) and
DIR/ratio.png (the ratios with their intervals, the table's figures, as
fft.png's right panel); the first two from
tools/cachesim/plot.py over DIR/table.csv (report.py --csv), which must exist.
Exit status: 0 (a plot the run has no points for is not made, and that is
said); 1 when a plot could not be written (matplotlib missing or failing);
2 for unreadable input.
"""

import argparse
import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import report  # noqa: E402

WIDTH = 79  # columns of every printed line (an 80-column screen)


def size_words(b):
    b = int(b)
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if b >= 1 << shift and b % (1 << shift) == 0:
            return f"{b >> shift} {unit}"
    return f"{b} B"


def ways_words(w):
    return "direct-mapped" if int(w) == 1 else f"{w}-way"


# ---- the rank interval of a ratio (bench/ratio_ci.c, in Python) -------------

def u_counts(n, m):
    """counts[u]: arrangements of n + m with Mann-Whitney U = u (u = 0..n*m)."""
    # f[i][j] = distribution for samples of i and j; f(i, j, u) = f(i-1, j, u-j) + f(i, j-1, u)
    prev = [[1]] + [[1] for _ in range(m)]  # i = 0: one arrangement, U = 0, for every j
    for i in range(1, n + 1):
        cur = [[1]]  # j = 0
        for j in range(1, m + 1):
            a, b = prev[j], cur[j - 1]  # a shifted by j
            out = [0] * (i * j + 1)
            for u, c in enumerate(a):
                out[u + j] += c
            for u, c in enumerate(b):
                out[u] += c
            cur.append(out)
        prev = cur
    return prev[m]


def rank_k(n, m, alpha=0.05):
    """(k, tail): the largest k with P(U <= k-1) <= alpha/2; 0 when none."""
    counts = u_counts(n, m)
    total = sum(counts)
    cum, k, tail = 0, 0, 0.0
    for u in range(n * m // 2 + 1):
        if (cum + counts[u]) / total > alpha / 2:
            break
        cum += counts[u]
        k = u + 1
        tail = cum / total
    return min(k, (n * m + 1) // 2), tail


def median(xs):
    s = sorted(xs)
    h = len(s) // 2
    return s[h] if len(s) % 2 else (s[h - 1] + s[h]) / 2


def ratio_ci(x, y, alpha=0.05):
    """(ratio, lo, hi, level) of median(x)/median(y); lo = hi = level = None
    without an interval (fewer than 4 + 4 runs, or a zero among y)."""
    if not x or not y or median(y) <= 0:
        return None
    r = median(x) / median(y)
    if min(y) <= 0:
        return r, None, None, None
    k, tail = rank_k(len(x), len(y), alpha)
    if not k:
        return r, None, None, None
    pairs = sorted(a / b for a in x for b in y)
    return r, pairs[k - 1], pairs[-k], 1 - 2 * tail


def side(lo, hi):
    """-1 below 1, +1 above 1, 0 includes 1 (ends rounded to 3 decimals, as printed)."""
    if lo is None:
        return 0
    return -1 if round(hi, 3) < 1 else 1 if round(lo, 3) > 1 else 0


# ---- the figures ------------------------------------------------------------

def collect(rows):
    """{(bench, pattern, ws, color): [counts of each run]} of stride and FFT."""
    pts = {}
    for r in rows:
        lab = r["labels"]
        if lab.get("bench") not in ("stride", "fft") or not lab.get("ws", "").isdigit():
            continue
        key = (lab["bench"], lab.get("pattern", ""), int(lab["ws"]), lab.get("color"))
        pts.setdefault(key, []).append(r["counts"])
    return pts


def miss_pct(runs):
    """mean and sd of L2 misses per access, in percent."""
    m, sd = report.mean_sd([100.0 * c["miss_per_access"] for c in runs])
    return m, sd


def fmt_pct(p):
    if p is None:
        return "-"
    return f"{p:.2f}%" if p < 10 else f"{p:.1f}%"


def fmt_r(x):
    return f"{x:.3f}" if x < 9.9995 else f"{x:.2f}" if x < 99.995 else f"{x:.1f}"


def fmt_ci(ci):
    if ci is None:
        return "-"
    r, lo, hi, _ = ci
    if lo is None:
        return f"{fmt_r(r)} (few runs)"
    return f"{fmt_r(r)} [{fmt_r(lo)}-{fmt_r(hi)}]" + ("" if side(lo, hi) else " ~")


def wrap(text, first, more):
    """Lines of at most WIDTH columns: text after `first`, continued after `more`."""
    words, lines, cur = text.split(), [], first
    for w in words:
        if len(cur) + len(w) + (0 if cur.endswith(" ") else 1) > WIDTH and cur.strip() != first.strip():
            lines.append(cur.rstrip())
            cur = more
        cur += ("" if cur.endswith(" ") or not cur else " ") + w
    lines.append(cur.rstrip())
    return lines


def verdict(pts, l2size):
    """The verdict's sentences, judged on the model's counts only."""
    out = []
    both = sorted({ws for (b, p, ws, c) in pts if b == "stride"
                   and (b, p, ws, "on") in pts and (b, p, ws, "off") in pts})
    within = [ws for ws in both if ws <= l2size]
    if within:
        ws = max(within)
        on = [c for p in ("seq", "rand") for c in pts.get(("stride", p, ws, "on"), [])]
        off = [c for p in ("seq", "rand") for c in pts.get(("stride", p, ws, "off"), [])]
        m_on, _ = miss_pct(on)
        m_off, _ = miss_pct(off)
        at = size_words(ws) + (" (the cache size)" if ws == l2size else "")
        if m_off < 0.5:
            out.append(f"no conflict misses for coloring to remove up to {at} (uncolored "
                       f"{fmt_pct(m_off)}, colored {fmt_pct(m_on)} of the stride's accesses missed)")
        elif m_on < m_off:
            out.append(f"coloring removed {100 * (1 - m_on / m_off):.2f}% of the L2 misses at {at} "
                       f"({fmt_pct(m_off)} -> {fmt_pct(m_on)} of the stride's accesses)")
        else:
            out.append(f"coloring did not reduce L2 misses at {at} ({fmt_pct(m_off)} uncolored, "
                       f"{fmt_pct(m_on)} colored, of the stride's accesses)")
    fft = sorted(ws for (b, p, ws, c) in pts if b == "fft" and c == "off" and ("fft", "", ws, "on") in pts
                 and ws <= l2size)
    if fft:
        ws = max(fft)
        ci = ratio_ci([c["cycles"] for c in pts[("fft", "", ws, "on")]],
                      [c["cycles"] for c in pts[("fft", "", ws, "off")]])
        if ci:
            r, lo, hi, _ = ci
            words = {-1: "colored faster", 1: "colored slower", 0: "no difference shown"}[side(lo, hi)]
            if lo is None:
                words = "too few runs for an interval"
            out.append(f"FFT of {size_words(ws)} {r:.2f}x the modelled cycles ({words})")
    if not out:
        out.append("none: no working set ran both colored and uncolored up to the cache size")
    return out


def levels_spec(sim):
    """The spec of the plugin's `cachesim levels ... spec=SPEC` line, or None."""
    with open(sim, errors="replace") as f:
        for line_ in f:
            if line_.startswith("cachesim levels "):
                return report.pairs(line_).get("spec")
    return None


def summarise(log, sim, outdir, plots):
    rows = report.join([(log, sim)])
    config, _ = report.read_sim(sim)
    if not config:
        print(f"summary.py: {sim}: no 'cachesim config' line: not the cache model's counts", file=sys.stderr)
        return 2, []
    l2, l1 = int(config["l2size"]), int(config["l1size"])
    pts = collect(rows)
    runs_on = "/".join(map(str, sorted({len(v) for k, v in pts.items() if k[3] == "on"})))
    runs_off = "/".join(map(str, sorted({len(v) for k, v in pts.items() if k[3] == "off"})))
    runs = (f"; {runs_on}+{runs_off} runs per point." if runs_on and runs_off else
            f"; {runs_off} runs per point, uncolored only." if runs_off else
            f"; {runs_on} runs per point, colored only." if runs_on else ".")
    l1_words = f"behind L1 {size_words(l1)} {ways_words(config['l1ways'])}" if l1 else "no L1"
    model = (f"L2 {size_words(l2)} {ways_words(config['l2ways'])}, "
             f"{config['line']}-byte lines, {l1_words}; latencies {config['l1lat']}/{config['l2lat']}/"
             f"{config['memlat']} cycles (L1 hit/L2 hit/memory)")
    spec = levels_spec(sim)
    if spec:  # the N-level model (levels=): "L2" below means the last level
        model = (f"levels={spec}, memory {config['memlat']} cycles; 'L2 misses' below are the "
                 "accesses no level held")
    lines = [""] + wrap(
        "summary of the cache model (tools/cachesim, a QEMU plugin): L2 misses and modelled cycles are "
        f"simulated, not measured. Model: {model}" + runs, "", "")
    header = {}
    with open(log, errors="replace") as f:
        for line_ in f:
            if line_.startswith("@header "):
                header = report.pairs(line_)
    if header.get("cache_size") and (int(header["cache_size"]), int(header.get("cache_ways", 0))) != (
            l2, int(config["l2ways"])):
        # CMDLINE set the kernel's geometry: it colored for another cache
        lines += wrap(f"the kernel colored for {size_words(int(header['cache_size']))} "
                      f"{ways_words(header.get('cache_ways', '?'))} ({header.get('colors', '?')} colors), not for "
                      "the model's cache: the figures show coloring for the wrong cache.", "note:", "note:  ")
    policies = {r["labels"].get("policy") for r in rows} - {None}
    if len(policies) > 1:
        lines += wrap("bench_policies= ran several placement policies: their tables are make run-policies'; "
                      "no colored/uncolored summary here.", "summary:", "summary: ")
        return 0, lines
    if not pts:
        lines += wrap("no stride or FFT point ran under the model (see bench=), so there is nothing to sum "
                      f"up; its counts per phase are in {os.path.relpath(sim)}.", "summary:", "summary:  ")
        return 0, lines
    lines += [f"{'':8}L2 misses, % of accesses (stride) modelled cycles, colored/uncolored",
              f"{'':8}colored     uncolored         median [95% interval]",
              f"{'ws':<8}{'seq':>5} {'rand':>5} {'seq':>5} {'rand':>5}  {'stride rand':<21} FFT"]
    table = []
    for ws in sorted({k[2] for k in pts}):
        cells, rec = [], {"ws_bytes": ws}
        for color in ("on", "off"):
            for pat in ("seq", "rand"):
                runs_ = pts.get(("stride", pat, ws, color))
                m, sd = miss_pct(runs_) if runs_ else (None, None)
                cells.append(fmt_pct(m))
                rec[f"stride_{pat}_{color}_miss_pct"], rec[f"stride_{pat}_{color}_miss_pct_sd"] = m, sd
        cis = []
        for name, key in (("stride_rand", ("stride", "rand", ws)), ("fft", ("fft", "", ws))):
            on, off = pts.get(key + ("on",)), pts.get(key + ("off",))
            ci = ratio_ci([c["cycles"] for c in on], [c["cycles"] for c in off]) if on and off else None
            cis.append(fmt_ci(ci) if (on or off) else "")
            r, lo, hi, lev = ci if ci else (None,) * 4
            rec.update({f"{name}_cycles_ratio": r, f"{name}_ratio_lo": lo, f"{name}_ratio_hi": hi,
                        f"{name}_ratio_level": lev})
        table.append(rec)
        lines.append(f"{size_words(ws):<8}{cells[0]:>5} {cells[1]:>5} {cells[2]:>5} {cells[3]:>5}  "
                     f"{cis[0]:<21} {cis[1]}".rstrip())
    lines.append("< 1: colored pages take fewer modelled cycles; ~: the interval includes 1")
    lines += wrap("; ".join(verdict(pts, l2)) + ".", "verdict:", "verdict:  ")
    if outdir:
        with open(os.path.join(outdir, "summary.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(table[0]))
            w.writeheader()
            for rec in table:
                w.writerow({k: "" if v is None else v for k, v in rec.items()})
    return 0, lines


# ---- plots ------------------------------------------------------------------

def plot_ratio(pts, config, header, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import plot as csplot

    fig, ax = plt.subplots(figsize=(9, 5.6))
    xs_all = []
    for (bench, pat), words, colour, marker, dx in ((("stride", "seq"), "stride, sequential order", "tab:blue", "o",
                                                    0.95),
                                                   (("stride", "rand"), "stride, random order", "tab:orange", "s", 1.0),
                                                   (("fft", ""), "FFT", "tab:green", "^", 1.05)):
        xs, ys, lo, hi = [], [], [], []
        for ws in sorted({k[2] for k in pts if k[:2] == (bench, pat)}):
            on, off = pts.get((bench, pat, ws, "on")), pts.get((bench, pat, ws, "off"))
            ci = ratio_ci([c["cycles"] for c in on], [c["cycles"] for c in off]) if on and off else None
            if not ci:
                continue
            r, a, b, _ = ci
            xs.append(ws * dx)
            ys.append(r)
            lo.append(r - (a if a is not None else r))
            hi.append((b if b is not None else r) - r)
            xs_all.append(ws)
        if xs:
            ax.errorbar(xs, ys, yerr=[lo, hi], marker=marker, ls="-", color=colour, capsize=3, ms=5, label=words)
    if not xs_all:
        plt.close(fig)
        return None
    l1, l2 = int(config["l1size"]), int(config["l2size"])
    csplot.xaxis(ax, xs_all, [(l1, f"L1 {size_words(l1)}"), (l2, f"L2 {size_words(l2)} (cache size)")])
    ax.axhline(1, color="black", lw=1)
    ax.set_ylim(0, max(1.1, ax.get_ylim()[1]))
    ax.set_xlabel("working set (bytes, log scale)")
    ax.set_ylabel("modelled cycles, colored / uncolored (below 1: coloring faster)")
    cache = (f"simulated L2 {size_words(l2)} {ways_words(config['l2ways'])}, {config['line']}-byte lines, behind L1 "
             f"{size_words(l1)} {ways_words(config['l1ways'])} (latency {config['l1lat']}/{config['l2lat']}/"
             f"{config['memlat']} cycles)")
    cpu = (f"guest {header.get('cpu_vendor', '?')} family {header.get('family')} model {header.get('model')} under "
           f"QEMU TCG + tools/cachesim, {header.get('colors')} colors, seed {header.get('seed')}")
    ax.set_title(f"Effect of coloring on modelled time: median ratio per working set\n{cache}\n{cpu}", fontsize=9)
    ax.legend(fontsize=8, loc="lower left")
    ax.grid(True, alpha=0.3)
    runs = sorted({len(v) for v in pts.values()})
    fig.text(0.5, 0.01, "Error bars: 95% rank interval (Mann-Whitney) of the colored over uncolored runs' modelled "
             f"cycles, {'/'.join(map(str, runs))} runs per mode and point.", ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return fig


def make_plots(log, sim, outdir):
    """stride.png and fft.png (plot.py over table.csv), ratio.png; returns
    (the files written, [(a plot not made, why)]): a plot is not made when
    the run has no points for it (bench=fft has no stride points, a run with
    coloring on or off only has no ratio), which is said, not a failure."""
    import plot as csplot
    written, skipped = [], []
    tcsv = os.path.join(outdir, "table.csv")
    rows = csplot.read(tcsv) if os.path.exists(tcsv) else []
    if csplot.plot_stride(rows, tcsv, os.path.join(outdir, "stride.png")) is not None:
        written.append("stride.png")
    else:
        skipped.append(("stride.png", "no stride points"))
    if csplot.plot_fft(rows, tcsv, os.path.join(outdir, "fft.png")) is not None:
        written.append("fft.png")
    else:
        skipped.append(("fft.png", "no FFT points"))
    config, _ = report.read_sim(sim)
    header = {}
    with open(log, errors="replace") as f:
        for line in f:
            if line.startswith("@header "):
                header = report.pairs(line)
                break
    if plot_ratio(collect(report.join([(log, sim)])), config, header, os.path.join(outdir, "ratio.png")) is not None:
        written.append("ratio.png")
    else:
        skipped.append(("ratio.png", "no colored+uncolored pair"))
    return written, skipped


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--outdir", help="write summary.txt, summary.csv and the plots here")
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("log")
    ap.add_argument("sim")
    a = ap.parse_args(argv)
    try:
        rc, lines = summarise(a.log, a.sim, a.outdir, not a.no_plots)
    except OSError as e:
        print(f"summary.py: {e}", file=sys.stderr)
        return 2
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if rc or not a.outdir:
        return rc
    with open(os.path.join(a.outdir, "summary.txt"), "w") as f:
        f.write(text.lstrip("\n"))
    if a.no_plots or not any(l.startswith(("ws ", "verdict:")) for l in lines):
        print(f"files: {os.path.relpath(a.outdir)}/ (summary.txt, sim.txt, cmdline.txt)")
        return 0
    import io
    import contextlib
    buf, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(err):
            written, skipped = make_plots(a.log, a.sim, a.outdir)
    except Exception as e:  # matplotlib missing or failing: say so, exit 1
        sys.stderr.write(err.getvalue())
        print(f"summary.py: the plots could not be made: {e}", file=sys.stderr)
        return 1
    rel = os.path.relpath(a.outdir)
    print(f"files: {rel}/ plots {', '.join(written) or 'none'}; figures summary.csv")
    if skipped:
        print("\n".join(wrap("not made: " + ", ".join(f"{name} ({why})" for name, why in skipped), "files:",
                              "files: ")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
