# SPDX-License-Identifier: MIT
"""sweep_merge.py - the merge behind `tools/pagecolor-report --sweep DIR`
(make sweep): every cell of a sweep's matrix against GNU parallel's job log,
the cells' tables merged into one CSV, a table across seeds and plots.

DIR is what tools/cachesim/sweep.sh wrote:
  matrix.tsv   one cell a line: CACHE, POLICY, WORKLOAD, SEED (tab-separated),
               line k being parallel's job k (Seq)
  joblog       parallel's --joblog (Seq Host Starttime JobRuntime Send Receive
               Exitval Signal Command); after --resume-failed a job has several
               rows: the last one counts
  cells/CACHE/POLICY/WORKLOAD/seedSEED/policies.csv   each cell's table
               (tools/cachesim/policies.py: policy, workload, ws, runs, medians
               and sample sds over the runs), cell.log (what the cell printed)

A cell is merged when its last job-log row has exit value 0 and signal 0 and
its policies.csv has rows whose values are numbers. Every other cell is lost,
and named: not run (no row: the sweep was stopped, or --halt), failed (exit
value, with the cell's own last words from cell.log), killed (signal), or
ended well without a table. sweep.txt starts with "merged N of M cells".

Writes DIR/sweep.csv (one row per cache x policy x workload x seed x working
set: the cell's axes, then its policies.csv columns, then host and seconds from
the job log), DIR/sweep.txt (the count, the lost cells, then per cache, table
workload and working set the L2 miss ratio of each policy as the median over
the seeds with their range) and DIR/sweep_<workload>.png (one figure per
table workload: a panel per cache, one line per policy, median over seeds,
bars from the lowest to the highest seed). Returns 0 when every cell was
merged, 1 when one was lost, 2 when DIR holds no sweep.
"""

import csv
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
AXES = ["cache", "policy", "bench", "seed"]
CELL_COLS = ["workload", "ws", "runs", "l2_miss_ratio_median", "l2_miss_ratio_sd", "cycles_median", "cycles_sd",
             "cycles_per_access_median", "cycles_per_access_sd"]
CSV_COLS = AXES + CELL_COLS + ["host", "seconds"]


class NoSweep(Exception):
    pass


def read_matrix(path):
    """[(cache, policy, bench, seed)] in job order. Raises NoSweep."""
    try:
        with open(path) as f:
            lines = [line.rstrip("\n") for line in f if line.strip()]
    except OSError as e:
        raise NoSweep(f"{path}: {e.strerror} (not a sweep directory: make sweep writes matrix.tsv)")
    cells = []
    for i, line in enumerate(lines, 1):
        parts = line.split("\t")
        if len(parts) != 4 or not all(parts):
            raise NoSweep(f"{path}:{i}: '{line}' is not CACHE<tab>POLICY<tab>WORKLOAD<tab>SEED")
        cells.append(tuple(parts))
    if not cells:
        raise NoSweep(f"{path}: no cells")
    return cells


def read_joblog(path):
    """{seq: row dict} from parallel's job log, the last row of each job
    (--resume-failed appends the new tries). A missing log is empty."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path, newline="") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            try:
                seq = int(r["Seq"])
                out[seq] = {"host": "this machine" if r["Host"] == ":" else r["Host"], "seconds": float(r["JobRuntime"]), "exit": int(r["Exitval"]),
                            "signal": int(r["Signal"])}
            except (KeyError, TypeError, ValueError):
                continue  # a row cut short (parallel killed while writing): as if the job had no row
    return out


def cell_dir(d, cell):
    cache, policy, bench, seed = cell
    return os.path.join(d, "cells", cache, policy, bench, f"seed{seed}")


def last_words(cdir):
    """The cell's own reason: its last 'sweep-cell:' line, else its last line."""
    try:
        with open(os.path.join(cdir, "cell.log"), errors="replace") as f:
            lines = [line.strip() for line in f if line.strip()]
    except OSError:
        return "no cell.log (the cell never started, or its machine returned nothing)"
    said = [line for line in lines if line.startswith("sweep-cell:")]
    return (said or lines or ["cell.log is empty"])[-1]


def _number(v):
    x = float(v)
    if not math.isfinite(x) or x < 0:
        raise ValueError(v)
    return x


