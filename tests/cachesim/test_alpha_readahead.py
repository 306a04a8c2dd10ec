# SPDX-License-Identifier: MIT
"""bench=readahead on the Alpha kernel under the cache model (the DS10's
cache: 64 KiB 2-way L1, 2 MiB direct-mapped L2): the device's fill runs in
the plugin's DMA window, the page after the Alpha kernel's phase markers
(arch/alpha/arch.h, DMA_MARK_BASE; the plugin's marks= base moves it with
them), so its stores reach memory and leave no line in any cache: the
reader's later read misses every line of its window, hot pages or cold. And
the point of cold pages for readahead, as tests/cachesim/test_readahead_dma.py
asserts on x86: a user that writes its pages at once misses far less on hot
pages than on cold ones, and after a readahead window it gets the hot pages
only when the window was allocated cold. One boot, 2 runs, 64 MiB: a few
seconds of CPU. Skipped, with the reason, when the Alpha tools
(tools/deps.txt's alpha job) are missing."""
import csv
import os
import subprocess

from alpha_tools import needs_alpha
from csboot import OUT, ROOT, pairs

pytestmark = needs_alpha

RUNS = 2
PAGES = 32  # bench/readahead.c: min(cache_size / 8 / 8 KiB, pcp_high - 2 x pcp_batch = 64)
WORDS = PAGES * 8192 // 4
LINES = PAGES * 8192 // 64


def test_alpha_readahead_dma_window():
    outdir = os.path.join(OUT, "alpha-readahead")
    b = subprocess.run(["make", "--no-print-directory", "ARCH=alpha", "kernel"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    assert b.returncode == 0, b.stdout[-3000:]
    b = subprocess.run(["make", "--no-print-directory", "cachesim"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    assert b.returncode == 0, b.stdout[-3000:]
    p = subprocess.run([os.path.join(ROOT, "tools", "cachesim", "run-cachesim.sh"), "--arch", "alpha", "--cache",
                        "ds10", "--mem", "64M", "--runs", str(RUNS), "--timeout", "120", "--outdir", outdir,
                        "--cmdline", "bench=readahead"], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:]
    with open(os.path.join(outdir, "serial.log"), errors="replace") as f:
        log = f.read()
    assert "readahead: the fill runs in the cache model's DMA window" in log
    assert "@final status=ok failures=0 cmdline_errors=0" in log
    with open(os.path.join(outdir, "sim.txt")) as f:
        lines = f.read().splitlines()
    dma = [pairs(line) for line in lines if line.startswith("cachesim dma ")]
    assert len(dma) == 1, "no cachesim dma line"
    # two allocations x RUNS windows, every word of every page, nothing else
    assert int(dma[0]["windows"]) == 2 * RUNS
    assert int(dma[0]["stores"]) == 2 * RUNS * WORDS
    # a hot window held the writer's lines until the fill dropped them
    assert int(dma[0]["dropped"]) > RUNS * LINES // 2
    ignored = [pairs(line) for line in lines if line.startswith("cachesim ignored ")]
    assert ignored and ignored[0]["bad_markers"] == "0"
    with open(os.path.join(outdir, "table.csv"), newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["bench"] == "readahead"]
    miss = {(r["consumer"], r["alloc"], r["step"]): float(r["l2_misses_mean"]) for r in rows}
    assert set(miss) == {("cpu", "hot", "write"), ("cpu", "cold", "write"),
                         ("readahead", "hot", "other_write"), ("readahead", "hot", "read"),
                         ("readahead", "cold", "other_write"), ("readahead", "cold", "read")}, miss
    assert all(int(r["runs"]) == RUNS and int(r["pages"]) == PAGES for r in rows), rows
    for a in ("hot", "cold"):
        # every line of the window misses after the DMA fill, hot or cold pages
        assert LINES <= miss[("readahead", a, "read")] <= LINES + 16, miss
    # a CPU writer: cold pages miss every line, hot ones a few conflicts
    assert LINES <= miss[("cpu", "cold", "write")] <= LINES + 16, miss
    assert miss[("cpu", "hot", "write")] < LINES // 4, miss
    # after the readahead window: the hot pages went to the window, or stayed
    assert miss[("readahead", "hot", "other_write")] > LINES * 9 // 10, miss
    assert miss[("readahead", "cold", "other_write")] < LINES // 4, miss
