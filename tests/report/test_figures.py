# SPDX-License-Identifier: MIT
"""The figures the docs quote (docs/figures.toml, tools/figures/figures.py):
the registry and the docs name the same figures, every quoted value is in
its passage, every table of figures and every plot in the docs is covered,
the extraction reads recorded outputs, and the comparison flags a value or
a plot outside its tolerance. Seconds: no QEMU (make figures runs them)."""
import glob
import os
import re
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "figures"))
import figures as F  # noqa: E402

FIXTURE = os.path.join(ROOT, "tests", "report", "figures", "run")
DOCS = (["README.md"] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
        + sorted(glob.glob(os.path.join(ROOT, "docs", "*", "README.md")))
        + sorted(glob.glob(os.path.join(ROOT, "docs", "*", "*", "README.md")))
        + sorted(glob.glob(os.path.join(ROOT, "tools", "*", "README*"))))


def rel(p):
    return os.path.relpath(os.path.join(ROOT, p), ROOT)


@pytest.fixture(scope="module")
def registry():
    return F.load()


def test_registry_and_doc_markers_name_the_same_figures(registry):
    runs, figures, unchecked = registry
    ids = {f["id"]: f["doc"] for f in figures}
    ids.update({u["id"]: u["doc"] for u in unchecked})
    marked = {}
    for doc in DOCS:
        for fid in F.doc_markers(os.path.join(ROOT, doc)):
            assert fid not in marked, f"figure {fid} marked twice ({marked.get(fid)}, {rel(doc)})"
            marked[fid] = rel(doc)
    missing = sorted(set(ids) - set(marked))
    unknown = sorted(set(marked) - set(ids))
    assert not missing, f"in docs/figures.toml but marked in no doc: {missing}"
    assert not unknown, f"marked in a doc but not in docs/figures.toml: {unknown}"
    wrong = {i: (ids[i], marked[i]) for i in ids if ids[i] != marked[i]}
    assert not wrong, f"registry doc differs from the doc holding the marker: {wrong}"
    used = {f["run"] for f in figures} | {v["run"] for f in figures for v in f.get("values", []) if "run" in v}
    assert set(runs) == used, f"runs no figure uses: {set(runs) - used}"
    for rid, run in runs.items():
        assert run["command"].startswith("make "), f"run {rid}: a make command, as the docs give it"
        assert run.get("reference") and os.path.exists(os.path.join(ROOT, run["reference"])), rid


def test_every_quoted_value_and_plot_is_in_its_passage(registry):
    runs, figures, _ = registry
    for f in figures:
        region = F.doc_region(os.path.join(ROOT, f["doc"]), f["id"])
        assert region, f"{f['id']}: empty passage after its marker in {f['doc']}"
        commands = [runs[f["run"]]["command"]] + [runs[v["run"]]["command"] for v in f.get("values", [])
                                                   if "run" in v]
        for v in f.get("values", []):
            assert v["quoted"] in region, f"{f['id']}:{v.get('name')}: '{v['quoted']}' not in its passage"
            F.parse_quoted(str(v.get("means", v["quoted"])))
            tol = F.value_spec(f, v).get("tol")
            assert tol is not None, f"{f['id']}:{v.get('name')}: no tolerance"
        assert f.get("spread"), f"{f['id']}: the spread behind its tolerances, in words"
        if "plot" in f:
            path = os.path.relpath(os.path.join(ROOT, f["plot"]["path"]), os.path.dirname(os.path.join(ROOT, f["doc"])))
            assert path in region, f"{f['id']}: plot {path} not in its passage"
            assert os.path.exists(os.path.join(ROOT, f["plot"]["data"]))
        # the passage names the command (or the make target of it)
        target = commands[0].split()[1]
        text = open(os.path.join(ROOT, f["doc"])).read()
        assert target in text, f"{f['id']}: {f['doc']} never names make {target}"


