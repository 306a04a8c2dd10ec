# SPDX-License-Identifier: MIT
"""Tests of tools/pagecolor-report on logs kept under tests/report/logs/
(recorded from `make run`: qemu-tcg-256M-default.log with QEMU's default CPU,
qemu-tcg-256M-epyc.log with -cpu EPYC; tools/make/run-qemu.sh --log)."""
import csv
import importlib.machinery
import importlib.util
import json
import math
import os
import re
import subprocess

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TOOL = os.path.join(ROOT, "tools", "pagecolor-report")
LOG = os.path.join(HERE, "logs", "qemu-tcg-256M-default.log")
LOG2 = os.path.join(HERE, "logs", "qemu-tcg-256M-epyc.log")


def load_tool():
    loader = importlib.machinery.SourceFileLoader("pagecolor_report", TOOL)
    spec = importlib.util.spec_from_loader("pagecolor_report", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


rep = load_tool()


def run(*args):
    return subprocess.run(["/usr/bin/python3", TOOL, *args], capture_output=True, text=True)


def raw_records(path, tag):
    """The @tag lines, parsed here independently of the tool."""
    out = []
    for line in open(path):
        if line.startswith(f"@{tag} "):
            out.append(dict(t.split("=", 1) for t in line.split()[1:] if "=" in t))
    return out


def raw_results(path):
    return [r for r in raw_records(path, "result") if "bench" in r]


def raw_ratio(path, pattern, ws):
    return [r for r in raw_records(path, "ratio") if r.get("pattern") == pattern and r["ws"] == str(ws)][0]


def test_parse_matches_the_log():
    log = rep.parse_log(LOG)
    raw = raw_results(LOG)
    assert len(log["results"]) == len(raw) == 62  # stride 2 x 11 sizes x 2 modes, FFT 9 sizes x 2
    assert len(log["ratios"]) == 31
    assert log["header"]["tsc_khz"] == 2596131 and log["header"]["version"] == "0.2.0"
    assert log["cpu"]["brand"] == "QEMU Virtual CPU version 2.5+"
    assert [(c["level"], c["type"], c["size"], c["ways"]) for c in log["caches"]] == [
        ("L1", "data", 32768, 8), ("L1", "instruction", 32768, 8), ("L2", "unified", 4 << 20, 16),
        ("L3", "unified", 16 << 20, 16)]
    assert log["final"]["status"] == "ok" and not log["warnings"]
    for r, q in zip(log["results"], raw):
        assert r["median"] == float(q["median"]) and r["color"] == q["color"] and r["ws"] == int(q["ws"])


def test_mflops_and_ratio_columns():
    log = rep.parse_log(LOG)
    fft = [r for r in log["results"] if r["bench"] == "fft" and r["n"] == 1024 and r["color"] == "on"][0]
    # 5 N log2 N / (median cycles / tsc kHz in microseconds)
    us = fft["median"] / 2596131 * 1000
    assert fft["mflops"] == pytest.approx(5 * 1024 * 10 / us)
    assert 50 < fft["mflops"] < 200  # TCG on the recording machine: about 92
    seq = [r for r in log["results"] if r.get("pattern") == "seq" and r["ws"] == 32768]
    assert {r["color"] for r in seq} == {"on", "off"}
    q = raw_ratio(LOG, "seq", 32768)
    for r in seq:  # the @ratio record of the point, on both rows
        assert (r["ratio"], r["ratio_lo"], r["ratio_hi"], r["includes_one"]) == (
            float(q["ratio"]), float(q["lo"]), float(q["hi"]), q["includes_one"])
    assert seq[0]["ns_per_load"] == seq[0]["ns_median"]


def test_csv_and_json(tmp_path):
    c, j, p = tmp_path / "out.csv", tmp_path / "out.json", tmp_path / "out.png"
    r = run(LOG, "--csv", str(c), "--json", str(j), "--plot", str(p))
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(open(c)))
    assert len(rows) == 62 and rows[0].keys() >= {"ws_bytes", "median", "mflops", "ratio_lo"}
    first = rows[0]
    assert (first["bench"], first["pattern"], first["ws_bytes"], first["color"]) == ("stride", "seq", "4096", "on")
    assert float(first["median"]) == float(raw_results(LOG)[0]["median"]) == 8.439
    data = json.load(open(j))
    assert len(data["logs"]) == 1 and len(data["logs"][0]["results"]) == 62
    assert p.stat().st_size > 50000  # a real figure, not an empty canvas


