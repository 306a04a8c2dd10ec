#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""policies.py - the placement policies side by side: one table and plots
from one cache-simulated boot with bench_policies= (make run-policies).

usage: policies.py [--csv FILE] [--plots PREFIX] [--geometry TEXT] LOG SIM

LOG is the kernel's serial log, SIM the cachesim plugin's output of the same
boot (joined by tools/cachesim/report.py: every phase carries its policy,
from its @phase label or the "@policy name=P status=selected" line before
it; a phase with neither counts as binhop when color=on, buddy when off,
today's meaning of coloring on/off).

Table: one row per policy x workload x working set (ws, bytes), with the
number of runs, then median and sample sd over the runs of
  l2_miss_ratio  l2_misses / L2 accesses (the L1 misses)
  cycles         the plugin's modelled cycles of the phase
and a line per policy the kernel refused ("@policy ... status=unavailable")
or rejected on the command line. Workloads: stride-seq, stride-rand, fft,
triad, sparse, reuse (whatever the log has).

--csv FILE writes the table (policy, workload, ws, runs, then
<metric>_median and <metric>_sd); --plots PREFIX writes PREFIX_<workload>.png,
one figure per workload: L2 miss ratio and modelled cycles per memory access
against the working set, one line per policy (matplotlib, Agg).
Exit status 0, 1 when no phase could be joined, 2 on bad input files.
"""

import argparse
import csv
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402

POLICIES = ["buddy", "binhop", "vacolor", "bestbin", "random"]
LEGEND = {
    "buddy": "plain buddy lists (buddy)",
    "binhop": "bin hopping (binhop)",
    "vacolor": "virtual-address coloring (vacolor)",
    "bestbin": "best bin (bestbin)",
    "random": "random placement (random)",
}
WORKLOADS = ["stride-seq", "stride-rand", "fft", "triad", "sparse", "reuse"]
TITLES = {
    "stride-seq": "stride, sequential dependent loads",
    "stride-rand": "stride, random dependent loads",
    "fft": "radix-2 complex FFT",
    "triad": "STREAM-style triad a = b + s*c, pages interleaved",
    "sparse": "sparse walk, one line of every k-th page",
    "reuse": "new buffer after others were freed out of order",
}


XLABELS = {
    "triad": "working set: the three arrays together (KiB)",
    "sparse": "working set: the touched pages (KiB; one line each, spread over k times that)",
    "reuse": "working set: the measured buffer (KiB)",
    "fft": "working set: the complex data, 16 bytes a point (KiB)",
}


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def sd(xs):
    if len(xs) < 2:
        return 0.0
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def policy_of(labels):
    if labels.get("policy"):
        return labels["policy"]
    return "binhop" if labels.get("color") == "on" else "buddy"


def workload_of(labels):
    b = labels.get("bench", "?")
    if b == "stride":
        return "stride-" + labels.get("pattern", "?")
    return b


def refusals(log):
    """Lines saying a policy did not run: the kernel's @policy
    status=unavailable lines and command-line rejections of bench_policies."""
    out = []
    with open(log, errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("@policy ") and "status=selected" not in line:
                kv = report.pairs(line[len("@policy "):])
                out.append(f"policy {kv.get('name', '?')}: not run, the kernel refused it "
                           f"(status={kv.get('status', '?')})")
            elif line.startswith("cmdline: bench_policies=") or line.startswith("policy: '"):
                out.append("kernel said: " + line)
    return out


def table(rows):
    """{(policy, workload, ws): {"l2_miss_ratio": [...], "cycles": [...], ...}}"""
    t = {}
    for r in rows:
        lab, c = r["labels"], r["counts"]
        if "ws" not in lab:
            continue
        k = (policy_of(lab), workload_of(lab), int(lab["ws"]))
        d = t.setdefault(k, {"l2_miss_ratio": [], "cycles": [], "cpa": []})
        d["l2_miss_ratio"].append(c["l2_miss_ratio"])
        d["cycles"].append(c["cycles"])
        d["cpa"].append(c["cycles"] / c["accesses"] if c["accesses"] else 0.0)
    return t


def order(k):
    p, w, ws = k
    return (WORKLOADS.index(w) if w in WORKLOADS else 99, w, ws,
            POLICIES.index(p) if p in POLICIES else 99, p)


def print_table(t, out):
    head = ["policy", "workload", "ws", "runs", "l2_miss_ratio median", "sd", "cycles median", "sd"]
    body = []
    for k in sorted(t, key=order):
        d = t[k]
        body.append([k[0], k[1], str(k[2]), str(len(d["cycles"])),
                     f"{median(d['l2_miss_ratio']):.4f}", f"{sd(d['l2_miss_ratio']):.4f}",
                     f"{median(d['cycles']):.0f}", f"{sd(d['cycles']):.0f}"])
    w = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
    for r in [head] + body:
        out.write("  ".join(v.rjust(x) if i > 1 else v.ljust(x) for i, (v, x) in enumerate(zip(r, w))).rstrip()
                  + "\n")


def write_csv(path, t):
    with open(path, "w", newline="") as f:
        c = csv.writer(f)
        c.writerow(["policy", "workload", "ws", "runs", "l2_miss_ratio_median", "l2_miss_ratio_sd",
                    "cycles_median", "cycles_sd", "cycles_per_access_median", "cycles_per_access_sd"])
        for k in sorted(t, key=order):
            d = t[k]
            c.writerow([k[0], k[1], k[2], len(d["cycles"]),
                        repr(median(d["l2_miss_ratio"])), repr(sd(d["l2_miss_ratio"])),
                        repr(median(d["cycles"])), repr(sd(d["cycles"])),
                        repr(median(d["cpa"])), repr(sd(d["cpa"]))])


def plots(t, prefix, geometry, l2size=0):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    written = []
    for w in sorted({k[1] for k in t}, key=lambda w: WORKLOADS.index(w) if w in WORKLOADS else 99):
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 4.8))
        pols = sorted({k[0] for k in t if k[1] == w}, key=lambda p: POLICIES.index(p) if p in POLICIES else 99)
        for i, p in enumerate(pols):
            ks = sorted((k for k in t if k[0] == p and k[1] == w), key=lambda k: k[2])
            xs = [k[2] / 1024 for k in ks]
            # offset each policy's points a little so that error bars do not hide each other
            xo = [x * (1 + 0.03 * (i - (len(pols) - 1) / 2)) for x in xs]
            for ax, m, scale in ((a1, "l2_miss_ratio", 100.0), (a2, "cpa", 1.0)):
                ax.errorbar(xo, [median(t[k][m]) * scale for k in ks], yerr=[sd(t[k][m]) * scale for k in ks],
                            marker="o", capsize=3, label=LEGEND.get(p, p))
        for ax, yl in ((a1, "L2 miss ratio (% of L2 accesses)"), (a2, "modelled cycles per memory access")):
            ax.set_xscale("log", base=2)
            if l2size:
                ax.axvline(l2size / 1024, color="grey", linestyle=":", label="L2 size")
            ax.set_xlabel(XLABELS.get(w, "working set (KiB)"))
            ax.set_ylabel(yl)
            ax.grid(True, which="both", alpha=0.3)
        a1.legend(fontsize=8)
        fig.suptitle(f"{TITLES.get(w, w)} -- {geometry}\n"
                     "points: median over runs; error bars: sample standard deviation over runs")
        fig.tight_layout()
        path = f"{prefix}_{w}.png"
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def geometry_of(sim):
    config, _ = report.read_sim(sim)
    if not config:
        return "cache geometry unknown"
    kib = lambda v: f"{int(v) // 1024} KiB" if int(v) < 1 << 20 else f"{int(v) >> 20} MiB"  # noqa: E731
    l1 = f"L1 {kib(config['l1size'])} {config.get('l1ways', '?')}-way" if int(config.get("l1size", 0)) else "no L1"
    return f"simulated L2 {kib(config['l2size'])} {config['l2ways']}-way, {config['line']}-byte lines, {l1}"


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv")
    ap.add_argument("--plots", metavar="PREFIX")
    ap.add_argument("--geometry", help="title text for the plots (default: from SIM's config line)")
    ap.add_argument("log")
    ap.add_argument("sim")
    a = ap.parse_args(argv)
    try:
        rows = report.join([(a.log, a.sim)])
        refused = refusals(a.log)
    except OSError as e:
        print(f"policies.py: {e}", file=sys.stderr)
        return 2
    for line in refused:
        print(line)
    if not rows:
        print("policies.py: no phase could be joined", file=sys.stderr)
        return 1
    t = table(rows)
    print_table(t, sys.stdout)
    if a.csv:
        write_csv(a.csv, t)
    if a.plots:
        config, _ = report.read_sim(a.sim)
        for p in plots(t, a.plots, a.geometry or geometry_of(a.sim), int(config.get("l2size", 0) or 0)):
            print(f"policies.py: wrote {p}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
