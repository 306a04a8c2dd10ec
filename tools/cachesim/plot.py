#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""plot.py - PNG plots from the grouped CSV that report.py --csv writes.

usage: /usr/bin/python3 tools/cachesim/plot.py CSV [--out PREFIX]

Writes two figures that stand alone:
  PREFIX_stride.png  L2 misses as a percentage of the stride's memory accesses
                     (misses / accesses, the summary's figure) against the
                     working set in bytes (log axis), one line per access
                     order and coloring mode, the simulated cache sizes marked
                     above the plot;
  PREFIX_fft.png     left: modelled cycles per N log2 N (a linear axis, so the
                     gap between colored and uncolored shows); right: their
                     ratio, median(colored) / median(uncolored) with its 95%
                     rank interval, the summary's figure (summary.ratio_ci
                     over the runs in raw.csv next to the CSV).
Titles name the simulated cache (size, ways, line, the L1 in front) and the
guest CPU (from the '# @header' line of table.txt next to the CSV, when it is
there); a footnote says what the error bars are (+-1 sample standard
deviation over the runs, cut at 0: neither a miss figure nor a cycle count
can be negative). A plot whose rows are missing is skipped with a note; the
FFT ratio panel needs raw.csv (report.py --raw) beside the CSV and says so
without it. PREFIX defaults to the CSV path without .csv. Needs matplotlib (Debian:
python3-matplotlib; run with /usr/bin/python3).
"""

import argparse
import csv
import math
import os
import re
import sys
import textwrap

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import summary  # noqa: E402

STYLE = {  # (pattern, color) -> words, colour, marker, line style, x offset (so no line hides another)
    ("seq", "on"): ("sequential order, colored pages", "tab:blue", "o", "-", 0.96),
    ("rand", "on"): ("random order, colored pages", "tab:green", "s", "-", 1.04),
    ("seq", "off"): ("sequential order, uncolored pages", "tab:red", "o", "--", 0.96),
    ("rand", "off"): ("random order, uncolored pages", "tab:orange", "s", "--", 1.04),
}


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


# sizes and ways in words, as the closing summary says them (summary.py
# needs no matplotlib, so the one definition is there)
size_label = summary.size_words
ways_words = summary.ways_words


def geometry(rows, csv_path):
    """(title line, L1 bytes, L2 bytes) from the cs_* columns and table.txt's @header."""
    r = rows[0]
    l2, l1 = int(r["cs_l2size"]), int(r["cs_l1size"])
    cache = (f"simulated L2 {size_label(l2)} {ways_words(r['cs_l2ways'])}, {r['cs_line']}-byte lines, "
             f"behind L1 {size_label(l1)} {ways_words(r['cs_l1ways'])} "
             f"(latency {r['cs_l1lat']}/{r['cs_l2lat']}/{r['cs_memlat']} cycles)")
    cpu = "guest CPU under QEMU TCG with tools/cachesim"
    table = os.path.join(os.path.dirname(os.path.abspath(csv_path)), "table.txt")
    if os.path.exists(table):
        for line in open(table):
            if line.startswith("# @header "):
                h = dict(t.split("=", 1) for t in line.split()[2:] if "=" in t)
                if h.get("arch") == "alpha":  # no CPUID: the machine QEMU emulates and its page size
                    guest = f"guest Alpha ({h.get('machine', '?')}, {int(h.get('page_size', 0)) // 1024} KiB pages)"
                else:
                    guest = f"guest {h.get('cpu_vendor', '?')} family {h.get('family')} model {h.get('model')}"
                cpu = f"{guest} under QEMU TCG + tools/cachesim, {h.get('colors')} colors, seed {h.get('seed')}"
                break
    return f"{cache}\n{cpu}", l1, l2


def mark_sizes(ax, marks, lo, hi):
    """Cache sizes [(bytes, name)] within lo/2..hi*2 as dotted lines, named
    on a secondary axis above the plot area, where no data point can lie
    under a name (a name drawn at its line inside the plot hid the points
    at that size). Returns the top axis, or None when no size is in range."""
    shown = sorted((s, n) for s, n in marks if lo / 2 <= s <= hi * 2)
    for size, _ in shown:
        ax.axvline(size, color="gray", ls=":", lw=1)
    if not shown:
        return None
    # names of sizes less than 8x apart (3 octaves) would run into each other:
    # every other one of those goes on a second row above the first
    rows, raised, prev = ([], []), False, None
    for size, name in shown:
        raised = prev is not None and size < prev * 8 and not raised
        rows[raised].append((size, name))
        prev = size
    low = max(n.count("\n") + 1 for _, n in rows[0])
    top = None
    for row, pad in ((rows[0], 2), (rows[1], 4 + 8.5 * low)):  # 7-point lines are about 8.5 points apart
        if not row:
            continue
        a = ax.secondary_xaxis("top")
        a.set_xticks([s for s, _ in row], labels=[n for _, n in row])
        a.xaxis.set_minor_locator(NullLocator())
        a.tick_params(axis="x", labelsize=7, colors="dimgray", length=3, pad=pad)
        top = top or a
    return top


