#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""interfere.py - bench=interfere under the cache simulator: the victim's L2
misses and the inter-task evictions, per partition, with and without the
aggressor.

usage: interfere.py [--csv FILE] [--plot FILE] [--levels SPEC] LOG SIM

--levels SPEC: the plugin's levels= hierarchy of the boot; the table then
names its last level (the one the kernel colors, whose misses and evictions
are counted) by its name in SPEC, e.g. L3, instead of "L2".

LOG is the kernel's serial log of a `bench=interfere cachesim=on` boot:
    @phase id=N interfere victim=stride ws=B aggressor=on|off partition=P run=R
labels the victim's timed part of one run, and
    @result bench=interfere ... partition=P aggressor=X ... median= mean= max=
gives the kernel's own timing (cycles per load; meaningless under TCG).
SIM is the plugin's output of the same boot, with its per-task lines
    cachesim task=T phase=N accesses= l2_accesses= l2_misses= evicted_by_task= ...
(task 1 = the victim, 2 = the aggressor, 0 = the kernel and interrupts;
tools/cachesim/task_attr.h).

Prints one table row per (partition, aggressor): the victim's L2 misses
(median, mean, max over the runs), its modelled cycles (L1 hits x l1lat +
L2 hits x l2lat + L2 misses x memlat, its own accesses only), the
inter-task evictions of its lines (lines it used in the run that the
aggressor evicted; max over the runs) and its inter-task conflict misses;
then one line per row
    @result bench=interfere victim=stride aggressor=on partition=1/8 runs=N
      misses=<median> misses_mean= misses_max= model_cycles=<median>
      model_cycles_max= inter_task_evictions=<max> conflict_misses=<max>
      evicted_by_kernel=<max>
