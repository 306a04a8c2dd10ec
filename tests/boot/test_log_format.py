# SPDX-License-Identifier: MIT
"""A real boot's log against its reference, docs/log-format.md: every record,
key and line prefix it holds is documented there; and the buddyinfo table is
Linux's /proc/buddyinfo format, read by a parser written to that format alone,
its counts agreeing with the free-page figures the log prints elsewhere."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "report"))
from test_log_format_doc import emitted, undocumented  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def max_order():
    """MAX_ORDER from mm/mmzone.h: orders 0..MAX_ORDER-1."""
    m = re.search(r"#define MAX_ORDER\s+(\d+)", open(os.path.join(ROOT, "mm", "mmzone.h")).read())
    return int(m.group(1))


def parse_proc_buddyinfo(text):
    """/proc/buddyinfo as Linux documents it: one line per zone, 'Node N, zone
    NAME' then the number of free blocks of each order from 0 up. Returns
    {(node, zone): [count per order]}; raises ValueError on any other line."""
    zones = {}
    for line in text.splitlines():
        f = line.split()
        if len(f) < 5 or f[0] != "Node" or not f[1].endswith(",") or f[2] != "zone":
            raise ValueError(f"not a /proc/buddyinfo line: {line!r}")
        zones[(int(f[1][:-1]), f[3])] = [int(x) for x in f[4:]]
    return zones


def buddyinfo_block(lines, when):
    """The lines after the 'buddyinfo: WHEN: ...' header: what a user would
    hand a /proc/buddyinfo parser."""
    start = lines.index(f"buddyinfo: {when}: free blocks per order 0..{max_order() - 1}, as /proc/buddyinfo:")
    block = []
    for line in lines[start + 1:]:
        if not line.startswith("Node "):
            break
        block.append(line)
    return block


def pagetypeinfo_per_order(lines):
    """{zone: [free blocks per order, summed over migrate types]} from the
    boot's /proc/pagetypeinfo table."""
    out = {}
    for line in lines:
        m = re.match(r"Node +0, zone +(\w+), type +\w+ +((?:\d+ +)*\d+) *$", line)
        if m:
            counts = [int(x) for x in m.group(2).split()]
            prev = out.setdefault(m.group(1), [0] * len(counts))
            out[m.group(1)] = [a + b for a, b in zip(prev, counts)]
    return out


def test_buddyinfo_is_proc_buddyinfo_and_agrees_with_the_free_counts(booter):
    b = booter("64M", "bench=none")
    assert b.rc == 0, b.log[-3000:]
    zones = b.zones()
    populated = {n for n, z in zones.items() if z["present"]}
    assert populated == {"DMA", "Normal"}, zones
    orders = max_order()
    assert orders == 11  # what docs/log-format.md says; Linux's x86 default prints 11 orders too

    boot_block = buddyinfo_block(b.lines, "boot")
    boot = parse_proc_buddyinfo("\n".join(boot_block))
    assert set(boot) == {(0, n) for n in populated}, boot
    for line in boot_block:  # the exact layout: name in 8 columns, each count in 6 and a space
        node_zone = parse_proc_buddyinfo(line)
        (_, name), counts = next(iter(node_zone.items()))
        assert line == f"Node 0, zone {name:>8} " + "".join(f"{c:6d} " for c in counts), line
    ptype = pagetypeinfo_per_order(b.lines)
    for (_, name), counts in boot.items():
        assert len(counts) == orders, counts
        # the pages of the blocks are the zone's free pages (zone: ... free=)
        assert sum(c << o for o, c in enumerate(counts)) == zones[name]["free"], (name, counts, zones[name])
        # and the blocks are pagetypeinfo's, summed over migrate types
        assert counts == ptype[name], (name, counts, ptype[name])
    assert sum(zones[n]["free"] for n in populated) > 1000

    after = parse_proc_buddyinfo("\n".join(buddyinfo_block(b.lines, "after the benchmarks")))
    assert set(after) == set(boot)
    # every free page (@leakcheck free_pages, counted after the lists are
    # drained) is in a block or on a per-CPU list: the pcp: lines that follow
    # the table count the hot, cold and colored lists' pages (on by default,
    # also on one CPU; the self-tests leave pages on the colored lists)
    start = b.lines.index("buddyinfo: after the benchmarks: free blocks per order 0..10, as /proc/buddyinfo:")
    on_lists = 0
    for line in b.lines[start + 1:]:
        if line.startswith("pcp: zone "):
            on_lists += sum(int(n) for n in re.findall(r" (?:hot|cold|colored) (\d+)", line))
        elif not line.startswith("Node "):
            break
    assert any(l.startswith("pcp: zone Normal  cpu0 hot ") for l in b.lines[start + 1:]), b.lines[start:start + 6]
    assert sum(c << o for counts in after.values() for o, c in enumerate(counts)) + on_lists == \
        int(b.record("leakcheck")["free_pages"])


def test_every_record_key_and_prefix_of_a_boot_is_documented(booter):
    b = booter("64M", "bench=stride,fft bench_runs=4 bench_max=32K cachesim=on")
    assert b.rc == 0, b.log[-3000:]
    records, loose, prefixes = emitted([("boot", line) for line in b.lines])
    assert {"header", "cmdline", "smp", "memcpy", "selftest", "phase", "result", "ratio", "check", "leakcheck",
            "final"} <= set(records), sorted(records)
    assert {"zone", "buddyinfo", "tsc", "stride", "summary", "pagecolor"} <= set(prefixes), sorted(prefixes)
    missing = undocumented(records, loose, prefixes)
    assert not missing, "docs/log-format.md does not document:\n  " + "\n  ".join(missing)
