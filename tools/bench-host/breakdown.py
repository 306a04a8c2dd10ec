#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/bench-host/breakdown.py - what each instruction of an alloc+free
pair buys: runs bench_alloc --measure under callgrind (collection only in
run_pairs, as make bench-host does), annotates the source lines and sums
their instructions per pair into named parts of the path (the first rule
whose pattern matches a line's text, or its file, takes it).

  tools/bench-host/breakdown.py [--exe build/bench-host/bench_alloc]
                                [--mode pair] [--policy 0] [--colors 64]
                                [--order 0] [--pairs 20000]

Prints one line per part ("@part name=... instr=..."), and the total, which
is the figure make bench-host prints for the same row plus the setup's
instructions outside run_pairs (none: collection is off there) -- exact
for one build and compiler. Attribution is by source line after inlining,
so a part's figure is as good as its patterns: lines no rule names are
summed under "other" and listed with --verbose.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

# (part, file pattern or None, line-text pattern), first match wins
RULES = [
    ("benchmark loop (run_pairs, not the allocator)", r"bench_alloc\.c$", None),
    ("zone lock (elided on one CPU: counted, holder in debug builds)", None,
     r"zone_lock|spin_|acquisitions|__atomic"),
    ("free's checks (pointer, double/bad free, poison hook)", None,
     r"mem_map >=|PG_buddy \| PG_reserved|private != order|mm_free_poison|order >= MAX_ORDER|^\s*if \(__builtin_expect\($"),
    ("page flags and order of the block", None, r"page->flags|page->private|PG_head"),
    ("grouping: request type, page block type, per-type count", None,
     r"grouping|list_mt|migratetype|pageblock_flags|__free_list_type|nr_free_mt|__GFP_MOVABLE|PG_MT_MASK\) >>"),
    ("counters nr_free and free_pages", None, r"nr_free(\+\+|--)|free_pages (\+|-)="),
    ("buddy test (is the buddy free?)", None, r"buddy|zone_bits|pfn_valid"),
    ("list links (unlink, link, first entry)", r"list\.h$", None),
    ("list links (unlink, link, first entry)", None,
     r"list_add|list_del|list_empty|list_first_entry|head = |lists == PLACEMENT_PLAIN"),
    ("request setup (zone list, color and per-CPU tests, dispatch)", None,
     r"gfp|zl|zonelist|zone->free_pages <|any_color|color_sets_active|mm_pcp|alloc_pages_paths|return dma|return high|return kernel|pick->order|out->|for \(o ="),
    ("pfn, page and zone arithmetic", None, r"mem_map|node_zones|page_zonenum|page_zone"),
    ("calls, entries and returns", None, r"^\s*[{}]\s*$|PLACEMENT_FAST|return free_pages_common|return 0;|return;|__free_one_page|__placement_(add|del)"),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--exe", default="build/bench-host/bench_alloc")
    ap.add_argument("--mode", default="pair")
    ap.add_argument("--policy", default="0")
    ap.add_argument("--colors", default="64")
    ap.add_argument("--order", default="0")
    ap.add_argument("--pairs", type=int, default=20000)
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    if not os.access(a.exe, os.X_OK):
        sys.exit(f"breakdown.py: {a.exe} not built (make {a.exe})")
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "cg.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=run_pairs",
                        f"--callgrind-out-file={out}", a.exe, "--measure", a.mode, a.policy, a.colors, a.order,
                        str(a.pairs)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        text = subprocess.run(["callgrind_annotate", "--auto=yes", "--show-percs=no", "--context=0", out],
                              check=True, capture_output=True, text=True).stdout
    parts, other, total, cur = {}, [], None, ""
    for line in text.splitlines():
        m = re.match(r"-- Auto-annotated source: (.*)", line)
        if m:
            cur = m.group(1).strip()
            continue
        m = re.match(r"\s*([0-9,]+)\s+PROGRAM TOTALS", line)
        if m:
            total = int(m.group(1).replace(",", ""))
            continue
        m = re.match(r"\s*([0-9,]+)  (.*)$", line)
        if not m or not cur or m.group(2).lstrip().startswith("=>") or "events annotated" in m.group(2):
            continue
        n, src = int(m.group(1).replace(",", "")), m.group(2)
        for name, fpat, lpat in RULES:
            if (fpat is None or re.search(fpat, cur)) and (lpat is None or re.search(lpat, src)):
                parts[name] = parts.get(name, 0) + n
                break
        else:
            parts["other"] = parts.get("other", 0) + n
            other.append((n, cur, src.strip()))
    for name, _, _ in RULES + [("other", None, None)]:
        if name in parts:
            print(f"@part name=\"{name}\" instr={parts.pop(name) / a.pairs:.1f}")
    print(f"@part name=total instr={total / a.pairs:.1f} (callgrind, {a.pairs} pairs of --measure {a.mode} "
          f"{a.policy} {a.colors} {a.order})")
    if a.verbose:
        for n, f, s in sorted(other, reverse=True):
            print(f"  other {n / a.pairs:6.1f}  {os.path.basename(f)}: {s}")


if __name__ == "__main__":
    main()
