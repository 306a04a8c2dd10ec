# SPDX-License-Identifier: MIT
"""The N-level cache model (tools/cachesim/levels.c, through the host
replayer build/cachesim/replay) against the independent Python reference
(tools/cachesim/refmodel.py; the set of hierarchies is
tools/cachesim/validate.py's) on three recorded traces (a stride phase, an FFT
phase, a reuse phase: tests/cachesim/traces/, tools/cachesim/record-traces.sh):
hits, misses, evictions, inclusion victims and the 3C split must agree
exactly, level by level, for every replacement policy under every slice mode
(one slice, `none`, an XOR hash), inclusive and exclusive. The caches are
small (1K..16K) so that the traces' ~500 lines overflow every level.

The hash masks here are test values, not any processor's.
"""
import os
import subprocess
import sys

import pytest

from csboot import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import refmodel  # noqa: E402

import validate  # noqa: E402

REPLAY = validate.REPLAY
TRACES = [os.path.join(ROOT, "tests", "cachesim", "traces", t + ".trace") for t in ("stride", "fft", "reuse")]
SPECS = validate.specs()
c_model = validate.c_model


def fields(line):
    return {k: int(v) if k != "level" else v for k, v in (t.split("=") for t in line.split())}


@pytest.mark.parametrize("name", list(SPECS))
def test_c_model_matches_reference(name):
    spec = SPECS[name]
    assert os.path.exists(REPLAY), "build/cachesim/replay missing: run `make cachesim`"
    totals = {}
    for trace in TRACES:
        got, want, plain = validate.compare(spec, trace)
        assert got == want, f"{name} on {os.path.basename(trace)}:\nC:   {got}\nref: {want}"
        # without classify (level 0's repeat-hit shortcut on): the same counts
        assert plain == [" ".join(ln.split()[:6]) for ln in want], name
        for ln in got:
            d = fields(ln)
            t = totals.setdefault(d["level"], dict.fromkeys(d, 0))
            for k, v in d.items():
                if k != "level":
                    t[k] += v
    # the comparison had something to compare: every level missed and evicted
    for lv, t in totals.items():
        assert t["misses"] > 0 and t["evictions"] > 0, (name, lv, t)
        assert t["compulsory"] + t["capacity"] + t["conflict"] == t["misses"]
    if "-incl-" in name:
        assert totals["L1"]["inval"] + totals["L2"]["inval"] > 0, (name, totals)
    if "-excl-" in name:
        assert totals["L2"]["hits"] > 0, (name, totals)  # lines came back from the victim level


def test_levels_default_matches_two_level_model():
    """levels= with two LRU levels counts what today's L1 + L2 model counts."""
    l2_hits = 0
    for trace in TRACES:
        old = c_model("L1:1K:2:64:lru/L2:16K:4:64:lru", trace)
        p = subprocess.run([REPLAY, "--two-level", "1024:2:16384:4:64", trace], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
        assert p.returncode == 0, p.stderr
        two = p.stdout.splitlines()
        strip = [" ".join(t for t in ln.split() if not t.startswith(("evictions=", "inval="))) for ln in old]
        assert strip == two
        assert fields(two[1])["misses"] > 0
        l2_hits += fields(two[1])["hits"]
    assert l2_hits > 0


def test_bad_spec_is_named():
    p = subprocess.run([REPLAY, "--levels", "L1:1K:3:64:plru", TRACES[0]], stderr=subprocess.PIPE, text=True)
    assert p.returncode == 2 and "plru needs a power-of-two number of ways" in p.stderr
    with pytest.raises(ValueError):
        refmodel.parse_spec("L1:1K:2:64:fifo")


PLUGIN_SPEC = ("L1:1K:2:64:lru/L2:4K:4:64:random:incl:seed=7/"
               "L3:16K:8:64:srrip:excl:slices=4:hash=0x2A4B5C0+0x1C6E940")


def test_plugin_levels_and_trace():
    """One short boot with levels=, classify=on, flush=on and a trace of one
    phase: replaying the trace through the same model repeats the plugin's
    per-level counts of that phase (the flush makes the phase start cold, as
    the replay does; only compulsory differs: lines seen before the phase
    are not compulsory in the plugin, so conflict, not capacity, must
    agree), and the phase line's totals agree with the level lines."""
    from csboot import OUT, boot

    trace = os.path.join(OUT, "levels-stride.trace")
    b = boot("levels-stride", "bench=stride cachesim=on cache_size=16K cache_ways=8 bench_min=16K bench_max=16K "
             "bench_runs=1 seed=7",
             f"levels={PLUGIN_SPEC},classify=on,flush=on,trace={trace},trace_phase=4")
    assert b.rc == 0, b.tail()
    with open(b.sim_path) as f:
        sim = f.read().splitlines()
    assert "@phase id=4 bench=stride pattern=rand color=off" in b.log
    lv = [fields(ln[len("cachesim level "):]) for ln in sim if ln.startswith("cachesim level phase=4 ")]
    assert [d["level"] for d in lv] == ["L1", "L2", "L3"]
    tr = [ln for ln in sim if ln.startswith("cachesim trace ")]
    assert tr == [f"cachesim trace phase=4 records={b.phases[4]['accesses']} dropped=0"]
    got = [fields(ln) for ln in c_model(PLUGIN_SPEC, trace, "--classify")]
    for p, r in zip(lv, got):
        for k in ("accesses", "hits", "misses", "evictions", "inval", "conflict"):
            assert p[k] == r[k], (k, p, r)
        assert p["compulsory"] <= r["compulsory"]
    ph = b.phases[4]
    assert ph["l1_hits"] == lv[0]["hits"] and ph["l1_misses"] == lv[0]["misses"]
    assert ph["l2_misses"] == lv[2]["misses"] and ph["l2_hits"] == lv[1]["hits"] + lv[2]["hits"]
    assert lv[2]["misses"] > 0 and lv[1]["evictions"] > 0
    # the config line: first level as l1, last as l2
    assert (b.config["l1size"], b.config["l1ways"], b.config["l2size"], b.config["l2ways"]) == (1024, 2, 16384, 8)


def test_plugin_bad_levels_named():
    """A bad levels= stops QEMU before the boot with a message naming the
    level, the field and the accepted form."""
    from csboot import KERNEL, PLUGIN

    p = subprocess.run([os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", "64M", "--kernel",
                        os.path.relpath(KERNEL, ROOT), "--timeout", "120", "--", "-plugin",
                        f"{PLUGIN},levels=L1:32K:8:64:lru/L2:256K:3:64:plru"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode != 0
    assert "levels: level 2 (L2): plru needs a power-of-two number of ways" in p.stdout, p.stdout[-2000:]
    p = subprocess.run([os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", "64M", "--kernel",
                        os.path.relpath(KERNEL, ROOT), "--timeout", "120", "--", "-plugin",
                        f"{PLUGIN},l2size=2M,levels=L1:32K:8:64:lru/L2:256K:4:64:plru"],
                       cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert p.returncode != 0
    assert "l2size= is not used with levels=" in p.stdout, p.stdout[-2000:]
