# SPDX-License-Identifier: MIT
"""Boot tests of the placement policies (mm/placement/): placement= at
boot, its precedence over page_color=, the log line and @header field, and
a benchmark run under each policy of the registry."""
import os
import re

import pytest

QUICK = "bench_max=64K bench_runs=2 seed=42"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def registry_policies():
    """The policy names of mm/placement/registry.h's PLACEMENT_POLICIES, in
    id order (one line X(ID, name) each): the list placement= accepts
    (test_bad_placement_name checks that the kernel says the same)."""
    with open(os.path.join(ROOT, "mm", "placement", "registry.h")) as f:
        text = f.read()
    body = text.split("#define PLACEMENT_POLICIES(X)", 1)[1].split("(the end of the list)", 1)[0]
    names = re.findall(r"\bX\(\s*\w+\s*,\s*(\w+)\s*\)", body)
    assert names and names[0] == "buddy", body  # buddy is id 0 (registry.h)
    return names


POLICIES = registry_policies()


def check_success(b, rc=0):
    assert b.rc == rc, f"exit status {b.rc}\n{b.log[-3000:]}"
    assert "mm_check: FAIL" not in b.log


@pytest.mark.parametrize("policy", POLICIES)
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
    assert "accepted: " + "|".join(POLICIES) + ";" in b.log
    assert b.record("header")["placement"] == "binhop"  # page_color's default
