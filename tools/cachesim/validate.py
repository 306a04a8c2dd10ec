#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""validate.py - the N-level model (build/cachesim/replay, levels.c) against
the independent Python model (refmodel.py) on recorded traces: for each
hierarchy of the validation set (every policy at every level, inclusive and
exclusive, one slice / `none` / an XOR hash at L2 and L3, plus two mixed
hierarchies) and each trace, the per-level hits, misses, evictions,
inclusion victims and 3C counts must be equal. Prints one line per
hierarchy and trace; exit status 1 on any difference.

    tools/cachesim/validate.py TRACE...          (make validate-cachesim)

tests/cachesim/test_refmodel.py runs the same set on the small checked-in
traces; `make validate-cachesim RECORDS=N` records longer ones first. The
hash masks are test values, not any processor's.
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import refmodel  # noqa: E402

REPLAY = os.path.join(HERE, "..", "..", "build", "cachesim", "replay")
SLICE_MODES = {"one": "", "none": ":slices={n}", "hash": ":slices={n}:hash={m}"}
MASKS = {2: "0x2A4B5C0", 4: "0x2A4B5C0+0x1C6E940", 8: "0x2A4B5C0+0x1C6E940+0x3531A80"}


def level(name, size, ways, policy, rel, mode, slices):
    s = SLICE_MODES[mode].format(n=slices, m=MASKS[slices])
    return f"{name}:{size}:{ways}:64:{policy}:{rel}{s}" + (":seed=2463534242" if policy == "random" else "")


def specs():
    """{name: spec}: each policy, inclusive and exclusive, at every level;
    its L2 and L3 take two slice modes under one relation and the third
    under the other, so each (policy, slice mode, relation) pair is seen.
    Small caches (1K..16K) so that a few hundred lines overflow them."""
    out = {}
    for p in refmodel.POLICIES:
        for rel, (m2, m3) in (("incl", ("none", "hash")), ("excl", ("one", "hash"))):
            out[f"{p}-{rel}-{m2}-{m3}"] = "/".join([
                f"L1:1K:{4 if p == 'plru' else 2}:64:{p}",
                level("L2", "4K", 4, p, rel, m2, 4),
                level("L3", "16K", 8, p, rel, m3, 8)])
    # mixed policies, odd ways, line sizes differing across non-inclusive levels
    out["mixed-ninc"] = "L1:1K:2:32:srrip/L2:6K:6:128:random:slices=2:hash=0x1C6E940/L3:24K:12:64:lru:slices=2"
    out["mixed-incl-excl"] = "L1:768:3:64:lru/L2:4K:4:64:plru:incl/L3:16K:16:64:srrip:excl:slices=4"
    return out


def c_model(spec, trace, *extra):
    """The C model's level lines for spec on trace (replay's stdout)."""
    p = subprocess.run([REPLAY, "--levels", spec, *extra, trace], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"replay failed: {p.stderr.strip()}")
    return p.stdout.splitlines()


def compare(spec, trace, addrs=None):
    """(C lines, reference lines, C lines without classify) for spec on trace."""
    want = refmodel.replay(spec, addrs if addrs is not None else refmodel.read_trace(trace), classify=True)
    return c_model(spec, trace, "--classify"), want, c_model(spec, trace)


def main(argv):
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    bad = 0
    for trace in argv:
        addrs = refmodel.read_trace(trace)
        for name, spec in specs().items():
            t0 = time.process_time()
            got, want, plain = compare(spec, trace, addrs)
            ok = got == want and plain == [" ".join(ln.split()[:6]) for ln in want]
            bad += not ok
            misses = "/".join(ln.split()[3].split("=")[1] for ln in want)
            print(f"{'equal' if ok else 'DIFFERENT'} {os.path.basename(trace)} {name}: {len(addrs)} accesses, "
                  f"misses per level {misses} ({time.process_time() - t0:.1f} s CPU)")
            if not ok:
                print("  C:   " + "\n  C:   ".join(got) + "\n  ref: " + "\n  ref: ".join(want))
    print(f"validate.py: {'all equal' if not bad else f'{bad} differ'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