def test_plot_stands_alone(tmp_path):
    fig = rep.plot([rep.parse_log(LOG)], str(tmp_path / "p.png"))
    lat, fft, ratio = fig.axes[:3]
    assert "bytes" in lat.get_xlabel() and "(ns)" in lat.get_ylabel()
    assert "mflops" in fft.get_ylabel() and "µs" in fft.get_ylabel()
    assert "colored / uncolored" in ratio.get_ylabel()
    title = fig._suptitle.get_text()
    assert "QEMU Virtual CPU" in title and "L2u 4 MiB 16-way" in title and "256 colors" in title
    legend = [t.get_text() for t in lat.get_legend().get_texts()]
    assert "sequential order, colored" in legend and "random order, uncolored" in legend
    assert not any("color=" in t or "pattern=" in t for t in legend)
    # cache sizes marked: L1 32 KiB and L2 4 MiB lie in the 4 KiB..4 MiB range
    marks = [t.get_text().strip() for a in lat.child_axes for t in a.get_xticklabels()]
    assert "L1 32 KiB\n(CPUID)" in marks and "L2 4 MiB\n(CPUID)" in marks
    notes = " ".join(t.get_text() for t in fig.texts)
    assert "standard deviation" in notes and "95%" in notes


def test_two_logs_are_compared(tmp_path):
    c = tmp_path / "both.csv"
    r = run(LOG, LOG2, "--csv", str(c), "--plot", str(tmp_path / "both.png"))
    assert r.returncode == 0, r.stderr
    assert "AMD EPYC Processor" in r.stdout and "QEMU Virtual CPU" in r.stdout
    row = [l for l in r.stdout.splitlines() if l.startswith("stride seq 32 KiB ")][0]
    q = raw_ratio(LOG, "seq", 32768)
    assert f"{q['ratio']} [{q['lo']}-{q['hi']}]" in row and len(re.findall(r"\d\.\d{3} \[", row)) == 2
    rows = list(csv.DictReader(open(c)))
    assert {x["log"] for x in rows} == {"qemu-tcg-256M-default", "qemu-tcg-256M-epyc"} and len(rows) == 124


def test_serial_capture_with_crlf_escapes_and_noise(tmp_path):
    """A PC's capture (picocom): CRLF, terminal escapes, GRUB's menu before
    the banner. Made here from the kept log, so the figures must match."""
    text = open(LOG2).read()
    noisy = "\x1b[2J\x1b[1;1HGNU GRUB  version 2.06\r\n*pagecolor benchmarks\r\n" + \
        text.replace("\n", "\r\n").replace("@result", "\x1b[0m@result", 3)
    p = tmp_path / "pc.log"
    p.write_bytes(noisy.encode())
    a, b = rep.parse_log(LOG2), rep.parse_log(str(p))
    assert a["results"] == b["results"] and a["header"] == b["header"] and a["caches"] == b["caches"]