def xaxis(ax, xs, marks):
    ax.set_xscale("log", base=2)
    lo, hi = min(xs), max(xs)
    ticks = [1 << k for k in range(int(math.log2(lo)), int(math.log2(hi)) + 1)]
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: size_label(v).replace(" ", "")))
    ax.tick_params(axis="x", labelsize=8)
    mark_sizes(ax, marks, lo, hi)
    ax.grid(True, alpha=0.3)


def nonneg_err(means, sds):
    """errorbar's yerr for mean +-sd of a quantity that cannot be negative:
    [lower arms, upper arms], the lower arm cut where it would cross 0."""
    return [[min(sd, max(m, 0.0)) for m, sd in zip(means, sds)], list(sds)]


SD_BARS = "±1 sample standard deviation over {runs} runs per point, cut at 0 (the quantity cannot be negative)"


def footnote(fig, rows, extra="", bars=None):
    """The footnote, wrapped to the figure's width; returns its Text."""
    runs = "/".join(sorted({r["runs"] for r in rows}))
    text = (f"Error bars: {bars or SD_BARS.format(runs=runs)} "
            f"(each run a new task with freshly allocated pages).{extra}")
    width = int(fig.get_figwidth() * 15)  # characters of 8-point text per inch, with a margin
    lines = [w for para in text.split("\n") for w in textwrap.wrap(para, width)]
    return fig.text(0.5, 0.01, "\n".join(lines), ha="center", va="bottom", fontsize=8)


MISS_WORDS = "L2 misses (% of the stride's memory accesses)"  # the summary's column, misses / accesses


def stride_note(rows, l2):
    """The footnote's claim about the colored lines up to the cache size l2,
    from the rows themselves: their largest L2 misses per access and where."""
    on = [r for r in rows if r["color"] == "on" and int(r["ws"]) <= l2]
    if not on:
        return ""
    w = max(on, key=lambda r: float(r["miss_per_access_mean"]))
    worst = 100 * float(w["miss_per_access_mean"])
    if worst == 0:
        return "\nColored lines at 0% up to the cache size in every run: no conflict misses there."
    return (f"\nColored lines up to the cache size: at most {worst:.2g}% of the accesses missed L2 "
            f"({w['pattern']} {size_label(int(w['ws']))}, mean of the runs).")


def plot_stride(rows, csv_path, path):
    rows = [r for r in rows if r.get("bench") == "stride" and r.get("ws")]
    if not rows:
        print("plot.py: no stride rows, stride plot skipped", file=sys.stderr)
        return None
    title, l1, l2 = geometry(rows, csv_path)
    fig, ax = plt.subplots(figsize=(9, 5.6))
    xs_all = []
    for (pat, color), (words, c, marker, ls, dx) in STYLE.items():
        rs = sorted((r for r in rows if r["pattern"] == pat and r["color"] == color), key=lambda r: int(r["ws"]))
        if not rs:
            continue
        xs = [int(r["ws"]) for r in rs]
        xs_all += xs
        ys = [100 * float(r["miss_per_access_mean"]) for r in rs]
        ax.errorbar([x * dx for x in xs], ys,
                    yerr=nonneg_err(ys, [100 * float(r["miss_per_access_sd"]) for r in rs]), marker=marker, ls=ls,
                    color=c,
                    mfc="white" if color == "off" else c, capsize=3, ms=5, label=words)
    xaxis(ax, xs_all, [(l1, f"L1 {size_label(l1)}"), (l2, f"L2 {size_label(l2)} (cache size)")])
    ax.set_xlabel("working set (bytes, log scale)")
    ax.set_ylabel(MISS_WORDS)
    ax.set_ylim(bottom=-1)
    ax.set_title("Stride (dependent loads, 64-byte stride): L2 misses against working set\n" + title, fontsize=9)
    ax.legend(fontsize=8, loc="center left")
    note = footnote(fig, rows, stride_note(rows, l2))
    fig.tight_layout(rect=(0, 0.02 + 0.025 * (note.get_text().count("\n") + 1), 1, 1))
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print(f"plot.py: wrote {path}")
    return fig


def run_ratios(csv_path, bench="fft", pattern=""):
    """{ws: (ratio, lo, hi, level)}: summary.ratio_ci of the colored over the
    uncolored runs' modelled cycles per working set (the summary's figure),
    from raw.csv (report.py --raw) beside the CSV; None without raw.csv."""
    raw = os.path.join(os.path.dirname(os.path.abspath(csv_path)), "raw.csv")
    if not os.path.exists(raw):
        return None
    runs = {}
    for r in read(raw):
        if r.get("bench") == bench and r.get("pattern", "") == pattern and r.get("ws", "").isdigit():
            runs.setdefault((int(r["ws"]), r["color"]), []).append(float(r["cycles"]))
    out = {}
    for (ws, color), on in runs.items():
        if color == "on" and (ws, "off") in runs:
            ci = summary.ratio_ci(on, runs[(ws, "off")])
            if ci:
                out[ws] = ci
    return out