and, for partition=all, the factor of the victim's median misses with the
aggressor over alone. The kernel's own verdicts are carried over: each of its
"cannot isolate" lines (and the "why" line after it) is printed, and a
partition the kernel said cannot isolate is never called isolated, whatever
the evictions counted in these runs (none in a few runs is chance there). Runs whose phase has no per-task counts are left out
(said on stderr); a row without any is not printed. Exit status 0, 1 when
nothing could be joined, 2 on bad input.
"""

import argparse
import csv
import re
import statistics
import sys

PAIR_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_./-]*)=(\S*)")
# the kernel's lines (mm/color_set.c, bench/interfere.c)
PART_RE = re.compile(r"\binterfere: partition=(\S+) victim colors")
ISOLATE_RE = re.compile(r"\b(colors|interfere): .* cannot isolate on \S+: \d+ pairs?\b")
WHY_RE = re.compile(r"\b(colors|interfere):   why: ")
PARTS = ["all", "1/2", "1/4", "1/8", "recolor-before", "recolor-after"]


def pairs(text):
    return {k: v for k, v in PAIR_RE.findall(text)}


def read_log(path):
    """The phase labels, @result lines, @recolor lines, the @header record and
    the kernel's "cannot isolate" lines: (partition or None, [line, why...])."""
    labels, results, recolor, header, verdicts = {}, {}, [], {}, []
    part = None
    with open(path, errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            i = line.find("@header ")
            if i >= 0 and not header:
                header = pairs(line[i + 8:])
            m = PART_RE.search(line)
            if m:
                part = m.group(1)
            m = ISOLATE_RE.search(line)
            if m:
                verdicts.append((part if m.group(1) == "interfere" else None, [line[m.start():]]))
            elif verdicts and WHY_RE.search(line):
                verdicts[-1][1].append(line[WHY_RE.search(line).start():])
            i = line.find("@phase ")
            if i >= 0 and " interfere " in line:
                kv = pairs(line[i + 7:])
                labels[int(kv["id"])] = kv
            i = line.find("@result bench=interfere ")
            if i >= 0:
                kv = pairs(line[i:])
                results[(kv["partition"], kv["aggressor"])] = kv
            i = line.find("@recolor ")
            if i >= 0 and "pages_copied=" in line:
                recolor.append(pairs(line[i:]))
    return labels, results, recolor, header, verdicts


def read_sim(path):
    cfg, tasks = {}, {}
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("cachesim config "):
                cfg = {k: int(v) for k, v in pairs(line).items()}
            elif line.startswith("cachesim task="):
                kv = {k: int(v) for k, v in pairs(line).items()}
                tasks[(kv["phase"], kv["task"])] = kv
    return cfg, tasks


def fmt_median(x):
    """A median for the table and the @result lines: whole when it is whole,
    else one decimal. Never '1.17291e+06' (Python's :g above a million), which
    dropped digits from the kept reference table."""
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def model_cycles(t, cfg):
    l1_hits = t["accesses"] - t["l2_accesses"]
    l2_hits = t["l2_accesses"] - t["l2_misses"]
    return l1_hits * cfg["l1lat"] + l2_hits * cfg["l2lat"] + t["l2_misses"] * cfg["memlat"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv")
    ap.add_argument("--plot")
    ap.add_argument("--levels", help="the plugin's levels= spec: name the last level from it")
    ap.add_argument("log")
    ap.add_argument("sim")
    a = ap.parse_args()
    try:
        labels, results, recolor, header, verdicts = read_log(a.log)
        cfg, tasks = read_sim(a.sim)
    except (OSError, KeyError, ValueError) as e:
        print(f"interfere.py: {e}", file=sys.stderr)
        return 2
    if not cfg:
        print("interfere.py: no 'cachesim config' line in " + a.sim, file=sys.stderr)
        return 2
    groups = {}
    for pid, kv in sorted(labels.items()):
        v = tasks.get((pid, 1))
        if v is None:
            print(f"interfere.py: phase {pid} ({kv.get('partition')} aggressor={kv.get('aggressor')} "
                  f"run={kv.get('run')}) has no victim counts: left out", file=sys.stderr)
            continue
        groups.setdefault((kv["partition"], kv["aggressor"]), []).append((kv, v))
    if not groups:
        print("interfere.py: no phase joined (was the plugin's task attribution on?)", file=sys.stderr)
        return 1
    rows = []
    for part in PARTS:
        for agg in ("off", "on"):
            g = groups.get((part, agg))
            if not g:
                continue
            misses = [v["l2_misses"] for _, v in g]
            cyc = [model_cycles(v, cfg) for _, v in g]
            ev = [v["evicted_by_task"] for _, v in g]
            conf = [v["conflict_task"] for _, v in g]
            evk = [v["evicted_by_kernel"] for _, v in g]
            evs = [v.get("evicted_shared", 0) for _, v in g]
            res = results.get((part, agg), {})
            rows.append(dict(partition=part, aggressor=agg, runs=len(g), ws=g[0][0].get("ws", ""),
                             victim_colors=res.get("victim_colors", ""),
                             misses=statistics.median(misses), misses_mean=statistics.mean(misses),
                             misses_max=max(misses), model_cycles=statistics.median(cyc),
                             model_cycles_max=max(cyc), inter_task_evictions=max(ev),
                             conflict_misses=max(conf), evicted_by_kernel=max(evk), evicted_shared=max(evs),
                             kernel_cycles_per_load=res.get("median", "")))
    ll = "L2"
    if a.levels:
        last = a.levels.split("/")[-1].split(":")
        ll = last[0]
        slices = [t for t in last if t.startswith("slices=")]
        geom = f"{ll} {last[1]} {last[2]}-way{' ' + slices[0] if slices else ''}, {last[3]} B lines"
    else:
        geom = f"L2 {cfg['l2size'] >> 10} KiB {cfg['l2ways']}-way, {cfg['line']} B lines, L1 {cfg['l1size'] >> 10} KiB"
    colors = f", {header['colors']} colors (the kernel's)" if header.get("colors") else ""
    print(f"# bench=interfere under cachesim: {geom}{colors}; victim = task 1, aggressor = task 2; "
          f"misses and evictions of the {ll}")
    pw = max([9] + [len(r["partition"]) for r in rows])  # recolor-before: 14
    hdr = (f"{'partition':>{pw}} {'aggr':>4} {'colors':>6} {'runs':>4} {'misses med':>10} {'mean':>8} {'max':>6} "
           f"{'model cyc med':>13} {'max':>10} {'inter-task ev':>13} {'conflict':>8} {'by kernel':>9}")
    print(hdr)
    for r in rows:
        print(f"{r['partition']:>{pw}} {r['aggressor']:>4} {r['victim_colors']:>6} {r['runs']:>4} "
              f"{fmt_median(r['misses']):>10} {r['misses_mean']:>8.1f} {r['misses_max']:>6} {fmt_median(r['model_cycles']):>13} "
              f"{r['model_cycles_max']:>10} {r['inter_task_evictions']:>13} {r['conflict_misses']:>8} "
              f"{r['evicted_by_kernel']:>9}")
    print()
    for r in rows:
        print(f"@result bench=interfere victim=stride aggressor={r['aggressor']} partition={r['partition']} "
              f"runs={r['runs']} misses={fmt_median(r['misses'])} misses_mean={r['misses_mean']:.1f} "
              f"misses_max={r['misses_max']} model_cycles={fmt_median(r['model_cycles'])} "
              f"model_cycles_max={r['model_cycles_max']} inter_task_evictions={r['inter_task_evictions']} "
              f"conflict_misses={r['conflict_misses']} evicted_by_kernel={r['evicted_by_kernel']}")
    by = {(r["partition"], r["aggressor"]): r for r in rows}
    alone = by.get(("all", "off"))
    shared = by.get(("all", "on"))
    if alone and shared:
        base = max(alone["misses"], 1)
        print(f"interfere: sharing all colors, the victim's median {ll} misses are {shared['misses']:g} "
              f"against {alone['misses']:g} alone (x{shared['misses'] / base:.0f}"
              f"{', alone counted as 1' if alone['misses'] == 0 else ''})")
    before, after = by.get(("recolor-before", "on")), by.get(("recolor-after", "on"))
    if before and after and recolor:
        pages = [int(r["pages_copied"]) for r in recolor]
        us = [int(r["us"]) for r in recolor if "us" in r]
        print(f"interfere: recoloring (every color -> victim 1/8, aggressor the rest, both running): "
              f"{statistics.median(pages):g} pages copied (median of {len(pages)} runs)"
              + (f" in {statistics.median(us):g} us (kernel's TSC; under TCG)" if us else "")
              + f"; victim misses {before['misses']:g} before, {after['misses']:g} after "
              f"(inter-task evictions {before['inter_task_evictions']} -> {after['inter_task_evictions']})")
    for _, said in verdicts:
        for line in said:
            print(f"kernel: {line}")
    shares = {p for p, _ in verdicts if p}
    for part in PARTS[1:4]:
        on, off = by.get((part, "on")), by.get((part, "off"))
        if on and off:
            same = on["misses"] == off["misses"] and on["inter_task_evictions"] == 0
            if part in shares:
                verdict = (f"not isolated: the kernel said these colors share {ll} sets (above)"
                           + (f"; no eviction in {on['runs']} run{'s' if on['runs'] != 1 else ''} is chance" if same else ""))
            else:
                verdict = "isolated" if same else "NOT isolated"
            print(f"interfere: partition={part}: victim misses {on['misses']:g} with the aggressor, "
                  f"{off['misses']:g} alone; inter-task evictions {on['inter_task_evictions']} -> {verdict}")
    if a.csv:
        with open(a.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    if a.plot:
        plot(rows, a.plot, cfg, ll)
    return 0


def plot(rows, path, cfg, ll="L2"):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    parts = [p for p in PARTS if any(r["partition"] == p for r in rows)]
    x = range(len(parts))
    w = 0.2
    for k, (agg, stat, color) in enumerate([("off", "misses", "#4c72b0"), ("on", "misses", "#dd8452"),
                                             ("on", "misses_max", "#c44e52")]):
        xs, vals = [], []
        for i, p in enumerate(parts):
            r = next((r for r in rows if r["partition"] == p and r["aggressor"] == agg), None)
            if r:  # no bar for a configuration that did not run
                xs.append(i + (k - 1) * w)
                vals.append(r[stat] + 1)
        label = {"off": "victim alone (median)", "on": "with aggressor (median)"}[agg]
        if stat == "misses_max":
            label = "with aggressor (max)"
        ax.bar(xs, vals, w, label=label, color=color)
    ax.set_yscale("log")
    ax.set_xticks(list(x))
    names = {"all": "shared\n(all colors)", "recolor-before": "recolor:\nbefore", "recolor-after": "recolor:\nafter"}
    ax.set_xticklabels([names.get(p, f"disjoint,\nvictim {p}") for p in parts])
    ax.set_ylabel(f"victim {ll} misses in its timed part + 1 (log)")
    ax.set_title(f"bench=interfere: {cfg['l2size'] >> 20} MiB {cfg['l2ways']}-way {ll} (cachesim); "
                 f"partitioning by colors")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


if __name__ == "__main__":
    sys.exit(main())
