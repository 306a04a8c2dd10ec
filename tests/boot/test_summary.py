# SPDX-License-Identifier: MIT
"""Boot test of the closing summary (issue "Results people can read, keep
and compare", item 1): one boot (about 10 s) with a rejected parameter.

The log ends, in this order, with the summary (one row per working set,
stride seq / stride rand / FFT columns, the colored/uncolored median ratio
with its 95% interval and a '~' when it includes 1, labelled emulator time),
instead of a verdict the note why there is none (QEMU's TCG, named in words:
cycles are emulator time; make run's cache model shows the effect), the
rejected parameters, @final and SUCCESS;
every one of those lines fits the 80-column screen. The cells agree with the
@ratio records, which agree with the @result medians. The interval itself is
unit-tested on the host (tests/host/test_ratio_ci.c)."""
import re

import pytest

CMDLINE = "bench_max=64K seed=42 colour=on"
SIZES = {4096: "4 KiB", 8192: "8 KiB", 16384: "16 KiB", 32768: "32 KiB", 65536: "64 KiB"}


@pytest.fixture(scope="module")
def run(booter):
    return booter("64M", CMDLINE)


def end_of_log(b):
    i = max(i for i, l in enumerate(b.lines) if l.startswith("summary: "))
    return b.lines[i:]


def test_log_ends_with_summary_rejections_final(run):
    b = run
    assert b.rc == 5, b.log[-3000:]
    end = end_of_log(b)
    assert end[0] == "summary: emulator time, colored / uncolored: median [95% interval], 5+5 runs"
    assert end[1].split() == ["ws", "stride", "seq", "stride", "rand", "FFT"]
    rows = end[2:2 + len(SIZES)]
    assert [r[:8].strip() for r in rows] == list(SIZES.values())
    rest = end[2 + len(SIZES):]
    assert rest[0].startswith("< 1: colored runs faster; ~: the interval includes 1")
    assert rest[1].startswith("note: no verdict: under QEMU's TCG software emulator cycle counts are emulator")
    note = " ".join(l[len("note:"):].strip() for l in rest[1:4])
    assert rest[2].startswith("note:   ") and rest[3].startswith("note:   ")
    assert "make run with its cache model (the default) shows what page placement does" in note, note
    assert not any(l.startswith("verdict") for l in end)
    assert "TCGTCGTCGTCG" not in "\n".join(l for l in b.lines if not l.startswith("@"))
    assert rest[4:] == ["cmdline: rejected at boot: colour=on (unknown parameter)",
                        "cmdline: 1 parameter rejected; earlier values or defaults kept (QEMU exits 5)",
                        "@final status=ok failures=0 cmdline_errors=1",
                        "pagecolor: SUCCESS"]
    for line in end:
        assert len(line) <= 79, line
    assert len(end) - 4 <= 22  # the summary fits the screen with @final and SUCCESS


def test_cells_agree_with_ratio_records(run):
    b = run
    res = {}
    for r in b.records("result"):
        col = r.get("pattern", "fft")
        res[(col, int(r["ws"]), r["color"])] = float(r["median"])
    ratios = {(r.get("pattern", "fft"), int(r["ws"])): r for r in b.records("ratio")}
    # every stride size in both patterns, the FFT from 1024 points (16 KiB)
    assert set(ratios) == {(p, ws) for p in ("seq", "rand") for ws in SIZES} | {("fft", ws) for ws in SIZES
                                                                                   if ws >= 16384}
    end = end_of_log(b)
    for line in end[2:2 + len(SIZES)]:
        ws = [k for k, v in SIZES.items() if line.startswith(v + " ")][0]
        cells = re.findall(r"(\d+\.\d+) \[(\d+\.\d+)-(\d+\.\d+)\]( ~)?", line)
        cols = ["seq", "rand"] + (["fft"] if ws >= 16384 else [])
        assert len(cells) == len(cols), line
        for col, (ratio, lo, hi, mark) in zip(cols, cells):
            rec = ratios[(col, ws)]
            # the record's ratio is the ratio of the @result medians
            assert float(rec["ratio"]) == pytest.approx(res[(col, ws, "on")] / res[(col, ws, "off")], abs=6e-4)
            assert (ratio, lo, hi) == (rec["ratio"], rec["lo"], rec["hi"])
            assert float(lo) <= float(hi)
            assert rec["runs_on"] == rec["runs_off"] == "5" and rec["level"] == "0.968"
            assert (mark == " ~") == (rec["includes_one"] == "yes")
            assert (mark == " ~") == (float(lo) <= 1 <= float(hi))


def test_counters_not_available_under_tcg_said_once(run, booter):
    """Hardware counters (arch/x86/perfmon.c): QEMU's TCG has none, and the
    log says so instead of printing counts; also for QEMU's EPYC model, whose
    CPUID would otherwise point at AMD's counter MSRs. The decoding and the
    programming are tested on the host (tests/host/test_perfmon.c)."""
    for b in (run, booter("32M", "bench=stride bench_max=8K bench_runs=1 seed=1", extra=("-cpu", "EPYC"))):
        lines = [l for l in b.lines if l.startswith("perfmon: ")]
        assert lines == ["perfmon: not available: QEMU's TCG emulates no performance counters; "
                         "only TSC cycles are reported"], b.log[:3000]
        assert b.records("perfmon") == [{"status": "none"}]
        assert not b.records("pmu")
        assert b.records("result")  # the TSC figures are there
        assert b.record("final")["status"] == "ok"


def test_summary_qr_code_on_the_framebuffer():
    """UEFI, no serial port: the screen shows the summary and, at its top
    right, the QR code of it, which zbarimg reads from QEMU's screendump
    (tests/matrix/run_matrix.py's screen cell checks both; about 10 s)."""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    r = subprocess.run([sys.executable, os.path.join(root, "tests", "matrix", "run_matrix.py"), "--only",
                        "uefi-q35-1G-core2duo-noserial"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "1 passed, 0 failed" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]
