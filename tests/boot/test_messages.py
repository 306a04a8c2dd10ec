# SPDX-License-Identifier: MIT
"""Every message says what the kernel does; none is silent or contradicts
another (faults of the outside tester's trial, kind "silent or
contradictory messages"):
  - bench=interfere with page_color=off: it says it runs colored anyway;
  - bench=all,none: rejected ('none' cannot be combined), not half-applied;
  - -smp 255: the count of CPUs not started agrees with the count not read;
  - the command line, echoed in 'boot: loader ...' and '@cmdline', carries
    its control bytes as \\xNN (an escape sequence never reaches the
    reader's terminal), as the rejection lines already did;
  - @leakcheck says fail only when the leak check failed (it said
    'checked' for any failure) - tests/boot/test_small.py."""
import os
import subprocess

from conftest import BUILD, KERNEL, ROOT, Boot

QUICK = "bench=none seed=7"


def boot_kernel(mem, append, extra=(), timeout=600):
    """QEMU's own loader (-kernel): its -append can carry control bytes."""
    log_path = os.path.join(BUILD, "test-iso", f"messages-{abs(hash(append)) % 10**8}-{mem}.log")
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", mem, "--kernel", KERNEL, "--append", append,
           "--timeout", str(timeout), "--log", log_path]
    if extra:
        cmd += ["--", *extra]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(log_path, "rb") as f:
        raw = f.read()
    return Boot(raw.decode("latin-1"), p.returncode), raw


def test_interfere_says_it_runs_colored_with_page_color_off(booter):
    b = booter("128M", "bench=interfere bench_runs=1 bench_interfere_hz=10000 selftest=off cache_size=2M "
               "cache_ways=1 seed=1 page_color=off")
    assert b.rc == 0, f"run-qemu.sh exit status {b.rc}\n{b.log[-3000:]}"
    assert ("interfere: placement=buddy places no colors; cache partitioning needs them: bench=interfere runs "
            "colored (binhop) anyway, placement=buddy again after it") in b.lines
    assert "placement=binhop" in next(l for l in b.lines if l.startswith("interfere: victim stride"))
    assert b.record("header")["page_color"] == "off"


def test_a_list_naming_none_with_others_is_rejected(booter):
    b = booter("32M", "bench=none bench=all,none seed=7")
    assert b.rc == 5, f"run-qemu.sh exit status {b.rc}\n{b.log[-2000:]}"
    unwrapped = b.log.replace("\ncmdline:   ", " ")  # the 80-column wrap of the closing lines
    assert "cmdline: rejected at boot: bench=all,none ('none' cannot be combined with other choices)" in unwrapped
    assert "cmdline: bench=all,none rejected: 'none' cannot be combined with other choices;" in b.log
    assert not b.records("result")  # the earlier value, none, is kept


def test_smp_255_counts_agree():
    b, _ = boot_kernel("64M", QUICK + " qemu_exit=0xf4", extra=("-smp", "255"))
    assert b.rc == 0, b.log[-3000:]
    smp = [l for l in b.lines if l.startswith("smp: ")]
    assert smp[0].endswith(", 191 beyond 64 not read"), smp[0]
    assert smp[1] == "smp: this kernel runs at most 8 CPUs; the other 247 of the 255 listed are not started"
    assert smp[2].startswith("smp: 8 CPUs online")


def test_command_line_control_bytes_are_escaped_in_every_line():
    b, raw = boot_kernel("32M", QUICK + " k=\x1b[2J\x07 qemu_exit=0xf4")
    assert b.rc == 5, b.log[-3000:]
    assert b"\x1b" not in raw and b"\x07" not in raw
    loader = next(l for l in b.lines if l.startswith('boot: loader "'))
    assert loader == f'boot: loader "qemu", command line "{KERNEL} bench=none seed=7 k=\\x1b[2J\\x07 qemu_exit=0xf4"'
    assert f"@cmdline {KERNEL} bench=none seed=7 k=\\x1b[2J\\x07 qemu_exit=0xf4" in b.lines
    assert "cmdline: rejected at boot: k=\\x1b[2J\\x07 (unknown parameter)" in b.lines


def test_coloring_line_names_each_values_source(booter):
    """Failing input of an outside trial: with only cache_size= on the
    command line, the line said 'cache_size=2048K cache_ways=16 given on the
    command line' although the 16 ways came from CPUID."""
    b = booter("32M", "bench=none cache_size=2M")
    assert b.rc == 0, b.log[-2000:]
    col = [l for l in b.lines if l.startswith("coloring:")]
    assert col and col[0].startswith("coloring: cache_size=2048K (command line) cache_ways=16 (CPUID);"), col
    b = booter("32M", "bench=none cache_ways=4")
    col = [l for l in b.lines if l.startswith("coloring:")]
    assert col and " (CPUID) cache_ways=4 (command line);" in col[0], col
