#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""refmodel.py - an independent, deliberately plain re-simulation of the
cache hierarchy that tools/cachesim/levels.c models, for validating it: it
replays a trace the plugin recorded (trace=FILE) with the same level
specification and prints, per level, the same line as `build/cachesim/replay
--levels SPEC [--classify] TRACE`:

    level=NAME accesses=N hits=N misses=N evictions=N inval=N
        [compulsory=N capacity=N conflict=N]

    tools/cachesim/refmodel.py --levels SPEC [--classify] TRACE

It was written from the rules in tools/cachesim/README.md ("The N-level
model"), not from the C: sets are lists of line numbers, LRU keeps a recency
list per set, SRRIP ages a full set in one step (by 3 - max RRPV), the
fully associative 3C reference is an OrderedDict. Slow (pure Python) and
meant for small traces.
"""
import argparse
import struct
import sys
from collections import OrderedDict

POLICIES = ("lru", "plru", "random", "srrip")


def parse_size(text):
    mult = 1
    if text[-1] in "kK":
        mult, text = 1024, text[:-1]
    elif text[-1] in "mM":
        mult, text = 1024 * 1024, text[:-1]
    return int(text, 0) * mult


def parse_spec(spec):
    """SPEC (levels separated by '/') -> list of dicts, one per level."""
    out = []
    for idx, part in enumerate(spec.split("/")):
        f = part.split(":")
        if len(f) < 5 or f[4] not in POLICIES:
            raise ValueError(f"level {idx + 1}: '{part}' is not NAME:SIZE:WAYS:LINE:POLICY[:OPTION]..")
        lv = dict(name=f[0], size=parse_size(f[1]), ways=int(f[2]), line=int(f[3]), policy=f[4],
                  mode="ninc", slices=1, masks=[], seed=1)
        for o in f[5:]:
            if o in ("ninc", "incl", "excl"):
                lv["mode"] = o
            elif o.startswith("slices="):
                lv["slices"] = int(o[7:])
            elif o.startswith("hash="):
                lv["masks"] = [int(m, 0) for m in o[5:].split("+")]
            elif o.startswith("seed="):
                lv["seed"] = int(o[5:], 0)
            elif o.startswith("lat="):
                pass
            else:
                raise ValueError(f"level {idx + 1}: unknown option '{o}'")
        out.append(lv)
    return out


class Level:
    def __init__(self, d, classify):
        self.d = d
        self.name, self.ways, self.policy, self.mode = d["name"], d["ways"], d["policy"], d["mode"]
        self.shift = d["line"].bit_length() - 1
        self.nslices = d["slices"]
        self.per_slice = d["size"] // (d["ways"] * d["line"] * d["slices"])
        total = self.per_slice * self.nslices
        self.blocks = [[None] * self.ways for _ in range(total)]
        self.recency = [[] for _ in range(total)]          # LRU: ways, least recent first
        self.tree = [[0] * self.ways for _ in range(total)]  # PLRU: node 1..ways-1
        self.rrpv = [[3] * self.ways for _ in range(total)]  # SRRIP
        self.rng = d["seed"] & 0xFFFFFFFF
        self.hits = self.misses = self.evictions = self.inval = 0
        self.classify = classify
        self.seen = set()
        self.ref = OrderedDict()
        self.ref_cap = d["size"] // d["line"]
        self.ref_misses = 0

    def where(self, addr):
        """(set number, line number) of a physical address."""
        line = addr >> self.shift
        index = line % self.per_slice
        if self.nslices == 1:
            sl = 0
        elif not self.d["masks"]:
            sl = (line // self.per_slice) % self.nslices
        else:
            sl = sum((bin(addr & m).count("1") % 2) << k for k, m in enumerate(self.d["masks"]))
        return sl * self.per_slice + index, line

    def _used(self, s, w, hit):
        if self.policy == "lru":
            r = self.recency[s]
            if w in r:
                r.remove(w)
            r.append(w)
        elif self.policy == "plru":
            leaf = self.ways + w
            while leaf > 1:
                # the parent now points away from the child we came from
                self.tree[s][leaf // 2] = 0 if leaf % 2 else 1
                leaf //= 2
        elif self.policy == "srrip":
            self.rrpv[s][w] = 0 if hit else 2

    def _victim(self, s):
        blocks = self.blocks[s]
        if None in blocks:
            return blocks.index(None)
        if self.policy == "lru":
            return self.recency[s][0]
        if self.policy == "plru":
            node = 1
            while node < self.ways:
                node = node * 2 + self.tree[s][node]
            return node - self.ways
        if self.policy == "random":
            x = self.rng
            x = (x ^ (x << 13)) & 0xFFFFFFFF
            x ^= x >> 17
            x = (x ^ (x << 5)) & 0xFFFFFFFF
            self.rng = x
            return x % self.ways
        age = 3 - max(self.rrpv[s])
        self.rrpv[s] = [v + age for v in self.rrpv[s]]
        return self.rrpv[s].index(3)

    def lookup(self, addr):
        s, line = self.where(addr)
        if self.classify:
            self.seen.add(line)
            if line in self.ref:
                self.ref.move_to_end(line)
            else:
                self.ref_misses += 1
                self.ref[line] = True
                if len(self.ref) > self.ref_cap:
                    self.ref.popitem(last=False)
        blocks = self.blocks[s]
        if line not in blocks:
            self.misses += 1
            return False
        self.hits += 1
        w = blocks.index(line)
        if self.mode == "excl":
            blocks[w] = None
        else:
            self._used(s, w, True)
        return True

    def insert(self, addr):
        """Puts the line in; returns the address of the line it displaced, or None."""
        s, line = self.where(addr)
        blocks = self.blocks[s]
        if line in blocks:
            return None
        w = self._victim(s)
        old = blocks[w]
        blocks[w] = line
        self._used(s, w, False)
        if old is None:
            return None
        self.evictions += 1
        return old << self.shift

    def drop(self, addr):
        s, line = self.where(addr)
        if line in self.blocks[s]:
            self.blocks[s][self.blocks[s].index(line)] = None
            return True
        return False

    def report(self):
        text = (f"level={self.name} accesses={self.hits + self.misses} hits={self.hits} "
                f"misses={self.misses} evictions={self.evictions} inval={self.inval}")
        if self.classify:
            comp = len(self.seen)
            text += (f" compulsory={comp} capacity={self.ref_misses - comp} "
                     f"conflict={self.misses - self.ref_misses}")
        return text


class Hierarchy:
    def __init__(self, spec, classify=False):
        self.levels = [Level(d, classify) for d in parse_spec(spec)]

    def place(self, j, addr):
        lv = self.levels[j]
        out = lv.insert(addr)
        if out is None:
            return
        if lv.mode == "incl":
            for upper in self.levels[:j]:
                if upper.drop(out):
                    upper.inval += 1
        if j + 1 < len(self.levels) and self.levels[j + 1].mode == "excl":
            self.place(j + 1, out)

    def access(self, addr):
        found = len(self.levels)
        for k, lv in enumerate(self.levels):
            if lv.lookup(addr):
                found = k
                break
        for j in range(found - 1, -1, -1):
            if self.levels[j].mode != "excl":
                self.place(j, addr)
        return found

    def report(self):
        return [lv.report() for lv in self.levels]


def read_trace(path):
    """Physical addresses of a PCTRACE1 file, in order."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"PCTRACE1" or struct.unpack_from("<I", data, 8)[0] != 16:
        raise ValueError(f"{path}: not a cachesim trace (PCTRACE1)")
    return [rec[0] for rec in struct.iter_unpack("<QIHBB", data[16:len(data) - (len(data) - 16) % 16])]


def replay(spec, addrs, classify=False):
    h = Hierarchy(spec, classify)
    for a in addrs:
        h.access(a)
    return h.report()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--levels", required=True, help="the level specification (as the plugin's levels=)")
    ap.add_argument("--classify", action="store_true", help="3C split per level")
    ap.add_argument("trace")
    a = ap.parse_args()
    try:
        lines = replay(a.levels, read_trace(a.trace), a.classify)
    except (ValueError, OSError) as e:
        print(f"refmodel.py: {e}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
