# SPDX-License-Identifier: MIT
"""The kernel's debugging aids at boot: mm_debug=poison (every free page
poisoned, the poison checked at every allocation, mm/poison.h) runs the
benchmarks clean and says so in @poison; the debug kernel (make kernel
DEBUG=1: lock assertions, kernel/spinlock.h) boots on two CPUs and runs the
allocator-heavy benchmarks without an assertion firing.

The debug kernel is a second full build of the kernel (about 10 s of CPU,
18 s wall on a loaded 2-core host), so its test is marked long (make
test-long)."""
import os
import re
import subprocess

import pytest

from conftest import BOOT_TIMEOUT, BUILD, ROOT, Boot, die_with_parent

QUICK = "bench_runs=1 bench_max=64K seed=3"


def test_poison_benchmarks_run_clean(booter):
    b = booter("64M", "mm_debug=poison bench=stride,fft,pcp " + QUICK)
    assert b.rc == 0, b.log[-3000:]
    poison = b.record("poison")
    assert poison["status"] == "ok" and poison["bad"] == "0"
    # the benchmarks' buffers were checked, page by page (thousands)
    assert int(poison["checked"]) > 1000
    assert "written while free" not in b.log
    assert b.record("final")["status"] == "ok"


def test_use_after_free_is_reported_and_fails_the_run(booter):
    """selftest_inject=use_after_free writes one word into a freed block:
    the report names that pfn and offset and the word, the run goes on to
    its end, and fails."""
    b = booter("64M", "mm_debug=poison selftest_inject=use_after_free bench=stride " + QUICK)
    assert b.rc == 1
    m = re.search(r"0x0badf00d written at pfn (0x[0-9a-f]+) offset 0x40 after it was freed", b.log)
    assert m, b.log[-3000:]
    assert re.search(r"mm: poison: pfn %s \(block of order \d+\) offset 0x40: expected 0x6b6b6b6b found "
                     r"0x0badf00d: written while free" % m.group(1), b.log)
    assert b.record("selftest")["failed"] == "0"
    assert [r for r in b.records("result") if r.get("bench") == "stride"], "the benchmarks ran after it"
    poison = b.record("poison")
    assert poison["status"] == "fail" and poison["bad"] == "1"
    assert b.record("final")["status"] == "fail"


def test_poison_off_and_on_print_no_poison_record(booter):
    """@poison belongs to the check: mm_debug=on only fills freed pages."""
    b = booter("64M", "mm_debug=on bench=none seed=3")
    assert b.rc == 0
    assert not b.records("poison")


def test_mm_debug_bad_value_is_rejected_with_the_choices(booter):
    b = booter("64M", "mm_debug=yes bench=none seed=3")
    assert b.rc == 5
    assert "cmdline: mm_debug=yes rejected: not one of the choices; accepted: off|on|poison; keeping default off" \
        in b.log
    assert not b.records("poison")


@pytest.mark.long
def test_debug_kernel_boots_smp_without_assertion():
    subprocess.run(["make", "--no-print-directory", "kernel", "DEBUG=1"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    kernel = os.path.join(BUILD, "debug", "kernel.elf")
    with open(os.path.join(BUILD, "debug", "kernel.sym")) as f:
        assert " spin_assert_fail\n" in f.read(), "not a debug build"
    log_path = os.path.join(BUILD, "test-iso", "debug-smp2.log")
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", "128M", "--kernel", os.path.relpath(kernel, ROOT),
           "--append", "bench=pcp,smpstress,fft,frag bench_stress_ms=400 mm_debug=poison " + QUICK + " qemu_exit=0xf4",
           "--smp", "2", "--timeout", str(BOOT_TIMEOUT), "--log", log_path]
    p = subprocess.run(die_with_parent(cmd), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(log_path, errors="replace") as f:
        b = Boot(f.read(), p.returncode)
    assert "lock assertion" not in b.log, b.log[-3000:]
    assert b.rc == 0, b.log[-3000:]
    assert b.record("smp")["cpus"] == "2"
    stress = [r for r in b.records("result") if r.get("bench") == "smpstress"]
    assert stress, "smpstress did not run"
    assert b.record("poison")["bad"] == "0"
