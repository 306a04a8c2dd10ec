# SPDX-License-Identifier: MIT
"""SMP boots: four CPUs started from the ACPI MADT run bench=pcp (per-CPU
lists on and off) and bench=smpstress (every CPU allocates and frees random
orders at once) in one boot; a CPU without a local APIC boots on one CPU and
says why; bench=pcp under placement=binhop (the colored lists). Three
boots, about 20 s."""
import os
import re
import subprocess

from conftest import BOOT_TIMEOUT, BUILD, KERNEL, ROOT, Boot


def boot_smp(cmdline, smp, cpu=None, machine=None, timeout=BOOT_TIMEOUT):
    assert os.path.exists(KERNEL), "build the kernel first (make kernel)"
    log_path = os.path.join(BUILD, "test-iso", f"smp-{smp}-{cpu or 'default'}.log")
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--kernel", KERNEL, "--append",
           cmdline + " qemu_exit=0xf4", "--smp", str(smp), "--timeout", str(timeout), "--log", log_path]
    if cpu:
        cmd += ["--cpu", cpu]
    if machine:
        cmd += ["--machine", machine]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(log_path, errors="replace") as f:
        return Boot(f.read(), p.returncode)


def test_four_cpus_pcp_and_stress():
    b = boot_smp("bench=pcp,smpstress bench_runs=1 bench_stress_ms=400", 4)
    assert b.rc == 0, b.log[-3000:]
    smp = b.record("smp")
    assert smp["cpus"] == "4" and smp["found"] == "4" and smp["source"] == "madt"
    assert "smp: ACPI MADT: 4 CPUs (APIC ids 0 1 2 3)" in b.log
    # the lists are on by default
    assert "pcp: per-CPU page lists on (the default; pcp=off for the uniprocessor allocator): batch 16" in b.log
    rows = [r for r in b.records("result") if r.get("bench") == "pcp"]
    assert len(rows) == 9, rows  # 1, 2, 4 CPUs x (off, on, binhop)
    for r in rows:
        lock = float(r["lock_per_page"])
        assert r["failed"] == "0"
        assert int(r["ops"]) == int(r["cpus"]) * 8 * 64 * 2
        if r["pcp"] == "on":  # buddy's hot lists, binhop's colored lists
            assert lock <= 1.2 / 16, r
        else:  # without the lists: one lock per page
            assert lock == 1.0, r
    assert "pcp summary" in b.log
    # under binhop each CPU's loop ran as its own task: 4 pids on 4 CPUs,
    # every page of each on its own round-robin target (the colors go
    # round-robin from each task's own start)
    # (binhop runs twice on 4 CPUs, the lists off and on: a line per CPU each)
    tasks = [l.split() for l in b.lines if l.startswith("pcp: cpus=4 policy=binhop cpu")]
    assert len(tasks) == 8, tasks
    for run in (tasks[:4], tasks[4:]):
        assert [t[3] for t in run] == ["cpu0", "cpu1", "cpu2", "cpu3"], tasks
        assert len({t[8] for t in run}) == 4, tasks  # "... ran as task pid N:"
    assert all(t[12] == "512" and t[14] == "0" for t in tasks), tasks  # hits, misses
    # the summary's rows keep their columns whatever the cycle counts (a
    # loaded host gave 7-digit cycles/op that pushed the columns apart)
    i = b.lines.index("cpus | lock/pg cyc/op  spins | lock/pg cyc/op  spins | lock/pg cyc/op  spins")
    table = b.lines[i:i + 4]
    assert [l[:4].strip() for l in table[1:]] == ["1", "2", "4"], table
    assert all(len(l) == len(table[0]) for l in table), table
    stress = [r for r in b.records("result") if r.get("bench") == "smpstress"]
    assert len(stress) == 3
    for r in stress[:2]:
        assert r["mm_check"] == "ok" and r["bad_frees"] == "0" and int(r["allocs"]) > 0, r
    assert stress[0]["policy"] == "buddy" and int(stress[0]["pcp_pages"]) > 0
    assert stress[1]["policy"] == "binhop" and stress[1]["pcp"] == "on"  # the colored lists
    assert stress[2]["leak"] == "0" and stress[2]["status"] == "ok"
    # buddyinfo shows every CPU's lists
    assert any(l.startswith("pcp: zone Normal  cpu0 hot") and " cpu3 hot " in l for l in b.lines)
    assert b.record("leakcheck")["status"] == "ok"
    assert b.record("final")["status"] == "ok"


def test_four_cpus_colored_lists():
    """Colored requests on the per-CPU lists: under binhop on 1, 2 and 4 CPUs
    the zone lock is taken at most 0.075 times per page (once per page with
    the lists off), and no page is off the color binhop asked for."""
    b = boot_smp("bench=pcp placement=binhop bench_runs=1", 4)
    assert b.rc == 0, b.log[-3000:]
    assert "placement=binhop (the active policy)" in b.log
    assert "colored lists (binhop, vacolor): at most 512 pages (2048 KiB) parked per CPU and zone over all 256 " \
        "colors" in b.log
    rows = [r for r in b.records("result") if r.get("bench") == "pcp" and r["policy"] == "binhop"]
    assert [(r["cpus"], r["pcp"]) for r in rows] == [(c, p) for c in "124" for p in ("off", "on")], rows
    for r in rows:
        lock = float(r["lock_per_page"])
        assert r["failed"] == "0" and r["off_target"] == "0", r
        if r["pcp"] == "on":
            assert lock <= 0.075 and r["colored_high"] == "512", r
        else:
            assert lock == 1.0, r
    # the bound is said as what it is (a refill or a drain: batch pages per
    # lock), not as a "target" the measured values sit far below
    assert ("pcp: with the lists lock/page is at most about 1/batch = 1/16 = 0.0625: a refill takes 16 pages under "
            "one zone lock, a drain gives 16 back under one; pages freed and taken again from a list take none"
            ) in b.lines, [l for l in b.lines if l.startswith("pcp: ")][-3:]
    assert not [l for l in b.lines if l.startswith("pcp") and re.search(r"\btarget\b", l)]
    # buddyinfo shows the colored lists (empty: bench=pcp gave them back)
    assert any(l.startswith("pcp: zone Normal  cpu0 hot 0 cold 0 colored 0") for l in b.lines)
    assert b.record("leakcheck")["status"] == "ok"
    assert b.record("final")["status"] == "ok"


def test_no_local_apic_boots_on_one_cpu():
    b = boot_smp("bench=none smp=2", 2, cpu="qemu32,-apic")
    assert b.rc == 0, b.log[-3000:]
    assert "smp: 1 CPU: no local APIC (CPUID.1:EDX bit 9 clear)" in b.log
    smp = b.record("smp")
    assert smp["cpus"] == "1" and smp["apic"] == "no"
    # one CPU keeps the per-CPU lists on (the default on any number of CPUs)
    assert "pcp: per-CPU page lists on (the default;" in b.log
    # ... its colored lists' heads counted for one CPU, in the singular (it said "1 CPUs")
    assert re.search(r"their heads take \d+ KiB \(1 CPU x \d+ zones? x \d+ colors\)$", b.log, re.M), \
        [l for l in b.lines if l.startswith("pcp: per-CPU")]
    assert b.record("final")["status"] == "ok"
