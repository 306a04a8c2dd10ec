# SPDX-License-Identifier: MIT
"""Boot tests of the TSC calibration line and the console line (issue 8,
items 5 and 6).

Under QEMU TCG the CPUID leaves 0x15/0x16 and 0x40000010 are absent (their
decoding is tested on the host, tests/host/test_tsc.c), so the source is a
timer: the PIT normally; with `-machine ...,pit=off` the HPET or the ACPI PM
timer found through the ACPI tables (QEMU 7.2's pc and q35 both accept
pit=off and hpet=off; SeaBIOS and GRUB boot without a PIT); with acpi=off too,
or on microvm without a PIT (hardware-reduced ACPI, no PM timer, no HPET),
nothing: the log says so and prints no ns_* figure. Accuracy is not asserted
here (it is a figure: tools/tsc-spread.py, `make tsc-spread`)."""
import os
import re
import subprocess

import pytest

from conftest import BOOT_TIMEOUT, Boot, BUILD, KERNEL, ROOT, die_with_parent

QUICK = "selftest=off seed=7 bench=stride bench_min=4K bench_max=16K bench_runs=1 bench_modes=on"
TSC_RE = re.compile(r"^tsc: (\d+) kHz from (.+?) \((\d+) windows of 10 ms, spread (\d+\.\d{3})%(?:[^)]*)\)(.*)$")
NO_SOURCE = ("tsc: no calibration source (no CPUID 0x15/0x16/hypervisor leaf, no PIT, HPET or ACPI PM timer); "
             "ns_* figures omitted")


def tsc_line(b):
    lines = [l for l in b.lines if l.startswith("tsc: ") and not l.startswith("tsc: CPUID:")]
    assert len(lines) >= 1, b.log[-3000:]
    return lines[0]


def console_line(b):
    lines = [l for l in b.lines if l.startswith("boot: console ")]
    assert len(lines) == 1, b.log[-3000:]
    return lines[0]


def check_measured(b, source_text, token):
    assert b.rc == 0, f"exit status {b.rc}\n{b.log[-3000:]}"
    line = tsc_line(b)
    m = TSC_RE.match(line)
    assert m, line
    khz, src, windows = int(m.group(1)), m.group(2), int(m.group(3))
    assert src.startswith(source_text), line
    assert windows in (7, 14)
    hdr = b.record("header")
    assert hdr["tsc_source"] == token
    assert int(hdr["tsc_khz"]) == khz
    # TCG's TSC is the host's: some hundreds of MHz to a few GHz
    assert 100_000 < khz < 10_000_000, khz
    # the figures in nanoseconds exist, since the rate is known
    res = [r for r in b.records("result") if "bench" in r]
    assert res and all("ns_median" in r and float(r["ns_median"]) > 0 for r in res)
    return line, m


def check_no_source(b):
    assert b.rc == 0, f"exit status {b.rc}\n{b.log[-3000:]}"
    assert NO_SOURCE in b.lines
    hdr = b.record("header")
    assert hdr["tsc_khz"] == "0" and hdr["tsc_source"] == "none"
    # the benchmarks still ran (cycles), but no ns_* figure, not even 0
    res = [r for r in b.records("result") if "bench" in r]
    assert res
    assert not any(k.startswith("ns_") for r in res for k in r), res[0]
    assert "ns_median" not in b.log
    why = [l for l in b.lines if l.startswith("tsc: why: ")]
    assert len(why) == 1
    assert "PIT: channel 2 does not count (no PIT)" in why[0]
    return why[0]


def boot_kernel(qemu, machine, cmdline, mem="64M", timeout=BOOT_TIMEOUT):
    """QEMU's own Multiboot loader (-kernel): no GRUB, no video info."""
    log_path = os.path.join(BUILD, "test-iso", f"kernel-{machine.replace(',', '_').replace('=', '')}.log")
    os.makedirs(os.path.dirname(log_path), exist_ok=True)
    cmd = ["timeout", str(timeout), qemu, "-accel", "tcg", "-M", machine, "-m", mem, "-kernel", KERNEL,
           "-append", cmdline + " qemu_exit=0xf4", "-display", "none", "-serial", "stdio", "-monitor", "none",
           "-no-reboot", "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    p = subprocess.run(die_with_parent(cmd), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       errors="replace")
    with open(log_path, "w") as f:
        f.write(p.stdout)
    # isa-debug-exit: 0x10 (success) gives status 33
    return Boot(p.stdout.replace("\r", ""), 0 if p.returncode == 33 else p.returncode)


def boot_uefi(cmdline, machine, mem="256M", timeout=BOOT_TIMEOUT):
    iso = os.path.join(BUILD, "test-iso", "tsc-uefi.iso")
    os.makedirs(os.path.dirname(iso), exist_ok=True)
    subprocess.run([os.path.join(ROOT, "tools", "make", "mkiso.sh"), "run", iso, KERNEL, cmdline], check=True)
    log_path = iso[:-4] + f"-{machine.replace(',', '_').replace('=', '')}.log"
    cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--firmware", "uefi", "--mem", mem, "--iso", iso,
           "--timeout", str(timeout), "--log", log_path, "--", "-machine", machine]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(log_path, errors="replace") as f:
        return Boot(f.read().replace("\r", ""), p.returncode)


