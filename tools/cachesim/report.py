#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""report.py - join the kernel's phase labels with cachesim's counts.

usage: report.py [--csv FILE] [--raw FILE] LOG SIM [LOG SIM ...]

LOG is a kernel serial log. Every line containing
    @phase id=17 bench=stride pattern=seq color=on ws=65536 run=3
(anywhere in the line, key=value pairs, any keys; id required) labels phase
17 of that boot. A phase without a policy= key takes the name of the last
"@policy name=P status=selected" line before it (bench_policies= runs). SIM is the cachesim plugin output of the same boot
(`cachesim config ...` and `cachesim phase=17 accesses=...` lines, other
lines ignored). Give one LOG SIM pair per boot; ids only need to be unique
within a boot.

Phases are grouped by every label key except id and run (plus the cache
configuration, so runs with different caches never mix). For each group
the table gives, as mean and sample standard deviation over its phases
(runs): accesses, l2_misses, l2_miss_ratio = l2_misses / L2 accesses
(L2 accesses = l2_hits + l2_misses, i.e. the L1 misses), miss_per_access
= l2_misses / accesses, and modelled cycles.

--csv FILE writes the grouped table (one row per group: the keys, runs, then
<metric>_mean and <metric>_sd); --raw FILE writes one row per labelled
phase (with the boot's log path and its MWC seed from the @header line, so
that tools/cachesim/targets.py can tell boots apart). Warnings (labels without counts, bad lines) go to stderr.

