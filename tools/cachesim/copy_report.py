#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""copy_report.py - the copy alignment study (bench=copy) as the cache
simulator sees it.

usage: copy_report.py [--split-penalty C] [--csv FILE] [--plot FILE.png] LOG SIM

LOG is the kernel's serial log of a boot with bench=copy cachesim=on; its
lines "@phase id=N bench=copy test=T strategy=S src_align=A dst_align=B" label
the phases, and "@result bench=copy ... runs=R bytes=N" give the bytes each
point copied (R x N: a phase accumulates all runs of its point). SIM is the
plugin's report (tools/cachesim/cachesim.c with split_count.c):
"cachesim phase=..." and "cachesim split phase=..." lines.

Per point (strategy x test x alignment), per KiB copied:
  accesses   loads + stores TCG reported (an element of rep movs is one
             access; an SSE 16-byte access arrives as two of 8 bytes)
  split      accesses that span two cache lines
  filled     lines brought into L1: L1 misses of the first lines plus those
             of the second lines of split accesses
  cycles     modelled: the plugin's cycles (L1 hit 4, L2 hit 12, memory 200
             by default, per access on its first line) + the second line of
             every split access at the same latencies + the split penalty
             per split access

The split penalty (default 10 cycles) is an assumption, not a measurement:
a load or store that crosses a line boundary needs two cache accesses and,
on the P6 and NetBurst cores of the 2.5.40-mm1 thread, costs roughly ten
cycles or more beyond that (the P4's 1-byte-misaligned copies ran at a
quarter of the aligned speed); recent cores pay a few cycles. Give
--split-penalty to model another CPU.