def test_pit_and_vga_text(booter):
    """The normal path: PIT under TCG; GRUB on BIOS says EGA text (GRUB's
    video information is the subject: through GRUB)."""
    b = booter("64M", QUICK, grub=True)
    line, m = check_measured(b, "PIT", "pit")
    assert m.group(5) == "", line  # no timer failed
    assert [l for l in b.lines if l.startswith("tsc: CPUID: ")] == [
        "tsc: CPUID: hypervisor QEMU's TCG software emulator: no leaf 0x40000010; max CPUID leaf 0x4, no leaf 0x15/0x16"]
    con = console_line(b)
    assert con == ("boot: console serial=yes vga=yes fb=no (EGA text 80x25 at 0xb8000, from the loader's "
                   "framebuffer info)"), con


@pytest.mark.parametrize("machine", ["pc", "q35"])
def test_no_pit_uses_hpet(booter, machine):
    b = booter("64M", QUICK, extra=["-machine", f"{machine},pit=off"])
    line, m = check_measured(b, "HPET at 0xfed00000", "hpet")
    assert m.group(5) == "; PIT: channel 2 does not count (no PIT)", line


def test_no_pit_no_hpet_uses_acpi_pm_timer(booter):
    b = booter("64M", QUICK, extra=["-machine", "q35,pit=off,hpet=off"])
    line, m = check_measured(b, "ACPI PM timer (port 0x608, 24-bit)", "acpi_pm")
    assert m.group(5) == "; PIT: channel 2 does not count (no PIT); HPET: no HPET table", line


def test_no_source_at_all(booter):
    b = booter("64M", QUICK, extra=["-machine", "pc,pit=off,hpet=off,acpi=off"])
    why = check_no_source(b)
    assert "HPET: no ACPI RSDP in the EBDA, 0xE0000-0xFFFFF or the ACPI regions of the memory map" in why


def test_microvm_without_pit():
    """microvm without a PIT: hardware-reduced ACPI, no HPET, no PM timer."""
    b = boot_kernel("qemu-system-x86_64", "microvm,pit=off", QUICK)
    why = check_no_source(b)
    assert why.endswith("HPET: no HPET table; ACPI PM timer: the FADT names no PM timer (hardware-reduced ACPI)")
    # QEMU's Multiboot loader gives no video information
    assert "vga=assumed" in console_line(b)


def test_kernel_loader_console_is_assumed():
    """QEMU's -kernel Multiboot loader passes no video info: vga=assumed;
    with the PIT (-M pc default) the source is the PIT."""
    b = boot_kernel("qemu-system-i386", "pc", QUICK)
    check_measured(b, "PIT", "pit")
    assert console_line(b) == ("boot: console serial=yes vga=assumed fb=no (no video info from the loader: writing "
                               "to 0xb8000 without knowing that a VGA text screen is there)")


def test_uefi_framebuffer_and_no_pit():
    """OVMF: the framebuffer console, no VGA text; without a PIT the RSDP
    is found in the memory map's ACPI regions (OVMF puts none in the BIOS
    areas) and the HPET is used."""
    b = boot_uefi(QUICK, "q35,pit=off")
    line, m = check_measured(b, "HPET at 0xfed00000, ACPI RSDP from the memory map", "hpet")
    con = console_line(b)
    assert re.fullmatch(r"boot: console serial=yes vga=no fb=yes \(1024x768x32 RGB framebuffer at 0x[0-9a-f]+; "
                        r"no VGA text screen\)", con), con


def test_no_tsc_486(booter):
    """A 486 has no TSC: one line says so, tsc_source=no_tsc, no ns_* figure."""
    b = booter("64M", QUICK, extra=["-cpu", "486"])
    assert b.rc == 0, b.log[-3000:]
    assert [l for l in b.lines if l.startswith("tsc: ")] == [
        "tsc: the CPU has no time-stamp counter: no cycle counts, ns_* figures omitted"]
    hdr = b.record("header")
    assert hdr["tsc_khz"] == "0" and hdr["tsc_source"] == "no_tsc"
    assert "ns_median" not in b.log
    # work that did not happen is an @skip, never an @result (it was
    # '@result skipped=no_tsc')
    assert [r.get("reason") for r in b.records("skip")] == ["no_tsc"]
    # and perfmon does not promise TSC cycles (new-user trial)
    assert any(l.startswith("perfmon: not available:") and l.endswith("no cycle counts either (no TSC)")
               for l in b.lines), [l for l in b.lines if l.startswith("perfmon")]
    assert not b.records("result")
