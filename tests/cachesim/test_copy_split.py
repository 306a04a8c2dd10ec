# SPDX-License-Identifier: MIT
"""bench=copy under the cache simulator: the split-access counts
(tools/cachesim/split_count.c) of known copies, exactly, and the copy report
(tools/cachesim/copy_report.py) built from them.

One boot, three strategies, one run of a 512 KiB file (64 copies of 8192
bytes per file point; two 256 KiB copies per block point). The buffers are
page aligned and each destination starts 64 guard bytes into its area
(bench/copy.c), so a copy to dst+d (d = 1..32) spans the line boundaries
64*j with 64+d < 64*j < 64+d+n: 128 of them for n = 8192, 4096 for 256 KiB.

Run: /usr/bin/python3 -m pytest tests/cachesim/test_copy_split.py (needs
`make kernel cachesim`)."""
import os
import subprocess

from csboot import ROOT, boot, pairs, summary

CMD = ("bench=copy cachesim=on copy_bytes=512K bench_runs=1 copy_strategies=movsl,movsb,sse2 "
       "mm_shuffle=off selftest=off")
PLUGIN = "l2size=2M,l2ways=1,line=64,l1size=32K"
COPIES = 512 * 1024 // 8192


def splits(b):
    out = {}
    with open(b.sim_path) as f:
        for line in f:
            if line.startswith("cachesim split phase="):
                d = {k: int(v) for k, v in pairs(line).items()}
                out[d["phase"]] = d
    return out


def test_copy_split_counts_and_report():
    b = boot("copy-split", CMD, PLUGIN)
    assert b.rc == 0, b.tail()
    sp = splits(b)
    label = {}
    for r in b.records("phase"):
        if r.get("bench") == "copy":
            label[(r["test"], r["strategy"], int(r["src_align"]), int(r["dst_align"]))] = int(r["id"])
    assert len(label) == 3 * (33 + 8 + 7)
    assert all(r["verified"] == "yes" for r in b.records("result") if r.get("bench") == "copy")

    for d in range(33):
        s = sp[label[("file", "movsl", 0, d)]]
        # rep movsl: one 4-byte store per boundary when the destination is not 4-aligned
        assert s["split_stores"] == (128 * COPIES if d % 4 else 0), (d, s)
        assert s["split_loads"] == 0 and s["size4"] >= 2 * 2048 * COPIES, (d, s)
        s = sp[label[("file", "movsb", 0, d)]]
        # rep movsb: byte accesses never span lines; one load and one store per byte, plus the
        # one-byte load of bench_phase_end's flag before each end marker
        assert s["split_loads"] == s["split_stores"] == 0 and s["size1"] == (2 * 8192 + 1) * COPIES, (d, s)
        s = sp[label[("file", "sse2", 0, d)]]
        # sse2 aligns the destination: stores never split; the source then is misaligned by the
        # head's length, and TCG's 8-byte halves of each 16-byte load split when that is not 8-aligned
        assert s["split_stores"] == 0, (d, s)
        assert (s["split_loads"] > 0) == (d % 8 != 0), (d, s)
        assert s["size16"] == 0 and s["size8"] >= 2 * 2 * (8192 - 16) // 16 * COPIES, (d, s)
    # the 256 KiB tests: two copies per run
    assert sp[label[("dst", "movsl", 0, 1)]]["split_stores"] == 2 * 4096
    assert sp[label[("dst", "movsl", 0, 1)]]["split_loads"] == 0
    assert sp[label[("src", "movsl", 1, 0)]]["split_loads"] == 2 * 4096
    assert sp[label[("src", "movsl", 1, 0)]]["split_stores"] == 0
    assert sp[label[("dst", "movsl", 0, 8)]]["split_stores"] == 0

    # the report: tables shaped like the thread's, modelled cycles with the split penalty
    csv = b.sim_path + ".copy.csv"
    p = subprocess.run(["/usr/bin/python3", os.path.join(ROOT, "tools", "cachesim", "copy_report.py"),
                        "--csv", csv, b.log_path, b.sim_path], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "file read in 8192-byte chunks, dst misaligned: modelled cycles per KiB copied" in p.stdout
    assert "  dst    movsl    movsb     sse2" in p.stdout
    rows = {}
    with open(csv) as f:
        head = f.readline().strip().split(",")
        for line in f:
            r = dict(zip(head, line.strip().split(",")))
            rows[(r["test"], r["strategy"], int(r["src_align"]), int(r["dst_align"]))] = r
    a, m = rows[("file", "movsl", 0, 0)], rows[("file", "movsl", 0, 1)]
    # misaligned: 128 splits per 8 KiB = 16 per KiB, each costing the penalty and a second line
    assert float(m["split_per_kib"]) == 16.0 and float(a["split_per_kib"]) == 0.0
    assert float(m["cycles_per_kib"]) > float(a["cycles_per_kib"]) + 16 * 10
    assert float(rows[("file", "movsb", 0, 0)]["accesses_per_kib"]) > 2048
    summary("copy_split", "copy: movsl dst+1 %s vs aligned %s modelled cycles/KiB; %.0f s in QEMU" % (
        m["cycles_per_kib"], a["cycles_per_kib"], b.seconds))
