#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""study.py - two studies of coloring on modelled hierarchies, each one
command (boots through run-cachesim.sh, one after the other, then tables,
CSV and a plot):

  study.py presets [--presets ds10,skylake,zen2,host] [--runs 2] [--seed 1]
                   [--max 4M] [--bench all] [--cmdline ARGS] [--outdir DIR] [--analyse-only]
      every preset (or LABEL=SPEC, a hierarchy by hand; entries separated by
      ';'), bench=all (stride seq/rand, FFT), working sets 16K up to
      min(--max, half the colored level): per level, the conflict misses
      (3C, classify=on) of working sets below that level's size, uncolored
      and colored, the share coloring removes, and what it does to capacity
      and compulsory misses; --cmdline adds kernel arguments to every boot
      (color_per_slice=off: colors over a whole sliced level). (make study-presets)

  study.py replacement [--policies lru,plru,random,srrip] [--runs 3] [--seed 1]
                   [--l2 512K:8] [--outdir DIR] [--analyse-only]
      L1 32K 8-way LRU in front of an L2 of the given size and ways under
      each replacement policy (the kernel colors for the L2), bench=all up to
      twice the L2: per policy and workload, the L2 misses and modelled
      cycles colored against uncolored below, at and above the cache size.
      (make study-replacement)

