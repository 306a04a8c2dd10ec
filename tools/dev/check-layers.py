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

No file-level cycle through headers in mm/, bench/ or arch/ (read from the
sources, headers included):
  - headers that include each other, a.h -> b.h -> a.h;
  - modules that include each other: a module is x.c with its header x.h,
    and x.h stands for x.c (who includes x.h needs x.c), so
    x.c -> y.h -> y.c -> x.h is a cycle of the modules x and y. A header
    with no .c of its own (mm/internal.h) is part of whoever includes it.
  Each is reported once per strongly connected set, with one cycle in it.
  There is no exemption: every include line of these folders is in the graph.

mm/ has no conditional (#if, #ifdef, #elif) on the architecture: no
compiler architecture macro, ARCH_* or CONFIG_* name, PAGE_SHIFT or
PAGE_SIZE in one; the architecture's facts come from <asm/*.h>. kernel/,
bench/ and init/ (but init/alpha/, the Alpha kernel's own boot sequence)
may test a fact an <asm/*.h> header states (#if ARCH_FFT_VECTOR), never a
compiler's architecture macro (#if defined(__i386__)).

With --circles, a further report: circles of files in mm/, bench/ or
arch/x86/. Two files are joined when one calls (or reads a variable) that
the other defines, as the symbol tables of the kernel's objects show
(build/k/<dir>/*.o, read with nm); a circle is a cycle in that graph.

usage: tools/dev/check-layers.py [--circles] [--objdir build/k] [--nm i686-linux-gnu-nm]
Exit status 0 when the include rules hold (and, with --circles, there is no
circle), 1 with one line per violation otherwise.
"""
import argparse
import os
import re
import subprocess
import sys

FLOORS = ["kernel", "boot", "mm", "arch", "bench", "init"]
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
CYCLE_FOLDERS = ("mm", "bench", "arch")


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


def include_graph(root):
    """{file: set of included files} over the .c and .h files of
    CYCLE_FOLDERS, root-relative; includes of files outside them dropped."""
    files = {}
    for top in CYCLE_FOLDERS:
        for dirpath, _, names in os.walk(os.path.join(root, top)):
            for f in names:
                if f.endswith((".c", ".h")):
                    files[os.path.relpath(os.path.join(dirpath, f), root)] = None
    graph = {}
    for rel in files:
        text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
        graph[rel] = {i for i in INCLUDE_RE.findall(text) if i in files and i != rel}
    return graph


def one_cycle(graph, comp):
    """A shortest cycle through comp's smallest node, inside comp (breadth
    first), as a list of nodes with the first repeated at the end."""
    start = min(comp)
    prev, todo = {start: None}, [start]
    while todo:
        nxt = []
        for v in todo:
            for w in sorted(graph[v]):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None:
                        path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w in comp and w not in prev:
                    prev[w] = v
                    nxt.append(w)
        todo = nxt
    return [start, start]


def module_of(path):
    return path.rsplit(".", 1)[0]


def module_graph(inc):
    """({module: set of modules}, {(m, n): 'file includes header'}) for the
    modules (stems with a .c file) of the include graph inc."""
    real = {module_of(f) for f in inc if f.endswith(".c")}
    graph, why = {m: set() for m in real}, {}
    for f in sorted(inc):
        m = module_of(f)
        if m not in real:
            continue
        for first in sorted(inc[f]):
            todo, seen = [first], {first}
            while todo:
                h = todo.pop()
                n = module_of(h)
                if n in real:
                    if n != m and n not in graph[m]:
                        graph[m].add(n)
                        why[(m, n)] = f"{f} includes {first}" + (f" ... {h}" if h != first else "")
                    continue
                for i in inc[h]:
                    if i not in seen:
                        seen.add(i)
                        todo.append(i)
    return graph, why


def header_cycle_violations(root):
    """The header and module cycles, one line each."""
    inc = include_graph(root)
    bad = []
    # headers that include each other
    hg = {f: {i for i in incs if i.endswith(".h")} for f, incs in inc.items() if f.endswith(".h")}
    for comp in cycles(hg):
        bad.append("headers include each other: " + " -> ".join(one_cycle(hg, set(comp))))
    # modules: x (x.c and x.h) -> y when a file of x includes y.h, directly
    # or through headers of no module of their own
    mg, why = module_graph(inc)
    for comp in cycles(mg):
        path = one_cycle(mg, set(comp))
        hops = "; ".join(why[(a, b)] for a, b in zip(path, path[1:]))
        bad.append(f"modules include each other ({len(comp)}: {', '.join(comp)}): " + " -> ".join(path) + f" ({hops})")
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
    # (subfolders too: mm/placement/ is part of mm/'s graph)
    objs = sorted(os.path.relpath(os.path.join(dp, f), d) for dp, _, fs in os.walk(d) for f in fs
                  if f.endswith(".o") and ".sse2." not in f
                  and os.path.exists(os.path.join(root, folder, os.path.relpath(os.path.join(dp, f), d)[:-2] + ".c")))
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


# mm/ takes the architecture's facts from <asm/*.h> (PAGE_SHIFT, vaddr_t, the
# zone limits, the cache defaults) and has no conditional on the architecture:
# no #if/#ifdef/#elif naming a compiler's architecture macro, an ARCH_ or
# CONFIG_ name, or the page size.
ARCH_COND_RE = re.compile(r"^\s*#\s*(?:if|ifdef|ifndef|elif)\b(.*)$", re.M)
ARCH_NAME_RE = re.compile(
    r"\b(__i[3-6]86__|__x86_64__|__amd64__|__alpha__|__alpha|__arm__|__aarch64__|__riscv|"
    r"ARCH_\w+|CONFIG_\w+|PAGE_SHIFT|PAGE_SIZE)\b"
)


# kernel/, bench/ and init/: an arch's fact from <asm/*.h> may be tested,
# a compiler's architecture macro may not
COMPILER_ARCH_RE = re.compile(r"\b(__i[3-6]86__|__x86_64__|__amd64__|__alpha__|__alpha|__arm__|__aarch64__|__riscv)\b")


def arch_conditional_violations(root):
    bad = []
    for folder, names in (("mm", ARCH_NAME_RE), ("kernel", COMPILER_ARCH_RE), ("bench", COMPILER_ARCH_RE),
                          ("init", COMPILER_ARCH_RE)):
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            if os.path.relpath(dirpath, root).startswith(os.path.join("init", "alpha")):
                continue  # the Alpha kernel's boot sequence: Alpha's by definition
            for f in sorted(files):
                if not f.endswith((".c", ".h")):
                    continue
                rel = os.path.relpath(os.path.join(dirpath, f), root)
                text = open(os.path.join(root, rel), encoding="utf-8", errors="replace").read()
                for m in ARCH_COND_RE.finditer(text):
                    name = names.search(m.group(1))
                    if name:
                        line = text.count("\n", 0, m.start()) + 1
                        bad.append(f"{rel}:{line}: a conditional on the architecture ({name.group(1)}): take the "
                                   f"fact from <asm/*.h>")
    return bad


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    ap.add_argument("--objdir", default="build/k")
    ap.add_argument("--nm", default="i686-linux-gnu-nm")
    ap.add_argument("--circles", action="store_true", help="also report circles of files in mm/, bench/ and arch/x86/ (symbol tables)")
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    objdir = a.objdir if os.path.isabs(a.objdir) else os.path.join(root, a.objdir)
    bad = include_violations(root) + header_cycle_violations(root) + arch_conditional_violations(root)
    if a.circles:
        for folder in ("mm", "bench", "arch/x86"):
            bad += circle_violations(objdir, a.nm, folder, root)
    for b in bad:
        print("layers:", b)
    print(f"layers: {'ok' if not bad else str(len(bad)) + ' violation(s)'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
