# SPDX-License-Identifier: MIT
"""tools/cachesim/interfere.py's figures: no boot, host only. The reference
table once held model_cycles=1.17291e+06 (Python's :g above a million, two
digits lost); medians are now written whole, or with one decimal."""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import interfere  # noqa: E402


def test_median_never_in_scientific_notation():
    assert interfere.fmt_median(1172912) == "1172912"
    assert interfere.fmt_median(1172912.0) == "1172912"
    assert interfere.fmt_median(2051.5) == "2051.5"
    assert interfere.fmt_median(0) == "0"
    assert interfere.fmt_median(123456789012.0) == "123456789012"


def test_reference_table_has_whole_figures():
    table = os.path.join(ROOT, "docs", "cachesim", "interfere-2M-1way-64B", "table.txt")
    with open(table) as f:
        text = f.read()
    assert "e+0" not in text
    assert "model_cycles=1172912 " in text


def test_reference_table_columns_line_up():
    """The recolor-before/after rows were 5 and 4 columns right of the
    others (a 9-wide partition column; new-user trial): every row of the
    table is as wide as its header now."""
    table = os.path.join(ROOT, "docs", "cachesim", "interfere-2M-1way-64B", "table.txt")
    with open(table) as f:
        lines = f.read().split("\n")
    start = next(i for i, l in enumerate(lines) if l.split()[:1] == ["partition"])
    rows = lines[start + 1:lines.index("", start)]
    assert len(rows) == 10 and rows[-2].split()[0] == "recolor-before", rows
    assert all(len(r) == len(lines[start]) for r in rows), [len(r) for r in rows]