Per level (the plugin's `cachesim level` lines, with levels= or classify=on):
when they carry the 3C split (classify=on), a second table follows, one row
per group and level: misses, compulsory, capacity, conflict (mean±sd over
the runs; compulsory + capacity + conflict = misses in every phase, conflict
signed), and --raw adds <LEVEL>_misses, _compulsory, _capacity, _conflict
columns; --levels-csv FILE writes that table as CSV.
Exit status: 0, or 1 if no phase could be joined, 2 on bad input files.
"""

import argparse
import csv
import math
import re
import sys

METRICS = ["accesses", "l2_misses", "l2_miss_ratio", "miss_per_access", "cycles"]
SIM_FIELDS = ["accesses", "loads", "stores", "l1_hits", "l1_misses",
              "l2_hits", "l2_misses", "cycles"]
LEVEL_3C = ["misses", "compulsory", "capacity", "conflict"]
CONFIG_KEYS = ["l2size", "l2ways", "line", "l1size", "l1ways",
               "l1lat", "l2lat", "memlat"]
PAIR_RE = re.compile(r"([A-Za-z_][A-Za-z0-9_.-]*)=(\S*)")


def warn(msg):
    print("report.py: " + msg, file=sys.stderr)


def pairs(text):
    """Returns the key=value pairs of text, in order, as a dict."""
    return {k: v for k, v in PAIR_RE.findall(text)}


def read_labels(path):
    """Returns {id: {key: value}} from the @phase lines of a kernel log."""
    labels = {}
    policy = None
    with open(path, errors="replace") as f:
        for n, line in enumerate(f, 1):
            if line.startswith("@policy "):
                kv = pairs(line[len("@policy "):])
                if kv.get("status") == "selected":
                    policy = kv.get("name")
                continue
            pos = line.find("@phase ")
            if pos < 0:
                continue
            kv = pairs(line[pos + len("@phase "):])
            if not kv.get("id", "").isdigit():
                warn(f"{path}:{n}: @phase line without a numeric id, ignored")
                continue
            pid = int(kv.pop("id"))
            if policy and "policy" not in kv:
                kv["policy"] = policy
            if pid in labels and labels[pid] != kv:
                warn(f"{path}:{n}: phase id {pid} labelled twice, keeping the last")
            labels[pid] = kv
    return labels


def read_seed(path):
    """Returns the MWC seed of a kernel log's @header line, or ""."""
    with open(path, errors="replace") as f:
        for line in f:
            pos = line.find("@header ")
            if pos >= 0:
                return pairs(line[pos:]).get("seed", "")
    return ""


def read_sim(path):
    """Returns (config dict, {phase id: {field: int}}) of a cachesim output;
    a phase's per-level 3C counts (classify=on) go in as "<LEVEL>_misses",
    "<LEVEL>_compulsory", ... and its level names, in order, as "_levels"."""
    config, phases, levels = {}, {}, {}
    with open(path, errors="replace") as f:
        for n, line in enumerate(f, 1):
            pos = line.find("cachesim ")
            if pos < 0:
                continue
            rest = line[pos + len("cachesim "):]
            if rest.startswith("config "):
                config = pairs(rest)
            elif rest.startswith("phase="):
                kv = pairs(rest)
                try:
                    pid = int(kv["phase"])
                    phases[pid] = {k: int(kv[k]) for k in SIM_FIELDS}
                except (KeyError, ValueError):
                    warn(f"{path}:{n}: malformed cachesim phase line, ignored")
            elif rest.startswith("level phase="):
                kv = pairs(rest)
                if "compulsory" not in kv:
                    continue
                try:
                    levels.setdefault(int(kv["phase"]), []).append(
                        (kv["level"], {k: int(kv[k]) for k in LEVEL_3C}))
                except (KeyError, ValueError):
                    warn(f"{path}:{n}: malformed cachesim level line, ignored")
    for pid, lvs in levels.items():
        if pid in phases:
            phases[pid]["_levels"] = [name for name, _ in lvs]
            for name, c in lvs:
                phases[pid].update({f"{name}_{k}": v for k, v in c.items()})
    return config, phases


def derive(c):
    """Adds the derived metrics to one phase's counts c (in place)."""
    l2_acc = c["l2_hits"] + c["l2_misses"]
    c["l2_accesses"] = l2_acc
    c["l2_miss_ratio"] = c["l2_misses"] / l2_acc if l2_acc else 0.0
    c["miss_per_access"] = c["l2_misses"] / c["accesses"] if c["accesses"] else 0.0
    return c


def mean_sd(xs):
    """Mean and sample standard deviation (0 for a single value)."""
    m = sum(xs) / len(xs)
    if len(xs) < 2:
        return m, 0.0
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def sort_key(value):
    """Sorts numbers numerically and before strings."""
    try:
        return (0, float(value), "")
    except ValueError:
        return (1, 0.0, value)


def join(files):
    """Returns the list of joined phases: dicts of labels, config, counts."""
    rows = []
    for log, sim in files:
        labels = read_labels(log)
        seed = read_seed(log)
        config, counts = read_sim(sim)
        if not config:
            warn(f"{sim}: no 'cachesim config' line")
        for pid, kv in sorted(labels.items()):
            if pid not in counts:
                warn(f"{log}: phase {pid} ({' '.join(f'{k}={v}' for k, v in kv.items())}) "
                     f"has no counts in {sim}")
                continue
            labels_ = {k: v for k, v in kv.items() if k != "run"}
            labels_.update({"cs_" + k: config.get(k, "") for k in CONFIG_KEYS})
            rows.append({"id": pid, "boot": log, "seed": seed, "run": kv.get("run", ""),
                         "labels": labels_, "counts": derive(dict(counts[pid]))})
        unlabelled = sorted(set(counts) - set(labels) - {0})
        if unlabelled:
            warn(f"{sim}: phases without @phase label, ignored: {unlabelled}")
    return rows


def group(rows):
    """Returns (key names, [(key tuple, [rows])]) sorted by key."""
    keys = []
    for r in rows:
        keys += [k for k in r["labels"] if not k.startswith("cs_") and k not in keys]
    keys += ["cs_" + k for k in CONFIG_KEYS]
    groups = {}
    for r in rows:
        groups.setdefault(tuple(r["labels"].get(k, "") for k in keys), []).append(r)
    ordered = sorted(groups.items(), key=lambda kv: [sort_key(v) for v in kv[0]])
    return keys, ordered


def fmt(mu, sd, metric):
    """mean±sd, both with the precision the mean calls for."""
    if metric in ("l2_miss_ratio", "miss_per_access"):
        return f"{mu:.4f}±{sd:.4f}"
    if abs(mu) >= 100:
        return f"{mu:.0f}±{sd:.0f}"
    return f"{mu:.1f}±{sd:.1f}"


def level_names(groups):
    """The level names (in hierarchy order) of phases with 3C counts."""
    names = []
    for _, rs in groups:
        for r in rs:
            names += [n for n in r["counts"].get("_levels", []) if n not in names]
    return names


def level_rows(keys, groups):
    """(shown keys, rows) of the per-level 3C table: one per group and level."""
    shown = [k for i, k in enumerate(keys)
             if not k.startswith("cs_") or len({g[0][i] for g in groups}) > 1]
    idx = [keys.index(k) for k in shown]
    rows = []
    for gk, rs in groups:
        for name in level_names([(gk, rs)]):
            have = [r for r in rs if f"{name}_misses" in r["counts"]]
            stats = [mean_sd([r["counts"][f"{name}_{m}"] for r in have]) for m in LEVEL_3C]
            rows.append(([gk[i] for i in idx], name, len(have), stats))
    return shown, rows


def print_levels(keys, groups, out):
    shown, rows = level_rows(keys, groups)
    if not rows:
        return
    head = shown + ["level", "runs"] + [m + " (mean±sd)" for m in LEVEL_3C]
    body = [cells + [name, str(n)] + [fmt(mu, sd, m) for (mu, sd), m in zip(stats, LEVEL_3C)]
            for cells, name, n, stats in rows]
    widths = [max(len(str(row[c])) for row in [head] + body) for c in range(len(head))]
    out.write("\nper level: misses = compulsory + capacity + conflict (3C against a fully "
              "associative LRU cache\nof the level's capacity fed the level's own accesses; "
              "conflict is signed)\n")
    for row in [head] + body:
        out.write("  ".join(str(v).rjust(w) for v, w in zip(row, widths)).rstrip() + "\n")


def write_levels_csv(path, keys, groups):
    shown, rows = level_rows(keys, groups)
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(shown + ["level", "runs"] + [f"{m}_{s}" for m in LEVEL_3C for s in ("mean", "sd")])
        for cells, name, n, stats in rows:
            w.writerow(cells + [name, n] + [repr(x) for st in stats for x in st])


def print_table(keys, groups, out):
    # Show only the cache-config columns that vary: usually none.
    shown = [k for i, k in enumerate(keys)
             if not k.startswith("cs_") or len({g[0][i] for g in groups}) > 1]
    idx = [keys.index(k) for k in shown]
    head = shown + ["runs"] + [m + " (mean±sd)" for m in METRICS]
    body = []
    for gk, rs in groups:
        cells = [gk[i] for i in idx] + [str(len(rs))]
        for m in METRICS:
            mu, sd = mean_sd([r["counts"][m] for r in rs])
            cells.append(fmt(mu, sd, m))
        body.append(cells)
    widths = [max(len(str(row[c])) for row in [head] + body) for c in range(len(head))]
    for row in [head] + body:
        out.write("  ".join(str(v).rjust(w) for v, w in zip(row, widths)).rstrip() + "\n")


def write_csv(path, keys, groups):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(keys + ["runs"] + [f"{m}_{s}" for m in METRICS for s in ("mean", "sd")])
        for gk, rs in groups:
            row = list(gk) + [len(rs)]
            for m in METRICS:
                mu, sd = mean_sd([r["counts"][m] for r in rs])
                row += [repr(mu), repr(sd)]
            w.writerow(row)


def write_raw(path, rows):
    """One row per phase: boot, seed (the boot's MWC seed from @header),
    id, run, labels, then the counts."""
    labels = []
    for r in rows:
        labels += [k for k in r["labels"] if k not in labels]
    counts = []
    for r in rows:
        counts += [k for k in r["counts"] if k not in counts and not k.startswith("_")]
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["boot", "seed", "id", "run"] + labels + counts)
        for r in rows:
            w.writerow([r["boot"], r["seed"], r["id"], r["run"]]
                       + [r["labels"].get(k, "") for k in labels]
                       + [r["counts"].get(k, "") for k in counts])


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv", help="write the grouped table as CSV")
    ap.add_argument("--raw", help="write one CSV row per labelled phase")
    ap.add_argument("--levels-csv", help="write the per-level 3C table as CSV")
    ap.add_argument("files", nargs="+", metavar="LOG SIM",
                    help="kernel serial log and cachesim output of one boot (pairs)")
    a = ap.parse_args(argv)
    if len(a.files) % 2:
        ap.error("files must come in LOG SIM pairs")
    files = list(zip(a.files[0::2], a.files[1::2]))
    try:
        rows = join(files)
    except OSError as e:
        warn(str(e))
        return 2
    if not rows:
        warn("no phase could be joined")
        return 1
    keys, groups = group(rows)
    if a.csv:
        write_csv(a.csv, keys, groups)
    if a.raw:
        write_raw(a.raw, rows)
    if a.levels_csv:
        write_levels_csv(a.levels_csv, keys, groups)
    try:
        print_table(keys, groups, sys.stdout)
        print_levels(keys, groups, sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = None  # reader went away (| head): not an error
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
