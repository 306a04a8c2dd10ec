# SPDX-License-Identifier: MIT
"""The Alpha kernel under qemu-system-alpha (make ARCH=alpha run): the memory
the HWRPB reports matches QEMU's -m, the allocator is built over it and its
check holds, the exit status comes from the @final line, a fault prints what
the PALcode reports; the benchmarks (stride and FFT, coloring on and off)
give the x86 kernel's records, the summary and @final, and an x86-only
benchmark is rejected. Each boot takes a few seconds of CPU at most: the
boots that test something before the benchmarks run none (bench=none).
Skipped, with the reason, when the Alpha tools (tools/deps.txt's alpha job)
are missing."""
import os
import re
import subprocess

import pytest

import alpha_tools
from alpha_tools import needs_alpha, record

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
pytestmark = needs_alpha


def run_alpha(mem, cmdline=""):
    """alpha_tools.run_alpha; a command line that names no benchmark gets
    bench=none first (the default set runs for about 20 s), unless it is a
    long one testing the loader's limit."""
    if "bench" not in cmdline and len(cmdline) < 200:
        cmdline = ("bench=none " + cmdline).strip()
    return alpha_tools.run_alpha(mem, cmdline)


@pytest.mark.parametrize("mem,mib", [("96M", 96), ("256M", 256)])
def test_alpha_memory_from_hwrpb(mem, mib):
    rc, log = run_alpha(mem)
    assert rc == 0, log[-3000:]
    m = record(log, "@memory")
    total, free, console = int(m["total_kib"]), int(m["free_kib"]), int(m["console_kib"])
    assert total == mib * 1024                 # every cluster together is QEMU's -m
    assert 0 < console <= 1024                 # the PALcode's cluster: under 1 MiB
    assert free == total - console
    assert m["kernel_in_free"] == "yes" and m["page_size"] == "8192"
    # the Normal zone spans the free cluster, in 8 KiB pages
    z = re.search(r"^zone: name=Normal .*present=(\d+) managed=(\d+)", log, re.M)
    assert z and int(z.group(1)) == free // 8
    assert free // 8 - 1024 < int(z.group(2)) < free // 8   # less the kernel and mem_map


def test_alpha_allocator_checks_and_final():
    rc, log = run_alpha("128M")
    assert rc == 0
    c = record(log, "@mmcheck")
    assert c["colors"] == "256"                # 2 MiB direct-mapped, 8 KiB pages
    assert c["distinct"] == c["want"] == "256" and c["check"] == "ok"
    assert c["free_before"] == c["free_after"]
    assert record(log, "@final") == {"status": "ok", "failures": "0", "cmdline_errors": "0"}
    assert "under QEMU the counter counts virtual time at 250000000 Hz: used" in log


def test_alpha_rejected_parameter_exits_5():
    rc, log = run_alpha("128M", "fault=bogus")
    assert rc == 5
    assert "fault=bogus rejected" in log and record(log, "@final")["cmdline_errors"] == "1"
    # the status is the run script's, read from @final (not QEMU's, as on x86)
    assert "QEMU exits 5" not in log
    assert ("cmdline: 1 parameter rejected; earlier values or defaults kept (exit status 5\n"
            "cmdline:   from run-qemu-alpha.sh, which reads @final's cmdline_errors)") in log.replace("\r", ""), log[-1500:]
    # and the run script says why it exits 5, as x86's run-qemu.sh does (it was silent)
    assert ("run-qemu-alpha.sh: the run completed, but the kernel rejected command-line parameters (see the "
            "'cmdline: rejected at boot' lines): exit status 5") in log


def test_alpha_fault_prints_palcode_report():
    rc, log = run_alpha("128M", "fault=load")
    assert rc == 1
    assert "FAULT: memory fault (entMM)" in log
    assert re.search(r"^FAULT: address=0x0000008000000000 mmcsr=0 \(translation not valid\) cause=0 \(read\)$",
                     log, re.M)
    assert re.search(r"^FAULT: r28 [0-9a-f]{16} r29 fffffc[0-9a-f]{10} r30 fffffc[0-9a-f]{10} r31 0{16}$", log, re.M)
    assert record(log, "@final") == {"status": "fail", "reason": "fault"}
    rc, log = run_alpha("128M", "fault=opdec")
    assert rc == 1 and "FAULT: type=4 (illegal opcode)" in log


