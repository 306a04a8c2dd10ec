# SPDX-License-Identifier: MIT
"""Firmware tables that lie, through build/kernel-hiboot.elf: its test
entry (tests/boot/hiboot/) rewrites QEMU's ACPI MADT in RAM before the
kernel starts (QEMU's -acpitable adds a table but cannot replace one):
hiboot.madt_id=I:ID gives the I-th local APIC entry APIC id ID,
hiboot.madt_lapic=ADDR sets the local APIC address, hiboot.madt_elen=I:LEN
the I-th entry's length byte, hiboot.madt_badsum=1 leaves the checksum
wrong. Before the checks: ids 0 1 1 on three CPUs gave "3 CPUs online",
CPU 1 started twice, and bench=pcp/smpstress hung in smp_call_all(); a
local APIC at 0x800000 (RAM) was mapped and written, and the run said
SUCCESS. Now each bad table or entry is named in one line and the kernel
runs on what is safe. Four boots, a few seconds each."""
import os
import subprocess

import pytest

from conftest import BUILD, ROOT, Boot

KERNEL_HI = os.path.join(BUILD, "kernel-hiboot.elf")


@pytest.fixture(scope="module", autouse=True)
def hiboot_kernel():
    subprocess.run(["make", "-s", "build/kernel-hiboot.elf"], cwd=ROOT, check=True)


def boot_fw(smp, cmdline, tag, timeout=180):
    cmd = ["timeout", str(timeout), "qemu-system-i386", "-accel", "tcg", "-m", "64M", "-smp", str(smp),
           "-kernel", KERNEL_HI, "-append", cmdline + " qemu_exit=0xf4", "-display", "none", "-no-reboot",
           "-serial", "stdio", "-monitor", "none", "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    log = p.stdout.decode(errors="replace").replace("\r", "")
    with open(os.path.join(BUILD, f"test-firmware-{tag}.log"), "w") as f:
        f.write(log)
    return Boot(log, {33: 0, 35: 1, 124: 3}.get(p.returncode, 4))


def test_duplicate_apic_id_two_cpus_and_benchmarks_finish():
    b = boot_fw(3, "bench=pcp,smpstress bench_runs=1 bench_stress_ms=300 hiboot.madt_id=2:1", "dup")
    assert b.rc == 0, b.log[-3000:]
    assert "smp: ACPI MADT: 2 CPUs (APIC ids 0 1), local APIC at 0xfee00000" in b.lines
    assert "smp: ACPI MADT: APIC id 1 is listed twice (entries 1 and 2): the CPU is used once" in b.lines
    smp = b.record("smp")
    assert smp["cpus"] == "2" and smp["found"] == "2", smp
    assert "smp: 2 CPUs online (boot CPU APIC id 0; trampoline at 0x8000, 16 KiB stacks)" in b.lines
    pcp = [r for r in b.records("result") if r.get("bench") == "pcp"]
    assert pcp and max(int(r["cpus"]) for r in pcp) == 2, pcp
    stress = [r for r in b.records("result") if r.get("bench") == "smpstress"]
    assert len(stress) == 3 and stress[2]["status"] == "ok" and stress[2]["cpus"] == "2", stress
    assert b.record("final")["status"] == "ok"


def test_local_apic_in_ram_refused_one_cpu():
    b = boot_fw(2, "bench=none hiboot.madt_lapic=0x800000", "lapic")
    assert b.rc == 0, b.log[-3000:]
    assert ("smp: ACPI MADT: the local APIC at 0x800000 is in usable RAM [mem 0x100000-0x3fdffff]: refused, 1 CPU"
            in b.lines), b.log[-3000:]
    smp = b.record("smp")
    assert smp["cpus"] == "1" and smp["found"] == "2", smp
    assert b.record("final")["status"] == "ok"


def test_bad_madt_checksum_named():
    b = boot_fw(2, "bench=none hiboot.madt_badsum=1", "sum")
    assert b.rc == 0, b.log[-3000:]
    bad = [l for l in b.lines if l.startswith("smp: the ACPI MADT at 0x")]
    assert len(bad) == 1 and bad[0].endswith(": checksum fails (bytes sum to 0x01): not used"), bad
    assert b.record("smp")["source"] != "madt"
    assert b.record("final")["status"] == "ok"


def test_madt_entry_length_named():
    b = boot_fw(2, "bench=none hiboot.madt_elen=1:1", "elen")
    assert b.rc == 0, b.log[-3000:]
    bad = [l for l in b.lines if l.startswith("smp: ACPI MADT: entry 1 at offset 52 (type 0) has length 1 (2..")]
    assert len(bad) == 1, b.log[-3000:]
    assert "smp: ACPI MADT: 1 CPU (APIC ids 0), local APIC at 0xfee00000" in b.lines
    assert b.record("smp")["cpus"] == "1"
    assert b.record("final")["status"] == "ok"


def test_boot_cpu_not_listed_one_cpu():
    """The boot CPU's APIC id (0, read from its local APIC) missing from the
    MADT (its entry says 5): nothing is started from a table that does not
    describe this machine."""
    b = boot_fw(2, "bench=none hiboot.madt_id=0:5", "bsp")
    assert b.rc == 0, b.log[-3000:]
    assert "smp: ACPI MADT: 2 CPUs (APIC ids 5 1), local APIC at 0xfee00000" in b.lines
    assert ("smp: ACPI MADT: the boot CPU's APIC id 0 is not listed: the table is not used, 1 CPU"
            in b.lines), b.log[-3000:]
    assert b.record("smp")["cpus"] == "1"
    assert b.record("final")["status"] == "ok"
