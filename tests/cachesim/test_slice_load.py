# SPDX-License-Identifier: MIT
"""tools/cachesim/slice_load.py: the hashed classes it counts are the exact
partition of a hashed level's (slice, set) pairs (two pages of one class put
each line in the same pair, two pages of different classes share none), so
a buffer up to the level's size placed round-robin over them asks no pair
for more lines than its ways; colors counted per slice, which leave the
slice to the page-frame bits, do ask some pairs for more. No QEMU."""
import os
import random
import subprocess
import sys

from csboot import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools", "cachesim"))
import slice_load  # noqa: E402

SKY = "L1:32K:8:64:plru/L2:256K:4:64:plru/L3:8M:16:64:srrip:incl:slices=4:hash=0x1b5f575440+0x2eb5faa880"
SMALL = "L3:256K:4:64:lru:slices=4:hash=0x1b5f575440+0x2eb5faa880"


def pairs(lv, slices, masks, pfn):
    sets = lv["size"] // (lv["ways"] * lv["line"] * slices)
    out = []
    for off in range(0, 4096, lv["line"]):
        a = pfn * 4096 + off
        out.append((sum(slice_load.parity(a & m) << k for k, m in enumerate(masks)), (a // lv["line"]) % sets))
    return out


def test_hashed_classes_partition_the_pairs():
    lv, slices, masks = slice_load.level_of(SKY, None)
    colors, color_of = slice_load.color_fns(lv, slices, masks)["hashed"]
    assert colors == 128  # 32 per slice x 2 parity bits
    rng = random.Random(7)
    seen = {}
    for _ in range(400):
        pfn = rng.randrange(1 << 20)
        seen.setdefault(color_of(pfn), []).append(pfn)
    for c, pfns in seen.items():
        p0 = pairs(lv, slices, masks, pfns[0])
        assert all(pairs(lv, slices, masks, p) == p0 for p in pfns[1:]), c
    firsts = {c: set(pairs(lv, slices, masks, p[0])) for c, p in seen.items()}
    cs = sorted(firsts)
    for i, a in enumerate(cs):
        for b in cs[i + 1:]:
            assert not firsts[a] & firsts[b], (a, b)


def test_round_robin_load():
    lv, slices, masks = slice_load.level_of(SMALL, None)
    fns = slice_load.color_fns(lv, slices, masks)
    assert {k: v[0] for k, v in fns.items()} == {"per-slice": 4, "whole": 16, "hashed": 16}
    over = {}
    for name, (colors, color_of) in fns.items():
        over[name] = []
        for seed in range(1, 6):
            pfns = slice_load.place(colors, color_of, 64, 4096, random.Random(seed))  # the whole 256K
            over[name].append(slice_load.load(lv, slices, masks, pfns))
    assert over["hashed"] == [(0, 0)] * 5
    assert all(p > 0 and n > 0 for p, n in over["per-slice"]), over


def test_command_line():
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "cachesim", "slice_load.py"), "--levels", SMALL,
                        "--buffer", "128K", "--mem", "16M", "--seeds", "2"], stdout=subprocess.PIPE, text=True)
    assert p.returncode == 0
    assert "hashed      16 colors: pairs over 0.0 [0..0], lines in excess 0.0 [0..0]" in p.stdout, p.stdout
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "cachesim", "slice_load.py"), "--levels",
                        "L3:256K:4:64:lru:slices=4"], stderr=subprocess.PIPE, text=True)
    assert p.returncode == 2 and "hash= masks" in p.stderr
