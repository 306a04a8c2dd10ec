# SPDX-License-Identifier: MIT
"""Boot tests of the placement policies (mm/placement/): placement= at
boot, its precedence over page_color=, the log line and @header field, and
a benchmark run under each coloring policy."""
import pytest

QUICK = "bench_max=64K bench_runs=2 seed=42"


def check_success(b, rc=0):
    assert b.rc == rc, f"exit status {b.rc}\n{b.log[-3000:]}"
    assert "mm_check: FAIL" not in b.log


@pytest.mark.parametrize("policy", ["buddy", "binhop", "vacolor", "bestbin", "random"])
def test_placement_at_boot(booter, policy):
    b = booter("64M", f"placement={policy} bench=stride bench_modes=on mm_debug=on " + QUICK)
    check_success(b)
    assert b.record("header")["placement"] == policy
    assert any(l.startswith(f"placement: {policy} (") for l in b.lines)
    # the benchmark's "on" runs are binhop (bench_set_coloring), and the
    # policy chosen at boot is back afterwards
    assert f"placement={policy}" in [l for l in b.lines if l.startswith("page_color: colors=")][-1]


def test_placement_wins_over_page_color(booter):
    b = booter("64M", "page_color=on placement=buddy bench=none " + QUICK)
    check_success(b)
    assert "placement: placement=buddy and page_color=on given: placement= wins" in b.log
    hdr = b.record("header")
    assert hdr["placement"] == "buddy" and hdr["page_color"] == "off"


def test_bad_placement_name(booter):
    b = booter("64M", "placement=fifo bench=none " + QUICK)
    check_success(b, rc=5)  # completed, a parameter rejected
    assert "cmdline: rejected at boot: placement=fifo (not one of the choices)" in b.log
    assert "cmdline: placement=fifo rejected:" in b.log
    assert "buddy|binhop|vacolor|bestbin|random" in b.log
    assert b.record("header")["placement"] == "binhop"  # page_color's default