def numeric_cell(c):
    c = re.sub(r"`[^`]*`", "", c)
    c = re.sub(r"\d+\.\d+\.\d+", "", c).strip("* ")
    if len(c) > 40:
        return False
    return bool(re.search(r"\d%|\d\.\d|\d ?±|^\d+ ?- ?\d+$|\d / \d|^\d[\d ,+]* s$", c))


def uncovered(path):
    """Tables of figures and images outside every marked passage."""
    lines = open(path).read().split("\n")
    cur, out = None, []
    for i, line in enumerate(lines):
        if F.MARKER.search(line):
            cur = F.MARKER.search(line).group(1)
            continue
        if line.startswith("#"):
            cur = None
        if cur:
            continue
        if "![" in line:
            out.append(f"{rel(path)}:{i + 1}: plot {line.strip()}")
        if line.lstrip().startswith("|---"):  # a table, also indented in a list
            j, cells = i + 1, []
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                cells += [c.strip() for c in lines[j].strip().strip("|").split("|")][1:]
                j += 1
            if any(numeric_cell(c) for c in cells):
                out.append(f"{rel(path)}:{i}: table {lines[i - 1][:60]}")
    return out


def test_every_table_of_figures_and_plot_in_the_docs_is_inventoried():
    found = [u for d in DOCS for u in uncovered(os.path.join(ROOT, d))]
    assert not found, "figures with no <!-- figure: ID --> (add them to docs/figures.toml):\n" + "\n".join(found)


def test_detector_sees_an_unmarked_table_and_plot(tmp_path):
    doc = tmp_path / "d.md"
    doc.write_text("## x\n\n| ws | misses |\n|---|---|\n| 1M | 12.5% |\n\n![p](a.png)\n\n"
                   "| parameter | default |\n|---|---|\n| bench_runs | 5 |\n\n- list:\n\n  | a | b |\n  |---|---|\n"
                   "  | x | 1.5x |\n")
    found = uncovered(str(doc))
    assert len(found) == 3 and "table" in found[0] and "plot" in found[1] and "table" in found[2], found
    doc.write_text("<!-- figure: x -->\n| ws | misses |\n|---|---|\n| 1M | 12.5% |\n![p](a.png)\n")
    assert uncovered(str(doc)) == []


def test_parse_quoted():
    assert F.parse_quoted("12.5%") == (12.5, 12.5)
    assert F.parse_quoted("1250-1264") == (1250, 1264)
    assert F.parse_quoted("16.3-16.4") == (16.3, 16.4)
    assert F.parse_quoted("48.2M") == (48.2, 48.2)
    assert F.parse_quoted("0.00") == (0.0, 0.0)
    with pytest.raises(ValueError):
        F.parse_quoted("none")


def test_extraction_kinds_on_recorded_outputs():
    # table.csv, targets.txt, copy.csv: excerpts of recorded runs in docs/cachesim/
    v = F.extract({"file": "table.csv", "where": {"bench": "stride", "pattern": "seq", "color": "off", "ws": 262144},
                   "col": "l2_miss_ratio_mean", "scale": 100}, FIXTURE)
    assert v[0] == pytest.approx(12.5133, abs=1e-3) and v[0] == v[1]
    r = F.extract({"kind": "csv_ratio", "file": "table.csv", "col": "cycles_mean",
                   "num": {"bench": "fft", "color": "on", "ws": 524288},
                   "den": {"bench": "fft", "color": "off", "ws": 524288}}, FIXTURE)
    assert r[0] == pytest.approx(22709587.2 / 32884147.2)
    lo, hi = F.extract({"kind": "csv_range", "file": "copy.csv", "col": "cycles_per_kib",
                        "where": {"strategy": "sse2", "dst_align": [0, 8]}}, FIXTURE)
    assert (lo, hi) == (pytest.approx(1249.597), pytest.approx(1263.612))
    m = F.extract({"kind": "regex", "file": "targets.txt",
                   "pattern": r"stride rand: uncolored miss ratio at ws = 256 KiB.*?mean ([0-9.]+)%"}, FIXTURE)
    assert m == (11.64, 11.64)
    assert F.extract({"kind": "regex", "file": "targets.txt", "pattern": r"ws=2048K: ([0-9.]+)"}, FIXTURE)[0] == 0.554
    with pytest.raises(LookupError):
        F.extract({"file": "table.csv", "where": {"bench": "stride", "ws": 1}, "col": "cycles_mean"}, FIXTURE)
    with pytest.raises(LookupError):  # two rows where one is meant
        F.extract({"file": "table.csv", "where": {"bench": "fft"}, "col": "cycles_mean"}, FIXTURE)
    with pytest.raises(LookupError):
        F.extract({"kind": "regex", "file": "targets.txt", "pattern": "no such line"}, FIXTURE)


