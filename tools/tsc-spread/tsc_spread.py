#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tools/tsc-spread/tsc_spread.py - how far the kernel's TSC calibration lands
from the truth, over many boots (accuracy is a printed
figure, not a timed test).

    tsc_spread.py [--boots 10] [--machines "pc;pc,pit=off;q35,pit=off,hpet=off"]
                  [--kernel build/kernel.elf] [--load N] [--ref build/tsc-spread/tsc_ref]

Boots the kernel (GRUB ISO, `bench=none selftest=off`) --boots times on each
QEMU machine and reads `@header tsc_khz= tsc_source=` and the in-boot window
spread from the `tsc:` line. Under TCG the guest's RDTSC is the host's TSC,
so the host's rate (tsc_ref, measured against CLOCK_MONOTONIC_RAW before
and after the boots) is the reference. --load N runs N busy loops on the
host during the boots (a loaded host, as in the issue's 72-boot report).
--kernel takes any Multiboot kernel that prints `@header ... tsc_khz=`, so an
older build can be compared on the same host. Prints one row per machine.
"""
import argparse
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SPREAD_RE = re.compile(r"windows of \d+ ms, spread (\d+\.\d+)%")


def busy(stop):
    x = 0
    while not stop.is_set():
        for _ in range(100000):
            x += 1


def host_khz(ref):
    if not ref or not os.path.exists(ref):
        return None
    return int(subprocess.run([ref], capture_output=True, text=True, check=True).stdout)


def boot_once(iso, machine, log_path):
    cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", "64M", "--iso", iso, "--timeout", "120", "--log",
           log_path, "--", "-machine", machine]
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    log = open(log_path, errors="replace").read()
    hdr = {}
    for line in log.splitlines():
        if line.startswith("@header "):
            hdr = dict(t.split("=", 1) for t in line.split()[1:] if "=" in t)
    m = SPREAD_RE.search(log)
    return p.returncode, int(hdr.get("tsc_khz", "0")), hdr.get("tsc_source", "?"), (float(m.group(1)) if m else None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boots", type=int, default=10)
    ap.add_argument("--machines", default="pc;pc,pit=off;q35,pit=off,hpet=off")
    ap.add_argument("--kernel", default=os.path.join(ROOT, "build", "kernel.elf"))
    ap.add_argument("--load", type=int, default=0, help="busy loops on the host during the boots")
    ap.add_argument("--ref", default=os.path.join(ROOT, "build", "tsc-spread", "tsc_ref"))
    a = ap.parse_args()

    out = os.path.join(ROOT, "build", "tsc-spread")
    os.makedirs(out, exist_ok=True)
    iso = os.path.join(out, "tsc.iso")
    subprocess.run([os.path.join(ROOT, "tools", "make", "mkiso.sh"), "run", iso, a.kernel, "bench=none selftest=off"],
                   check=True)
    ref0 = host_khz(a.ref)
    stop = multiprocessing.Event()
    loaders = [multiprocessing.Process(target=busy, args=(stop,), daemon=True) for _ in range(a.load)]
    for p in loaders:
        p.start()
    rows = []
    t0 = time.time()
    try:
        for machine in a.machines.split(";"):
            vals, inboot, sources, failed = [], [], set(), 0
            for i in range(a.boots):
                rc, khz, src, sp = boot_once(iso, machine, os.path.join(out, f"{machine.replace(',', '_')}-{i}.log"))
                if rc != 0 or khz == 0:
                    failed += 1
                    continue
                vals.append(khz)
                sources.add(src)
                if sp is not None:
                    inboot.append(sp)
            rows.append((machine, sources, vals, inboot, failed))
    finally:
        stop.set()
        for p in loaders:
            p.join()
    ref1 = host_khz(a.ref)
    ref = (ref0 + ref1) / 2 if ref0 and ref1 else None
    load = os.getloadavg()
    print(f"kernel {os.path.relpath(a.kernel, ROOT)}; {a.boots} boots per machine; busy loops {a.load}; "
          f"load average {load[0]:.1f} {load[1]:.1f}; {time.time() - t0:.0f} s")
    if ref:
        print(f"host TSC {ref0} kHz before, {ref1} kHz after (CLOCK_MONOTONIC_RAW, 1 s each)")
    print(f"{'machine':24} {'source':8} {'boots':>5} {'min kHz':>9} {'median':>9} {'max kHz':>9} "
          f"{'spread':>8} {'worst err':>9} {'>1% off':>7} {'in-boot spread (median/max)':>28}")
    for machine, sources, vals, inboot, failed in rows:
        if not vals:
            print(f"{machine:24} {'-':8} {0:5}  no calibrated value ({failed} boots failed or gave 0 kHz)")
            continue
        med = statistics.median(vals)
        spread = (max(vals) - min(vals)) / med * 100
        if ref:
            errs = [(v - ref) / ref * 100 for v in vals]
            worst = max(errs, key=abs)
            off = sum(abs(e) > 1 for e in errs)
            err = f"{worst:+8.3f}% {off:7}"
        else:
            err = f"{'n/a':>9} {'n/a':>7}"
        ib = f"{statistics.median(inboot):.3f}% / {max(inboot):.3f}%" if inboot else "n/a"
        print(f"{machine:24} {','.join(sorted(sources)):8} {len(vals):5} {min(vals):9} {med:9.0f} {max(vals):9} "
              f"{spread:7.3f}% {err} {ib:>28}" + (f"  ({failed} failed)" if failed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
