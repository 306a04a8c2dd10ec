#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""figures.py - regenerate the figures the docs quote and compare them.

usage: /usr/bin/python3 tools/figures/figures.py run [--only ID,ID] [--out DIR] [--keep]
       /usr/bin/python3 tools/figures/figures.py check [--only ID,ID] [--out DIR] [--reference]
       /usr/bin/python3 tools/figures/figures.py list

The registry is docs/figures.toml. It names *runs* (a command, the
directory the command writes, its rough duration) and *figures* (a doc, the
run behind it, the values quoted with how to read each from the run's files
and the tolerance the doc's stated spread allows; or a plot, the CSV behind
it and how to re-make it). In the docs, `<!-- figure: ID -->` stands before
the passage that quotes figure ID (an HTML comment: invisible when rendered).

run:   runs the commands of the selected figures, one at a time, and copies
       each run's directory to OUT/runs/RUN/ (OUT: build/figures); the
       command's output goes to OUT/runs/RUN.log. --keep: a run that
       already succeeded there is not repeated.
check: reads the values from OUT/runs/, writes OUT/values.csv and
       OUT/values.json, re-makes the plots in OUT/plots/, and prints one line
       per value: figure, quoted, now, verdict (holds | DIFFERS | NO DATA).
       Exit status 0 when every value holds, 1 when one differs or has no
       data, 2 on a bad registry or argument. --reference: read the recorded
       outputs in docs/ the quotes came from (each run's `reference`).
Tolerance: `tol` is absolute in the quoted unit ("0.05"), or relative with a
percent sign ("10%"). A quoted range "a-b" holds when the regenerated range
lies within [a - tol, b + tol].
"""

import argparse
import csv
import json
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
REGISTRY = os.path.join(ROOT, "docs", "figures.toml")
# a marker quoted in backticks (docs/hacking.md explains them) is not one
MARKER = re.compile(r"(?<!`)<!--\s*figure:\s*([A-Za-z0-9_.-]+)\s*-->")


class RegistryError(Exception):
    """A registry entry that cannot be used (names the entry and field)."""


def load(path=REGISTRY):
    """Read the registry; returns (runs: dict id -> run, figures: list,
    unchecked: list of the figures inventoried but not yet regenerated)."""
    with open(path, "rb") as f:
        reg = tomllib.load(f)
    runs = reg.get("run", {})
    figures = reg.get("figure", [])
    unchecked = reg.get("unchecked", [])
    seen = set()
    for u in unchecked:
        for key in ("id", "doc", "command", "reason"):
            if key not in u:
                raise RegistryError(f"unchecked {u.get('id', '?')}: no '{key}'")
        if u["id"] in seen:
            raise RegistryError(f"unchecked {u['id']}: id given twice")
        seen.add(u["id"])
    for fig in figures:
        fid = fig.get("id")
        if not fid:
            raise RegistryError("a [[figure]] without id")
        if fid in seen:
            raise RegistryError(f"figure {fid}: id given twice")
        seen.add(fid)
        for key in ("doc", "run"):
            if key not in fig:
                raise RegistryError(f"figure {fid}: no '{key}'")
        if fig["run"] not in runs:
            raise RegistryError(f"figure {fid}: run '{fig['run']}' is not a [run.*] entry")
        if "values" not in fig and "plot" not in fig:
            raise RegistryError(f"figure {fid}: neither 'values' nor 'plot'")
    for rid, run in runs.items():
        for key in ("command", "outdir"):
            if key not in run:
                raise RegistryError(f"run {rid}: no '{key}'")
    return runs, figures, unchecked


# ---- reading values ---------------------------------------------------------

def parse_quoted(text):
    """A quoted figure as the doc writes it -> (lo, hi) floats.

    '12.5%' -> (12.5, 12.5); '1250-1264' -> (1250, 1264); '0.69' -> ...;
    '14 of 14' -> (14, 14). Raises ValueError when no number is in it."""
    nums = re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", text.replace(",", ""))
    if not nums:
        raise ValueError(f"no number in quoted figure '{text}'")
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)\s*%?\s*", text)
    if m:
        return float(m.group(1)), float(m.group(2))
    v = float(nums[0])
    return v, v


def _match(row, where):
    for key, want in where.items():
        got = row.get(key)
        if isinstance(want, list):
            if not any(_same(got, w) for w in want):
                return False
        elif not _same(got, want):
            return False
    return True


def _same(got, want):
    if got is None:
        return False
    if isinstance(want, (int, float)) and not isinstance(want, bool):
        try:
            return float(got) == float(want)
        except ValueError:
            return False
    return got == str(want)


def _rows(path, where):
    with open(path, newline="") as f:
        rows = [r for r in csv.DictReader(f) if _match(r, where)]
    if not rows:
        raise LookupError(f"{os.path.basename(path)}: no row with {where}")
    return rows


INHERITED = ("kind", "file", "col", "scale", "tol", "pattern")


def value_spec(fig, v):
    """A value's spec with the figure's defaults (kind, file, col, scale, tol,
    pattern; `where`, `num` and `den` merged key by key) filled in."""
    spec = {k: fig[k] for k in INHERITED if k in fig}
    spec.update(v)
    for key in ("where", "num", "den"):
        if key in fig or key in v:
            spec[key] = {**fig.get(key, {}), **v.get(key, {})}
    return spec


def extract(spec, rundir):
    """One value's spec (a table of the registry) read from a run's files.

    Returns (lo, hi): equal unless the spec is a range. Kinds:
      csv:       file, where, col [, scale]: the one row matching `where`
      csv_ratio: file, num, den, col: col of row `num` / col of row `den`
      csv_range: file, where, col [, scale]: (min, max) over matching rows
      regex:     file, pattern [, group, scale]: the first match's group
    Raises LookupError (no such row or match) or OSError (no file)."""
    kind = spec.get("kind", "csv")
    path = os.path.join(rundir, spec["file"])
    scale = float(spec.get("scale", 1))
    if kind == "csv":
        rows = _rows(path, spec["where"])
        if len(rows) > 1:
            raise LookupError(f"{spec['file']}: {len(rows)} rows with {spec['where']}, want one")
        v = float(rows[0][spec["col"]]) * scale
        return v, v
    if kind == "csv_ratio":
        num = _rows(path, spec["num"])
        den = _rows(path, spec["den"])
        if len(num) != 1 or len(den) != 1:
            raise LookupError(f"{spec['file']}: ratio needs one row each for {spec['num']} and {spec['den']}")
        v = float(num[0][spec["col"]]) / float(den[0][spec["col"]]) * scale
        return v, v
    if kind == "csv_range":
        vals = [float(r[spec["col"]]) * scale for r in _rows(path, spec["where"])]
        return min(vals), max(vals)
    if kind == "regex":
        with open(path, errors="replace") as f:
            m = re.search(spec["pattern"], f.read(), re.M)
        if not m:
            raise LookupError(f"{spec['file']}: no match for /{spec['pattern']}/")
        v = float(m.group(int(spec.get("group", 1)))) * scale
        return v, v
    raise RegistryError(f"unknown kind '{kind}'")


def tolerance(tol, quoted):
    """Allowed distance for a quoted value: tol '0.05' absolute, '10%' relative."""
    tol = str(tol).strip()
    if tol.endswith("%"):
        return abs(quoted) * float(tol[:-1]) / 100.0
    return float(tol)


def judge(quoted, now, tol):
    """True when the regenerated (lo, hi) agrees with the quoted (lo, hi)."""
    qlo, qhi = quoted
    nlo, nhi = now
    return (abs(nlo - qlo) <= tolerance(tol, qlo) + 1e-12
            and abs(nhi - qhi) <= tolerance(tol, qhi) + 1e-12)


def fmt(pair):
    lo, hi = pair
    f = (lambda v: f"{v:.4g}")
    return f(lo) if lo == hi else f"{f(lo)}-{f(hi)}"


# ---- plots ------------------------------------------------------------------

def compare_plot(fig, rundir):
    """The CSV behind a doc's plot against the regenerated one.

    plot.checks: a list of {where, cols, tol} (one check: the plot's own
    where, cols, tol). Returns (points compared, points outside tolerance,
    the first one outside)."""
    p = fig["plot"]
    key = p["key"]
    n = bad = 0
    worst = ""
    for chk in p.get("checks", [p]):
        where = {**p.get("where", {}), **chk.get("where", {})}
        docrows = _rows(os.path.join(ROOT, p["data"]), where)
        newrows = {tuple(r[k] for k in key): r for r in _rows(os.path.join(rundir, p["file"]), where)}
        for r in docrows:
            k = tuple(r[c] for c in key)
            new = newrows.get(k)
            for col in chk["cols"]:
                n += 1
                if new is None:
                    bad += 1
                    worst = worst or f"{'/'.join(k)} missing"
                    continue
                a, b = float(r[col]), float(new[col])
                if abs(a - b) > tolerance(chk.get("tol", "0"), a) + 1e-12:
                    bad += 1
                    worst = worst or f"{'/'.join(k)} {col} {a:.4g} -> {b:.4g}"
    return n, bad, worst


def regen_plot(fig, rundir, out):
    cmd = fig["plot"].get("regen")
    if not cmd:
        return None
    plots = os.path.join(out, "plots")
    os.makedirs(plots, exist_ok=True)
    cmd = cmd.format(run=rundir, plots=plots, python=sys.executable)
    r = subprocess.run(cmd, shell=True, cwd=ROOT, capture_output=True, text=True)
    return r.returncode


# ---- commands -----------------------------------------------------------------

def select(figures, only):
    if not only:
        return figures
    want = [s for s in only.split(",") if s]
    ids = {f["id"] for f in figures}
    unknown = [w for w in want if w not in ids]
    if unknown:
        raise RegistryError(f"FIGURES=: unknown figure id(s) {', '.join(unknown)}; "
                            f"'tools/figures/figures.py list' lists them")
    return [f for f in figures if f["id"] in want]


def cmd_run(runs, figures, out, keep=False):
    needed = []
    for f in figures:
        for rid in [f["run"]] + [v["run"] for v in f.get("values", []) if "run" in v]:
            if rid not in needed:
                needed.append(rid)
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    failed = 0
    for rid in needed:
        run = runs[rid]
        log = os.path.join(out, "runs", rid + ".log")
        done = os.path.join(out, "runs", rid, "figures-run.txt")
        if keep and os.path.exists(done) and "exit: 0" in open(done).read():
            print(f"figures: run {rid}: kept from an earlier run ({os.path.dirname(done)})", flush=True)
            continue
        print(f"figures: run {rid}: {run['command']} (about {run.get('minutes', '?')} min)", flush=True)
        t0, c0 = time.monotonic(), os.times()
        # what an earlier command left there must not pass for this one's output
        src = os.path.join(ROOT, run["outdir"])
        if os.path.relpath(src, ROOT).startswith("build" + os.sep):
            if os.path.isdir(src):
                shutil.rmtree(src)
            elif os.path.isfile(src):
                os.remove(src)
        # the command as the doc gives it: no variables of an enclosing make
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
        with open(log, "w") as lf:
            r = subprocess.run(run["command"], shell=True, cwd=ROOT, stdout=lf, stderr=subprocess.STDOUT, env=env)
        took, c1 = time.monotonic() - t0, os.times()
        cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
        dest = os.path.join(out, "runs", rid)
        shutil.rmtree(dest, ignore_errors=True)
        if run["outdir"] == "stdout":  # what the command printed (make bench-host)
            os.makedirs(dest)
            shutil.copy(log, os.path.join(dest, "stdout.txt"))
        elif os.path.isdir(src):
            shutil.copytree(src, dest)
        else:  # a run that writes one file (make run: build/run.log)
            os.makedirs(dest)
            if os.path.isfile(src):
                shutil.copy(src, dest)
        with open(os.path.join(dest, "figures-run.txt"), "w") as f:
            f.write(f"command: {run['command']}\nexit: {r.returncode}\nwall_s: {took:.0f}\ncpu_s: {cpu:.0f}\n")
        print(f"figures: run {rid}: exit {r.returncode}, {took:.0f} s wall, {cpu:.0f} s CPU (output: {log})", flush=True)
        failed += r.returncode != 0
    return failed


def rundir_of(runs, fig, v, out, reference):
    """Where a value's run left its files: OUT/runs/RUN, or with reference,
    the recorded output in docs/ the doc quoted (the value's, the figure's,
    or the run's `reference`)."""
    run = v.get("run", fig["run"])
    if reference:
        ref = v.get("reference") or (fig.get("reference") if "run" not in v else None) \
            or runs[run].get("reference")
        if not ref:
            raise LookupError(f"run '{run}' has no reference output in docs/")
        return os.path.join(ROOT, ref)
    d = os.path.join(out, "runs", run)
    if not os.path.isdir(d):
        raise LookupError(f"no run '{run}' in {out}/runs (make figures FIGURES={fig['id']})")
    return d


def cmd_check(runs, figures, out, reference=False, unchecked=()):
    rows = []
    plots = []
    for fig in figures:
        for i, v in enumerate(fig.get("values", [])):
            name = f"{fig['id']}:{v.get('name', i)}"
            v = value_spec(fig, v)
            # `means`: the number a quote in words stands for ("on every load": 100)
            quoted = parse_quoted(str(v.get("means", v["quoted"])))
            try:
                d = rundir_of(runs, fig, v, out, reference)
                if os.path.isfile(d):  # a recorded log: the one file the values read
                    d, v = os.path.dirname(d), dict(v, file=os.path.basename(d))
                now = extract(v, d)
                verdict = "holds" if judge(quoted, now, v.get("tol", "0")) else "DIFFERS"
                nowtxt = fmt(now)
            except (LookupError, OSError, KeyError, ValueError) as e:
                now, verdict, nowtxt = None, "NO DATA", str(e)
            rows.append({"figure": name, "doc": fig["doc"], "quoted": v["quoted"],
                         "tol": str(v.get("tol", "0")), "now": nowtxt, "verdict": verdict})
        if "plot" in fig:
            try:
                rundir = rundir_of(runs, fig, {}, out, reference)
                rc = None if reference else regen_plot(fig, rundir, out)
                n, bad, worst = compare_plot(fig, rundir)
                verdict = "holds" if bad == 0 else "DIFFERS"
                now = f"{n - bad} of {n} points agree" + (f"; first: {worst}" if worst else "")
                if rc:
                    now += f"; re-plot exit {rc}"
            except (LookupError, OSError, KeyError, ValueError) as e:
                verdict, now = "NO DATA", str(e)
            plots.append({"figure": fig["id"], "doc": fig["doc"], "quoted": fig["plot"]["path"],
                          "tol": "", "now": now, "verdict": verdict})
    allrows = rows + plots
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "values.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["figure", "doc", "quoted", "tol", "now", "verdict"])
        w.writeheader()
        w.writerows(allrows)
    with open(os.path.join(out, "values.json"), "w") as f:
        json.dump(allrows, f, indent=1)
    width = max([len(r["figure"]) for r in allrows] + [6])
    print(f"{'figure':<{width}}  {'quoted':>14}  {'tol':>6}  {'now':>14}  verdict")
    for r in allrows:
        print(f"{r['figure']:<{width}}  {r['quoted']:>14}  {r['tol']:>6}  {r['now']:>14}  {r['verdict']}")
    bad = [r for r in allrows if r["verdict"] != "holds"]
    print(f"figures-check: {len(allrows) - len(bad)} of {len(allrows)} hold"
          + (f"; {sum(r['verdict'] == 'DIFFERS' for r in bad)} differ, "
             f"{sum(r['verdict'] == 'NO DATA' for r in bad)} without data" if bad else "")
          + f" (table: {os.path.relpath(os.path.join(out, 'values.csv'), ROOT)})")
    for u in unchecked:
        print(f"figures-check: not regenerated: {u['id']} ({u['doc']}; {u['command']}): {u['reason']}")
    return 1 if bad else 0


def doc_markers(path):
    """Figure ids marked in one doc (`<!-- figure: ID -->`), in order."""
    with open(path) as f:
        return MARKER.findall(f.read())


def doc_region(path, fid):
    """The doc's text from figure ID's marker to the next marker or heading."""
    with open(path) as f:
        text = f.read()
    m = re.search(r"(?<!`)<!--\s*figure:\s*" + re.escape(fid) + r"\s*-->", text)
    if not m:
        return None
    rest = text[m.end():]
    end = re.search(r"(?<!`)<!--\s*figure:|^#", rest, re.M)
    return rest[:end.start()] if end else rest


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cmd", choices=["run", "check", "list"])
    ap.add_argument("--only", default=os.environ.get("FIGURES", ""),
                    help="comma-separated figure ids (make figures FIGURES=id,id)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "figures"))
    ap.add_argument("--registry", default=REGISTRY)
    ap.add_argument("--keep", action="store_true", default=os.environ.get("KEEP") == "1",
                    help="run: keep the runs that already succeeded in OUT/runs (make figures KEEP=1)")
    ap.add_argument("--reference", action="store_true",
                    help="check: read the recorded outputs in docs/ the doc quoted, not OUT/runs")
    a = ap.parse_args(argv)
    try:
        runs, figures, unchecked = load(a.registry)
        if a.only:
            unchecked = []
        figures = select(figures, a.only)
    except (RegistryError, tomllib.TOMLDecodeError, OSError) as e:
        print(f"figures: {e}", file=sys.stderr)
        return 2
    if a.cmd == "list":
        for f in figures:
            run = runs[f["run"]]
            n = len(f.get("values", [])) + ("plot" in f)
            print(f"{f['id']:<28} {f['doc']:<26} {n:3} value(s)  {run['command']}")
        for u in unchecked:
            print(f"{u['id']:<28} {u['doc']:<26} not regenerated  {u['command']}")
        used = {r for f in figures for r in [f["run"]] + [v["run"] for v in f.get("values", []) if "run" in v]}
        total = sum(float(runs[r].get("minutes", 0)) for r in used)
        print(f"figures: {len(figures)} figures from {len(used)} runs, "
              f"about {total:g} min on an idle 2-core host")
        return 0
    if a.cmd == "run":
        return 1 if cmd_run(runs, figures, a.out, a.keep) else 0
    return cmd_check(runs, figures, a.out, a.reference, unchecked)


if __name__ == "__main__":
    sys.exit(main())