def read_cell_csv(path):
    """The rows of a cell's policies.csv whose values are numbers. Raises
    OSError when missing, ValueError when a row is damaged."""
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            row = {c: r.get(c) for c in CELL_COLS}
            if row["workload"] in (None, "") or any(row[c] in (None, "") for c in CELL_COLS):
                raise ValueError(f"a row without {', '.join(c for c in CELL_COLS if row[c] in (None, ''))}")
            for c in CELL_COLS[1:]:
                _number(row[c])
            if int(row["runs"]) < 1 or int(row["ws"]) < 1:
                raise ValueError(f"runs={row['runs']} ws={row['ws']}")
            rows.append(row)
    return rows


def merge(d):
    """(cells, rows, lost): the matrix, the merged rows (CSV_COLS dicts) and the
    lost cells as (cell, what happened)."""
    cells = read_matrix(os.path.join(d, "matrix.tsv"))
    log = read_joblog(os.path.join(d, "joblog"))
    rows, lost = [], []
    for seq, cell in enumerate(cells, 1):
        cdir = cell_dir(d, cell)
        j = log.get(seq)
        if j is None:
            lost.append((cell, "not run: no row in the job log (the sweep stopped before it)"))
            continue
        if j["signal"]:
            lost.append((cell, f"killed by signal {j['signal']} on {j['host']} after {j['seconds']:.0f} s; "
                               f"{last_words(cdir)}"))
            continue
        if j["exit"]:
            lost.append((cell, f"failed, exit status {j['exit']} on {j['host']} after {j['seconds']:.0f} s: "
                               f"{last_words(cdir)}"))
            continue
        path = os.path.join(cdir, "policies.csv")
        try:
            got = read_cell_csv(path)
        except OSError:
            lost.append((cell, f"exit status 0 on {j['host']} but no table ({path} missing)"))
            continue
        except ValueError as e:
            lost.append((cell, f"exit status 0 on {j['host']} but its table is damaged ({path}: {e})"))
            continue
        if not got:
            lost.append((cell, f"exit status 0 on {j['host']} but its table has no rows ({path})"))
            continue
        for r in got:
            rows.append(dict(zip(AXES, cell), **r, host=j["host"], seconds=f"{j['seconds']:.1f}"))
    return cells, rows, lost


def _median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def _order(values, first):
    return sorted(values, key=lambda v: (first.index(v) if v in first else len(first), v))


def seed_table(cells, rows, out):
    """Per cache x table workload x working set: each policy's L2 miss ratio
    (% of L2 accesses), median over the seeds [lowest-highest], and how many seeds."""
    caches = list(dict.fromkeys(c[0] for c in cells))
    pols = list(dict.fromkeys(c[1] for c in cells))
    by = {}
    for r in rows:
        by.setdefault((r["cache"], r["workload"], int(r["ws"]), r["policy"]), []).append(
            100.0 * float(r["l2_miss_ratio_median"]))
    nseeds = len({c[3] for c in cells})
    print(f"L2 misses, % of L2 accesses (each seed's median over its runs): median over the {nseeds} seeds "
          "[lowest-highest]; (k) where only k seeds were merged", file=out)
    for cache in caches:
        works = _order({k[1] for k in by if k[0] == cache}, ["stride-seq", "stride-rand", "fft", "triad", "sparse",
                                                              "reuse"])
        for w in works:
            print(f"\n{cache}, {w}", file=out)
            head = ["ws"] + pols
            body = []
            for ws in sorted({k[2] for k in by if k[:2] == (cache, w)}):
                line = [str(ws)]
                for p in pols:
                    v = by.get((cache, w, ws, p))
                    if not v:
                        line.append("-")
                        continue
                    cell = f"{_median(v):.2f}" + (f" [{min(v):.2f}-{max(v):.2f}]" if len(v) > 1 else "")
                    line.append(cell + (f" ({len(v)})" if len(v) < nseeds else ""))
                body.append(line)
            width = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]
            for r in [head] + body:
                print("  ".join(v.rjust(x) for v, x in zip(r, width)).rstrip(), file=out)


