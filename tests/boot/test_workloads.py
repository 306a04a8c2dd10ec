# SPDX-License-Identifier: MIT
"""The opt-in workloads (bench=triad,sparse,reuse) and the policy driver
(bench_policies=), booted once each at a small size: every point verified,
every run counted, the policy names on the result lines, the kernel's
refusal of policies it does not have, and bench= as a list."""
import pytest

SMALL = "bench_min=16K bench_max=32K bench_runs=2 seed=7"
WORKLOADS = ("triad", "sparse", "reuse")


def results(b, bench):
    return [r for r in b.records("result") if r.get("bench") == bench and "skipped" not in r]


def check_ok(b, rc=0):
    # rc 5: the run completed but a parameter was rejected (tools/make/run-qemu.sh)
    assert b.rc == rc, f"run-qemu.sh exit status {b.rc}\n{b.log[-3000:]}"
    assert b.record("final")["status"] == "ok", b.log[-3000:]
    assert b.record("leakcheck")["status"] == "ok"


def check_point(r, policy):
    assert r["policy"] == policy, r
    colored = policy in ("binhop", "vacolor", "bestbin")
    assert r["color"] == ("on" if colored else "off"), r
    assert r["runs"] == "2", r
    assert r["verified"] == "yes", r
    assert float(r["min"]) > 0 and float(r["median"]) >= float(r["min"]), r
    pages = int(r["ws"]) // 4096
    # per-color load: at least an even share, at most every page
    assert 1 <= int(r["max_per_color"]) <= pages, r
    if policy == "binhop":
        # bin hopping hands out consecutive colors: a few pages never share one
        # (colors >= 64 on any cache these tests boot with), and every
        # allocation hit its target color on a machine with free memory
        assert int(r["max_per_color"]) == 1, r
        assert int(r["misses"]) == 0 and int(r["hits"]) > 0, r
    elif not colored:
        assert int(r["hits"]) == 0 and int(r["misses"]) == 0, r


def test_policy_driver(booter):
    """bench_policies=: each workload once per available policy, in the
    driver's order (the placement registry's: buddy, binhop, vacolor, ...), each
    switched at run time."""
    b = booter("128M", f"bench=triad,sparse,reuse bench_policies=binhop,vacolor,buddy {SMALL}")
    check_ok(b)
    pol = b.records("policy")
    assert [(p["name"], p["status"]) for p in pol] == [
        ("buddy", "selected"), ("binhop", "selected"), ("vacolor", "selected")]
    for w in WORKLOADS:
        rs = results(b, w)
        # 16K and 32K for sparse/reuse; triad's three arrays: 12K and 24K
        assert len(rs) == 6, (w, rs)
        assert [r["policy"] for r in rs] == ["buddy", "buddy", "binhop", "binhop", "vacolor", "vacolor"], rs
        for r in rs:
            check_point(r, r["policy"])
    assert [r["ws"] for r in results(b, "triad")][:2] == ["12288", "24576"]
    assert all(r["k"] == "16" for r in results(b, "sparse"))
    assert all(r["bufs"] == "4" for r in results(b, "reuse"))


def test_list_and_default_modes(booter):
    """Without bench_policies=: coloring on then off per point, as stride
    does. A bad list is rejected whole (default kept), then a good one wins;
    options reach the workloads."""
    b = booter("128M", "bench=triad,bogus bench_policies=binhop,nosuch bench=sparse,triad "
               f"bench_sparse_k=3 {SMALL}")
    check_ok(b, rc=5)
    assert b.record("final")["cmdline_errors"] == "2"
    assert ("cmdline: bench=triad,bogus rejected: 'bogus' is not one of the choices; accepted: comma-separated "
            "all|fft|stride|none|probe|triad|sparse|reuse|frag|copy|interfere|pcp|smpstress|readahead|smptask; keeping default all") in b.log
    assert "cmdline: bench_policies=binhop,nosuch rejected: 'nosuch' is not one of the choices" in b.log
    assert not b.records("policy")  # the rejected bench_policies= left the default mode
    assert not results(b, "stride") and not results(b, "reuse")
    for w in ("triad", "sparse"):
        rs = results(b, w)
        assert [(r["color"], r["policy"]) for r in rs] == [("on", "binhop"), ("off", "buddy")] * 2, rs
        for r in rs:
            check_point(r, r["policy"])
    assert all(r["k"] == "3" and int(r["span"]) == 3 * int(r["ws"]) for r in results(b, "sparse"))
