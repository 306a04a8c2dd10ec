# SPDX-License-Identifier: MIT
"""tools/pagecolor-report --plot, checked on the figure plot() returns (no
boot), from a new user's trial on a make run log under the cache model:
 - the footnote ran off both edges of the PNG;
 - +-1 sd bars went below 0 ns and below 0 mflops;
 - the ratio axis's ticks "1" and "0.8" were drawn over each other;
 - QEMU's made-up CPUID "L2 4 MiB" was marked, the cache the kernel colored
   for (the @header's cache_size, the modelled L2) was not;
 - the model table said "L2 miss" for a figure other than the summary's
   "% of loads": it now prints the summary's L2 misses per memory access."""
import importlib.machinery
import importlib.util
import io
import itertools
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.path.join(ROOT, "tools", "pagecolor-report")
# recorded with tools/cachesim/run-model.sh --size 256K --mem 64M --cmdline "bench_max=256K seed=5"
SIM_LOG = os.path.join(HERE, "logs", "cachesim-64M-256K.log")
SIM = os.path.join(HERE, "logs", "cachesim-64M-256K.sim")
LOG = os.path.join(HERE, "logs", "qemu-tcg-256M-default.log")


def load_tool():
    loader = importlib.machinery.SourceFileLoader("pagecolor_report_plot", TOOL)
    spec = importlib.util.spec_from_loader("pagecolor_report_plot", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


rep = load_tool()
sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import plot as csplot  # noqa: E402
import summary  # noqa: E402


def model_log():
    log = rep.parse_log(SIM_LOG)
    rep.add_model(log, SIM_LOG, SIM)
    assert log.get("model")
    return log


def drawn(fig):
    fig.canvas.draw()
    return fig.canvas.get_renderer()


def footnote(fig):
    return next(t for t in fig.texts if t.get_text().startswith("Error bars"))


def test_footnote_inside_the_figure_and_below_the_panels(tmp_path):
    fig = rep.plot([model_log()], str(tmp_path / "r.png"))
    r = drawn(fig)
    box = footnote(fig).get_window_extent(r)
    assert box.x0 >= 0 and box.x1 <= fig.bbox.width and box.y0 >= 0, (box, fig.bbox)
    for ax in fig.axes:
        if ax.get_label() != "" or ax.has_data():
            assert box.y1 <= ax.get_tightbbox(r).y0 + 1, ax.get_title()
    # the error-bar explanation is all there
    text = footnote(fig).get_text().replace("\n", " ")
    assert "±1 sample standard deviation" in text and "rank interval" in text and "not cache behaviour." in text


def bars(container):
    line, _, cols = container.lines
    return [(y, min(s[0][1], s[1][1])) for y, s in zip(line.get_ydata(), cols[0].get_segments())]


def test_sd_bars_stop_at_zero(tmp_path):
    log = rep.parse_log(LOG)
    for r in log["results"]:  # runs spread wider than their median: median - sd < 0
        r["stddev"] = 3 * r["median"]
    fig = rep.plot([log], str(tmp_path / "r.png"))
    ax_lat, ax_fft = fig.axes[0], fig.axes[1]
    n = 0
    for ax in (ax_lat, ax_fft):
        assert ax.containers
        for c in ax.containers:
            for y, lo in bars(c):
                assert lo >= 0 and lo == pytest.approx(max(lo, 0.0)), (ax.get_title(), y, lo)
                n += 1
    assert n > 20
    assert "cut at 0" in footnote(fig).get_text().replace("\n", " ")


def no_overlap(texts, r, gap=0.0):
    """No two texts' boxes overlap, nor come nearer than gap times a line's height."""
    boxes = [(t.get_text(), t.get_window_extent(r)) for t in texts if t.get_visible() and t.get_text().strip()]
    for (a, ba), (b, bb) in itertools.combinations(boxes, 2):
        h = gap * min(ba.height / (a.count("\n") + 1), bb.height / (b.count("\n") + 1)) / 2
        assert not ba.padded(h).overlaps(bb.padded(h)), (a, b, ba, bb)
    return len(boxes)


def test_ratio_ticks_do_not_overlap(tmp_path):
    fig = rep.plot([model_log()], str(tmp_path / "r.png"))
    r = drawn(fig)
    ax = fig.axes[2]
    lo, hi = ax.get_ylim()
    labels = [t for t, v in zip(ax.get_yticklabels(), ax.get_yticks()) if lo <= v <= hi]
    assert "1" in [t.get_text() for t in labels]
    # "0.8" sat 3-4 pixels under "1" (14-pixel labels): read as one label
    assert no_overlap(labels, r, gap=0.5) >= 3


def size_names(fig):
    return [t for ax in fig.axes for a in [ax] + ax.child_axes for t in a.get_xticklabels()
            if "(CPUID)" in t.get_text() or "colored for" in t.get_text()]


def test_marks_the_cache_coloring_targets(tmp_path):
    log = model_log()
    assert int(log["header"]["cache_size"]) == int(log["model"]["l2size"]) == 256 << 10
    fig = rep.plot([log], str(tmp_path / "r.png"))
    r = drawn(fig)
    names = [t.get_text() for t in size_names(fig)]
    assert names.count("colored for:\nmodelled L2 256 KiB") == 3, names  # one per panel
    assert "L1 32 KiB\n(CPUID)" in names
    assert "'colored for', the cache size coloring targets" in footnote(fig).get_text().replace("\n", " ")
    # the names are above the panels: no data point under one
    for t in size_names(fig):
        box = t.get_window_extent(r)
        for ax in fig.axes:
            for line in ax.lines:
                for px, py in ax.transData.transform(line.get_xydata()):
                    assert not (box.x0 <= px <= box.x1 and box.y0 <= py <= box.y1), t.get_text()


def test_colored_for_without_a_model_and_cpuid_l2():
    log = rep.parse_log(LOG)
    marks = rep.cache_marks([log])
    size = int(log["header"]["cache_size"])
    assert marks[size].startswith("colored for\n")
    l2 = next(c for c in log["caches"] if c["level"] == "L2")
    assert f"L2 {rep.size_label(l2['size'])}\n(CPUID)" in marks[l2["size"]]


def test_neighbouring_size_names_are_staggered():
    """make run's 2 MiB model on QEMU's CPUID L2 4 MiB: 'colored for' and
    'L2 4 MiB (CPUID)', one octave apart, ran into each other."""
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.set_xscale("log", base=2)
    xs = [1 << k for k in range(14, 22)]
    ax.plot(xs, [1] * len(xs), "o")
    csplot.mark_sizes(ax, [(32 << 10, "L1 32 KiB\n(CPUID)"), (2 << 20, "colored for:\nmodelled L2 2 MiB"),
                           (4 << 20, "L2 4 MiB\n(CPUID)")], xs[0], xs[-1])
    r = drawn(fig)
    texts = [t for a in ax.child_axes for t in a.get_xticklabels() if "iB" in t.get_text()]
    assert no_overlap(texts, r) == 3
    plt.close(fig)


def test_model_table_is_the_summarys_miss_figure():
    log = model_log()
    out = io.StringIO()
    rep.model_table([log], out)
    text = out.getvalue()
    assert "L2 misses, % of accesses" in text and "L2 miss colored" not in text
    rc, lines = summary.summarise(SIM_LOG, SIM, None, False)
    assert rc == 0
    got = {}
    for l in text.splitlines():
        p = l.split()
        if p[:2] in (["stride", "seq"], ["stride", "rand"]):
            got[(p[1], " ".join(p[2:4]))] = (p[4], p[5])
    n = 0
    for l in lines:  # the summary's rows: colored seq, rand, uncolored seq, rand
        if not re.match(r"\d+ [KMG]iB ", l):
            continue
        ws, row = " ".join(l.split()[:2]), l.split()[2:6]
        # the same figures: the summary prints 3 significant digits, the table 2 decimals
        for i, (pat, color) in enumerate((("seq", "on"), ("rand", "on"), ("seq", "off"), ("rand", "off"))):
            mine = float(got[(pat, ws)][0 if color == "on" else 1].rstrip("%"))
            assert mine == pytest.approx(float(row[i].rstrip("%")), abs=0.006 + 0.006 * mine), (ws, pat, color)
            n += 1
    assert n == 4 * 5
    off = next(r for r in log["results"] if r["bench"] == "stride" and r["pattern"] == "rand" and r["color"] == "off"
               and r["ws"] == 256 << 10)
    assert off["model_l2_miss_ratio"] > off["model_miss_per_access"] > 0  # two figures, now each named
    assert "model_miss_per_access" in rep.CSV_COLS
