# SPDX-License-Identifier: MIT
"""What make run's plots (tools/cachesim/plot.py: stride.png, fft.png) show,
checked on the figures plot.py returns (no boot, host only), from a new
user's trial of make run:
 - fft.png's ratio panel drew the ratio of means with a propagated error
   (-4%, 0.956 at 64 KiB) under a title saying "percent", while the summary
   and ratio.png gave the median ratio with its rank interval (0.979
   [0.875-1.000] ~): now the panel's points and bars are the summary's;
 - +-1 sd bars went below 0% (miss ratio) and below 0 cycles;
 - the cache-size names, drawn inside the plot at their line, hid the 2 MiB
   points;
 - stride.png said "% of L2 accesses", the summary "% of loads" for another
   figure: both now plot/print L2 misses per memory access and say so."""
import os
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
from matplotlib.text import Text  # noqa: E402
import pytest  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import plot  # noqa: E402
import summary  # noqa: E402

# recorded with tools/cachesim/run-model.sh --size 256K --mem 64M --cmdline "bench_max=256K seed=5"
LOG = os.path.join(ROOT, "tests", "report", "logs", "cachesim-64M-256K.log")
SIM = os.path.join(ROOT, "tests", "report", "logs", "cachesim-64M-256K.sim")


@pytest.fixture(scope="module")
def rundir(tmp_path_factory):
    """A build/run/ as run-model.sh leaves it: table.csv, raw.csv, summary.csv."""
    d = tmp_path_factory.mktemp("run")
    p = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cachesim", "report.py"), "--csv",
                        str(d / "table.csv"), "--raw", str(d / "raw.csv"), LOG, SIM], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    rc, lines = summary.summarise(LOG, SIM, str(d), False)
    assert rc == 0
    (d / "summary.txt").write_text("\n".join(lines))
    return d


def summary_rows(d):
    return {int(r["ws_bytes"]): r for r in plot.read(str(d / "summary.csv"))}


def bars(container):
    """(x, y, lower end, upper end) of each point of an errorbar container."""
    line, _, cols = container.lines
    segs = cols[0].get_segments()
    return [(x, y, min(s[0][1], s[1][1]), max(s[0][1], s[1][1]))
            for x, y, s in zip(line.get_xdata(), line.get_ydata(), segs)]


def test_fft_ratio_panel_is_the_summarys_figure(rundir, tmp_path):
    rows = plot.read(str(rundir / "table.csv"))
    fig = plot.plot_fft(rows, str(rundir / "table.csv"), str(tmp_path / "fft.png"))
    axr = fig.axes[1]
    got = bars(axr.containers[0])
    want = summary_rows(rundir)
    assert len(got) == len([w for w in want.values() if w["fft_cycles_ratio"]]) == 5
    for x, y, lo, hi in got:
        s = want[int(x)]
        assert y == pytest.approx(float(s["fft_cycles_ratio"]), rel=1e-12)
        assert lo == pytest.approx(float(s["fft_ratio_lo"]), rel=1e-12)
        assert hi == pytest.approx(float(s["fft_ratio_hi"]), rel=1e-12)
    # the printed numbers beside the points are the summary's, as printed there
    labels = {t.get_text() for t in axr.texts}
    assert {summary.fmt_r(float(s["fft_cycles_ratio"])) for s in want.values() if s["fft_cycles_ratio"]
            and abs(float(s["fft_cycles_ratio"]) - 1) >= 0.0005} <= labels
    assert not any("%" in t for t in labels)
    assert "percent" not in axr.get_title() and "ratio" in axr.get_title()
    assert "colored / uncolored" in axr.get_ylabel()
    note = fig.texts[-1].get_text().replace("\n", " ")
    assert "95% rank interval" in note and "propagated" not in note


def test_fft_ratio_without_raw_csv_is_said(rundir, tmp_path):
    import shutil
    shutil.copy2(rundir / "table.csv", tmp_path / "table.csv")
    fig = plot.plot_fft(plot.read(str(tmp_path / "table.csv")), str(tmp_path / "table.csv"), str(tmp_path / "f.png"))
    assert not fig.axes[1].containers
    assert "no raw.csv" in fig.axes[1].texts[0].get_text()


