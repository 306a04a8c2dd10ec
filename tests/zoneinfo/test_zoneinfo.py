# SPDX-License-Identifier: MIT
"""tests/zoneinfo/test_zoneinfo.py - tools/zoneinfo against hand-derived results.

Each maps/<name>.{map,log} has maps/<name>.expected.json, written by reasoning
from the map (derivations in the map's comments and the JSON's "notes"):
the sanitized map, bytes dropped above 4 GiB, and per zone start/end pfn,
spanned/present/managed pages and nr_free per order, the totals and the
colors. "args" are extra arguments (e.g. --cmdline). Also checked: error
exits (2 with the line number for malformed input, 1 without usable
memory), bad --cmdline values, mm_shuffle=on with ballast, stdin input.

Run: make -f tools/zoneinfo/zoneinfo.mk zoneinfo-test
  or ZONEINFO=build/zoneinfo /usr/bin/python3 -m pytest -q tests/zoneinfo
"""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
MAPS = pathlib.Path(__file__).resolve().parent / "maps"
TOOL = pathlib.Path(os.environ.get("ZONEINFO", ROOT / "build" / "zoneinfo"))
BUILD = "ZONEINFO" not in os.environ  # else the caller built it
ZONES = ["DMA", "Normal", "HighMem"]
CASES = sorted(p for p in MAPS.iterdir() if p.suffix in (".map", ".log"))


@pytest.fixture(scope="session", autouse=True)
def tool():
    if BUILD:  # a no-op when up to date; rebuilds after mm/ changed
        subprocess.run(["make", "-s", "-f", "tools/zoneinfo/zoneinfo.mk", "build/zoneinfo"],
                       cwd=ROOT, check=True)
    assert TOOL.exists(), f"{TOOL} not built"


def run(args, stdin=None):
    return subprocess.run([str(TOOL)] + args, input=stdin, capture_output=True, text=True,
                          timeout=60)