Prints one table per test shaped like the thread's (rows: alignment,
columns: strategy, modelled cycles per KiB), then the splits and lines
filled per KiB for the file test. --csv writes every metric per point;
--plot draws cycles per KiB against the alignment, one line per strategy,
one panel per test (needs python3-matplotlib). Exit status 0, 1 when no
copy phase was found, 2 on unreadable input.
"""

import argparse
import csv
import re
import sys

PAIR_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(\S+)")
STRATEGIES = ["movsl", "int64", "movsb", "align", "mmx", "sse2", "nt"]
TESTS = [("file", "dst_align", "file read in 8192-byte chunks, dst misaligned"),
         ("dst", "dst_align", "256 KiB copies, src aligned, dst misaligned"),
         ("src", "src_align", "256 KiB copies, dst aligned, src misaligned")]


def pairs(text):
    return dict(PAIR_RE.findall(text))


def read_log(path):
    """({phase id: label dict}, {(test, strategy, src, dst): bytes copied})."""
    labels, copied = {}, {}
    with open(path, errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("@phase ") and " bench=copy " in line:
                kv = pairs(line)
                labels[int(kv["id"])] = kv
            elif line.startswith("@result bench=copy "):
                kv = pairs(line)
                key = (kv["test"], kv["strategy"], int(kv["src_align"]), int(kv["dst_align"]))
                copied[key] = int(kv["runs"]) * int(kv["bytes"])
    return labels, copied


def read_sim(path):
    """(config dict, {phase: counts}, {phase: split counts})."""
    config, phases, splits = {}, {}, {}
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("cachesim config "):
                config = {k: int(v) for k, v in pairs(line).items()}
            elif line.startswith("cachesim phase="):
                kv = pairs(line)
                phases[int(kv["phase"])] = {k: int(v) for k, v in kv.items()}
            elif line.startswith("cachesim split phase="):
                kv = pairs(line)
                splits[int(kv["phase"])] = {k: int(v) for k, v in kv.items()}
    return config, phases, splits


def points(labels, copied, config, phases, splits, penalty):
    lat = {"l1": config.get("l1lat", 4), "l2": config.get("l2lat", 12), "mem": config.get("memlat", 200)}
    has_l1 = config.get("l1size", 0) > 0
    out = []
    for pid, lab in sorted(labels.items()):
        if pid not in phases:
            continue
        key = (lab["test"], lab["strategy"], int(lab["src_align"]), int(lab["dst_align"]))
        nbytes = copied.get(key)
        if not nbytes:
            continue
        p, s = phases[pid], splits.get(pid, {})
        nsplit = s.get("split_loads", 0) + s.get("split_stores", 0)
        second_cycles = (s.get("second_l1_hits", 0) * lat["l1"] + s.get("second_l2_hits", 0) * lat["l2"]
                         + s.get("second_l2_misses", 0) * lat["mem"])
        second_fills = s.get("second_l2_hits", 0) + s.get("second_l2_misses", 0) if has_l1 else 0
        kib = nbytes / 1024.0
        cycles = p["cycles"] + second_cycles + penalty * nsplit
        out.append({
            "test": key[0], "strategy": key[1], "src_align": key[2], "dst_align": key[3],
            "bytes": nbytes, "accesses": p["accesses"], "loads": p["loads"], "stores": p["stores"],
            "split": nsplit, "filled": p["l1_misses"] + second_fills, "l2_misses": p["l2_misses"]
            + s.get("second_l2_misses", 0), "cycles": cycles,
            "accesses_per_kib": p["accesses"] / kib, "split_per_kib": nsplit / kib,
            "filled_per_kib": (p["l1_misses"] + second_fills) / kib, "cycles_per_kib": cycles / kib,
            "size1": s.get("size1", 0), "size2": s.get("size2", 0), "size4": s.get("size4", 0),
            "size8": s.get("size8", 0), "size16": s.get("size16", 0),
        })
    return out


def table(pts, test, col, metric, fmt):
    strategies = [s for s in STRATEGIES if any(p["strategy"] == s and p["test"] == test for p in pts)]
    offs = sorted({p[col] for p in pts if p["test"] == test})
    by = {(p["strategy"], p[col]): p for p in pts if p["test"] == test}
    lines = ["%5s" % col.split("_")[0] + "".join(" %8s" % s for s in strategies)]
    for o in offs:
        lines.append("%5d" % o + "".join(
            " %8s" % (fmt % by[(s, o)][metric] if (s, o) in by else "-") for s in strategies))
    return lines


def plot(pts, path, penalty):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5), sharey=False)
    for ax, (test, col, title) in zip(axes, TESTS):
        for s in STRATEGIES:
            q = sorted((p[col], p["cycles_per_kib"]) for p in pts if p["test"] == test and p["strategy"] == s)
            if q:
                ax.plot([x for x, _ in q], [y for _, y in q], marker="o", markersize=3, label=s)
        ax.set_title(title, fontsize=9)
        ax.set_xlabel(col.replace("_", " ") + " (bytes)")
        ax.set_ylabel("modelled cycles per KiB copied")
        ax.grid(True, alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.suptitle("bench=copy under the cache simulator (split penalty %g cycles)" % penalty, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--split-penalty", type=float, default=10.0)
    ap.add_argument("--csv")
    ap.add_argument("--plot")
    ap.add_argument("log")
    ap.add_argument("sim")
    a = ap.parse_args()
    try:
        labels, copied = read_log(a.log)
        config, phases, splits = read_sim(a.sim)
    except OSError as e:
        print("copy_report.py: %s" % e, file=sys.stderr)
        return 2
    pts = points(labels, copied, config, phases, splits, a.split_penalty)
    # the 0/0 point of the block tests is measured once (test dst); it is row 0 of both
    pts += [dict(p, test="src") for p in pts if p["test"] == "dst" and p["dst_align"] == 0]
    if not pts:
        print("copy_report.py: no bench=copy phase in %s with counts in %s" % (a.log, a.sim), file=sys.stderr)
        return 1
    print("bench=copy under the cache simulator: L1 %dK %d-way, L2 %dK %d-way, %d-byte lines; "
          "latencies %d/%d/%d, split penalty %g cycles" % (
              config.get("l1size", 0) // 1024, config.get("l1ways", 0), config.get("l2size", 0) // 1024,
              config.get("l2ways", 0), config.get("line", 0), config.get("l1lat", 0), config.get("l2lat", 0),
              config.get("memlat", 0), a.split_penalty))
    for test, col, title in TESTS:
        if any(p["test"] == test for p in pts):
            print("\n%s: modelled cycles per KiB copied" % title)
            print("\n".join(table(pts, test, col, "cycles_per_kib", "%.0f")))
    for metric, what, fmt in (("split_per_kib", "accesses spanning two lines per KiB", "%.1f"),
                              ("filled_per_kib", "lines filled into L1 per KiB", "%.1f"),
                              ("accesses_per_kib", "accesses per KiB (TCG's access sizes)", "%.0f")):
        print("\nfile read, %s" % what)
        print("\n".join(table(pts, "file", "dst_align", metric, fmt)))
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(pts[0].keys()))
            w.writeheader()
            for p in pts:
                if p["test"] == "src" and p["src_align"] == 0:
                    continue  # the dst test's row
                w.writerow({k: ("%.3f" % v if isinstance(v, float) else v) for k, v in p.items()})
    if a.plot:
        plot(pts, a.plot, a.split_penalty)
    return 0


if __name__ == "__main__":
    sys.exit(main())
