#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/dev/check-layers.py - the house has floors, and nothing imports upward.

Floors, bottom to top (a file may include headers of its own floor and of the
floors below it, never above):

    kernel/   the library: printk, string, list, cmdline, mwc, task, panic
    mm/       the memory manager (zone lock through <asm/irqflags.h>)
    arch/     the x86 machine (arch/x86) and the host pseudo-arch (arch/host)
    bench/    the benchmarks
    init/     the boot sequence (main, parameters, self-tests)

boot/ (the entry and the Multiboot structures) sits right above kernel/.

With --circles, a second report: circles of files in mm/ or bench/. Two
files are joined when one calls (or reads a variable) that the other
defines, as the symbol tables of the kernel's objects show (build/k/<dir>/
*.o, read with nm); a circle is a cycle in that graph.

usage: tools/dev/check-layers.py [--circles] [--objdir build/k] [--nm i686-linux-gnu-nm]
Exit status 0 when the include rule holds (and, with --circles, there is no
circle), 1 with one line per violation otherwise.
"""
import argparse
import os
import re
import subprocess
import sys

FLOORS = ["kernel", "boot", "mm", "arch", "bench", "init"]
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def floor_of(path):
    top = path.split("/", 1)[0]
    return FLOORS.index(top) if top in FLOORS else None


def include_violations(root):
    bad = []
    for top in FLOORS:
        base = os.path.join(root, top)
        for dirpath, _, files in os.walk(base):
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), root)
                mine = floor_of(rel)
                text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
                for inc in INCLUDE_RE.findall(text):
                    theirs = floor_of(inc)
                    if theirs is not None and theirs > mine:
                        bad.append(f"{rel}: includes {inc} ({inc.split('/')[0]}/ is above {rel.split('/')[0]}/)")
    return bad


def symbols(nm, obj):
    out = subprocess.run([nm, obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRC":
            defined.add(parts[2])
    return defined, undefined


def cycles(graph):
    """Every elementary cycle is not needed: report one cycle per strongly
    connected component with more than one node (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def circle_violations(objdir, nm, folder, root):
    d = os.path.join(objdir, folder)
    # objects of sources that still exist (a stale object of a removed file
    # would show edges the tree no longer has)
    objs = sorted(f for f in os.listdir(d) if f.endswith(".o") and ".sse2." not in f
                  and os.path.exists(os.path.join(root, folder, f[:-2] + ".c"))) if os.path.isdir(d) else []
    if not objs:
        return [f"{folder}/: no objects in {d} (build the kernel first)"]
    syms = {o[:-2]: symbols(nm, os.path.join(d, o)) for o in objs}
    graph = {a: set() for a in syms}
    for a, (_, und) in syms.items():
        for b, (dfn, _) in syms.items():
            if a != b and und & dfn:
                graph[a].add(b)
    bad = []
    for comp in cycles(graph):
        edges = [f"{a}->{b}" for a in comp for b in sorted(graph[a]) if b in comp]
        bad.append(f"{folder}/: files call each other in a circle: {', '.join(comp)} ({'; '.join(edges)})")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    ap.add_argument("--objdir", default="build/k")
    ap.add_argument("--nm", default="i686-linux-gnu-nm")
    ap.add_argument("--circles", action="store_true", help="also report circles of files in mm/ and bench/")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    objdir = a.objdir if os.path.isabs(a.objdir) else os.path.join(root, a.objdir)
    bad = include_violations(root)
    if a.circles:
        for folder in ("mm", "bench"):
            bad += circle_violations(objdir, a.nm, folder, root)
    for b in bad:
        print("layers:", b)
    print(f"layers: {'ok' if not bad else str(len(bad)) + ' violation(s)'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
