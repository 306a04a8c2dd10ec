#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""presets.py - cache hierarchies by name: the one place that defines them
for the cache model (plugin levels=) and for the kernel (its geometry
arguments). The run scripts (run-cachesim.sh, run-model.sh) read it.

usage: presets.py list                         names, one line each, and what they are
       presets.py show NAME [--sysfs DIR]      the preset: levels=, kernel args, source, notes
       presets.py levels NAME [--sysfs DIR]    the plugin's levels= spec alone
       presets.py kernel-args (NAME | --levels SPEC) [--color-level N] [--sysfs DIR]
       presets.py color-size (NAME | --levels SPEC) [--color-level N]
                                               bytes of the level the kernel colors for
       presets.py resolve (NAME | --levels SPEC) [--sysfs DIR]
                                               shell assignments for the run scripts:
                                               levels=... kargs=... color_size=... label=...

NAME is one of PRESETS (below) or `host`, this machine's own hierarchy read
from /sys/devices/system/cpu/cpu0/cache/index*/ (--sysfs DIR reads another
tree of the same layout: DIR/index0/size ...). A bad name exits with status 2
and a message listing the presets. The sources of every figure are in
tools/cachesim/README.md ("Presets").

Kernel arguments come from ONE function, kernel_args(): the whole hierarchy
(cache_levels=SPEC color_level=N, N the last level unless --color-level
says otherwise), so the kernel sees a sliced level's slice count and hash
masks and counts colors per slice. The count over the whole sliced level
(slice-select bits counted as color bits) stays one kernel argument away:
CMDLINE="color_per_slice=off".
"""
import os
import re
import sys

# Slice hash masks: bit k of the slice number is the parity of (physical
# address AND mask k). The linear functions o0, o1, o2 of Intel Core
# (client) processors with 2, 4 and 8 slices, from C. Maurice, N. Le
# Scouarnec, C. Neumann, O. Heen, A. Francillon, "Reverse Engineering Intel
# Last-Level Cache Complex Addressing Using Performance Counters", RAID 2015
# (its table of the functions for 2-, 4- and 8-core Core processors; R.
# Hund, C. Willems, T. Holz, IEEE S&P 2013, first described such a hash).
# Masks written as bit sets so that a reader can check them against the
# paper's bit lists.
def _mask(bits):
    m = 0
    for b in bits:
        m |= 1 << b
    return m


INTEL_O0 = _mask([6, 10, 12, 14, 16, 17, 18, 20, 22, 24, 25, 26, 27, 28, 30, 32, 33, 35, 36])
INTEL_O1 = _mask([7, 11, 13, 15, 17, 19, 20, 21, 22, 23, 24, 26, 28, 29, 31, 33, 34, 35, 37])
INTEL_O2 = _mask([8, 12, 13, 16, 19, 22, 23, 26, 27, 30, 31, 34, 35, 36, 37])
INTEL_MASKS = {2: [INTEL_O0], 4: [INTEL_O0, INTEL_O1], 8: [INTEL_O0, INTEL_O1, INTEL_O2]}


def _hash(slices):
    return "+".join(f"0x{m:x}" for m in INTEL_MASKS[slices])


# name: (levels= spec, one-line description, source). The level to color is
# the last one (the kernel's default: the largest cache).
PRESETS = {
    "ds10": (
        "L1:64K:2:64:lru/L2:2M:1:64:lru",
        "Alpha DS10 (21264/EV6): 64 KiB 2-way L1 D-cache, 2 MiB direct-mapped L2 (B-cache), 64-byte lines",
        "the 2.4.17 page-coloring thread (linux-mm, January 2002: 'DS10 Alphaserver with 466MHz ev6 "
        "processor and 2MB L2 cache'); Compaq, Alpha 21264 Microprocessor Hardware Reference Manual (L1 "
        "D-cache 64 KB 2-way, 64-byte blocks; B-cache direct-mapped)",
    ),
    "skylake": (
        "L1:32K:8:64:plru/L2:256K:4:64:plru/L3:8M:16:64:srrip:incl:slices=4:hash=" + _hash(4),
        "Intel Core i7-6700 class (Skylake client, 4 cores): 32 KiB 8-way L1D, 256 KiB 4-way L2, "
        "8 MiB 16-way inclusive L3 in 4 slices selected by the published linear hash",
        "Intel 64 and IA-32 Architectures Optimization Reference Manual (Skylake client: L1D 32 KB 8-way, "
        "L2 256 KB 4-way, inclusive shared L3 up to 2 MB per core, 64-byte lines); slice hash: Maurice et "
        "al., RAID 2015, functions o0, o1 (4 slices)",
    ),
    "zen2": (
        "L1:32K:8:64:plru/L2:512K:8:64:plru:incl/L3:16M:16:64:lru:excl",
        "AMD Zen 2 core complex (Ryzen 3000 / EPYC 7002): 32 KiB 8-way L1D, 512 KiB 8-way L2 inclusive "
        "of L1, 16 MiB 16-way L3 per CCX filled by L2 victims (exclusive)",
        "AMD, Software Optimization Guide for AMD Family 17h Models 30h and Greater Processors (pub. "
        "56305): L1D 32 KB 8-way, L2 512 KB 8-way inclusive of L1, L3 16 MB per CCX 16-way, a victim "
        "cache of the L2s, 64-byte lines",
    ),
}
# What each preset assumes beyond its source (printed by `show`).
NOTES = {
    "ds10": ["replacement: LRU (2 ways: LRU and tree-PLRU are the same)",
             "the 21264 L1 is virtually indexed (32 KiB per way > 8 KiB page); the model indexes "
             "every level by physical address",
             "latencies: the model's defaults (4, 12 cycles; memlat=), not the EV6's"],
    "skylake": ["replacement: tree-PLRU at L1/L2 and SRRIP at L3 are this model's stand-ins; Intel "
                "documents neither (its L3 policy adapts at run time)",
                "L2 non-inclusive (the model's default); latencies the model's defaults"],
    "zen2": ["replacement: AMD does not document it; tree-PLRU at L1/L2, LRU at L3 assumed",
             "L3 slices (one per core in a CCX) are not modelled; one CCX, one core's L1/L2",
             "latencies: the model's defaults"],
}
SYSFS = "/sys/devices/system/cpu/cpu0/cache"


class PresetError(Exception):
    """A preset or spec that cannot be used; the message says why."""


def names():
    return sorted(PRESETS) + ["host"]


def parse_size(text):
    """'32K', '2M', '1048576' -> bytes; None when not a size."""
    m = re.fullmatch(r"\s*(\d+)\s*([KkMmGg]?)\s*", text)
    if not m:
        return None
    return int(m.group(1)) << {"": 0, "k": 10, "m": 20, "g": 30}[m.group(2).lower()]


def fmt_size(n):
    """bytes -> the shortest of N, NK, NM."""
    for shift, suffix in ((20, "M"), (10, "K")):
        if n and n % (1 << shift) == 0:
            return f"{n >> shift}{suffix}"
    return str(n)


def parse_levels(spec):
    """Returns [{name, size, ways, line, policy, options}] of a levels= spec
    (the fields run scripts need; the plugin's ml_parse is the judge of the
    rest: `geometry-check --levels SPEC`)."""
    out = []
    for i, lv in enumerate(spec.split("/")):
        f = lv.split(":")
        if len(f) < 5:
            raise PresetError(f"levels: level {i + 1} '{lv}': accepted: NAME:SIZE:WAYS:LINE:POLICY[:OPTION]...")
        size, ways, line = parse_size(f[1]), f[2], f[3]
        if size is None or not ways.isdigit() or not line.isdigit():
            raise PresetError(f"levels: level {i + 1} '{lv}': SIZE as N, NK or NM bytes, WAYS and LINE whole numbers")
        out.append({"name": f[0], "size": size, "ways": int(ways), "line": int(line), "policy": f[4],
                    "options": f[5:]})
    return out


def read_host(sysfs=SYSFS):
    """This machine's data/unified caches from a sysfs cache directory.
    Returns (spec, notes): notes say what was read and what was assumed.
    Raises PresetError when no usable level is there."""
    notes, levels = [], {}
    try:
        entries = sorted(e for e in os.listdir(sysfs) if re.fullmatch(r"index\d+", e))
    except OSError as e:
        raise PresetError(f"host: cannot read {sysfs}: {e.strerror}")

    def get(d, key):
        try:
            with open(os.path.join(sysfs, d, key)) as f:
                return f.read().strip()
        except OSError:
            return None

    for d in entries:
        typ, lvl = get(d, "type"), get(d, "level")
        if typ == "Instruction":
            continue
        size = parse_size(get(d, "size") or "")
        line = get(d, "coherency_line_size")
        ways = get(d, "ways_of_associativity")
        sets = get(d, "number_of_sets")
        shared = get(d, "shared_cpu_list")
        if not (lvl and lvl.isdigit()) or size is None:
            notes.append(f"{d}: level or size missing or unreadable ({lvl!r}, {get(d, 'size')!r}): skipped")
            continue
        if not (line and line.isdigit() and int(line) > 0):
            notes.append(f"{d}: coherency_line_size {line!r} unusable: 64 assumed")
            line = "64"
        line = int(line)
        if ways is not None and ways.isdigit() and int(ways) > 0:
            ways = int(ways)
        elif sets and sets.isdigit() and int(sets) > 0 and size % (int(sets) * line) == 0:
            notes.append(f"{d}: ways_of_associativity {ways!r}: {size // (int(sets) * line)} derived from "
                         f"size / (number_of_sets x line)")
            ways = size // (int(sets) * line)
        else:
            notes.append(f"{d}: ways_of_associativity {ways!r} and no usable number_of_sets: skipped")
            continue
        nsets = size // (ways * line)
        if nsets < 1 or nsets & (nsets - 1) or nsets * ways * line != size:
            p2 = 1 << (max(nsets, 1).bit_length() - 1)
            notes.append(f"{d}: {fmt_size(size)} {ways}-way {line}-byte lines is not a power-of-two number of "
                         f"sets ({size / (ways * line):g}): modelled as {p2} sets, {fmt_size(p2 * ways * line)}")
            nsets = p2
            size = p2 * ways * line
        name = f"L{lvl}"
        if name in levels:
            notes.append(f"{d}: a second L{lvl} data cache: skipped")
            continue
        levels[name] = (int(lvl), size, ways, line)
        notes.append(f"{d}: read L{lvl} {typ or 'type?'} {fmt_size(size)} {ways}-way {line}-byte lines, "
                     f"shared_cpu_list {shared if shared is not None else '(missing)'}")
    if not levels:
        raise PresetError(f"host: no usable data or unified cache under {sysfs}")
    notes.append("assumed: LRU at every level, non-inclusive, one slice (sysfs gives neither the policy, "
                 "the inclusion nor a slice hash); latencies the model's defaults")
    spec = "/".join(f"{n}:{fmt_size(s)}:{w}:{ln}:lru" for n, (_, s, w, ln) in
                    sorted(levels.items(), key=lambda kv: kv[1][0]))
    return spec, notes


def get(name, sysfs=SYSFS):
    """(spec, description, source, notes) of a preset; PresetError naming the presets."""
    if name == "host":
        spec, notes = read_host(sysfs)
        return spec, f"this machine ({sysfs})", f"read from {sysfs}/index*/", notes
    if name not in PRESETS:
        raise PresetError(f"cache preset '{name}' unknown: accepted: {', '.join(names())} "
                          f"(make run-cachesim CACHE=NAME; LEVELS=SPEC for a hierarchy by hand)")
    spec, desc, src = PRESETS[name]
    return spec, desc, src, NOTES.get(name, [])


def color_level(levels, color_level_=None):
    """Index of the level the kernel colors for: color_level (1-based) or the last."""
    if color_level_ is None:
        return len(levels) - 1
    if not 1 <= color_level_ <= len(levels):
        raise PresetError(f"color level {color_level_} out of range: accepted: 1..{len(levels)}")
    return color_level_ - 1


def kernel_args(spec, color_level_=None):
    """THE kernel arguments of a hierarchy (every run script calls this):
    "cache_levels=SPEC color_level=N", the plugin's levels= spec as it is and
    the 1-based level to color (default the last). The kernel counts colors
    per slice on a sliced level (sets per slice x line / page) and checks
    task_colors=/kernel_colors= against the hash masks; its argument
    color_per_slice=off counts them over the whole level instead.
    PresetError for a bad spec or color level."""
    levels = parse_levels(spec)
    i = color_level(levels, color_level_)
    return f"cache_levels={spec} color_level={i + 1}"


def main(argv):
    def opt(flag, default=None):
        if flag in argv:
            k = argv.index(flag)
            if k + 1 >= len(argv):
                raise PresetError(f"{flag} needs a value")
            v = argv[k + 1]
            del argv[k:k + 2]
            return v
        return default

    try:
        sysfs = opt("--sysfs", SYSFS)
        spec = opt("--levels")
        cl = opt("--color-level")
        cl = int(cl) if cl is not None else None
        if not argv:
            raise PresetError(__doc__.split("\n\n")[1])
        cmd, rest = argv[0], argv[1:]
        if cmd == "list":
            for n in names():
                print(f"{n:8s} {PRESETS[n][1] if n in PRESETS else 'this machine, from ' + SYSFS}")
            return 0
        if spec is None:
            if len(rest) != 1:
                raise PresetError(f"{cmd}: one preset name (or --levels SPEC) wanted: {', '.join(names())}")
            spec, desc, src, notes = get(rest[0], sysfs)
            label = rest[0]
        else:
            desc, src, notes, label = "given by hand", "LEVELS=", [], "levels"
        if cmd == "levels":
            print(spec)
        elif cmd == "kernel-args":
            print(kernel_args(spec, cl))
        elif cmd == "color-size":
            lv = parse_levels(spec)
            print(lv[color_level(lv, cl)]["size"])
        elif cmd == "show":
            print(f"preset:  {label}: {desc}")
            print(f"levels=  {spec}")
            print(f"kernel:  {kernel_args(spec, cl)}")
            print(f"source:  {src}")
            for n in notes:
                print(f"note:    {n}")
        elif cmd == "resolve":
            lv = parse_levels(spec)
            i = color_level(lv, cl)
            print(f"levels='{spec}'")
            print(f"kargs='{kernel_args(spec, cl)}'")
            print(f"color_size={lv[i]['size']}")
            print(f"label='{label}'")
        else:
            raise PresetError(f"unknown command '{cmd}': accepted: list, show, levels, kernel-args, "
                              f"color-size, resolve")
    except (PresetError, ValueError) as e:
        print(f"presets.py: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
