# SPDX-License-Identifier: MIT
"""Helpers for the cache simulator's QEMU tests: boot build/kernel.elf with
QEMU's own Multiboot loader (-kernel; GRUB is not the subject here, and under
the plugin every GRUB instruction is modelled too) under QEMU TCG with the
cachesim plugin, and parse the serial log and the
plugin report. Shared by test_probe.py and test_reduced.py (no conftest.py, so
that `pytest tests/boot tests/cachesim` never sees two conftest modules)."""
import hashlib
import os
import subprocess
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build")
KERNEL = os.path.join(BUILD, "kernel.elf")
PLUGIN = os.path.join(BUILD, "cachesim", "libcachesim.so")
OUT = os.path.join(BUILD, "cachesim", "tests")
REPORT = os.path.join(ROOT, "tools", "cachesim", "report.py")


def pairs(text):
    d = {}
    for tok in text.split():
        if "=" in tok:
            k, v = tok.split("=", 1)
            d[k] = v
    return d


class SimBoot:
    """One boot: serial log lines, @records, and the plugin's phase counts."""

    def __init__(self, log_path, sim_path, rc, seconds):
        self.log_path, self.sim_path, self.rc, self.seconds = log_path, sim_path, rc, seconds
        with open(log_path, errors="replace") as f:
            self.log = f.read()
        self.lines = self.log.splitlines()
        self.config, self.phases, self.ignored = {}, {}, {}
        if os.path.exists(sim_path):
            with open(sim_path) as f:
                for line in f:
                    if line.startswith("cachesim config "):
                        self.config = {k: int(v) for k, v in pairs(line).items()}
                    elif line.startswith("cachesim phase="):
                        d = {k: int(v) for k, v in pairs(line).items()}
                        self.phases[d["phase"]] = d
                    elif line.startswith("cachesim ignored "):
                        self.ignored = {k: int(v) for k, v in pairs(line).items()}

    def records(self, tag):
        return [pairs(line[len(tag) + 2:]) for line in self.lines if line.startswith("@" + tag + " ")]

    def tail(self, n=3000):
        return self.log[-n:]


def boot(name, cmdline, plugin_args, mem="128M", timeout=1800):  # against a hang: a loaded host is slower
    """Boots with cmdline and `-plugin libcachesim.so,<plugin_args>,maxphys=<mem>,out=...`
    (maxphys: a framebuffer the kernel maps uncached is RAM-backed in QEMU;
    its accesses must not go through the cache model).
    Files go to build/cachesim/tests/<name>.{log,sim}."""
    for f in (KERNEL, PLUGIN):
        assert os.path.exists(f), f"{f} missing: run `make kernel cachesim` first"
    os.makedirs(OUT, exist_ok=True)
    tag = hashlib.sha1((cmdline + plugin_args).encode()).hexdigest()[:8]
    base = os.path.join(OUT, f"{name}-{tag}")
    log, sim = base + ".log", base + ".sim"
    if os.path.exists(sim):
        os.remove(sim)
    cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", mem, "--kernel", os.path.relpath(KERNEL, ROOT),
           "--append", cmdline + " qemu_exit=0xf4", "--timeout", str(timeout), "--log", log,
           "--", "-plugin", f"{PLUGIN},{plugin_args},maxphys={mem},out={sim}"]
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return SimBoot(log, sim, p.returncode, time.monotonic() - t0)


def summary(name, text):
    """Appends lines to build/cachesim/tests/<name>.summary (make test-cachesim
    prints these after pytest)."""
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name + ".summary"), "a") as f:
        f.write(text.rstrip() + "\n")