def plots(cells, rows, prefix):
    """PREFIX_<workload>.png per table workload: a panel per cache, L2 miss
    ratio against working set, one line per policy (median over seeds, bars
    lowest..highest seed). Returns the paths written."""
    sys.path.insert(0, HERE)
    import plot  # tools/cachesim/plot.py: axis conventions (sets the Agg backend)
    import policies  # its policy names, colours and workload titles
    plt = plot.plt
    caches = list(dict.fromkeys(c[0] for c in cells))
    nseeds = len({c[3] for c in cells})
    written = []
    for w in _order({r["workload"] for r in rows}, policies.WORKLOADS):
        panels = [c for c in caches if any(r["cache"] == c and r["workload"] == w for r in rows)]
        fig, axes = plt.subplots(1, len(panels), figsize=(6.2 * len(panels) + 0.6, 5.6), squeeze=False)
        handles = {}
        for ax, cache in zip(axes[0], panels):
            sel = [r for r in rows if r["cache"] == cache and r["workload"] == w]
            xs_all = []
            for i, p in enumerate(_order({r["policy"] for r in sel}, policies.POLICIES)):
                c, marker, ls, dx = policies.STYLE.get(p, (f"C{i}", "x", "-", 1.0))
                pts = {}
                for r in sel:
                    if r["policy"] == p:
                        pts.setdefault(int(r["ws"]), []).append(100.0 * float(r["l2_miss_ratio_median"]))
                xs = sorted(pts)
                xs_all += xs
                med = [_median(pts[x]) for x in xs]
                lo = [m - min(pts[x]) for m, x in zip(med, xs)]
                hi = [max(pts[x]) - m for m, x in zip(med, xs)]
                h = ax.errorbar([x * dx for x in xs], med, yerr=[lo, hi], color=c, marker=marker, ls=ls, ms=5,
                                mfc="white" if ls == "--" else c, capsize=3, label=policies.LEGEND.get(p, p))
                handles.setdefault(p, h)
            plot.xaxis(ax, xs_all + [1 << math.ceil(math.log2(max(xs_all)))], [])
            ax.set_xlabel(policies.XLABELS.get(w, "working set (bytes, log scale)"), fontsize=9)
            ax.set_ylabel("L2 miss ratio (% of L2 accesses)")
            ax.set_ylim(bottom=-3)
            ax.set_title(f"cache {cache}", fontsize=9)
        order = _order(handles, policies.POLICIES)
        fig.legend([handles[p] for p in order], [policies.LEGEND.get(p, p) for p in order], loc="lower center",
                   ncol=3, fontsize=8, bbox_to_anchor=(0.5, 0.06),
                   title="placement policy (dashed, open markers: no coloring)", title_fontsize=8)
        fig.suptitle(f"Sweep: {policies.TITLES.get(w, w)}, one simulated boot per cache, policy and seed",
                     fontsize=9)
        fig.text(0.5, 0.01, f"Points: median over the seeds merged (of {nseeds}) of each boot's median over its runs; "
                 "bars: lowest "
                 "to highest seed. Points of each policy shifted a little along x so that no line hides another.",
                 ha="center", fontsize=8)
        fig.tight_layout(rect=(0, 0.2, 1, 1))
        path = f"{prefix}_{w}.png"
        fig.savefig(path, dpi=100)
        plt.close(fig)
        written.append(path)
    return written


def run(d, csv_path=None, plot_prefix=None, out=sys.stdout, err=sys.stderr):
    """pagecolor-report --sweep DIR [--csv FILE] [--plot PREFIX]: the merge,
    its files (defaults DIR/sweep.csv, DIR/sweep_*.png; plot_prefix "" for
    none) and DIR/sweep.txt, which is also printed. Exit status as above."""
    try:
        cells, rows, lost = merge(d)
    except NoSweep as e:
        print(f"pagecolor-report: --sweep: {e}", file=err)
        return 2
    csv_path = csv_path or os.path.join(d, "sweep.csv")
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=CSV_COLS)
        w.writeheader()
        w.writerows(rows)
    import io
    text = io.StringIO()
    merged = len(cells) - len(lost)
    print(f"sweep: merged {merged} of {len(cells)} cells ({len(rows)} rows) into {csv_path}", file=text)
    for cell, why in lost:
        print(f"lost: cache={cell[0]} policy={cell[1]} workload={cell[2]} seed={cell[3]}: {why} "
              f"[{cell_dir(d, cell)}]", file=text)
    if lost:
        print(f"sweep: {len(lost)} of {len(cells)} cells lost; after fixing the cause, the same make sweep command "
              "with SWEEP_RESUME=1 runs only those (parallel --resume-failed)", file=text)
    if rows:
        print(file=text)
        seed_table(cells, rows, text)
    with open(os.path.join(d, "sweep.txt"), "w") as f:
        f.write(text.getvalue())
    out.write(text.getvalue())
    prefix = os.path.join(d, "sweep") if plot_prefix is None else plot_prefix
    if rows and prefix:
        for p in plots(cells, rows, prefix):
            print(f"pagecolor-report: wrote {p}", file=err)
    return 1 if lost else 0
