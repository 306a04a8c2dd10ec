#!/usr/bin/python3
"""plot.py - PNG plots from the grouped CSV that report.py --csv writes.

usage: /usr/bin/python3 tools/cachesim/plot.py CSV [--out PREFIX]
           [--stride-x ws] [--fft-x ws]

Writes PREFIX_stride.png: L2 miss ratio (l2_misses / L2 accesses) against
working set (log2 x axis) for the bench=stride rows, one line per color
value (and per other varying key, e.g. pattern), error bars = sd over runs;
and PREFIX_fft.png: modelled cycles against working set (ws = 16 * n bytes;
log2 x, log y) for the bench=fft rows, one line per color value. A plot whose rows are missing is skipped with a note.
PREFIX defaults to the CSV path without .csv. Needs matplotlib (Debian:
apt-get install python3-matplotlib, then run with /usr/bin/python3).
"""

import argparse
import csv
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

NON_KEYS = ("runs",)


def read(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def key_columns(rows):
    """Label columns: those before n (report.py's layout)."""
    cols = list(rows[0])
    return cols[: cols.index("runs")] if "runs" in cols else []


# Size labels that vary together with the x key (FFT rows carry n and ws):
# they never split a line.
SIZE_KEYS = ("n", "ws", "size")


def series(rows, xkey):
    """Groups rows into lines by every key (except x and size labels) that varies."""
    keys = [k for k in key_columns(rows) if k != xkey and k not in SIZE_KEYS]
    varying = [k for k in keys if len({r[k] for r in rows}) > 1]
    lines = {}
    for r in rows:
        if r.get(xkey, "") == "":
            continue
        name = " ".join(f"{k}={r[k]}" for k in varying) or "all"
        lines.setdefault(name, []).append(r)
    for name in lines:
        lines[name].sort(key=lambda r: float(r[xkey]))
    return lines


def plot(rows, xkey, ymetric, ylabel, title, path, logy=False):
    lines = series(rows, xkey)
    if not lines:
        print(f"plot.py: no rows with {xkey}= for {title}, skipped", file=sys.stderr)
        return False
    fig, ax = plt.subplots(figsize=(8, 5))
    for name, rs in sorted(lines.items()):
        xs = [float(r[xkey]) for r in rs]
        ys = [float(r[ymetric + "_mean"]) for r in rs]
        es = [float(r[ymetric + "_sd"]) for r in rs]
        ax.errorbar(xs, ys, yerr=es, marker="o", capsize=3, label=name)
    ax.set_xscale("log", base=2)
    if logy:
        ax.set_yscale("log")
    ax.set_xlabel(xkey)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
    print(f"plot.py: wrote {path}")
    return True


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--out", help="output prefix (default: CSV without .csv)")
    ap.add_argument("--stride-x", default="ws", help="x key for bench=stride")
    ap.add_argument("--fft-x", default="ws", help="x key for bench=fft (ws or n)")
    a = ap.parse_args(argv)
    rows = read(a.csv)
    prefix = a.out or (a.csv[:-4] if a.csv.endswith(".csv") else a.csv)
    stride = [r for r in rows if r.get("bench") == "stride"]
    fft = [r for r in rows if r.get("bench") == "fft"]
    ok = plot(stride, a.stride_x, "l2_miss_ratio", "L2 miss ratio (misses / L2 accesses)",
              "stride: L2 miss ratio vs working set", prefix + "_stride.png")
    ok |= plot(fft, a.fft_x, "cycles", "modelled cycles",
               "fft: modelled cycles vs working set", prefix + "_fft.png", logy=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
