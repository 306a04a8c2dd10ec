# SPDX-License-Identifier: MIT
"""Boot tests of the cache geometry coloring is computed for: cache_levels=
in the cache model's levels= syntax on a sliced, hashed L3 (the 4-slice
Intel client hash), colors per slice or from the whole level
(color_per_slice=), color_level= beyond the levels rejected, a bad
cache_levels= rejected with its accepted form, and kernel_colors=/
task_colors= checked against the slice hash. Three short boots, no
benchmark (the host test tests/host/test_cache_geom.c covers the rules)."""

import re

INTEL = ("L1:32K:8:64:lru/L2:256K:4:64:plru:incl/L3:8M:16:64:srrip:slices=4:"
         "hash=0x35f575440+0x7b5faa880")
BASE = "bench=none selftest=off seed=7 "


def test_whole_level_colors_cannot_isolate(booter):
    b = booter("32M", BASE + f"cache_levels={INTEL} color_level=4 color_per_slice=off "
               "kernel_colors=0-31 task_colors=32-127")
    assert b.rc == 5, f"exit status {b.rc}\n{b.log[-3000:]}"  # color_level=4 rejected
    hdr = b.record("header")
    assert hdr["cache_size"] == str(8 << 20) and hdr["cache_ways"] == "16" and hdr["colors"] == "128"
    assert ("cmdline: color_level=4 rejected: cache_levels= gives 3 levels; accepted: a number from 1 to 3; "
            "keeping the default (the largest level)") in b.log
    assert ("coloring: L3 (level 3 of 3): 8M 16-way, 64-byte lines, 4 slices by hash 0x35f575440+0x7b5faa880: "
            "2048 sets per slice") in b.log
    assert ("coloring: colors = sets per slice x line / 4K = 2048 x 64 / 4K = 32 per slice; counting the whole "
            "level, 8M / (16 x 4K), would give 128") in b.log
    assert "coloring: 128 colors used (the whole level)" in b.log
    # the task set loses the image's text+data colors (0-N of 128: N follows
    # the image's size) and still meets the kernel's: each remaining color c
    # shares its sets with c mod 32, one of kernel_colors=0-31
    m = re.search(r"^colors: kernel image text\+data: .*, colors 0-(\d+) \(", b.log, re.M)
    assert m, b.log[-3000:]
    first = int(m.group(1)) + 1
    assert 32 <= first < 128
    assert (f"colors: task_colors ({first}-127) and kernel_colors (0-31) cannot isolate on L3: {128 - first} pairs "
            f"of colors share cache sets, e.g. {first} and {first % 32}") in b.log
    assert "color_per_slice=on counts 32 colors, whose disjoint sets isolate" in b.log
    assert "cmdline: rejected at boot: color_level=4" in b.log
    assert b.record("final")["cmdline_errors"] == "1"


def test_per_slice_colors_isolate(booter):
    # (no kernel_colors=: with 32 colors the image's 256 KiB of text+data
    # covers every color, and nothing would be left for tasks)
    b = booter("32M", BASE + f"cache_levels={INTEL} task_colors=8-31")
    assert b.rc == 0, f"exit status {b.rc}\n{b.log[-3000:]}"
    assert b.record("header")["colors"] == "32"
    assert "coloring: 32 colors used (per slice)" in b.log
    assert "colors: task_colors=8-31: every task's pages use colors 8-31 (24 of 32)" in b.log
    assert "cannot isolate" not in b.log


def test_bad_cache_levels_rejected(booter):
    b = booter("32M", BASE + "cache_size=2M cache_ways=1 cache_levels=L3:8M:16:64:lru:slices=4:hash=0x20000")
    assert b.rc == 5, f"exit status {b.rc}\n{b.log[-3000:]}"
    assert ("cmdline: cache_levels=L3:8M:16:64:lru:slices=4:hash=0x20000 rejected: level 1 (L3): 4 slices need "
            "2 hash masks, hash= gives 1; keeping cache_size= and cache_ways=") in b.log
    hdr = b.record("header")
    assert hdr["cache_size"] == str(2 << 20) and hdr["colors"] == "512"  # the default kept
    assert "cmdline: rejected at boot: cache_levels=" in b.log


def test_rejections_readable_at_the_end(booter):
    # color_level's default, 0, is outside its accepted form: said in words;
    # the end of the log listed cache_levels= with its form cut off mid-way
    # ("...hash=MASK+MASK.....)"): it points to the form on the line above
    b = booter("32M", BASE + "cache_levels=bogus color_level=9")
    assert b.rc == 5, f"exit status {b.rc}\n{b.log[-3000:]}"
    assert ("cmdline: color_level=9 rejected: out of range; accepted: a number from 1 to 6; keeping the default "
            "(the largest level)") in b.lines
    assert "keeping default 0" not in b.log
    assert any(l.startswith("cmdline: cache_levels=bogus rejected: level 1 'bogus' has 1 field, needs at least 5; "
                            "accepted: NAME:SIZE:WAYS:LINE:") and "[:seed=N], levels separated by '/'" in l
               for l in b.lines), b.log[-3000:]
    end = b.lines[b.lines.index("cmdline: rejected at boot: color_level=9 (out of range)"):]
    assert end[1:4] == ["cmdline: rejected at boot: cache_levels=bogus (level 1 'bogus' has 1 field,",
                        "cmdline:   needs at least 5; accepted form above)",
                        "cmdline: 2 parameters rejected; earlier values or defaults kept (QEMU exits 5)"], end[:6]
    assert b.record("final")["cmdline_errors"] == "2"