def plot_fft(rows, csv_path, path):
    rows = [r for r in rows if r.get("bench") == "fft" and r.get("n")]
    if not rows:
        print("plot.py: no fft rows, FFT plot skipped", file=sys.stderr)
        return None
    title, l1, l2 = geometry(rows, csv_path)
    fig, (ax, axr) = plt.subplots(1, 2, figsize=(12, 5.4))
    by = {}
    for color, words, c, ls in (("on", "colored pages", "tab:blue", "-"), ("off", "uncolored pages", "tab:red", "--")):
        rs = sorted((r for r in rows if r["color"] == color), key=lambda r: int(r["n"]))
        if not rs:
            continue
        norm = [int(r["n"]) * math.log2(int(r["n"])) for r in rs]
        ys = [float(r["cycles_mean"]) / k for r, k in zip(rs, norm)]
        ax.errorbar([int(r["ws"]) for r in rs], ys,
                    yerr=nonneg_err(ys, [float(r["cycles_sd"]) / k for r, k in zip(rs, norm)]), marker="o", ls=ls,
                    color=c,
                    mfc="white" if color == "off" else c, capsize=3, label=words)
        by[color] = {int(r["ws"]): r for r in rs}
    xs = sorted(set(by.get("on", {})) | set(by.get("off", {})))
    marks = [(l1, f"L1 {size_label(l1)}"), (l2, f"L2 {size_label(l2)}")]
    xaxis(ax, xs, marks)
    ax.set_xlabel("FFT data (bytes, 16 per complex point; log scale)")
    ax.set_ylabel("modelled cycles / (N log2 N)")
    ax.set_ylim(bottom=0)
    ax.set_title("FFT time per butterfly step (lower is faster)", fontsize=9)
    ax.legend(fontsize=8, loc="lower right")
    ratios = run_ratios(csv_path)
    common = sorted(w for w in (ratios or {}) if w in by.get("on", {}) and w in by.get("off", {}))
    ratio_words = ""
    if common:
        qs = [ratios[w] for w in common]
        ratio = [q[0] for q in qs]
        err = [[q[0] - (q[1] if q[1] is not None else q[0]) for q in qs],
               [(q[2] if q[2] is not None else q[0]) - q[0] for q in qs]]
        axr.errorbar(common, ratio, yerr=err, marker="o", color="tab:purple", capsize=3,
                     label="median(colored) / median(uncolored)")
        for w, q in zip(common, qs):
            if abs(q[0] - 1) >= 0.0005:
                axr.annotate(f"{q[0]:.3f}", (w, q[0]), textcoords="offset points", xytext=(0, -14),
                             ha="center", fontsize=8)
        axr.axhline(1, color="black", lw=1)
        xaxis(axr, common, marks)
        axr.set_xlabel("FFT data (bytes, log scale)")
        axr.set_ylabel("modelled cycles, colored / uncolored (below 1: coloring faster)")
        axr.set_ylim(0, max(1.1, max(ratio[i] + err[1][i] for i in range(len(ratio))) + 0.1))
        axr.set_title("Effect of coloring: median ratio of modelled cycles, 95% interval", fontsize=9)
        axr.legend(fontsize=8, loc="lower left")
        few = any(q[1] is None for q in qs)
        ratio_words = (" Right: the summary's ratio, median(colored) / median(uncolored) modelled cycles, with the "
                       "95% rank interval (Mann-Whitney) of the colored over uncolored runs"
                       + ("; no bar: too few runs for an interval." if few else "."))
    else:
        axr.set_axis_off()
        axr.text(0.5, 0.5, "no ratio: " + ("no raw.csv (per-run counts) beside the CSV" if ratios is None
                                           else "no working set ran both colored and uncolored"),
                 transform=axr.transAxes, ha="center", fontsize=9)
    fig.suptitle("Radix-2 complex FFT under the cache simulator\n" + title, fontsize=9)
    runs = "/".join(sorted({r["runs"] for r in rows}))
    note = footnote(fig, rows, ratio_words, bars="left, " + SD_BARS.format(runs=runs))
    fig.tight_layout(rect=(0, 0.02 + 0.025 * (note.get_text().count("\n") + 1), 1, 0.98))
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print(f"plot.py: wrote {path}")
    return fig


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--out", help="output prefix (default: CSV without .csv)")
    a = ap.parse_args(argv)
    rows = read(a.csv)
    if not rows or "cs_l2size" not in rows[0]:
        print(f"plot.py: {a.csv}: not a table.csv of report.py --csv (no cs_l2size column)", file=sys.stderr)
        return 2
    prefix = a.out or re.sub(r"\.csv$", "", a.csv)
    ok = plot_stride(rows, a.csv, prefix + "_stride.png") is not None
    ok |= plot_fft(rows, a.csv, prefix + "_fft.png") is not None
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
