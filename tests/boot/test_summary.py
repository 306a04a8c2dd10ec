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


def decimals(text):
    return len(text.split(".")[1]) if "." in text else 0


def agrees(cell, record):
    """The cell is the record's value at the cell's printed precision (the
    summary prints fewer decimals for wide ratios: "71.32" for a record's
    "71.319", "10.52" for "10.525"); both are rounded from one value."""
    half = 0.5 * 10 ** -decimals(cell) + 0.5 * 10 ** -decimals(record)
    return abs(float(cell) - float(record)) <= half + 1e-9


def test_agrees_at_printed_precision():
    # the failing inputs of a loaded host (colored runs preempted: wide ratios)
    assert agrees("71.32", "71.319") and agrees("10.52", "10.525") and agrees("0.982", "0.982")
    assert not agrees("71.33", "71.319") and not agrees("10.54", "10.525") and not agrees("0.983", "0.981")


def test_cells_agree_with_ratio_records(run):
    b = run
    med = {}
    for r in b.records("result"):
        col = r.get("pattern", "fft")
        med[(col, int(r["ws"]), r["color"])] = r["median"]
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
            # the record's ratio is the ratio of the @result medians, each
            # rounded as printed (relative errors add up: wide ratios under load)
            on, off = med[(col, ws, "on")], med[(col, ws, "off")]
            want = float(on) / float(off)
            tol = want * (0.5 * 10 ** -decimals(on) / float(on) + 0.5 * 10 ** -decimals(off) / float(off))
            assert abs(float(rec["ratio"]) - want) <= tol + 0.5 * 10 ** -decimals(rec["ratio"]) + 1e-9, (rec, on, off)
            for c, k in ((ratio, "ratio"), (lo, "lo"), (hi, "hi")):
                assert agrees(c, rec[k]), (line, rec)
            assert float(rec["lo"]) <= float(rec["ratio"]) <= float(rec["hi"]), rec
            assert rec["runs_on"] == rec["runs_off"] == "5" and rec["level"] == "0.968"
            assert (mark == " ~") == (rec["includes_one"] == "yes")
            # the record's bounds are rounded too: 1 within them, to their precision
            half = 0.5 * 10 ** -decimals(rec["lo"])
            if rec["includes_one"] == "yes":
                assert float(rec["lo"]) - half <= 1 <= float(rec["hi"]) + half, rec
            else:
                assert float(rec["lo"]) + half >= 1 or float(rec["hi"]) - half <= 1, rec


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


# make test-long (and make test-matrix, whose cell this is): an OVMF boot and
# a screendump cost about a tenth of the boot suite's CPU time
@pytest.mark.long
def test_summary_qr_code_on_the_framebuffer():
    """UEFI, no serial port: the screen shows the summary and, at its top
    right, the QR code of it, which zbarimg reads from QEMU's screendump
    (tests/matrix/run_matrix.py's screen cell checks both; about 10 s)."""
    import os
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    r = subprocess.run([sys.executable, os.path.join(root, "tests", "matrix", "run_matrix.py"), "--only",
                        "uefi-q35-1G-core2duo-noserial"], capture_output=True, text=True, timeout=1200)
    assert r.returncode == 0 and "1 passed, 0 failed" in r.stdout, r.stdout[-3000:] + r.stderr[-2000:]
