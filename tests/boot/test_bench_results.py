# SPDX-License-Identifier: MIT
"""Boot tests for the benchmark records and the sizing messages (issue "Every
machine, every loader, every input", items 12 and 13).

* Item 12: `make run MEM=32M CMDLINE="seed=3 bench_max=128M bench=fft"`
  printed @result lines with median=0.000 for FFTs that never ran, and
  points where runs failed put zeros into the statistics and counted hits
  twice. Now bench_max is lowered to what memory allows (said), every
  @result comes from runs that happened, and the coloring counters add up
  to exactly one hit or miss per buffer page per run.
* Item 13: every value the kernel changes or cannot honour is said in one
  line naming the parameter.
The statistics over partial runs and the @skip record are unit-tested on the
host (tests/host/test_bench_results.c, test_bench_config.c)."""
import math

import pytest

MiB = 1 << 20


def results(b):
    return b.records("result")


@pytest.fixture(scope="module")
def fft_32m(booter):
    # the issue's input, with 2 runs a point instead of the default 5 (the
    # FFTs up to the lowered bench_max took about 60 s with 5), and 16 MiB
    # instead of the issue's 32 (the same lowering, to 2 MiB instead of 4:
    # half the FFT work; 4.4 -> 1.8 s of CPU)
    return booter("16M", "seed=3 bench_max=128M bench=fft bench_runs=2")


def test_issue_input_bench_max_lowered_and_said(fft_32m):
    b = fft_32m
    assert b.rc == 0, b.log[-2000:]
    lines = [l for l in b.lines if l.startswith("bench: bench_max=128M lowered to ")]
    assert len(lines) == 1, b.log[-3000:]
    assert "a quarter of free memory" in lines[0]
    hdr = b.record("header")
    lowered = int(hdr["bench_max"])
    assert lowered < 128 * MiB and lowered & (lowered - 1) == 0
    # a quarter of the free memory the line states (whole MiB, rounded down)
    free_mib = int(lines[0].split("(")[1].split("M free")[0])
    assert lowered <= (free_mib + 1) * MiB // 4
    assert lowered * 2 > free_mib * MiB // 4
    assert b.record("final")["status"] == "ok"


def test_issue_input_every_result_is_a_run_that_happened(fft_32m):
    b = fft_32m
    res = results(b)
    hdr = b.record("header")
    sizes = sorted({int(r["n"]) for r in res})
    # every FFT size from 1024 points up to bench_max, both modes, nothing beyond
    assert sizes[0] == 1024 and sizes[-1] * 16 == int(hdr["bench_max"])
    assert len(res) == 2 * len(sizes) == 2 * (int(math.log2(int(hdr["bench_max"]) // 16384)) + 1)
    assert not b.records("skip")
    for r in res:
        assert r["runs"] == "2" and "of" not in r, r
        for k in ("min", "median", "mean"):
            assert float(r[k]) > 0, r
        assert r["verified"] == "yes"
        assert float(r["max_rel_err"]) < 1e-9
        if r["color"] == "on":
            # one coloring decision (hit or miss) per buffer page per run: no
            # run counted twice (the buffer: 16 bytes of data + 8 of twiddles per point)
            pages = (int(r["n"]) * 24 + 4095) // 4096
            assert int(r["hits"]) + int(r["misses"]) == 2 * pages, r


def test_bench_min_above_bench_max_is_said(booter):
    b = booter("64M", "bench_min=1M bench_max=64K bench=stride bench_runs=1 seed=5")
    assert b.rc == 0, b.log[-2000:]
    assert "bench: bench_min=1M lowered to 64K: above bench_max=64K" in b.lines
    ws = {int(r["ws"]) for r in results(b)}
    assert ws == {64 << 10}


def test_one_color_turns_coloring_off_and_says_why(booter):
    b = booter("64M", "cache_size=64K cache_ways=64 bench=none seed=5")
    assert b.rc == 0, b.log[-2000:]
    line = [l for l in b.lines if l.startswith("coloring: cache_size=64K cache_ways=64 give ")]
    assert line == ["coloring: cache_size=64K cache_ways=64 give 0.25 colors (64K / (64 x 4K)): 1 color,"
                    " coloring has nothing to do and is off"], b.log[:3000]
    hdr = b.record("header")
    assert hdr["colors"] == "1" and hdr["page_color"] == "off"


def test_colors_capped_is_said(booter):
    b = booter("64M", "cache_size=1G cache_ways=1 bench=none seed=5")
    assert b.rc == 0, b.log[-2000:]
    assert ("coloring: cache_size=1G cache_ways=1 give 262144 colors (1G / (1 x 4K)): capped to 32768,"
            " the most the color lists support") in b.lines
    assert b.record("header")["colors"] == "32768"


def test_rejected_bench_max_keeps_the_default_it_announces(booter):
    # under QEMU (a hypervisor) with CPUID's 16M cache the default is 4M: the
    # rejection must name the value that is then used (it said 32M, used 4M)
    b = booter("64M", "bench_max=7 bench=none seed=5")
    assert b.rc == 5, b.log[-2000:]  # completed, a parameter was rejected
    assert b.record("final")["cmdline_errors"] == "1"
    rej = [l for l in b.lines if l.startswith("cmdline: bench_max=7 rejected:")]
    assert len(rej) == 1
    kept = rej[0].rsplit("keeping default ", 1)[1]
    assert kept == "4M"
    assert b.record("header")["bench_max"] == str(4 * MiB)
    assert ("bench: bench_max=4M by default, below 2 x cache_size=16M: at most 4M under a hypervisor"
            " (emulated time); give bench_max= to change") in b.lines
