# SPDX-License-Identifier: MIT
"""Boot information placed high (issue 8 item 3), and the memory-map faults
at boot (items 1 and 4), through QEMU's -kernel Multiboot loader.

build/kernel-hiboot.elf is the kernel's own objects plus a test entry
(tests/boot/hiboot/): before the normal entry it plays a top-down loader,
moving the Multiboot information structure, the command line, the loader
name, the module list and the memory map to the top of the highest usable
RAM below 4 GiB, far above the 896 MiB the kernel maps, and it fills the old
copies with 0xee. Its hiboot.* options (taken out of the command line the
kernel sees) also rewrite the map: split=N (N adjacent entries), frag=N (N
unmergeable entries), add=BASE:LEN:TYPE. Before the fix the kernel took a
page fault printing @cmdline (cr2=0x7ffd0080 on 2 GiB).
"""
import os
import re
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
KERNEL_HI = os.path.join(ROOT, "build", "kernel-hiboot.elf")
from conftest import BOOT_TIMEOUT, die_with_parent  # noqa: E402
ARGS = "bench=none qemu_exit=0xf4"
LOW_MAP = 896 << 20


@pytest.fixture(scope="module", autouse=True)
def hiboot_kernel():
    subprocess.run(["make", "-s", "build/kernel-hiboot.elf"], cwd=ROOT, check=True)


def boot_high(mem, extra="", timeout=BOOT_TIMEOUT):
    """Boots kernel-hiboot.elf with -m mem; returns (exit status, log lines)."""
    cmd = ["timeout", str(timeout), "qemu-system-i386", "-accel", "tcg", "-m", mem,
           "-kernel", KERNEL_HI, "-append", f"{ARGS} {extra}".strip(),
           "-display", "none", "-no-reboot", "-serial", "stdio", "-monitor", "none",
           "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    p = subprocess.run(die_with_parent(cmd), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, errors="replace")
    return p.returncode, p.stdout.splitlines()


def e820(lines):
    """The sanitized map the kernel printed: [(start, end_inclusive, type name)]."""
    out = []
    for line in lines:
        m = re.match(r"e820: \[mem 0x([0-9a-f]+)-0x([0-9a-f]+)\] (.+)$", line)
        if m:
            out.append((int(m.group(1), 16), int(m.group(2), 16), m.group(3)))
    return out


def zone(lines, name):
    for line in lines:
        if line.startswith(f"zone: name={name} "):
            return {k: int(v, 0) for k, v in (t.split("=", 1) for t in line.split()[2:])}
    raise AssertionError(f"no zone {name} line")


def check_common(rc, lines, top):
    """The kernel booted, read the moved data, and passed. top: the end of
    the highest usable RAM below 4 GiB (where the data was put)."""
    log = "\n".join(lines)
    assert rc == 33, f"exit {rc} (33 = success)\n{log[-3000:]}"
    assert "@final status=ok" in log
    assert "page fault" not in log.lower() and "unknown parameter" not in log
    m = re.search(r"boot: loader data at \[mem 0x([0-9a-f]+)-0x([0-9a-f]+)\] copied into kernel memory", log)
    assert m, "no loader-data line"
    lo, hi = int(m.group(1), 16), int(m.group(2), 16)
    assert lo >= LOW_MAP and hi == top - 1, (hex(lo), hex(hi))
    # the command line and the loader name, read from the copies
    assert f"@cmdline {KERNEL_HI} {ARGS}" in lines
    assert f'boot: loader "qemu", command line "{KERNEL_HI} {ARGS}"' in lines
    # usable memory as printed equals the sanitized map's usable bytes
    usable = sum(e - s + 1 for s, e, t in e820(lines) if t == "usable")
    header = [l for l in lines if l.startswith("@header ")][0]
    assert f" usable_bytes={usable} " in header
    assert f"memory: {usable >> 10} KiB usable below 4 GiB" in log
    return log


# (QEMU -m, end of the usable RAM below 4 GiB: QEMU's pc keeps 128 KiB
#  reserved under it; 3.5 GiB puts 3 GiB below 4 GiB and 512 MiB above)
@pytest.mark.parametrize("mem,top", [("2G", 0x7ffe0000), ("1G", 0x3ffe0000)])
def test_info_at_the_top_of_ram(mem, top):
    rc, lines = boot_high(mem)
    log = check_common(rc, lines, top)
    assert (0x100000, top - 1, "usable") in e820(lines)
    assert "memory: map from memory map has 6 entries, merged to 6, sanitized to 6:" in log


def test_info_at_the_top_of_3584m_with_a_1200_entry_map():
    """3.5 GiB, the data under 3 GiB; the loader lists RAM in 1200 entries
    (adjacent pieces of the 3 GiB range), which are merged as they come."""
    rc, lines = boot_high("3584M", "hiboot.split=1200")
    log = check_common(rc, lines, 0xbffe0000)
    assert (0x100000, 0xbffe0000 - 1, "usable") in e820(lines)
    m = re.search(r"memory: map from memory map has 1200 entries, merged to (\d+), sanitized to (\d+):", log)
    assert m and int(m.group(1)) <= 9, "the 1200 pieces were not merged"
    assert "not read" not in log
    assert "memory: 512 MiB of usable memory at or above 4 GiB ignored (no PAE)" in log


def test_type0_entry_at_boot_and_a_uefi_sized_map():
    """Issue 8 item 1 at boot: a type-0 entry at 512 MiB is not usable
    (Normal present 225024, not 225280), and printed as "type 0". The map
    has 300 entries (a UEFI PC's size; the old limit was 128), the usable RAM
    listed in 294 adjacent pieces, which the kernel merges."""
    rc, lines = boot_high("2G", "hiboot.split=299 hiboot.add=0x20000000:0x100000:0")
    log = check_common(rc, lines, 0x7ffe0000)
    assert "memory: map from memory map has 300 entries, merged to 7, sanitized to 8:" in log
    assert (0x20000000, 0x200fffff, "type 0") in e820(lines)
    assert zone(lines, "Normal")["present"] == 225024


def test_map_beyond_the_entry_limit():
    """Issue 8 item 4, beyond the limit: 1100 more entries alternating
    8 KiB usable / 4 KiB reserved from 64 MiB (over usable RAM), none
    mergeable: the first 1024 entries of the map are used (compaction cannot
    shrink them); the 82 after them are counted and said, the 41 reserved
    ones reserved as one range; the kernel boots and passes."""
    rc, lines = boot_high("1G", "hiboot.frag=1100")
    log = check_common(rc, lines, 0x3ffe0000)
    assert ("memory: map from memory map has 1106 entries, merged to 1025 (table compacted 1 times at 1024 "
            "entries)") in log
    assert ("memory: map still had more than 1024 entries after merging: 82 entries not read (41 usable, "
            "not used); the other 41 reserved as one range [mem 0x00000000045f9000-0x0000000004671fff]; "
            "the 1024 entries read are used") in log
    reserved = [(s, e) for s, e, t in e820(lines) if t == "reserved" and 0x4000000 <= s < 0x45f9000]
    assert len(reserved) == 509 and all(e - s + 1 == 0x1000 for s, e in reserved)
    plain_usable = 0x9fc00 + 0x3ffe0000 - 0x100000
    usable = sum(e - s + 1 for s, e, t in e820(lines) if t == "usable")
    assert usable == plain_usable - 509 * 0x1000 - (0x4672000 - 0x45f9000)