def spread_rows(bench):
    """Rows whose sd is larger than the mean: mean - sd is below zero."""
    out = []
    for color in ("on", "off"):
        for k, ws in enumerate((16384, 32768, 65536)):
            r = {"bench": bench, "pattern": "seq" if bench == "stride" else "", "color": color, "ws": str(ws),
                 "n": str(ws // 16), "cs_l2size": "65536", "cs_l2ways": "1", "cs_line": "64", "cs_l1size": "16384",
                 "cs_l1ways": "8", "cs_l1lat": "4", "cs_l2lat": "12", "cs_memlat": "200", "runs": "4",
                 "miss_per_access_mean": str(0.01 * (k + 1)), "miss_per_access_sd": "0.2",
                 "l2_miss_ratio_mean": str(0.01 * (k + 1)), "l2_miss_ratio_sd": "0.2",
                 "cycles_mean": str(1000.0 * (k + 1)), "cycles_sd": str(5000.0)}
            out.append(r)
    return out


@pytest.mark.parametrize("bench", ["stride", "fft"])
def test_sd_bars_stop_at_zero(bench, tmp_path):
    rows = spread_rows(bench)
    f = plot.plot_stride if bench == "stride" else plot.plot_fft
    fig = f(rows, str(tmp_path / "table.csv"), str(tmp_path / "p.png"))
    ax = fig.axes[0]
    assert ax.containers
    for c in ax.containers:
        for x, y, lo, hi in bars(c):
            assert lo == pytest.approx(max(0.0, lo)) and lo >= 0, (bench, x, y, lo)
            assert hi > y  # the upper arm keeps its sd
    assert "cut at 0" in fig.texts[-1].get_text().replace("\n", " ")


def test_nonneg_err():
    assert plot.nonneg_err([1.0, 5.0, 0.0], [3.0, 2.0, 1.0]) == [[1.0, 2.0, 0.0], [3.0, 2.0, 1.0]]


def size_names(fig, words):
    return [t for t in fig.findobj(Text) if t.get_visible() and words in t.get_text()]


def points_inside(fig, text):
    """Data points (display coordinates) of the figure's lines under the text's box (3 px margin)."""
    r = fig.canvas.get_renderer()
    box = text.get_window_extent(r).expanded(1, 1)
    hits = []
    for ax in fig.axes:
        for line in ax.lines:
            xy = line.get_xydata()
            if len(xy) < 2 or line.get_marker() in (None, "None", "", " "):
                continue
            for px, py in ax.transData.transform(xy):
                if box.x0 - 3 <= px <= box.x1 + 3 and box.y0 - 3 <= py <= box.y1 + 3:
                    hits.append((px, py))
    return hits


@pytest.mark.parametrize("which", ["stride", "fft"])
def test_cache_size_names_hide_no_point(which, tmp_path):
    """The L2 name was drawn down from the top of the plot at its line: over
    the 64%-miss points of the cache-sized working set."""
    d = tmp_path
    rows = []
    for color, miss in (("on", 0.0001), ("off", 0.64)):
        for pat in ("seq", "rand"):
            for k, ws in enumerate((16384, 65536, 1 << 20, 2 << 20)):
                rows.append({"bench": which, "pattern": pat if which == "stride" else "", "color": color,
                             "ws": str(ws), "n": str(ws // 16), "cs_l2size": str(2 << 20), "cs_l2ways": "1",
                             "cs_line": "64", "cs_l1size": "32768", "cs_l1ways": "8", "cs_l1lat": "4",
                             "cs_l2lat": "12", "cs_memlat": "200", "runs": "4",
                             "miss_per_access_mean": str(miss * k / 3), "miss_per_access_sd": "0.01",
                             "l2_miss_ratio_mean": str(miss * k / 3), "l2_miss_ratio_sd": "0.01",
                             "cycles_mean": str(ws / 16 * (k + 1) * 1000 * (2 if color == "off" else 1)),
                             "cycles_sd": "10"})
    f = plot.plot_stride if which == "stride" else plot.plot_fft
    fig = f(rows, str(d / "table.csv"), str(d / "p.png"))
    fig.canvas.draw()
    names = size_names(fig, "L2 2 MiB")
    assert names
    for t in names:
        assert not points_inside(fig, t), t.get_text()


def test_stride_plots_the_summarys_miss_figure(rundir, tmp_path):
    """One definition: L2 misses per memory access, in stride.png's points and
    label, the summary's table and its header."""
    rows = plot.read(str(rundir / "table.csv"))
    fig = plot.plot_stride(rows, str(rundir / "table.csv"), str(tmp_path / "stride.png"))
    ax = fig.axes[0]
    assert ax.get_ylabel() == "L2 misses (% of the stride's memory accesses)"
    want = summary_rows(rundir)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    seen = 0
    for c, words in zip(ax.containers, legend):
        pat = "seq" if words.startswith("sequential") else "rand"
        color = "off" if "uncolored" in words else "on"
        for x, y, lo, hi in bars(c):
            ws = min(want, key=lambda w: abs(w - x))  # the lines are drawn 4% apart
            assert y == pytest.approx(float(want[ws][f"stride_{pat}_{color}_miss_pct"]), rel=1e-9)
            seen += 1
    assert seen == 2 * 2 * 5
    # a point where the two definitions differ: misses per L2 access is far larger
    off = [r for r in rows if r["bench"] == "stride" and r["color"] == "off" and r["pattern"] == "rand"]
    assert any(float(r["l2_miss_ratio_mean"]) > 2 * float(r["miss_per_access_mean"]) > 0 for r in off)
    text = (rundir / "summary.txt").read_text()
    assert "L2 misses, % of accesses (stride)" in text and "% of loads" not in text


def test_alpha_plot_names_its_guest(tmp_path):
    """The Alpha kernel's @header has no CPUID keys: the plot's subtitle said
    "guest ? family None model None"; it names the emulated machine and the
    page size instead (x86's line is unchanged)."""
    row = {"cs_l2size": "2097152", "cs_l1size": "65536", "cs_l2ways": "1", "cs_l1ways": "2", "cs_line": "64",
           "cs_l1lat": "4", "cs_l2lat": "12", "cs_memlat": "200"}
    (tmp_path / "table.txt").write_text(
        "# @header version=0.6.0 arch=alpha machine=clipper hypervisor=QEMU tsc_khz=250000 cache_size=2097152 "
        "cache_ways=1 colors=256 seed=0x00000001 page_size=8192\n")
    title, l1, l2 = plot.geometry([row], str(tmp_path / "table.csv"))
    assert (l1, l2) == (65536, 2097152)
    assert "guest Alpha (clipper, 8 KiB pages) under QEMU TCG + tools/cachesim, 256 colors, seed 0x00000001" in title
    assert "None" not in title and "?" not in title
    (tmp_path / "table.txt").write_text("# @header version=0.6.0 cpu_vendor=GenuineIntel family=6 model=6 "
                                        "colors=512 seed=0x00000001\n")
    title, _, _ = plot.geometry([row], str(tmp_path / "table.csv"))
    assert "guest GenuineIntel family 6 model 6 under QEMU TCG + tools/cachesim, 512 colors" in title
