# SPDX-License-Identifier: MIT
"""bench=copy, the copy alignment study (bench/copy.c), and the boot's memcpy
choice (arch/x86/copy_select.c), in one short boot: every strategy QEMU's
CPU reports, every alignment of the thread's tests, every copy verified; the
tables; memcpy= rejected with its accepted form, then forced."""
from conftest import Boot  # noqa: F401  (fixtures come from conftest)

CMD = "bench=copy bench_runs=2 copy_bytes=512K memcpy=fastest memcpy=sse2"
STRATEGIES = ["movsl", "int64", "movsb", "align", "mmx", "sse2", "nt"]  # qemu32 has MMX and SSE2
BLOCK_OFFS = [0, 1, 2, 4, 8, 12, 16, 32]


def test_copy_study_and_memcpy_choice(booter):
    b = booter("64M", CMD)
    assert b.rc == 5, b.log[-3000:]  # success, with memcpy=fastest rejected
    final = b.record("final")
    assert final["status"] == "ok" and final["cmdline_errors"] == "1"
    assert ("cmdline: memcpy=fastest rejected: not one of the choices; accepted: "
            "auto|movsl|int64|movsb|align|mmx|sse2|nt; keeping default auto") in b.log

    # memcpy: calibrated, forced by the second memcpy= to an SSE2 strategy (so the self-check and
    # the rest of the boot copy through kernel_fpu_begin/end), checked, said to be the emulator's
    m = b.record("memcpy")
    assert m == {"aligned": "sse2", "same": "sse2", "skewed": "sse2", "forced": "sse2",
                 "hypervisor": "yes"}, m
    assert "memcpy: forced by memcpy=: aligned=sse2 same=sse2 skewed=sse2" in b.log
    ints = [l for l in b.lines if l.startswith("memcpy: in traps and below 512 bytes (no MMX/SSE there): ")]
    assert len(ints) == 1, ints
    assert all(kv.split("=")[1] in ("movsl", "int64", "movsb", "align") for kv in ints[0].split()[-3:]), ints
    assert "memcpy: note: under QEMU's TCG software emulator the calibration measured the emulator" in b.log
    assert "memcpy: self-check ok: 729 copies through the chosen strategies, 0 wrong" in b.log
    cal = [l for l in b.lines if l.startswith("memcpy:   ")]
    assert [l.split()[1] for l in cal] == ["aligned", "same", "skewed"]
    for l in cal:
        assert [kv.split("=")[0] for kv in l.split()[2:]] == STRATEGIES, l
        assert all(int(kv.split("=")[1]) > 0 for kv in l.split()[2:]), l

    # the study: every point of the three tests, per strategy, verified
    rs = [r for r in b.records("result") if r.get("bench") == "copy"]
    assert len(rs) == len(STRATEGIES) * (33 + 8 + 7), len(rs)
    for r in rs:
        assert r["verified"] == "yes", r
        assert r["unit"] == "KB/s" and r["runs"] == "2", r
        assert int(r["bytes"]) == 512 * 1024, r
        med, mean, sd, mn = (float(r[k]) for k in ("median", "mean", "stddev", "min"))
        assert 0 < mn <= med and mn <= mean and sd >= 0, r
        assert abs(float(r["mb_s_median"]) - med / 1024) < 0.1, r
    for s in STRATEGIES:
        f = [r for r in rs if r["strategy"] == s and r["test"] == "file"]
        assert [(int(r["src_align"]), int(r["dst_align"])) for r in f] == [(0, d) for d in range(33)]
        assert all(r["piece"] == "8192" for r in f)
        d = [r for r in rs if r["strategy"] == s and r["test"] == "dst"]
        assert [(int(r["src_align"]), int(r["dst_align"])) for r in d] == [(0, o) for o in BLOCK_OFFS]
        v = [r for r in rs if r["strategy"] == s and r["test"] == "src"]
        assert [(int(r["src_align"]), int(r["dst_align"])) for r in v] == [(o, 0) for o in BLOCK_OFFS[1:]]
        assert all(r["piece"] == str(256 * 1024) for r in d + v)
    c = b.record("copy")
    assert c == {"strategies": "7", "points": str(7 * 48), "failures": "0", "verified": "yes"}, c

    # the thread-shaped tables: a header row of strategies, a row per alignment
    header = "copy: dst  " + "".join(f" {s:>9}" for s in STRATEGIES)
    assert b.lines.count(header) == 2, header  # file table and dst table
    assert b.lines.count(header.replace("dst", "src", 1)) == 1
    rows = [l for l in b.lines if l.startswith("copy: ") and l[6:11].strip().isdigit()]
    assert len(rows) == 33 + 8 + 8
    assert all(len(l.split()) == 2 + len(STRATEGIES) for l in rows)
    assert "copy: strategy" not in b.log  # nothing skipped on this CPU
    assert max(len(l) for l in b.lines if l.startswith(("copy", "memcpy"))) <= 100
