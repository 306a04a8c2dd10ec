# SPDX-License-Identifier: MIT
"""Phase ids past the first marker page: one boot with more than 1023 phases
(bench=stride, 52 runs, working sets 16K..256K, colored and uncolored: 1040
phases; a 128 KiB direct-mapped L2, no L1). Every @phase id the kernel
printed, 1..1040, has its own counts in the plugin's report, each holding the
run's loads (stride's 16384 and the wrapper's few), nothing counted as a bad
marker, no "more than N phases" line; and the count equals
policies.phases_needed() for the same sweep (the budget test_policies_complete.py
checks the documented defaults against). Ids 1024.. use the pages at
PHASE_MARK_HI_BASE (arch/x86/arch.h; decoded by cachesim.c)."""
import os
import sys

from csboot import ROOT, boot, summary

sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import policies  # noqa: E402


def test_more_than_1023_phases():
    b = boot("phase-ids", "bench=stride cachesim=on cache_size=128K cache_ways=1 bench_min=16K bench_max=256K "
             "bench_runs=52 mm_shuffle=on seed=3", "l2size=128K,l2ways=1,l1size=0")
    assert b.rc == 0, b.tail()
    ids = [int(r["id"]) for r in b.records("phase")]
    want = policies.phases_needed(["stride"], 52, 16 << 10, 256 << 10)
    assert want == 1040
    assert ids == list(range(1, want + 1))
    assert "more than" not in b.log
    assert b.ignored["bad_markers"] == 0
    for i in ids:
        assert i in b.phases, f"phase {i} has no counts"
        assert 16384 <= b.phases[i]["loads"] <= 16384 + 32, b.phases[i]
    assert set(b.phases) - {0} == set(ids)
    summary("phase-ids", f"phase ids 1..{want} all counted ({b.seconds:.0f} s)")