def test_judge_and_tolerance():
    assert F.judge((12.5, 12.5), (26.2, 26.2), "13.7")
    assert not F.judge((12.5, 12.5), (26.3, 26.3), "13.7")
    assert F.judge((2206, 2206), (2228, 2228), "1%")
    assert not F.judge((2206, 2206), (2229, 2229), "1%")
    assert F.judge((1250, 1264), (1249.6, 1263.6), "1%")
    assert not F.judge((1250, 1264), (1250, 1300), "1%")
    assert not F.judge((0, 0), (1, 1), "0")


def test_every_quoted_figure_agrees_with_its_recorded_output(tmp_path, capsys):
    """The docs' numbers against the outputs they were read from (docs/cachesim/...)."""
    runs, figures, unchecked = F.load()
    rc = F.cmd_check(runs, figures, str(tmp_path), reference=True)
    out = capsys.readouterr().out
    assert rc == 0, "\n".join(l for l in out.splitlines() if "holds" not in l)
    n = sum(len(f.get("values", [])) + ("plot" in f) for f in figures)
    assert f"{n} of {n} hold" in out


def reference_copy(tmp_path, runs, run):
    out = tmp_path / "out"
    shutil.copytree(os.path.join(ROOT, runs[run]["reference"]), out / "runs" / run)
    return out


def test_check_flags_a_value_outside_its_tolerance(tmp_path, capsys):
    runs, figures, _ = F.load()
    figs = F.select(figures, "fft-2M")
    out = reference_copy(tmp_path, runs, "cachesim-2M")
    assert F.cmd_check(runs, figs, str(out)) == 0
    table = out / "runs" / "cachesim-2M" / "table.csv"
    text = table.read_text()
    # colored FFT cycles at 2 MiB: 126200316 -> 0.56 of the uncolored; 5% more is outside 0.012
    assert ",126200316.0," in text
    table.write_text(text.replace(",126200316.0,", ",132510331.8,"))
    capsys.readouterr()
    assert F.cmd_check(runs, figs, str(out)) == 1
    lines = capsys.readouterr().out.splitlines()
    bad = [l for l in lines if l.startswith("fft-2M:ratio-2M")]
    assert bad and bad[0].endswith("DIFFERS") and "0.5878" in bad[0]
    plot = [l for l in lines if "2M-1way-64B_fft.png" in l]
    assert plot and plot[0].endswith("DIFFERS") and "on/2097152 cycles_mean" in plot[0]
    assert [l for l in lines if l.startswith("fft-2M:ratio-512K")][0].endswith("holds")


def test_check_without_a_run_says_so_and_fails(tmp_path, capsys):
    runs, figures, _ = F.load()
    assert F.cmd_check(runs, F.select(figures, "interfere"), str(tmp_path)) == 1
    out = capsys.readouterr().out
    assert "NO DATA" in out and "make figures FIGURES=interfere" in out
    with pytest.raises(F.RegistryError, match="unknown figure id"):
        F.select(figures, "interfere,nosuch")


def test_make_help_and_usage_name_the_targets():
    helptext = subprocess.run(["make", "-s", "-C", ROOT, "help"], capture_output=True, text=True).stdout
    usage = open(os.path.join(ROOT, "docs", "usage.md")).read()
    hacking = open(os.path.join(ROOT, "docs", "hacking.md")).read()
    for t in ("make figures ", "make figures-check"):
        assert t in helptext
        assert t.strip() in usage
    assert "docs/figures.toml" in hacking
