#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/matrix/run_matrix.py - boot the kernel across firmware x memory x
machine x CPU model and check each log (issue #5, "Boot anywhere").

    tests/matrix/run_matrix.py [--quick] [-j 2] [--only SUBSTRING] [--list]

Every cell builds (or reuses) a GRUB ISO with tools/make/mkiso.sh, boots it with
tools/make/run-qemu.sh and asserts on the serial log: memory detected against the
e820 map and against QEMU's RAM split below 4 GiB, zones present and
consistent, every cache level as the QEMU CPU model reports it, the
"coloring:" line, benchmarks done (HighMem buffer pages above 896 MiB), FPU
path, leak check, @final status=ok. The two no-serial cells (-serial none)
read the screen through the QEMU monitor instead: the VGA text buffer at
0xB8000 (BIOS) or a screendump of the framebuffer decoded with the kernel's
own font (UEFI). Logs and screens go to build/matrix/. Exit status 0 when
every cell passed.
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build")
KERNEL = os.path.join(BUILD, "kernel.elf")
OUT = os.path.join(BUILD, "matrix")
BENCH = "bench_max=64K bench_runs=2"
GiB = 1 << 30
MiB = 1 << 20

# ---- what each QEMU 7.2 CPU model reports (target/i386/cpu.c) --------------
# qemu32, core2duo and Skylake-Client have CPUID leaf 4 with QEMU's "legacy"
# Intel caches (L1d/L1i 32K 8-way, L2 4M 16-way, L3 16M 16-way); pentium3's
# max leaf is 2 and its descriptors give L2 2M 8-way (0x7d) and L3 16M 16-way
# (0x4d); EPYC is AMD: without TOPOEXT under TCG the kernel reads 0x80000005/6
# (EPYC's own cache_info: L1d 32K 8-way, L1i 64K 4-way, L2 512K 8-way, L3 8M
# 16-way); the 486 has no leaf 2 or 4, no TSC: the 2.4.17 patch's 256K guess.
LEGACY_INTEL = [("L1", "data", 32, 8), ("L1", "instruction", 32, 8), ("L2", "unified", 4096, 16),
                ("L3", "unified", 16384, 16)]
CPUS = {
    "qemu32": dict(caches=LEGACY_INTEL, source="leaf 4", sse2=True, tsc=True),
    "core2duo": dict(caches=LEGACY_INTEL, source="leaf 4", sse2=True, tsc=True),
    "Skylake-Client": dict(caches=LEGACY_INTEL, source="leaf 4", sse2=True, tsc=True),
    "pentium3": dict(caches=[("L1", "data", 32, 8), ("L1", "instruction", 32, 8), ("L2", "unified", 2048, 8),
                             ("L3", "unified", 16384, 16)], source="leaf 2", sse2=False, tsc=True),
    "EPYC": dict(caches=[("L1", "data", 32, 8), ("L1", "instruction", 64, 4), ("L2", "unified", 512, 8),
                         ("L3", "unified", 8192, 16)], source="leaf 0x80000006", sse2=True, tsc=True),
    "486": dict(caches=[], source="none", sse2=False, tsc=False),
}


class Cell:
    def __init__(self, fw, mem, machine, cpu, serial=True, cmdline="", quick=False, note="", smp=1):
        self.fw, self.mem, self.machine, self.cpu, self.smp = fw, mem, machine, cpu, smp
        self.serial, self.cmdline, self.quick, self.note = serial, cmdline, quick, note
        self.name = f"{fw}-{machine}-{mem}-{cpu}" + ("" if serial else "-noserial") + (
            "-" + note if note else "") + (f"-smp{smp}" if smp > 1 else "")

    def mem_bytes(self):
        n, u = float(self.mem[:-1]), self.mem[-1]
        return int(n * (GiB if u == "G" else MiB))


# Every value of every dimension appears; plus UEFI x large memory, q35 x 4G,
# each CPU model with BIOS, the command-line cache override, no TSC, no serial.
# UEFI cells use 64-bit CPU models: OVMF is x86-64 code (qemu32, pentium3 and
# 486 have no long mode), and OVMF itself needs more than 16M.
CELLS = [
    Cell("bios", "16M", "pc", "qemu32", quick=True),
    Cell("bios", "64M", "pc", "pentium3"),
    Cell("bios", "64M", "pc", "486"),
    Cell("bios", "256M", "pc", "core2duo"),
    Cell("bios", "256M", "pc", "Skylake-Client"),
    Cell("bios", "256M", "pc", "EPYC"),
    Cell("bios", "256M", "pc", "qemu32", cmdline="cache_size=2M cache_ways=4", note="cacheparam"),
    Cell("bios", "1G", "pc", "qemu32"),
    Cell("bios", "2G", "q35", "core2duo"),
    Cell("bios", "3.5G", "pc", "Skylake-Client"),
    Cell("bios", "4G", "q35", "qemu32"),
    Cell("bios", "4G", "pc", "EPYC"),
    Cell("bios", "64M", "pc", "qemu32", serial=False),
    Cell("uefi", "256M", "pc", "core2duo"),
    Cell("uefi", "2G", "q35", "Skylake-Client"),
    Cell("uefi", "3.5G", "pc", "Skylake-Client", quick=True),
    Cell("uefi", "4G", "q35", "EPYC"),
    Cell("uefi", "1G", "q35", "core2duo", serial=False),
    # several CPUs (issue 11): started from the ACPI MADT, per-CPU lists on;
    # the 486 has no local APIC and runs on one CPU whatever -smp says
    Cell("bios", "256M", "pc", "qemu32", smp=2),
    Cell("bios", "256M", "q35", "core2duo", smp=4),
    Cell("bios", "512M", "pc", "Skylake-Client", smp=8, cmdline="bench=all,smpstress bench_stress_ms=500",
         note="stress"),
    Cell("uefi", "1G", "q35", "Skylake-Client", smp=8),
    Cell("bios", "64M", "pc", "486", smp=2),
]


# ---- log parsing -------------------------------------------------------------
def records(lines, tag):
    out = []
    for line in lines:
        if line.startswith("@" + tag + " ") or line == "@" + tag:
            out.append(dict(t.split("=", 1) for t in line.split()[1:] if "=" in t))
    return out


def e820_usable_below_4g(lines):
    total = 0
    for line in lines:
        m = re.match(r"e820: \[mem 0x([0-9a-f]+)-0x([0-9a-f]+)\] usable", line)
        if m:
            a, b = int(m.group(1), 16), int(m.group(2), 16) + 1
            total += max(0, min(b, 4 * GiB) - a)
    return total


def qemu_ram_below_4g(cell):
    """QEMU 7.2 (pc_piix.c, pc_q35.c): i440fx keeps 3 GiB below 4 GiB once
    RAM reaches 3.5 GiB (0xe0000000, gigabyte-aligned split), q35 keeps 2 GiB
    once RAM reaches 2.75 GiB (0xb0000000); below that, all of it."""
    m = cell.mem_bytes()
    if cell.machine == "q35":
        return m if m < 0xB0000000 else 0x80000000
    return m if m < 0xE0000000 else 0xC0000000


def size_bytes(s):
    m = re.fullmatch(r"(\d+)([KMG]?)", s)
    return int(m.group(1)) << {"": 0, "K": 10, "M": 20, "G": 30}[m.group(2)]


class Check:
    def __init__(self):
        self.errors = []
        self.notes = []

    def __call__(self, cond, msg):
        if not cond:
            self.errors.append(msg)
        return cond


def check_serial_log(cell, log, rc):
    lines = log.splitlines()
    ok = Check()
    spec = CPUS[cell.cpu]
    ok(rc == 0, f"run-qemu.sh exit status {rc} (0 = kernel reported success)")
    fin = records(lines, "final")
    ok(fin and fin[-1].get("status") == "ok", "no '@final status=ok'")
    ok("pagecolor: SUCCESS" in lines, "no 'pagecolor: SUCCESS'")
    ok(not any(l.startswith("FAULT") for l in lines), "a FAULT line")
    lc = records(lines, "leakcheck")
    ok(lc and lc[-1].get("status") == "ok", "leak check not ok")
    ok("mm_check: ok" in lines, "no 'mm_check: ok'")
    st = records(lines, "selftest")
    ok(st and st[-1].get("failed") == "0", "self-tests failed")
    # CPUs: every one QEMU was given starts, unless the model has no local APIC
    sm = records(lines, "smp")
    if ok(sm, "no @smp record"):
        want = 1 if cell.cpu == "486" else cell.smp
        ok(sm[-1].get("cpus") == str(want), f"@smp cpus={sm[-1].get('cpus')}, expected {want}")
        pcp = [l for l in lines if l.startswith("pcp: per-CPU page lists ")]
        # on by default on any number of CPUs; off only when asked
        ok(pcp and (("lists on" in pcp[0]) == ("pcp=off" not in cell.cmdline)), f"pcp line {pcp[:1]} for {want} CPUs")
    if "smpstress" in cell.cmdline:  # every CPU allocated and freed at once: nothing lost
        ss = [r for r in records(lines, "result") if r.get("bench") == "smpstress" and "status" in r]
        ok(ss and ss[-1].get("status") == "ok" and ss[-1].get("leak") == "0", f"smpstress {ss[-1:]}")

    # console line: BIOS keeps VGA text, UEFI draws on the framebuffer
    con = [l for l in lines if l.startswith("boot: console ")]
    if ok(con, "no 'boot: console' line"):
        want = ("vga=yes fb=no (EGA text 80x25 at 0xb8000" if cell.fw == "bios" else
                "vga=no fb=yes (1024x768x32 RGB framebuffer at 0x")
        ok(want in con[0], f"console line {con[0]!r} lacks {want!r}")
    if cell.fw == "uefi":
        ok(any(l.startswith("fbcon: 1024x768x32 framebuffer") for l in lines), "no 1024x768x32 fbcon line")

    # memory: the header against the e820 lines, and against QEMU's split
    hdr = records(lines, "header")
    if not ok(hdr, "no @header"):
        return ok.errors
    hdr = hdr[-1]
    usable = int(hdr["usable_bytes"])
    e820 = e820_usable_below_4g(lines)
    ok(abs(usable - e820) <= 0.01 * e820, f"usable_bytes {usable} vs e820 usable below 4G {e820}")
    # RAM below 4 GiB minus the ISA hole (640K-1M); SeaBIOS then reserves
    # 128K at the top and 1K of EBDA, OVMF a few MiB for itself
    below = qemu_ram_below_4g(cell) - 0x60000
    slack = 0.01 if cell.fw == "bios" else 0.06
    ok(below * (1 - slack) <= usable <= below, f"usable_bytes {usable} not within {slack:.0%} below {below}")
    if qemu_ram_below_4g(cell) < cell.mem_bytes():
        ok(any("usable memory at or above 4 GiB ignored" in l for l in lines), "no note on RAM above 4 GiB")

    # zones
    zones = {}
    for l in lines:
        if l.startswith("zone: name="):
            d = dict(t.split("=", 1) for t in l.split()[1:])
            zones[d["name"]] = {k: (v if k == "name" else int(v, 0)) for k, v in d.items()}
    for name in ("DMA", "Normal", "HighMem"):
        ok(name in zones, f"zone {name} missing")
    if len(zones) == 3:
        z = zones
        ok(z["DMA"]["start_pfn"] == 0 and z["DMA"]["end_pfn"] <= 0x1000, "DMA span")
        for n in z:
            ok(z[n]["free"] <= z[n]["managed"] <= z[n]["present"] <= z[n]["spanned"], f"{n}: free<=managed<=present<=spanned")
            ok(z[n]["spanned"] == z[n]["end_pfn"] - z[n]["start_pfn"], f"{n}: spanned = end - start")
        ok(z["DMA"]["present"] > 0, "DMA empty")
        if z["DMA"]["managed"] == 0:
            ok.notes.append("DMA zone: managed=0 (boot allocations took all of it)")
        ok(z["Normal"]["start_pfn"] == 0x1000, "Normal misplaced")
        ok((z["Normal"]["present"] > 0) == (usable > 16 * MiB), f"Normal present={z['Normal']['present']}")
        ok(z["Normal"]["end_pfn"] <= 0x38000, "Normal beyond 896 MiB")
        present = sum(z[n]["present"] for n in z) * 4096
        ok(abs(present - usable) <= 0.01 * usable, f"zones' present pages {present} vs usable {usable}")
        high = usable > 896 * MiB
        ok((z["HighMem"]["present"] > 0) == high, f"HighMem present={z['HighMem']['present']} with {cell.mem}")
        if high:
            ok(z["HighMem"]["start_pfn"] == 0x38000, "HighMem start")

    # caches: every level the model reports, and the coloring line
    got = [(m.group(1), m.group(2), int(m.group(3)), int(m.group(4)), m.group(5)) for m in
           (re.match(r"cache: (L\d) (data|instruction|unified) (\d+)K (\d+)-way .*\((.*)\)$", l) for l in lines) if m]
    ok([g[:4] for g in got] == spec["caches"], f"caches {[g[:4] for g in got]} != expected {spec['caches']}")
    ok(all(g[4] == spec["source"] for g in got), f"cache source not {spec['source']}")
    col = [l for l in lines if l.startswith("coloring:")]
    if ok(col, "no 'coloring:' line"):
        col = col[0]
        m = re.search(r"cache_size=(\w+) cache_ways=(\d+)", cell.cmdline)
        if m:
            ok("given on the command line" in col, f"coloring line {col!r}")
            ok(hdr["cache_size"] == str(size_bytes(m.group(1))) and hdr["cache_ways"] == m.group(2),
               "command-line cache geometry did not win")
        elif spec["caches"]:
            largest = max(c[2] for c in spec["caches"] if c[1] != "instruction")
            ok(f"from the largest cache CPUID reports" in col and hdr["cache_size"] == str(largest << 10),
               f"coloring line {col!r}, header cache_size {hdr['cache_size']}")
        else:
            ok("i386 guess" in col and hdr["cache_size"] == str(256 << 10), f"coloring line {col!r}")

    # benchmarks
    res = [r for r in records(lines, "result")]
    if spec["tsc"]:
        for bench in ("stride", "fft"):
            on = [r for r in res if r.get("bench") == bench and r.get("color") == "on"]
            off = [r for r in res if r.get("bench") == bench and r.get("color") == "off"]
            ok(on and len(on) == len(off), f"{bench}: results on={len(on)} off={len(off)}")
        ffts = [r for r in res if r.get("bench") == "fft"]
        ok(all(r.get("verified") == "yes" for r in ffts), "an FFT not verified")
        path = "sse2" if spec["sse2"] else "x87"
        ok(any(l.startswith("fft: in-place") and f"({path})" in l for l in lines), f"FFT not on the {path} path")
        if usable > 896 * MiB:
            hp = [int(r.get("highmem_pages", "0")) for r in res if "bench" in r]
            ok(hp and all(n > 0 for n in hp), f"HighMem not used for benchmark buffers: highmem_pages {hp[:6]}")
    else:
        ok(any("no time-stamp counter (TSC); benchmarks skipped" in l for l in lines), "no 'no TSC' line")
        ok(any(r.get("reason") == "no_tsc" for r in records(lines, "skip")), "no '@skip reason=no_tsc'")
    return ok


# ---- the screen, through the QEMU monitor -----------------------------------
class Monitor:
    def __init__(self, path, deadline):
        while True:
            try:
                self.s = socket.socket(socket.AF_UNIX)
                self.s.connect(path)
                break
            except OSError:
                self.s.close()
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        self.s.settimeout(60)  # a reply on a loaded host (both cores busy) is slow
        self.read_until_prompt()

    def read_until_prompt(self):
        buf = b""
        while not buf.rstrip().endswith(b"(qemu)"):
            chunk = self.s.recv(65536)
            if not chunk:
                break
            buf += chunk
        return buf.decode(errors="replace")

    def cmd(self, c):
        self.s.sendall((c + "\n").encode())
        return self.read_until_prompt()


def vga_text(mon):
    """The 80x25 text screen: xp the 2000 cells at 0xB8000, low byte = char."""
    out = mon.cmd("xp /2000hx 0xb8000")
    words = []
    for line in out.splitlines():
        m = re.search(r"([0-9a-f]{8,16}): ((?:0x[0-9a-f]{4} ?)+)", line)
        if m:
            words += [int(w, 16) for w in m.group(2).split()]
    chars = "".join(chr(w & 0xFF) if 32 <= (w & 0xFF) < 127 else " " for w in words[:2000])
    return "\n".join(chars[i:i + 80].rstrip() for i in range(0, len(chars), 80))


def load_font():
    src = open(os.path.join(ROOT, "arch", "x86", "font8x16.c")).read()
    font = {}
    for m in re.finditer(r"\{((?:\s*0x[0-9a-f]{2},?){16})\s*\},\s*/\* 0x([0-9a-f]{2})", src):
        rows = tuple(int(x, 16) for x in m.group(1).replace(",", " ").split())
        font.setdefault(rows, chr(int(m.group(2), 16)))
    return font


def read_ppm(path):
    d = open(path, "rb").read()
    fields, i = [], 0
    while len(fields) < 4:
        while d[i:i + 1].isspace():
            i += 1
        j = i
        while not d[j:j + 1].isspace():
            j += 1
        fields.append(d[i:j])
        i = j
    w, h = int(fields[1]), int(fields[2])
    return w, h, d[i + 1:]


def fb_text(mon, ppm, font):
    """Screendump, then read the 8x16 cells back with the kernel's font."""
    mon.cmd("screendump " + ppm)
    w, h, px = read_ppm(ppm)
    lit = bytes(1 if max(px[k:k + 3]) > 0x40 else 0 for k in range(0, len(px), 3))
    rows = []
    for r in range(h // 16):
        line = []
        for c in range(w // 8):
            g = tuple(int("".join("1" if lit[(r * 16 + y) * w + c * 8 + x] else "0" for x in range(8)), 2)
                      for y in range(16))
            line.append(font.get(g, "#"))
        rows.append("".join(line).rstrip())
    blank = not any(lit)
    return "\n".join(rows), blank


def run_screen_cell(cell, iso, log_path, timeout):
    sock = tempfile.mktemp(prefix="pc-mon-", suffix=".sock")
    cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--firmware", cell.fw, "--machine", cell.machine,
           "--cpu", cell.cpu, "--mem", cell.mem, "--iso", iso, "--timeout", str(timeout), "--no-serial",
           "--monitor", sock]
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + timeout
    ok = Check()
    screen, blank, font = "", True, load_font() if cell.fw == "uefi" else None
    try:
        mon = Monitor(sock, deadline)
        while time.time() < deadline:
            time.sleep(3)
            if cell.fw == "bios":
                screen = vga_text(mon)
            else:
                screen, blank = fb_text(mon, log_path[:-4] + ".ppm", font)
            if "pagecolor: SUCCESS" in screen or "pagecolor: FAILURE" in screen or "FAULT" in screen:
                break
        if cell.fw == "uefi" and "pagecolor: SUCCESS" in screen:
            time.sleep(1)  # the QR code is drawn after the last line
            screen, blank = fb_text(mon, log_path[:-4] + ".ppm", font)
            qr = subprocess.run(["zbarimg", "--raw", "-q", log_path[:-4] + ".ppm"], capture_output=True, text=True)
            ok(qr.stdout.startswith("pagecolor colored/uncolored time, 2+2 runs") and "ws seq rand FFT" in qr.stdout,
               f"no summary QR code on the framebuffer (zbarimg: {qr.stdout[:80]!r})")
        mon.cmd("quit")
    except OSError as e:
        ok(False, f"monitor: {e}")
    finally:
        try:
            p.wait(20)
        except subprocess.TimeoutExpired:
            p.kill()
        if os.path.exists(sock):
            os.unlink(sock)
    with open(log_path, "w") as f:
        f.write(screen + "\n")
    lines = screen.splitlines()
    if cell.fw == "uefi":
        ok(not blank, "the framebuffer is blank")
    ok("pagecolor: SUCCESS" in lines, "no 'pagecolor: SUCCESS' on the screen")
    ok(any(l.startswith("@final status=ok") for l in lines), "no '@final status=ok' on the screen")
    ok(any(l.startswith("@leakcheck status=ok") for l in lines), "no '@leakcheck status=ok' on the screen")
    # the closing summary, whole, on the screen (bench_runs=2: no intervals)
    ok(any(l.startswith("summary: emulator time, colored / uncolored") for l in lines), "no summary on the screen")
    # under QEMU's TCG no verdict from emulator time, the note why instead
    ok(any(l.startswith("note: no verdict: under QEMU's TCG") for l in lines), "no note instead of a verdict")
    return ok


# ---- running ---------------------------------------------------------------
_iso_lock = threading.Lock()


def make_iso(mode, cmdline):
    tag = re.sub(r"[^A-Za-z0-9]+", "_", f"{mode}_{cmdline}").strip("_")
    iso = os.path.join(OUT, f"iso-{tag}.iso")
    with _iso_lock:
        subprocess.run([os.path.join(ROOT, "tools", "make", "mkiso.sh"), mode, iso, KERNEL, cmdline], check=True)
    return iso


def run_cell(cell, timeout):
    t0 = time.time()
    log_path = os.path.join(OUT, cell.name + ".log")
    cmdline = (BENCH + " " + cell.cmdline).strip()
    if cell.serial:
        iso = make_iso("run", cmdline)
        cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--firmware", cell.fw, "--machine", cell.machine,
               "--cpu", cell.cpu, "--mem", cell.mem, "--iso", iso, "--timeout", str(timeout), "--log", log_path,
               "--smp", str(cell.smp)]
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if not os.path.exists(log_path):  # refused before booting (bad --mem, ...): run-qemu.sh said why
            with open(log_path, "w") as f:
                f.write(p.stderr)
            result = Check()
            result.errors.append(f"not booted (run-qemu.sh status {p.returncode}): "
                                 + (p.stderr.strip().splitlines() or ["no message"])[-1])
            return cell, result, time.time() - t0, log_path
        with open(log_path, errors="replace") as f:
            log = f.read().replace("\r", "")
        # GRUB's own output (escape sequences) precedes the kernel's first line
        result = check_serial_log(cell, log, p.returncode)
        if p.returncode != 0 and p.stderr.strip():
            result.errors.append(p.stderr.strip().splitlines()[-1])
    else:
        iso = make_iso("halt", cmdline)
        result = run_screen_cell(cell, iso, log_path, timeout)
    return cell, result, time.time() - t0, log_path


def cache_summary(cell, log_path):
    try:
        lines = open(log_path, errors="replace").read().splitlines()
    except OSError:
        return ""
    c = [l.split("cache: ", 1)[1].split(" 64B")[0] for l in lines if l.startswith("cache: L")]
    return "; ".join(x for x in c if "instruction" not in x)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="only the representative subset (make test)")
    ap.add_argument("-j", type=int, default=2, help="cells in parallel (default 2)")
    ap.add_argument("--only", default="", help="cells whose name contains this")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per cell (a bound against a hang: a loaded host is several times slower)")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    cells = [c for c in CELLS if (c.quick or not a.quick) and a.only in c.name]
    if a.list:
        print("\n".join(c.name for c in cells))
        return 0
    if not os.path.exists(KERNEL):
        print("run_matrix: build the kernel first (make kernel)", file=sys.stderr)
        return 2
    os.makedirs(OUT, exist_ok=True)
    t0 = time.time()
    failed = 0
    with ThreadPoolExecutor(max_workers=max(1, a.j)) as ex:
        for cell, result, secs, log_path in ex.map(lambda c: run_cell(c, a.timeout), cells):
            errors = result.errors
            status = "ok" if not errors else "FAIL"
            failed += bool(errors)
            extra = cache_summary(cell, log_path) if cell.serial else "(screen)"
            print(f"{status:4} {cell.name:42} {secs:6.1f}s  {extra}", flush=True)
            for e in errors:
                print(f"       - {e}")
            for n in result.notes:
                print(f"       note: {n}")
            if errors:
                print(f"       log: {os.path.relpath(log_path, ROOT)}")
    print(f"matrix: {len(cells) - failed} passed, {failed} failed, {len(cells)} cells in {time.time() - t0:.0f}s "
          f"(-j {a.j})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