def test_bad_and_incomplete_logs(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("hello\n")
    r = run(str(bad))
    assert r.returncode == 2 and "not a pagecolor log" in r.stderr
    r = run(str(tmp_path / "missing.log"))
    assert r.returncode == 2 and "missing.log" in r.stderr
    cut = tmp_path / "cut.log"
    lines = open(LOG).read().splitlines()
    cut.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    r = run(str(cut))
    assert r.returncode == 0 and "incomplete log" in r.stderr
    assert "stride seq 4 KiB" in r.stdout


def test_counter_records_join_their_results(tmp_path):
    """@pmu lines (a PC with counters; QEMU has none, so they are added here
    to a kept log after the @result they belong to) land in the CSV."""
    out = []
    for line in open(LOG):
        out.append(line)
        if line.startswith("@result bench=stride pattern=rand ws=65536 color=off"):
            out.append("@pmu bench=stride pattern=rand ws=65536 color=off runs=5 refs=8200 misses=410 cycles=99000\n")
    p = tmp_path / "pmu.log"
    p.write_text("".join(out))
    log = rep.parse_log(str(p))
    with_pmu = [r for r in log["results"] if r["llc_refs"] is not None]
    assert len(with_pmu) == 1 and (with_pmu[0]["llc_refs"], with_pmu[0]["llc_misses"]) == (8200, 410)
    assert with_pmu[0]["color"] == "off" and with_pmu[0]["ws"] == 65536
    assert rep.parse_log(LOG)["perfmon"] == {"status": "none"}


FRAG_LOG = os.path.join(HERE, "logs", "qemu-tcg-64M-frag.log")  # make run MEM=64M CMDLINE="bench=frag bench_runs=1 seed=5"


def test_log_without_stride_or_fft_is_said_not_a_crash(tmp_path):
    """An opt-in benchmark's log (bench=frag) has no stride or FFT points: the
    tool says so and exits 2 (it crashed with KeyError 'ws' on such logs, and
    wrote empty panels with --plot), with or without outputs."""
    log = rep.parse_log(FRAG_LOG)
    assert log["results"] == [] and log["other"] == {"frag": 64, "page_test": 2}
    for extra in ([], ["--csv", str(tmp_path / "o.csv"), "--plot", str(tmp_path / "o.png")]):
        r = run(FRAG_LOG, *extra)
        assert r.returncode == 2, r
        assert "no stride or FFT results (other @result records: bench=frag (64 records), " \
               "bench=page_test (2 records))" in r.stderr
        assert "Traceback" not in r.stderr
    assert not (tmp_path / "o.png").exists()
    # a stride/FFT log next to it is still tabulated; the frag log is named
    r = run(LOG, FRAG_LOG)
    assert r.returncode == 0 and "qemu-tcg-64M-frag.log: no stride or FFT results" in r.stderr


def test_output_into_head_ends_quietly():
    """A reader that stops early (`pagecolor-report log | head -3`) ends the
    tool quietly; it printed a BrokenPipeError traceback (new-user trial)."""
    # the reader (true) is gone before the tool's first write
    p = subprocess.run(f"/usr/bin/python3 {TOOL} {LOG} {LOG2} | true; "
                       f"/usr/bin/python3 {TOOL} {LOG} {LOG2} | head -1",
                       shell=True, capture_output=True, text=True)
    assert p.returncode == 0 and len(p.stdout.splitlines()) == 1, p
    assert "Traceback" not in p.stderr and "BrokenPipe" not in p.stderr, p.stderr


def test_skipped_log_says_why(tmp_path):
    """A 486 (no TSC) skips every benchmark with '@skip reason=no_tsc': the
    warning names the reason instead of guessing 'bench=none?' (new-user
    trial)."""
    log = tmp_path / "no-tsc.log"
    log.write_text("pagecolor 0.3.1: page coloring in a zoned buddy allocator, with cache benchmarks\n"
                   "@header version=0.3.1 cpu_vendor=GenuineIntel family=4 model=8 stepping=0 tsc_khz=0\n"
                   "bench: this CPU has no time-stamp counter (TSC); benchmarks skipped\n"
                   "@skip reason=no_tsc runs=0\n"
                   "@final status=ok failures=0 cmdline_errors=0\n")
    r = run(str(log))
    assert r.returncode == 2, r
    assert "no @result lines: the work was skipped (@skip reason=no_tsc)" in r.stderr, r.stderr
    assert "bench=none?" not in r.stderr


# ---- a coloring-on-only log and a coloring-off-only log (the GRUB menu's entries) ----
# recorded with tools/make/run-qemu.sh --mem 64M from mkiso.sh run ISOs of
# "page_color=on bench_modes=on bench_max=256K seed=5" and the same with off
ON_LOG = os.path.join(HERE, "logs", "qemu-tcg-64M-only-on.log")
OFF_LOG = os.path.join(HERE, "logs", "qemu-tcg-64M-only-off.log")


def test_on_only_and_off_only_logs_give_the_ratio_table_and_plot(tmp_path):
    on = {(r["bench"], r.get("pattern", ""), int(r["ws"])): r for r in raw_results(ON_LOG)}
    off = {(r["bench"], r.get("pattern", ""), int(r["ws"])): r for r in raw_results(OFF_LOG)}
    assert {r["color"] for r in on.values()} == {"on"} and {r["color"] for r in off.values()} == {"off"}
    for order in ((ON_LOG, OFF_LOG), (OFF_LOG, ON_LOG)):  # either order
        p = run(*order, "--plot", str(tmp_path / "pair.png"), "--csv", str(tmp_path / "pair.csv"))
        assert p.returncode == 0, p.stderr
        assert "normal approximation from means and standard deviations" in p.stdout
        rows = {}
        for line in p.stdout.splitlines():
            m = re.match(r"(stride seq|stride rand|fft) (\d+) (KiB|MiB) +(\d+\.\d+) \[(\d+\.\d+)-(\d+\.\d+)\]( ~)?$", line)
            if m:
                ws = int(m.group(2)) << (10 if m.group(3) == "KiB" else 20)
                key = ("fft", "", ws) if m.group(1) == "fft" else ("stride", m.group(1).split()[1], ws)
                rows[key] = tuple(float(m.group(i)) for i in (4, 5, 6)) + (m.group(7) == " ~",)
        assert set(rows) == set(on) == set(off)  # every point, none empty
        for key, (ratio, lo, hi, mark) in rows.items():
            a, b = on[key], off[key]
            assert ratio == pytest.approx(float(a["median"]) / float(b["median"]), abs=6e-4)
            assert lo <= ratio <= hi
            # ratio x exp(-+t se): se of the log-ratio from both relative deviations (5 runs
            # each), t Student's 97.5% quantile at Welch's degrees of freedom (4..8 here)
            v1 = (float(a["stddev"]) / float(a["mean"])) ** 2 / 5
            v2 = (float(b["stddev"]) / float(b["mean"])) ** 2 / 5
            df = int((v1 + v2) ** 2 / (v1 * v1 / 4 + v2 * v2 / 4))
            t = {4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306}[df]
            q = float(a["median"]) / float(b["median"])
            assert lo == pytest.approx(q * math.exp(-t * math.sqrt(v1 + v2)), abs=6e-4)
            assert hi == pytest.approx(q * math.exp(t * math.sqrt(v1 + v2)), abs=6e-4)
            assert mark == (lo <= 1 <= hi)
        assert (tmp_path / "pair.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with open(tmp_path / "pair.csv", newline="") as f:
            crow = [r for r in csv.DictReader(f) if r["color"] == "off"]
        assert len(crow) == len(off) and all(r["ratio"] and r["ratio_lo"] and r["ratio_hi"] for r in crow)


# ---- the cache model's figures (--sim, or build/run/sim.txt beside build/run.log) ----
# recorded with tools/cachesim/run-model.sh --size 256K --mem 64M --cmdline "bench_max=256K seed=5"
SIM_LOG = os.path.join(HERE, "logs", "cachesim-64M-256K.log")
SIM = os.path.join(HERE, "logs", "cachesim-64M-256K.sim")


def sim_runs():
    """{(bench, pattern, ws, color): [(l2_miss_ratio, cycles) per run]}, joined here independently."""
    labels = {int(r["id"]): r for r in raw_records(SIM_LOG, "phase")}
    out = {}
    for line in open(SIM):
        if line.startswith("cachesim phase="):
            d = dict(t.split("=", 1) for t in line.split()[1:])
            lab = labels.get(int(d["phase"]))
            if not lab:
                continue
            l2 = int(d["l2_hits"]) + int(d["l2_misses"])
            key = (lab["bench"], lab.get("pattern", ""), int(lab["ws"]), lab["color"])
            out.setdefault(key, []).append((int(d["l2_misses"]) / l2 if l2 else 0.0, int(d["cycles"])))
    return out


def test_model_figures_join_the_results(tmp_path):
    p = run(SIM_LOG, "--sim", SIM, "--csv", str(tmp_path / "m.csv"))
    assert p.returncode == 0, p.stderr
    runs = sim_runs()
    with open(tmp_path / "m.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(runs) == 2 * (2 * 5 + 5)  # stride 2 x 16K..256K, FFT 16K..256K, both modes
    for r in rows:
        key = (r["bench"], r["pattern"], int(r["ws_bytes"]), r["color"])
        got = runs[key]
        assert float(r["model_l2_miss_ratio"]) == pytest.approx(sum(g[0] for g in got) / len(got), abs=1e-9)
        cyc = sorted(g[1] for g in got)
        assert float(r["model_cycles"]) == (cyc[1] + cyc[2]) / 2  # 4 runs: the median
        if r["color"] == "off":
            con = sorted(g[1] for g in runs[key[:3] + ("on",)])
            assert float(r["model_ratio"]) == pytest.approx((con[1] + con[2]) / (cyc[1] + cyc[2]), rel=1e-9)
            # 4 + 4 runs: the 95% rank interval is the extreme pairwise ratios
            assert float(r["model_ratio_lo"]) == pytest.approx(con[0] / cyc[3], rel=1e-9)
            assert float(r["model_ratio_hi"]) == pytest.approx(con[3] / cyc[0], rel=1e-9)
    # the cache-sized stride point: the model's effect, not the emulator's noise
    r = next(r for r in rows if r["bench"] == "stride" and r["pattern"] == "seq" and r["ws_bytes"] == "262144"
             and r["color"] == "off")
    assert float(r["model_ratio_hi"]) < 0.2 and float(r["model_l2_miss_ratio"]) > 0.4


def test_model_table_and_run_directory_found_by_itself(tmp_path):
    import shutil
    shutil.copy2(SIM_LOG, tmp_path / "run.log")
    (tmp_path / "run").mkdir()
    shutil.copy2(SIM, tmp_path / "run" / "sim.txt")
    os.utime(tmp_path / "run" / "sim.txt", (os.path.getmtime(tmp_path / "run.log"),) * 2)
    p = run(str(tmp_path / "run.log"))
    assert p.returncode == 0, p.stderr
    assert "cache model figures (sim.txt; simulated, not measured): L2 256 KiB 1-way" in p.stdout
    line = next(l for l in p.stdout.splitlines() if l.startswith("stride seq 256 KiB") and "%" in l)
    assert re.search(r"0\.\d\d% +[4-9]\d\.\d\d%  0\.\d{3} \[0\.\d{3}-0\.\d{3}\]$", line), line
    # a plain log beside it (no cachesim=on on its command line) is not joined with it
    shutil.copy2(LOG, tmp_path / "run.log")
    p = run(str(tmp_path / "run.log"))
    assert p.returncode == 0 and "cache model figures" not in p.stdout


def test_plot_shows_the_models_ratios_beside_the_cycles(tmp_path):
    log = rep.parse_log(SIM_LOG)
    rep.add_model(log, SIM_LOG, SIM)
    fig = rep.plot([log], str(tmp_path / "m.png"))
    ax_ratio = fig.axes[2]
    labels = [t.get_text() for t in ax_ratio.get_legend().get_texts()]
    assert "stride, sequential, modelled cycles (cache model, simulated)" in labels
    assert "FFT, modelled cycles (cache model, simulated)" in labels
    assert any("Hollow: modelled cycles" in t.get_text() and "L2 256 KiB 1-way" in t.get_text() for t in fig.texts)
    assert (tmp_path / "m.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_log_reads_the_newest_run_log_debug_included(tmp_path):
    """No LOG: the newest of build/run.log and build/debug/run.log (the
    debug kernel's, whose @header says debug=yes), named on stderr."""
    text = open(LOG).read()
    (tmp_path / "build" / "debug").mkdir(parents=True)
    plain, debug = tmp_path / "build" / "run.log", tmp_path / "build" / "debug" / "run.log"
    plain.write_text(text)
    debug.write_text(re.sub(r"^(@header .*)$", r"\1 debug=yes", text, count=1, flags=re.M))
    os.utime(plain, (1_000_000_000, 1_000_000_000))  # the debug log is the newer
    p = subprocess.run(["/usr/bin/python3", TOOL], capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert "reading build/debug/run.log, the newest of build/run.log, build/debug/run.log" in p.stderr
    assert "the debug kernel (lock assertions on" in p.stdout
    os.utime(debug, (900_000_000, 900_000_000))
    p = subprocess.run(["/usr/bin/python3", TOOL], capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0 and "reading build/run.log," in p.stderr, p.stderr
    assert "debug kernel" not in p.stdout
    # neither: the usage error says where it looked
    p = subprocess.run(["/usr/bin/python3", TOOL], capture_output=True, text=True, cwd=tmp_path / "build")
    assert p.returncode == 2 and "no build/run.log or build/debug/run.log in this directory" in p.stderr, p.stderr


def test_rejected_values_are_said(tmp_path):
    """A log whose kernel rejected command-line values: the table is of the
    values it kept, and the tool says so (its table read as if nothing had
    been rejected; a newcomer's trial)."""
    text = open(ON_LOG).read().replace("cmdline_errors=0", "cmdline_errors=2")
    p = tmp_path / "rejected.log"
    p.write_text(text)
    r = run(str(p))
    assert r.returncode == 0, r.stderr
    assert "the kernel rejected 2 command-line value(s) and kept its own" in r.stderr
    assert "rejected" not in run(ON_LOG).stderr


def test_a_pair_of_which_one_ran_under_the_model_is_said(tmp_path):
    """Comparing a coloring-on log run under the cache model with a plain
    coloring-off log: the plugin slows the emulator, so their ratio compares
    that too (it showed 0.08-0.40, "5x faster", with only a warning about
    machines)."""
    text = open(ON_LOG).read()
    m = re.search(r"^@cmdline (.*)$", text, re.M)
    assert m
    p = tmp_path / "on-model.log"
    p.write_text(text.replace(m.group(0), "@cmdline " + m.group(1) + " cachesim=on"))
    r = run(str(p), os.path.join(HERE, "logs", "qemu-tcg-64M-only-off.log"))
    assert r.returncode == 0, r.stderr
    assert "ran under the cache model (cachesim=on" in r.stderr and "did not: their ratio compares that too" in r.stderr
    assert "cache model" not in run(ON_LOG, os.path.join(HERE, "logs", "qemu-tcg-64M-only-off.log")).stderr


def test_sim_beside_a_run_cachesim_log_is_read(tmp_path):
    """make run-cachesim leaves serial.log and sim.txt in one directory (x86
    and Alpha): the counts beside the log are joined without --sim, as
    build/run/sim.txt is for build/run.log."""
    import shutil
    log, sim = tmp_path / "serial.log", tmp_path / "sim.txt"
    shutil.copy(os.path.join(HERE, "logs", "cachesim-64M-256K.log"), log)
    shutil.copy(os.path.join(HERE, "logs", "cachesim-64M-256K.sim"), sim)
    r = run(str(log))
    assert r.returncode == 0, r.stderr
    assert "cache model figures (sim.txt; simulated, not measured)" in r.stdout, r.stdout[-2000:]
    os.utime(sim, (0, 0))  # another boot's counts (written long before the log): not joined
    assert "cache model figures" not in run(str(log)).stdout