def run_json(args, stdin=None):
    r = run(["--json"] + args, stdin)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def whole_pages(entries):
    """Whole 4 KiB pages of usable (type 1) RAM in a sanitized map."""
    pages = 0
    for addr, size, typ in entries:
        if typ == 1:
            pages += max(0, (addr + size) // 4096 - (addr + 4095) // 4096)
    return pages


def test_there_are_enough_maps():
    assert len(CASES) >= 8
    for p in CASES:
        assert p.with_suffix(".expected.json").exists(), p


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_map_matches_expected(path):
    exp = json.loads(path.with_suffix(".expected.json").read_text())
    out = run_json(exp.get("args", []) + [str(path)])

    got_map = [(e["addr"], e["size"], e["type"]) for e in out["map"]]
    exp_map = [(int(a, 0), int(s, 0), t) for a, s, t in exp["map"]]
    assert got_map == exp_map
    assert out["dropped_above_4g"] == exp["dropped_above_4g"]
    if "input" in exp:  # entries read, merged on input, not read
        assert out["input"] == exp["input"]
    assert [z["name"] for z in out["zones"]] == ZONES
    for z in out["zones"]:
        want = exp["zones"][z["name"]]
        for field in ("start_pfn", "end_pfn", "spanned_pages", "present_pages", "managed_pages",
                      "nr_free"):
            assert z[field] == want[field], f"zone {z['name']} {field}"
        # mm_shuffle is off by default: every managed page is free
        assert z["free_pages"] == z["managed_pages"]
        assert sum(n << o for o, n in enumerate(z["nr_free"])) == z["free_pages"]
    assert out["present_pages"] == exp["present_pages"]
    assert out["managed_pages"] == exp["managed_pages"]
    assert out["colors"] == exp["colors"]
    assert out["mm_shuffle"] is False
    # present = whole usable pages of the (expected) sanitized map below 4 GiB
    assert out["present_pages"] == whole_pages(exp_map)


def test_text_output_names_the_reservation_and_zones():
    r = run([str(MAPS / "qemu_3584.log")])
    assert r.returncode == 0, r.stderr
    assert "reserved [mem 0x0-0xfffff] (the first MiB" in r.stdout
    assert "BIOS-e820: [mem 0x0000000000100000-0x00000000bffdffff] usable" in r.stdout
    assert ("zone HighMem start_pfn 0x38000 end_pfn 0xbffe0 spanned 557024 present 557024 "
            "managed 557024") in r.stdout
    assert "536870912 bytes" in r.stdout  # 512 MiB above 4 GiB ignored
    assert "nr_free 0 0 0 0 0 1 1 1 1 1 543" in r.stdout
    assert "colors 64 (cache_size 256K, cache_ways 1)" in r.stdout


def test_stdin_gives_the_same_result():
    path = MAPS / "holes.map"
    a = run_json([str(path)])
    b = run_json([], stdin=path.read_text())
    c = run_json(["-"], stdin=path.read_text())
    assert a == b == c


@pytest.mark.parametrize("text,line", [
    ("0 0x9fc00 1\n\n# comment\n0x100000 zz 1\n", 4),
    ("0 4096 1 extra\n", 1),
    ("0 4096\n", 1),
    ("0x 4096 1\n", 1),
    ("0 4096 0x100000000\n", 1),               # a type wider than 32 bits (type 0 is valid)
    ("0x10000000000000000 4096 1\n", 1),       # does not fit in 64 bits
    ("0 4096 -1\n", 1),
    ("0 0x100000 1\nBIOS-e820: [mem 0x100000-0x1fffff] bogus\n", 2),
    ("BIOS-e820: [mem 0x200000-0x1fffff] usable\n", 1),  # end before start
    ("BIOS-e820: [mem 0x0-0xfff usable\n", 1),
    ("[    0.000000] BIOS-e820: [mem 0x0-0xfff] persistent (type x)\n", 1),
    ("[    0.000000] Linux version 6.1\n", 1),
])
def test_malformed_input_exits_2_naming_the_line(text, line):
    r = run([], stdin=text)
    assert r.returncode == 2
    assert f"line {line}: malformed" in r.stderr
    assert "accepted forms" in r.stderr
    assert "BASE LENGTH TYPE" in r.stderr and "BIOS-e820: [mem" in r.stderr
    assert r.stdout == ""


def test_more_than_128_entries_are_used():
    """The old 128-entry limit refused this map (exit 2, "more than 128
    entries"); the kernel dropped it whole. Now every entry is used: 129
    separate usable pages above 1 MiB (none touch, so none merge)."""
    text = "".join(f"{0x100000 + i * 8192} 4096 1\n" for i in range(129))
    out = run_json([], stdin=text)
    assert out["input"]["entries"] == 129 and out["input"]["merged_to"] == 129
    assert out["input"]["not_read"] == 0
    assert len(out["map"]) == 129
    assert out["present_pages"] == 129


def test_beyond_1024_entries_the_rest_is_used_and_said():
    """1100 entries that cannot merge (8 KiB usable, 4 KiB reserved, ...):
    the first 1024 are used; the 76 others are counted, the 38 reserved ones
    reserved as one range, and the kernel's input line says so."""
    text = "".join(f"{0x1000000 + i // 2 * 0x3000 + (i & 1) * 0x2000:#x} {0x1000 if i & 1 else 0x2000:#x} "
                   f"{2 if i & 1 else 1}\n" for i in range(1100))
    out = run_json([], stdin=text)
    assert out["input"] == {"entries": 1100, "merged_to": 1024, "compactions": 1, "not_read": 76,
                            "not_read_usable": 38, "not_read_reserved": [0x1602000, 0x1672000]}
    assert out["present_pages"] == 512 * 2
    r = run([], stdin=text)
    assert ("76 entries not read (38 usable, not used); the other 38 reserved as one range "
            "[mem 0x0000000001602000-0x0000000001671fff]; the 1024 entries read are used") in r.stdout


@pytest.mark.parametrize("typ,name", [(0, "type 0"), (2, "reserved"), (3, "ACPI data"), (4, "ACPI NVS"),
                                      (5, "unusable"), (7, "persistent"), (12, "type 12"),
                                      (0x80000000, "type 2147483648"), (0xffffffff, "type 4294967295")])
def test_every_type_other_than_1_is_not_usable(typ, name):
    """The issue's map with each non-usable type, in both input forms: the
    MiB at 512 MiB is never usable, and the type is printed by its name."""
    plain = f"0x0 0x9fc00 1\n0x100000 0x7ff00000 1\n0x20000000 0x100000 {typ}\n"
    bootlog = ("BIOS-e820: [mem 0x0-0x9fbff] usable\nBIOS-e820: [mem 0x100000-0x7fffffff] usable\n"
               f"BIOS-e820: [mem 0x20000000-0x200fffff] type {typ}\n")
    for text in (plain, bootlog):
        out = run_json([], stdin=text)
        assert out["zones"][1]["present_pages"] == 225024
        assert {"addr": 0x20000000, "size": 0x100000, "type": typ, "type_name": name} in out["map"]
    # listed before the RAM it overlaps, and covering a whole RAM entry
    out = run_json([], stdin=f"0x1f000000 0x2000000 {typ}\n0x100000 0x7ff00000 1\n0x0 0x9fc00 1\n"
                             f"0x30000000 0x100000 1\n0x2ff00000 0x300000 {typ}\n")
    assert out["zones"][1]["present_pages"] == 225280 - 8192 - 768  # 32 MiB and 3 MiB
    r = run([], stdin=plain)
    assert f"BIOS-e820: [mem 0x0000000020000000-0x00000000200fffff] {name}" in r.stdout


@pytest.mark.parametrize("text", [
    "",                                       # nothing at all
    "# only a comment\n\n",
    "0 0x100000 2\n0x100000 0x1000000 4\n",  # only reserved/NVS
    "0x100000000 0x40000000 1\n",             # usable only above 4 GiB
    "0 0x800 1\n0x1800 0x800 1\n",            # usable bytes but not one whole page
    "0 0x1000000 1\n0 0x1000000 5\n",         # usable, but all marked unusable too
])
def test_no_usable_memory_exits_1(text):
    r = run([], stdin=text)
    assert r.returncode == 1
    assert "no usable memory below 4 GiB" in r.stderr
    assert r.stdout == ""


def test_only_the_first_mib_usable_is_not_an_error():
    out = run_json([], stdin="0 0x9fc00 1\n")
    dma = out["zones"][0]
    assert (dma["present_pages"], dma["managed_pages"], dma["free_pages"]) == (159, 0, 0)


def test_bad_cmdline_values_keep_defaults():
    r = run(["--json", "--cmdline", "cache_size=3M mm_ballast=95 page_color=maybe bogus=1",
             str(MAPS / "tiny.map")])
    assert r.returncode == 0
    assert "cmdline: cache_size=3M rejected: not a power of two" in r.stderr
    assert "cmdline: mm_ballast=95 rejected: out of range" in r.stderr
    assert "cmdline: page_color=maybe rejected" in r.stderr
    assert "cmdline: unknown parameter 'bogus' ignored" in r.stderr
    out = json.loads(r.stdout)
    assert out["colors"] == 64 and out["cache_size"] == 262144 and out["page_color"] is True
    assert out["mm_shuffle"] is False


def test_cmdline_page_color_off_and_ways():
    out = run_json(["--cmdline", "page_color=off cache_size=1M cache_ways=16",
                    str(MAPS / "tiny.map")])
    assert out["page_color"] is False
    assert out["colors"] == 16  # 1M / (16 * 4K)


def ballast_candidates(free_ranges, offset):
    """Free pages in "fragmented" 4 MiB blocks (mm/shuffle.c: block b takes
    ballast unless (b + offset) % 4 == 0)."""
    n = 0
    for start, end in free_ranges:
        for b in range(start >> 10, ((end - 1) >> 10) + 1):
            if (b + offset) % 4:
                n += min(end, (b + 1) << 10) - max(start, b << 10)
    return n


def test_shuffle_with_ballast():
    path = str(MAPS / "qemu_3584.log")
    plain = run_json([path])
    out = run_json(["--cmdline", "mm_shuffle=on mm_ballast=50", path])
    assert out["mm_shuffle"] is True
    managed = out["managed_pages"]
    assert managed == plain["managed_pages"] == 786144
    # free pfns after the first MiB: [256, 786400); the offset is random
    wanted = {ballast_candidates([(256, 786400)], off) * 50 // 100 for off in range(4)}
    assert out["ballast_pages"] in wanted
    assert out["free_pages"] == managed - out["ballast_pages"]
    for z, p in zip(out["zones"], plain["zones"]):
        assert (z["present_pages"], z["managed_pages"]) == (p["present_pages"], p["managed_pages"])
        assert sum(n << o for o, n in enumerate(z["nr_free"])) == z["free_pages"]
    # every fourth 4 MiB block stays whole, the others are broken up
    high = out["zones"][2]["nr_free"]
    assert 543 // 4 <= high[10] <= 543 // 4 + 1
    assert high[0] > 10000
    # deterministic: the generator has a fixed seed
    assert run_json(["--cmdline", "mm_shuffle=on mm_ballast=50", path]) == out


@pytest.mark.parametrize("args", [["--bogus"], ["a.map", "b.map"], ["/nonexistent/x.map"]])
def test_usage_errors_exit_2(args):
    r = run(args)
    assert r.returncode == 2
    assert r.stderr


def test_help_exits_0():
    r = run(["--help"])
    assert r.returncode == 0 and "usage: zoneinfo" in r.stdout


@pytest.mark.parametrize("line,placement,coloring", [
    ("placement=buddy", "buddy", False),               # was accepted and ignored: binhop, coloring on
    ("placement=vacolor page_color=off", "vacolor", True),  # placement= wins, as in the kernel
    ("page_color=off", "buddy", False),
])
def test_cmdline_placement_is_honoured(line, placement, coloring):
    r = run(["--json", "--cmdline", line, str(MAPS / "tiny.map")])
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["placement"] == placement and out["page_color"] is coloring
    assert "ignored" not in r.stderr


def test_cmdline_parameters_it_does_not_model_are_said_ignored():
    r = run(["--cmdline", "bench=stride seed=3 cache_size=1M", str(MAPS / "tiny.map")])
    assert r.returncode == 0, r.stderr
    said = [l for l in r.stderr.splitlines() if l.startswith("zoneinfo: ") and " ignored: " in l]
    assert [l.split("=")[0] for l in said] == ["zoneinfo: seed", "zoneinfo: bench"], r.stderr
    assert not any("cache_size" in l.split(" ignored")[0] for l in said)


def test_cache_levels_colors_per_slice():
    """--cmdline cache_levels= as the kernel takes it: colors per slice of the
    largest level (8M 16-way, 4 slices: 2048 sets x 64 / 4K = 32), the
    whole level with color_per_slice=off (128), color_level= picks another
    level, and the derivation said on stderr."""
    spec = "L1:32K:8:64:lru/L2:256K:4:64:plru:incl/L3:8M:16:64:srrip:slices=4:hash=0x20000+0x40000"
    mem = "0 0x8000000 1\n"
    r = run(["--json", "--cmdline", f"cache_levels={spec}"], mem)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["colors"] == 32
    assert "coloring: 32 colors used (per slice)" in r.stderr
    assert "ignored" not in r.stderr
    assert run_json(["--cmdline", f"cache_levels={spec} color_per_slice=off"], mem)["colors"] == 128
    assert run_json(["--cmdline", f"cache_levels={spec} color_level=2"], mem)["colors"] == 16
