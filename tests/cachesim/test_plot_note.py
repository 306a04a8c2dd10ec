# SPDX-License-Identifier: MIT
"""The stride plot's footnote states what the rows show (no boot, host
only): it once said "Colored lines at 0% up to the cache size" whatever
the data, and a run with 4.4% at 32 KiB printed it too."""
import csv
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import plot  # noqa: E402


def rows(ratios):
    return [{"bench": "stride", "pattern": "seq", "color": c, "ws": str(ws), "miss_per_access_mean": str(r)}
            for (c, ws), r in ratios.items()]


def test_note_names_the_worst_colored_point():
    note = plot.stride_note(rows({("on", 32768): 0.044, ("on", 65536): 0.0, ("on", 1 << 21): 0.0001,
                                  ("on", 1 << 22): 1.0, ("off", 32768): 0.5}), 1 << 21)
    assert "at most 4.4% of the accesses missed L2 (seq 32 KiB" in note and "0%" not in note


def test_note_says_zero_only_when_zero():
    assert "at 0% up to the cache size" in plot.stride_note(rows({("on", 32768): 0.0, ("on", 1 << 22): 1.0}),
                                                              1 << 21)


def test_reference_run():
    ref = [r for r in csv.DictReader(open(os.path.join(ROOT, "docs", "cachesim", "2M-1way-64B", "table.csv")))
           if r["bench"] == "stride"]
    assert "at most 0.0098% of the accesses missed L2 (rand 512 KiB" in plot.stride_note(ref, 2 << 20)