def test_alpha_page_tables_map_colored_pages():
    """64 colored pages mapped at 8 GiB through three new levels: what is
    written through the mapping is in those pages (read through KSEG); the
    pages' colors follow each other (round-robin); once unmapped, a load
    there faults with 'translation not valid'."""
    rc, log = run_alpha("128M")
    assert rc == 0
    v = record(log, "@vmap")
    assert v["va"] == "0x200000000" and v["pages"] == "64" and v["levels"] == "3"
    assert v["mismatches"] == "0" and v["colors_in_order"] == "63"
    rc, log = run_alpha("128M", "fault=vmap")
    assert rc == 1
    assert re.search(r"^FAULT: address=0x0000000200000000 mmcsr=0 \(translation not valid\) cause=0 \(read\)$",
                     log, re.M)


def test_alpha_cache_plugin_sees_physical_addresses(tmp_path):
    """The cache model's plugin loads into qemu-system-alpha (QEMU plugins
    are target independent) and gets a physical address for every memory
    access (no_hwaddr=0). Its phase markers are not seen yet: the whole boot
    is phase 0 (the Alpha's marker base is a KSEG address, arch/alpha/arch.h;
    the plugin knows x86's)."""
    subprocess.run(["make", "--no-print-directory", "-s", "build/cachesim/libcachesim.so"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, timeout=600)
    run_alpha("128M")  # the kernel built
    log = tmp_path / "run.log"
    plugin = os.path.join(ROOT, "build", "cachesim", "libcachesim.so") + ",l2size=2M,l2ways=1,line=64"
    p = subprocess.run([os.path.join(ROOT, "tools", "make", "run-qemu-alpha.sh"), "--kernel",
                        os.path.join(ROOT, "build", "alpha", "kernel.elf"), "--log", str(log),
                        "--append", "bench=none", "--timeout", "120", "--", "-plugin", plugin, "-d", "plugin"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    text = log.read_text()  # the plugin's report follows the kernel's log (QEMU's stderr)
    ph = dict(kv.split("=", 1) for kv in re.search(r"^cachesim phase=0 (.*)$", text, re.M).group(1).split())
    assert int(ph["accesses"]) > 1000000 and int(ph["l2_misses"]) > 0
    ign = dict(kv.split("=", 1) for kv in re.search(r"^cachesim ignored (.*)$", text, re.M).group(1).split())
    assert ign["no_hwaddr"] == "0" and int(ign["io"]) > 0   # the serial port's accesses are I/O


def test_alpha_rpcc_rate_used_is_the_measured_one():
    """The rate the kernel uses for rpcc (QEMU's 250 MHz, whatever the HWRPB
    claims) agrees within 10% with the counter counted over a second of the
    RTC (QEMU's clocks, both following the host's time while the guest runs:
    a loaded host slows both alike). About 2 s of the boot."""
    rc, log = run_alpha("128M", "rpcc_calibrate=on")
    assert rc == 0, log[-2000:]
    used = int(re.search(r"^rpcc: .* (\d+) Hz(?:, the HWRPB's rate)?: used$", log, re.M).group(1))
    measured = int(record(log, "@rpcc")["measured_hz"])
    assert abs(measured - used) < used // 10, (measured, used)


def test_alpha_memory_above_4g_is_said_ignored():
    """-m 5G: the HWRPB's free cluster runs past 4 GiB; the allocator's
    physical addresses are 32 bits, so the part above is left out, and said."""
    rc, log = run_alpha("5G")
    assert rc == 0, log[-2000:]
    assert int(record(log, "@memory")["total_kib"]) == 5 * 1024 * 1024
    assert re.search(r"^memory: 1048576 KiB at or above 4 GiB ignored ", log, re.M)
    z = re.search(r"^zone: name=Normal start_pfn=0x([0-9a-f]+) end_pfn=0x([0-9a-f]+) ", log, re.M)
    assert int(z.group(2), 16) == 4 * 1024 * 1024 * 1024 // 8192
    rc, log = run_alpha("128M")
    assert "above 4 GiB" not in log


def test_alpha_long_cmdline_refused_before_booting():
    """QEMU's Alpha loader keeps 255 bytes of -append: a longer CMDLINE is
    refused with the limit, not cut. (Its tokens are known names: an unknown
    one would be refused first by the host check, tests/boot/test_alpha_cmdline.py.)"""
    line = "fault=none " + " ".join(["seed=1"] * 36)
    rc, out = run_alpha("128M", line)
    assert rc == 2 and len(line) == 262
    assert "CMDLINE) is 262 bytes; accepted: at most 255" in out and "@final" not in out


def results(log, bench):
    """Every @result record of bench, as dicts."""
    return [dict(kv.split("=", 1) for kv in m.group(1).split())
            for m in re.finditer(r"^@result (bench=%s .*)$" % bench, log, re.M)]


BENCH_SHORT = "bench=stride,fft bench_max=32K bench_runs=1"


def test_alpha_benchmarks_on_and_off():
    """stride and FFT on Alpha: every point in both modes with a figure
    (cycles > 0), the colored buffers' pages each placed at the color bin
    hopping asked for (hits = the buffer's pages, no miss: 8 KiB pages, 256
    colors, so pages of one buffer on distinct colors), the uncolored ones
    not placed by color (buddy: no hit), the FFT verified; then the
    summary, the leak check and @final ok, exit 0. A few seconds of CPU."""
    rc, log = run_alpha("128M", BENCH_SHORT)
    assert rc == 0, log[-3000:]
    h = record(log, "@header")
    assert h["arch"] == "alpha" and h["tsc_khz"] == "250000" and h["colors"] == "256"
    assert h["bench_max"] == "32768" and h["bench_runs"] == "1"
    # coloring off measures random placement: the free lists shuffled at
    # boot, as on x86 (a fresh allocator's contiguous pages are colored by
    # accident); mm_shuffle=off was the Alpha default before
    assert h["mm_shuffle"] == "on" and re.search(r"^page_color: .* ballast=[1-9]\d* ", log, re.M), h
    st = results(log, "stride")
    got = {(r["pattern"], int(r["ws"]), r["color"]) for r in st}
    assert got == {(p, ws, c) for p in ("seq", "rand") for ws in (16384, 32768) for c in ("on", "off")}, got
    for r in st:
        assert r["runs"] == "1" and r["unit"] == "cycles/load" and float(r["median"]) > 0, r
        pages = int(r["ws"]) // 8192
        if r["color"] == "on":
            assert (int(r["hits"]), int(r["misses"])) == (pages, 0), r
        else:
            assert (int(r["hits"]), int(r["misses"])) == (0, 0), r
    ff = results(log, "fft")
    assert {(int(r["n"]), r["color"]) for r in ff} == {(n, c) for n in (1024, 2048) for c in ("on", "off")}
    for r in ff:
        assert r["unit"] == "cycles" and float(r["median"]) > 0 and r["verified"] == "yes", r
        pages = (int(r["n"]) * 24 + 8191) // 8192   # data and twiddles
        assert int(r["hits"]) == (pages if r["color"] == "on" else 0), r
    assert record(log, "@check")["verified"] == "yes"            # the naive DFT
    assert "fft: in-place radix-2 complex double FFT (alpha-fp)" in log
    assert len(re.findall(r"^@ratio bench=(stride|fft) ", log, re.M)) == 6
    # the summary, under emulator time: no verdict, the note why
    assert "summary: emulator time, colored / uncolored: median [95% interval], 1+1 runs" in log
    assert re.search(r"^16 KiB +\d\.\d{3} \(few runs\) +\d\.\d{3} \(few runs\) +\d\.\d{3} \(few runs\)$", log, re.M)
    assert "note: no verdict: under QEMU's TCG software emulator" in log
    assert record(log, "@leakcheck")["status"] == "ok"
    assert record(log, "@final") == {"status": "ok", "failures": "0", "cmdline_errors": "0"}


def test_alpha_log_read_by_pagecolor_report(tmp_path):
    """tools/pagecolor-report reads the Alpha log as it reads x86's: the
    machine line names the Alpha and QEMU, and every point's ratio is there."""
    rc, log = run_alpha("128M", BENCH_SHORT)
    assert rc == 0
    f = tmp_path / "alpha.log"
    f.write_text(log)
    p = subprocess.run([os.path.join(ROOT, "tools", "pagecolor-report"), str(f)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Alpha (clipper, 8 KiB pages), under QEMU's TCG software emulator" in p.stdout, p.stdout
    assert "coloring for 2 MiB 1-way (256 colors)" in p.stdout
    for point in ("stride seq 16 KiB", "stride rand 32 KiB", "fft 16 KiB", "fft 32 KiB"):
        assert point in p.stdout, p.stdout
    assert "damaged" not in p.stderr, p.stderr


def test_alpha_x86_only_benchmark_rejected():
    """bench=copy names a benchmark only the x86 kernel has: rejected with
    the benchmarks this kernel has, counted (exit status 5), the default
    (stride and FFT) kept, never dropped silently."""
    rc, log = run_alpha("128M", "bench=copy bench_max=16K bench_runs=1")
    assert rc == 5, log[-3000:]
    assert ("cmdline: bench=copy rejected: copy only in the x86 kernel; accepted: all (stride,fft), none or a "
            "list of this kernel's benchmarks, fft,stride,probe,triad,sparse,reuse,frag,pcp,readahead; keeping default all") in log
    assert "cmdline: rejected at boot: bench=copy (x86-only benchmark)" in log
    assert record(log, "@final") == {"status": "ok", "failures": "0", "cmdline_errors": "1"}
    assert {r["color"] for r in results(log, "stride")} == {"on", "off"}   # the default ran
    assert results(log, "fft") and not results(log, "copy")


def test_alpha_triad_sparse_reuse():
    """The three workloads that build on Alpha too: every point in both
    modes, verified, cycles > 0; a colored run's pages each on its own color
    (max_per_color=1: fewer pages than the 256 colors) and each placed at its
    color (hits = its pages)."""
    rc, log = run_alpha("128M", "bench=triad,sparse,reuse bench_max=32K bench_runs=1")
    assert rc == 0, log[-3000:]
    for bench, unit in (("triad", "cycles/elem"), ("sparse", "cycles/load"), ("reuse", "cycles/load")):
        rs = results(log, bench)
        assert {r["color"] for r in rs} == {"on", "off"}, bench
        for r in rs:
            assert r["unit"] == unit and float(r["median"]) > 0 and r["verified"] == "yes", r
            if r["color"] == "on":
                assert r["policy"] == "binhop" and r["max_per_color"] == "1", r
                assert (int(r["hits"]), int(r["misses"])) == (int(r["ws"]) // 8192, 0), r
            else:
                assert r["policy"] == "buddy" and r["hits"] == "0", r
    assert record(log, "@final") == {"status": "ok", "failures": "0", "cmdline_errors": "0"}


def test_alpha_poison_checks_every_benchmark_page():
    """mm_debug=poison on Alpha, as on x86 (tests/boot/test_debug.py): every
    free page filled through KSEG and the fill checked at every allocation,
    the benchmarks' pages among them; @poison says so. It was parsed and
    silently not done."""
    rc, log = run_alpha("128M", "mm_debug=poison bench=stride,fft bench_max=64K bench_runs=1")
    assert rc == 0, log[-3000:]
    p = record(log, "@poison")
    assert p["status"] == "ok" and p["bad"] == "0"
    # stride's and FFT's buffers, 2..8 pages per run, and the check round's
    # 512: thousands of pages checked at allocation
    assert int(p["checked"]) > 1000, p
    assert "not mapped by the kernel" not in log  # KSEG reaches every page
    assert record(log, "@final")["status"] == "ok"
