#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""slice_load.py - how evenly a colored buffer fills the sets of a sliced,
hashed cache level, by counting, without QEMU: a model of placement, not a
boot.

usage: slice_load.py [--cache NAME | --levels SPEC] [--color-level N]
                     [--buffer 6M] [--mem 256M] [--seeds 20]

The buffer's pages take colors round-robin from a random first color (as
bin hopping does); each page is a frame drawn at random among the free
frames of its color in --mem bytes of memory (as mm_shuffle=on leaves
them). Every line of every page is put in its (slice, set) by the level's
own function (slice bit k = parity(address & mask k), set = the line's index
bits), and the pairs asked for more lines than the level has ways are
counted, with the lines in excess: a buffer swept cyclically misses at
least those lines per sweep under LRU, whatever the policy before it. Three
ways of counting colors:

  per-slice  sets per slice x line / 4K (the kernel's default)
  whole      size / (ways x 4K) (color_per_slice=off)
  hashed     the per-slice color plus, for each mask, the parity of the
             page-frame bits it takes (bits 12 and up): pages of one such
             class put every line in the same (slice, set), pages of two
             classes never share one; none of the kernel's counts is this

Prints one line per counting: colors, pairs over the ways and lines in
excess as mean [min..max] over the seeds. Judges nothing.
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import presets  # noqa: E402

PAGE = 4096


def parity(x):
    return bin(x).count("1") & 1


def level_of(spec, color_level):
    levels = presets.parse_levels(spec)
    lv = levels[presets.color_level(levels, color_level)]
    opts = lv["options"]
    slices = next((int(o.split("=", 1)[1]) for o in opts if o.startswith("slices=")), 1)
    masks = next(([int(m, 16) for m in o.split("=", 1)[1].split("+")] for o in opts if o.startswith("hash=")), [])
    if slices > 1 and not masks:
        raise presets.PresetError("slice_load.py counts hashed levels (hash= masks); this level has none")
    return lv, slices, masks


def color_fns(lv, slices, masks):
    """name -> (colors, pfn -> color) for the three countings."""
    sets = lv["size"] // (lv["ways"] * lv["line"] * slices)
    per = max(1, sets * lv["line"] // PAGE)
    whole = max(1, lv["size"] // (lv["ways"] * PAGE))
    high = [m & ~(PAGE - 1) for m in masks]

    def hashed(pfn):
        c = pfn % per
        for k, m in enumerate(high):
            c |= parity((pfn * PAGE) & m) * per << k
        return c
    return {"per-slice": (per, lambda pfn: pfn % per), "whole": (whole, lambda pfn: pfn % whole),
            "hashed": (per << len(masks), hashed)}


def load(lv, slices, masks, pfns):
    """(pairs over the ways, lines in excess) of the pages pfns."""
    sets = lv["size"] // (lv["ways"] * lv["line"] * slices)
    count = {}
    for pfn in pfns:
        for off in range(0, PAGE, lv["line"]):
            a = pfn * PAGE + off
            s = sum(parity(a & m) << k for k, m in enumerate(masks))
            key = (s, (a // lv["line"]) % sets)
            count[key] = count.get(key, 0) + 1
    over = [n - lv["ways"] for n in count.values() if n > lv["ways"]]
    return len(over), sum(over)


def place(colors, color_of, npages, nframes, rng):
    """Round-robin colors from a random first one, each page a random free
    frame of its color; None when a color runs out of frames."""
    free = {}
    for pfn in range(nframes):
        free.setdefault(color_of(pfn), []).append(pfn)
    first, out = rng.randrange(colors), []
    for i in range(npages):
        pool = free.get((first + i) % colors)
        if not pool:
            return None
        out.append(pool.pop(rng.randrange(len(pool))))
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cache", default="skylake")
    ap.add_argument("--levels")
    ap.add_argument("--color-level", type=int)
    ap.add_argument("--buffer", default="6M")
    ap.add_argument("--mem", default="256M")
    ap.add_argument("--seeds", type=int, default=20)
    a = ap.parse_args(argv)
    try:
        spec = a.levels or presets.get(a.cache)[0]
        lv, slices, masks = level_of(spec, a.color_level)
        buf, mem = presets.parse_size(a.buffer), presets.parse_size(a.mem)
        if not buf or not mem or a.seeds < 1:
            raise presets.PresetError("--buffer and --mem take N[K|M|G], --seeds 1 or more")
    except presets.PresetError as e:
        print(f"slice_load.py: {e}", file=sys.stderr)
        return 2
    print(f"# {lv['name']} {presets.fmt_size(lv['size'])} {lv['ways']}-way, {slices} slices, masks "
          f"{'+'.join(hex(m) for m in masks)}; buffer {a.buffer} ({buf // PAGE} pages) in {a.mem}, "
          f"{a.seeds} seeds; (slice, set) pairs over {lv['ways']} lines, lines in excess: mean [min..max]")
    for name, (colors, color_of) in color_fns(lv, slices, masks).items():
        res = []
        for seed in range(1, a.seeds + 1):
            pfns = place(colors, color_of, buf // PAGE, mem // PAGE, random.Random(seed))
            if pfns is None:
                print(f"slice_load.py: {name}: a color ran out of frames in {a.mem}", file=sys.stderr)
                return 1
            res.append(load(lv, slices, masks, pfns))
        pairs, lines = [r[0] for r in res], [r[1] for r in res]
        print(f"{name:9s} {colors:4d} colors: pairs over {sum(pairs) / len(pairs):.1f} [{min(pairs)}..{max(pairs)}], "
              f"lines in excess {sum(lines) / len(lines):.1f} [{min(lines)}..{max(lines)}]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