Output in DIR (default build/cachesim/study-presets, .../study-replacement):
one run-cachesim directory per boot, and <study>.txt (the table, with the
commands), <study>.csv, <study>.png. --analyse-only re-reads the boots'
raw.csv without booting. Spread: per-run shares (each run is one colored and
one uncolored pass over every working set, pages placed afresh) as min..max.
The share of conflict misses removed is given below the cache size only: at
and above it the fully associative reference thrashes on a cyclic sweep and
the signed conflict count goes negative, so a share would mean nothing.
Judges nothing: prints figures.
"""
import argparse
import csv
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import presets  # noqa: E402

C3 = ("misses", "compulsory", "capacity", "conflict")


def boot(outdir, args, log, analyse_only):
    """Runs one run-cachesim.sh boot into outdir (not with --analyse-only:
    then only records the command that made it)."""
    cmd = [os.path.join(HERE, "run-cachesim.sh")] + args + ["--outdir", outdir]
    shown = " ".join(shlex.quote(a) for a in cmd).replace(ROOT + "/", "")
    log.append(shown)
    if analyse_only:
        return
    print(f"study: {shown}", file=sys.stderr)
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir + ".out"), "w") as out:
        rc = subprocess.run(["nice", "-n", "10"] + cmd, stdout=out, stderr=subprocess.STDOUT).returncode
    if rc != 0:
        raise SystemExit(f"study: boot failed (status {rc}): {outdir}.out")


def read_raw(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    for r in rows:
        r["ws"] = int(r["ws"])
        r["workload"] = r["bench"] + ("-" + r["pattern"] if r.get("pattern") else "")
    return rows


def level_names(rows):
    return [k[:-len("_conflict")] for k in rows[0] if k.endswith("_conflict")]


def sums(rows, keys):
    return {k: sum(int(r[k]) for r in rows) for k in keys}


def share(unc, col):
    return (unc - col) / unc if unc > 0 else None


def pct(x):
    return "n/a" if x is None else f"{100 * x:.1f}%"


def run_range(rows, level):
    """min..max over runs of the share of conflict misses removed (None-free)."""
    vals = []
    for run in sorted({r["run"] for r in rows}):
        rr = [r for r in rows if r["run"] == run]
        u = sum(int(r[f"{level}_conflict"]) for r in rr if r["color"] == "off")
        c = sum(int(r[f"{level}_conflict"]) for r in rr if r["color"] == "on")
        s = share(u, c)
        if s is not None:
            vals.append(s)
    return (min(vals), max(vals)) if vals else None


def study_presets(a):
    outdir = a.outdir or os.path.join(ROOT, "build", "cachesim", "study-presets")
    os.makedirs(outdir, exist_ok=True)
    max_b = presets.parse_size(a.max)
    cmds, table, csvrows = [], [], []
    for name in a.presets.split(";" if ";" in a.presets or "=" in a.presets else ","):
        byhand = "=" in name  # LABEL=SPEC: a hierarchy by hand (make LEVELS=)
        name, spec = name.split("=", 1) if byhand else (name, presets.get(name)[0])
        levels = presets.parse_levels(spec)
        color_size = levels[-1]["size"]
        bmax = min(max_b, color_size // 2)
        d = os.path.join(outdir, name)
        boot(d, (["--levels", spec] if byhand else ["--cache", name]) + ["--bench", a.bench, "--runs", str(a.runs), "--seed", str(a.seed),
                 "--cmdline", f"bench_max={bmax}" + (f" {a.cmdline}" if a.cmdline else "")], cmds, a.analyse_only)
        rows = read_raw(os.path.join(d, "raw.csv"))
        table.append(f"{name}: levels={spec}; kernel {presets.kernel_args(spec)}{(' ' + a.cmdline) if a.cmdline else ''}; bench={a.bench}, "
                     f"working sets 16K..{bmax >> 10}K")
        for lv in levels:
            below = [r for r in rows if r["ws"] < lv["size"]]
            unc = sums([r for r in below if r["color"] == "off"], [f"{lv['name']}_{k}" for k in C3])
            col = sums([r for r in below if r["color"] == "on"], [f"{lv['name']}_{k}" for k in C3])
            g = lambda d_, k: d_[f"{lv['name']}_{k}"]  # noqa: E731
            s = share(g(unc, "conflict"), g(col, "conflict"))
            rr = run_range(below, lv["name"])
            spread = f"[{pct(rr[0])}..{pct(rr[1])}]" if rr else ""
            wss = sorted({r["ws"] for r in below})
            table.append(
                f"  {lv['name']} {presets.fmt_size(lv['size'])} {lv['ways']}-way {lv['policy']}"
                f"{' ' + ':'.join(lv['options']) if lv['options'] else ''}"
                f" (ws {presets.fmt_size(wss[0]) if wss else '-'}..{presets.fmt_size(wss[-1]) if wss else '-'}):"
                f" conflict uncolored {g(unc, 'conflict')}, colored {g(col, 'conflict')}: removed {pct(s)} {spread};"
                f" capacity {g(unc, 'capacity')} -> {g(col, 'capacity')},"
                f" compulsory {g(unc, 'compulsory')} -> {g(col, 'compulsory')},"
                f" misses {g(unc, 'misses')} -> {g(col, 'misses')}")
            csvrows.append([name, lv["name"], lv["size"], lv["ways"], lv["policy"], ":".join(lv["options"]),
                            wss[-1] if wss else 0] + [g(unc, k) for k in C3] + [g(col, k) for k in C3]
                           + [s if s is not None else "", rr[0] if rr else "", rr[1] if rr else ""])
    head = ["preset", "level", "size", "ways", "policy", "options", "max_ws"] + \
        [f"uncolored_{k}" for k in C3] + [f"colored_{k}" for k in C3] + \
        ["conflict_removed", "removed_run_min", "removed_run_max"]
    write_out(outdir, "study-presets", a, cmds, table, head, csvrows)
    plot_presets(os.path.join(outdir, "study-presets.png"), csvrows, a)


def study_replacement(a):
    outdir = a.outdir or os.path.join(ROOT, "build", "cachesim", "study-replacement")
    os.makedirs(outdir, exist_ok=True)
    l2size, l2ways = a.l2.split(":")
    size = presets.parse_size(l2size)
    cmds, table, csvrows, curves = [], [], [], {}
    for pol in a.policies.split(","):
        spec = f"L1:32K:8:64:lru/L2:{l2size}:{l2ways}:64:{pol}"
        d = os.path.join(outdir, pol)
        boot(d, ["--levels", spec, "--bench", "all", "--runs", str(a.runs), "--seed", str(a.seed),
                 "--cmdline", f"bench_max={2 * size}"], cmds, a.analyse_only)
        rows = read_raw(os.path.join(d, "raw.csv"))
        table.append(f"{pol}: levels={spec}; kernel {presets.kernel_args(spec)}")
        for wl in sorted({r["workload"] for r in rows}):
            for region, pick in (("below", lambda w: w < size), ("at", lambda w: w == size),
                                 ("above", lambda w: w > size)):
                sel = [r for r in rows if r["workload"] == wl and pick(r["ws"])]
                if not sel:
                    continue
                unc = sums([r for r in sel if r["color"] == "off"], ["L2_misses", "L2_conflict", "cycles"])
                col = sums([r for r in sel if r["color"] == "on"], ["L2_misses", "L2_conflict", "cycles"])
                ratios = []
                for run in sorted({r["run"] for r in sel}):
                    cu = sum(int(r["cycles"]) for r in sel if r["run"] == run and r["color"] == "off")
                    cc = sum(int(r["cycles"]) for r in sel if r["run"] == run and r["color"] == "on")
                    if cu:
                        ratios.append(cc / cu)
                cyc = col["cycles"] / unc["cycles"] if unc["cycles"] else None
                table.append(
                    f"  {wl:12s} {region:5s} cache size: L2 misses {unc['L2_misses']} -> {col['L2_misses']}"
                    f" (conflict {unc['L2_conflict']} -> {col['L2_conflict']}"
                    + (f", removed {pct(share(unc['L2_conflict'], col['L2_conflict']))}" if region == "below" else "")
                    + ");"
                    f" modelled cycles colored/uncolored {cyc:.3f}"
                    f" [{min(ratios):.3f}..{max(ratios):.3f} per run]")
                removed = share(unc["L2_conflict"], col["L2_conflict"]) if region == "below" else None
                csvrows.append([pol, wl, region, unc["L2_misses"], col["L2_misses"], unc["L2_conflict"],
                                col["L2_conflict"], "" if removed is None else removed, unc["cycles"],
                                col["cycles"], cyc, min(ratios), max(ratios)])
            for color in ("off", "on"):
                pts = {}
                for r in rows:
                    if r["workload"] == wl and r["color"] == color:
                        p = pts.setdefault(r["ws"], [0, 0])
                        p[0] += int(r["L2_misses"])
                        p[1] += int(r["accesses"])
                curves[(pol, wl, color)] = sorted((w, 1000 * m / n) for w, (m, n) in pts.items() if n)
    head = ["policy", "workload", "region", "uncolored_l2_misses", "colored_l2_misses", "uncolored_l2_conflict",
            "colored_l2_conflict", "conflict_removed", "uncolored_cycles", "colored_cycles", "cycles_ratio", "ratio_run_min",
            "ratio_run_max"]
    write_out(outdir, "study-replacement", a, cmds, table, head, csvrows)
    plot_replacement(os.path.join(outdir, "study-replacement.png"), curves, size, l2ways, a)


def write_out(outdir, name, a, cmds, table, head, csvrows):
    with open(os.path.join(outdir, name + ".csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(head)
        w.writerows(csvrows)
    argv = " ".join(shlex.quote(x) for x in sys.argv[1:] if x != "--analyse-only")
    text = [f"# tools/cachesim/study.py {argv}", f"# {a.runs} runs per working set, kernel seed {a.seed}"]
    text += [f"# boot: {c}" for c in cmds] + table
    with open(os.path.join(outdir, name + ".txt"), "w") as f:
        f.write("\n".join(text) + "\n")
    print("\n".join(text))
    print(f"study: wrote {outdir}/{name}.{{txt,csv,png}}", file=sys.stderr)


def plot_presets(path, csvrows, a):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    labels = [f"{r[0]}\n{r[1]} {presets.fmt_size(r[2])}" for r in csvrows]
    unc = [max(r[7 + 3], 0) for r in csvrows]
    col = [max(r[11 + 3], 0) for r in csvrows]
    fig, ax = plt.subplots(figsize=(max(8, len(labels) * 0.8), 4.5))
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], [u + 1 for u in unc], 0.4, label="uncolored (mm_shuffle=on)", color="tab:red")
    ax.bar([x + 0.2 for x in xs], [c + 1 for c in col], 0.4, label="colored", color="tab:blue")
    ax.set_yscale("log")
    ax.set_xticks(list(xs))
    ax.set_xticklabels(labels, fontsize=7)
    ax.set_ylabel("conflict misses + 1 (working sets below the level's size)")
    what = {"all": "stride + FFT"}.get(a.bench, a.bench)
    ax.set_title(f"Conflict misses per level and preset, {what}, {a.runs} runs summed\n"
                 "3C against a fully associative LRU cache of each level's capacity (negative shown as 0)",
                 fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def plot_replacement(path, curves, size, ways, a):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    wls = sorted({k[1] for k in curves})
    pols = sorted({k[0] for k in curves})
    fig, axes = plt.subplots(1, len(wls), figsize=(5 * len(wls), 4.2), squeeze=False)
    colors = dict(zip(pols, ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple"]))
    for ax, wl in zip(axes[0], wls):
        for pol in pols:
            for color, style in (("off", "--"), ("on", "-")):
                pts = curves.get((pol, wl, color), [])
                if pts:
                    ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker="o", ms=3, color=colors[pol],
                            label=f"{pol} {'colored' if color == 'on' else 'uncolored'}")
        ax.axvline(size, color="grey", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("working set (bytes)")
        ax.set_ylabel("L2 misses per 1000 accesses")
        ax.set_title(f"{wl}: L2 {presets.fmt_size(size)} {ways}-way (grey line)", fontsize=9)
        ax.grid(True, alpha=0.3)
    axes[0][0].legend(fontsize=7)
    fig.suptitle(f"Replacement policy and coloring: solid colored, dashed uncolored; {a.runs} runs summed",
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="study", required=True)
    p = sub.add_parser("presets")
    p.add_argument("--presets", default="ds10,skylake,zen2,host")
    p.add_argument("--max", default="4M")
    p.add_argument("--bench", default="all")
    p.add_argument("--cmdline", default="", help="more kernel arguments for every boot (e.g. color_per_slice=off)")
    r = sub.add_parser("replacement")
    r.add_argument("--policies", default="lru,plru,random,srrip")
    r.add_argument("--l2", default="512K:8")
    for s in (p, r):
        s.add_argument("--runs", type=int, default=2 if s is p else 3)
        s.add_argument("--seed", type=int, default=1)
        s.add_argument("--outdir")
        s.add_argument("--analyse-only", action="store_true")
    a = ap.parse_args(argv)
    try:
        (study_presets if a.study == "presets" else study_replacement)(a)
    except presets.PresetError as e:
        print(f"study.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
