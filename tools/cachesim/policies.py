#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""policies.py - the placement policies side by side: one table and plots
from one cache-simulated boot with bench_policies= (make run-policies).

usage: policies.py [--csv FILE] [--plots PREFIX] [--geometry TEXT]
                   [--policies LIST] [--workloads LIST] [--runs N] LOG SIM
       policies.py --from-csv CSV --plots PREFIX [--geometry TEXT]
       policies.py --registry      (the kernel's policies, in id order)

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
one figure per workload that stands alone (the conventions of plot.py): L2
miss ratio (% of L2 accesses) and modelled cycles per memory access against
the working set in bytes (log axis, KiB/MiB ticks), one line per policy, named
in words, each with its own colour, marker, line style and a small x offset so
that no line hides another; the L1 and L2 sizes marked; the simulated cache
geometry and the guest CPU in the title; a footnote saying that points are
medians and error bars +-1 sample standard deviation over the N runs.
--from-csv CSV re-makes the plots from a policies.csv written before (no
boot); the title then comes from the policies.txt next to it: its '# plugin:'
and '# @header' lines, or for older runs its '# make run-policies ...' line
(L1 then the make default, 32 KiB 8-way; CPU then QEMU's default model).

Completeness: --policies (bench_policies=), --workloads (bench=, stride
giving stride-seq and stride-rand, all giving stride and fft) and --runs
(bench_runs=) name what the boot was asked for (run-policies.sh passes
them; without them, the policies and workloads the log has, and no run
count). Every asked policy x workload must have a row at every working set
that workload has for any policy (or that the kernel's @skip lines name),
each with the asked number of runs. What is missing is said in the table,
one "missing: ..." line each (with the kernel's reason when it gave one:
a refused policy, an @skip line, "bench: more than N phases" when the phase
markers ran out), and the exit status is 3.

Exit status 0, 1 when no phase could be joined, 2 on bad input files, 3 when
an asked-for configuration is missing from the table.
"""

import argparse
import csv
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402

REGISTRY = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "mm",
                        "placement", "registry.h")


def registry_policies(path=REGISTRY):
    """The kernel's placement policies in id order: the X(ID, name) lines of
    PLACEMENT_POLICIES in mm/placement/registry.h (one line per policy), so a
    policy added there is run and listed with no edit here. Raises OSError
    when the file cannot be read, ValueError when it holds no such list."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^#define PLACEMENT_POLICIES\(X\)((?:.*\\\n)*.*)$", text, re.M)
    names = re.findall(r"\bX\(\s*[A-Z_0-9]+\s*,\s*([a-z_0-9]+)\s*\)", m.group(1)) if m else []
    if not names:
        raise ValueError(f"{path}: no X(ID, name) lines in PLACEMENT_POLICIES")
    return names


POLICIES = registry_policies()
LEGEND = {
    "buddy": "buddy (plain buddy lists, no coloring)",
    "binhop": "binhop (bin hopping: round-robin colors)",
    "vacolor": "vacolor (color = virtual page + offset)",
    "bestbin": "bestbin (least-used color first)",
    "random": "random (uniformly random free block)",
}
# policy -> colour, marker, line style, x offset factor (so that no line hides another);
# the uncolored policies dashed with open markers, as plot.py draws uncolored pages
STYLE = {
    "buddy": ("tab:red", "o", "--", 0.92),
    "random": ("tab:orange", "s", "--", 0.96),
    "binhop": ("tab:blue", "^", "-", 1.0),
    "bestbin": ("tab:green", "v", "-.", 1.04),
    "vacolor": ("tab:purple", "D", ":", 1.08),
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
    "triad": "working set: the three arrays together (bytes, log scale)",
    "sparse": "working set: the touched pages (bytes, log scale; one line each, spread over k times that)",
    "reuse": "working set: the measured buffer (bytes, log scale)",
    "fft": "working set: the complex data, 16 bytes a point (bytes, log scale)",
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


def asked_workloads(benches):
    """The table's workload names for a bench= list (stride: both patterns; all: stride and fft)."""
    out = []
    for b in benches:
        for x in (["stride", "fft"] if b == "all" else [b]):
            for w in (["stride-seq", "stride-rand"] if x == "stride" else [x]):
                if w not in out:
                    out.append(w)
    return out


def kernel_notes(log):
    """What the kernel said about work it did not do: {(policy or None, workload, ws or None):
    reason} from its @skip lines, and the "bench: more than N phases" lines (phase markers
    ran out: the later runs are not in the simulator's counts)."""
    skips, notes = {}, []
    policy = None
    with open(log, errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("@policy ") and "status=selected" in line:
                policy = report.pairs(line).get("name")
            elif line.startswith("@skip "):
                kv = report.pairs(line)
                b = kv.get("bench", "?")
                ws = int(kv["ws"]) if kv.get("ws", "").isdigit() else None
                for w in asked_workloads([b]):
                    skips[(kv.get("policy", policy), w, ws)] = kv.get("reason", "?")
            elif "bench: more than" in line and "phases" in line:
                notes.append(line[line.index("bench: more than"):])
    return skips, notes


def missing(t, policies, workloads, runs, refused_names, skips, notes):
    """The lines saying which asked-for configurations t lacks (table()'s form; policies,
    workloads: the asked names; runs: the asked runs per point or None; refused_names: the
    policies the kernel refused; skips, notes: kernel_notes()). Empty when complete."""
    out = []
    why_later = f" (the kernel: {notes[0]})" if notes else ""
    for w in workloads:
        points = {k[2] for k in t if k[1] == w}
        points |= {k[2] for k in skips if k[1] == w and k[2] is not None}
        for p in policies:
            if p in refused_names:
                out.append(f"missing: {p} {w}: the kernel refused the policy")
                continue
            have = {k[2]: len(d["cycles"]) for k, d in t.items() if k[0] == p and k[1] == w}
            why = skips.get((p, w, None)) or skips.get((None, w, None))
            if not have:
                reason = f" (the kernel skipped it: {why})" if why else why_later
                out.append(f"missing: {p} {w}: no working set measured{reason}")
                continue
            for ws in sorted(points):
                if ws not in have:
                    r = skips.get((p, w, ws)) or skips.get((None, w, ws))
                    reason = f" (the kernel skipped it: {r})" if r else why_later
                    out.append(f"missing: {p} {w} ws={ws}: not measured{reason}")
                elif runs and have[ws] < runs:
                    out.append(f"missing: {p} {w} ws={ws}: {have[ws]} of {runs} runs measured{why_later}")
    return out


def sweep_points(lo, hi):
    """The working sets the kernel's sweeps visit: lo, 2 lo, ... <= hi (bytes)."""
    out, ws = [], lo
    while 0 < ws <= hi:
        out.append(ws)
        ws <<= 1
    return out


def phases_needed(benches, runs, min_ws, max_ws, policies=0):
    """Phase ids one boot uses for bench=benches (a list: stride, fft, triad, sparse, reuse,
    all) with bench_runs=runs and working sets min_ws..max_ws (bytes), under `policies`
    placement policies (bench_policies=; 0: none given, so each point runs colored and
    uncolored), as the kernel's sweeps count them (bench/stride.c, fft.c, triad.c,
    sparse.c, reuse.c; one phase per run and point; stride and fft keep at most 64 runs).
    Checked against a real boot's @phase lines by tests/cachesim/test_policies.py."""
    modes = 1 if policies else 2
    blocks = policies or 1
    per = 0
    for b in dict.fromkeys(x for b in benches for x in (["stride", "fft"] if b == "all" else [b])):
        if b == "stride":
            per += 2 * len(sweep_points(min_ws, max_ws)) * min(runs, 64)
        elif b == "fft":
            per += len(sweep_points(1024 * 16, max_ws)) * min(runs, 64)
        elif b == "triad":
            pages = {max(ws // 3 // 4096, 1) for ws in sweep_points(min_ws, max_ws)}
            per += len(pages) * runs
        elif b in ("sparse", "reuse"):
            per += len(sweep_points(max(min_ws, 4096), max_ws)) * runs
        else:
            raise ValueError(f"phases_needed: no count for bench={b}")
    return blocks * modes * per


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


def summarize(t):
    """{(policy, workload, ws): {"runs": N, "l2_miss_ratio": (median, sd), "cpa": (median, sd)}}
    from table()'s lists."""
    return {k: {"runs": len(d["cycles"]), "l2_miss_ratio": (median(d["l2_miss_ratio"]), sd(d["l2_miss_ratio"])),
                "cpa": (median(d["cpa"]), sd(d["cpa"]))} for k, d in t.items()}


def read_csv_summary(path):
    """summarize()'s form from a policies.csv that write_csv() wrote."""
    out = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            out[(r["policy"], r["workload"], int(r["ws"]))] = {
                "runs": int(r["runs"]),
                "l2_miss_ratio": (float(r["l2_miss_ratio_median"]), float(r["l2_miss_ratio_sd"])),
                "cpa": (float(r["cycles_per_access_median"]), float(r["cycles_per_access_sd"]))}
    return out


def plots(s, prefix, title, l1size=0, l2size=0):
    """One PNG per workload, PREFIX_<workload>.png, from summarize()'s form s; title: the
    cache and CPU lines (geometry_*()); l1size, l2size: bytes to mark (0: not marked).
    Returns the paths written."""
    import plot  # tools/cachesim/plot.py: axis, size and footnote conventions (sets Agg)
    plt = plot.plt

    written = []
    for w in sorted({k[1] for k in s}, key=lambda w: WORKLOADS.index(w) if w in WORKLOADS else 99):
        fig, (a1, a2) = plt.subplots(1, 2, figsize=(13, 6.2))
        pols = sorted({k[0] for k in s if k[1] == w}, key=lambda p: POLICIES.index(p) if p in POLICIES else 99)
        xs_all = []
        for i, p in enumerate(pols):
            c, marker, ls, dx = STYLE.get(p, (f"C{i}", "x", "-", 1.0))
            ks = sorted((k for k in s if k[0] == p and k[1] == w), key=lambda k: k[2])
            xs = [k[2] for k in ks]
            xs_all += xs
            for ax, m, scale in ((a1, "l2_miss_ratio", 100.0), (a2, "cpa", 1.0)):
                ax.errorbar([x * dx for x in xs], [s[k][m][0] * scale for k in ks],
                            yerr=[s[k][m][1] * scale for k in ks], color=c, marker=marker, ls=ls, ms=5,
                            mfc="white" if ls == "--" else c, capsize=3, label=LEGEND.get(p, p))
        marks = []
        if l1size:
            marks.append((l1size, f"L1 {plot.size_label(l1size)}"))
        if l2size:
            marks.append((l2size, f"L2 {plot.size_label(l2size)} (cache size)"))
        for ax, yl in ((a1, "L2 miss ratio (% of L2 accesses)"),
                       (a2, "modelled cycles per memory access (cycles)")):
            # ticks up to the power of two above the largest working set (triad's are not powers)
            plot.xaxis(ax, xs_all + [1 << math.ceil(math.log2(max(xs_all)))], marks)
            ax.set_xlabel(XLABELS.get(w, "working set (bytes, log scale)"), fontsize=9)
            ax.set_ylabel(yl)
        a1.set_ylim(bottom=-3)
        a2.set_ylim(bottom=0)
        a1.set_title("L2 misses", fontsize=9)
        a2.set_title("modelled time (L1/L2 hits and memory at their latencies)", fontsize=9)
        handles, labels = a1.get_legend_handles_labels()
        fig.legend(handles, labels, loc="lower center", ncol=3, fontsize=8, bbox_to_anchor=(0.5, 0.045),
                   title="placement policy (dashed, open markers: no coloring)", title_fontsize=8)
        fig.suptitle(f"Placement policies: {TITLES.get(w, w)}\n{title}", fontsize=9)
        runs = sorted({str(s[k]["runs"]) for k in s if k[1] == w})
        fig.text(0.5, 0.01, "Points: median over the runs; error bars: ±1 sample standard deviation over "
                 f"{'/'.join(runs)} runs per point (each run a new task with freshly allocated pages). "
                 "Points of each policy shifted a little along x so that no line hides another.",
                 ha="center", fontsize=8)
        fig.tight_layout(rect=(0, 0.16, 1, 1))
        path = f"{prefix}_{w}.png"
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def parse_size(v):
    """'2M', '32K', '65536' -> bytes."""
    v = str(v).strip()
    mult = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(v[-1:].upper(), 1)
    return int(v[:-1] if mult > 1 else v) * mult


def geometry_text(l2, l2ways, line, l1, l1ways, lats, cpu):
    """The two title lines: cache geometry (sizes in bytes, lats: (l1, l2, memory) cycles) and CPU."""
    from plot import size_label, ways_words
    l1t = f"behind L1 {size_label(l1)} {ways_words(l1ways)}" if l1 else "no L1"
    return (f"simulated L2 {size_label(l2)} {ways_words(l2ways)}, {line}-byte lines, {l1t} "
            f"(latency {lats[0]}/{lats[1]}/{lats[2]} cycles)\n{cpu}")


def cpu_of_header(line):
    h = dict(t.split("=", 1) for t in line.split() if "=" in t)
    return (f"guest {h.get('cpu_vendor', '?')} family {h.get('family')} model {h.get('model')} under "
            f"QEMU TCG + tools/cachesim, {h.get('colors')} colors, seed {h.get('seed')}")


def geometry_of(sim, log=None):
    """(title, L1 bytes, L2 bytes) from SIM's config line and LOG's @header."""
    config, _ = report.read_sim(sim)
    if not config:
        return "cache geometry unknown", 0, 0
    cpu = "guest CPU under QEMU TCG with tools/cachesim"
    if log:
        with open(log, errors="replace") as f:
            for line in f:
                if line.startswith("@header "):
                    cpu = cpu_of_header(line)
                    break
    l1, l2 = int(config.get("l1size", 0)), int(config["l2size"])
    lats = (config.get("l1lat", "?"), config.get("l2lat", "?"), config.get("memlat", "?"))
    return geometry_text(l2, config["l2ways"], config["line"], l1, config.get("l1ways", "?"), lats, cpu), l1, l2


def geometry_of_txt(txt):
    """(title, L1 bytes, L2 bytes) from the policies.txt that run-policies.sh wrote: its
    '# plugin:' and '# @header' lines; for runs older than those lines its '# make
    run-policies' line, with the defaults that run had (L1 32K 8-way, latencies 4/12/200,
    QEMU's default CPU model). Raises OSError when txt cannot be read, ValueError when it
    names no cache."""
    plug, make, cpu, colors = {}, {}, None, None
    with open(txt, errors="replace") as f:
        for line in f:
            if line.startswith("# plugin: "):
                plug = dict(t.split("=", 1) for t in line[len("# plugin: "):].strip().split(",") if "=" in t)
            elif line.startswith("# @header "):
                cpu = cpu_of_header(line)
            elif line.startswith("# make run-policies "):
                make = dict(t.split("=", 1) for t in line.split() if "=" in t)
            elif line.startswith("# kernel: "):
                kv = dict(t.split("=", 1) for t in line.split() if "=" in t)
                if "cache_size" in kv and "cache_ways" in kv:
                    colors = parse_size(kv["cache_size"]) // int(kv["cache_ways"]) // 4096
    if plug:
        l2, l2ways, line = parse_size(plug["l2size"]), plug.get("l2ways", "1"), plug.get("line", "64")
        l1 = parse_size(plug.get("l1size", "32K"))
        l1ways = plug.get("l1ways", "8")
        lats = (plug.get("l1lat", "4"), plug.get("l2lat", "12"), plug.get("memlat", "200"))
    elif make:
        l2, l2ways, line = parse_size(make["CACHE_SIZE"]), make["CACHE_WAYS"], make["LINE"]
        l1, l1ways, lats = parse_size(make.get("L1", "32K")), "8", ("4", "12", "200")
    else:
        raise ValueError(f"{txt}: no '# plugin:' or '# make run-policies' line")
    if cpu is None:
        cpu = ("guest CPU: QEMU's default model under TCG + tools/cachesim" +
               (f", {colors} colors" if colors else "") + " (this run's @header was not kept)")
    return geometry_text(l2, l2ways, line, l1, l1ways, lats, cpu), l1, l2


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv")
    ap.add_argument("--plots", metavar="PREFIX")
    ap.add_argument("--geometry", help="title text for the plots (default: from SIM's config line)")
    ap.add_argument("--from-csv", metavar="CSV", help="re-make the plots from this policies.csv (no LOG, SIM)")
    ap.add_argument("--policies", help="the policies asked for, comma-separated (bench_policies=)")
    ap.add_argument("--workloads", help="the workloads asked for, comma-separated (bench=)")
    ap.add_argument("--runs", type=int, help="the runs asked for per point (bench_runs=)")
    ap.add_argument("--registry", action="store_true",
                    help="print the kernel's placement policies (mm/placement/registry.h), comma-separated, and exit")
    ap.add_argument("log", nargs="?")
    ap.add_argument("sim", nargs="?")
    a = ap.parse_args(argv)
    if a.registry:
        print(",".join(POLICIES))
        return 0
    if a.from_csv:
        if not a.plots or a.log or a.csv:
            ap.error("--from-csv CSV takes --plots PREFIX and no LOG, SIM or --csv")
        txt = os.path.join(os.path.dirname(os.path.abspath(a.from_csv)), "policies.txt")
        try:
            s = read_csv_summary(a.from_csv)
            title, l1, l2 = geometry_of_txt(txt)
        except (OSError, KeyError, ValueError) as e:
            print(f"policies.py: {e}", file=sys.stderr)
            return 2
        if not s:
            print(f"policies.py: {a.from_csv}: no rows", file=sys.stderr)
            return 1
        for p in plots(s, a.plots, a.geometry or title, l1, l2):
            print(f"policies.py: wrote {p}", file=sys.stderr)
        return 0
    if not a.log or not a.sim:
        ap.error("LOG and SIM are required (or --from-csv CSV)")
    try:
        rows = report.join([(a.log, a.sim)])
        refused = refusals(a.log)
        skips, notes = kernel_notes(a.log)
    except OSError as e:
        print(f"policies.py: {e}", file=sys.stderr)
        return 2
    for line in refused:
        print(line)
    for line in notes:
        print("kernel said: " + line)
    if not rows:
        print("policies.py: no phase could be joined", file=sys.stderr)
        return 1
    t = table(rows)
    refused_names = {line.split()[1].rstrip(":") for line in refused if line.startswith("policy ")}
    pols = a.policies.split(",") if a.policies else sorted(
        {k[0] for k in t} | refused_names, key=lambda p: POLICIES.index(p) if p in POLICIES else 99)
    works = asked_workloads(a.workloads.split(",")) if a.workloads else sorted(
        {k[1] for k in t}, key=lambda w: WORKLOADS.index(w) if w in WORKLOADS else 99)
    lack = missing(t, pols, works, a.runs, refused_names, skips, notes)
    for line in lack:
        print(line)
    print_table(t, sys.stdout)
    if lack:
        print(f"incomplete: {len(lack)} asked-for configuration(s) missing from this table (lines 'missing:' above)")
    if a.csv:
        write_csv(a.csv, t)
    if a.plots:
        title, l1, l2 = geometry_of(a.sim, a.log)
        for p in plots(summarize(t), a.plots, a.geometry or title, l1, l2):
            print(f"policies.py: wrote {p}", file=sys.stderr)
    if lack:
        print(f"policies.py: {len(lack)} asked-for configuration(s) missing from the table", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
