# SPDX-License-Identifier: MIT
"""Shared fixtures for the QEMU boot tests: boot build/kernel.elf in
qemu-system-i386 (TCG) with a given kernel command line, returning the serial
log and the exit status of tools/run-qemu.sh.

By default the kernel is started by QEMU's own Multiboot loader
(tools/make/run-qemu.sh --kernel build/kernel.elf --append "CMDLINE qemu_exit=0xf4"):
about 0.35 s a boot against 1.35 s through GRUB, plus 0.44 s for each GRUB ISO
built. What the kernel sees differs from a GRUB boot only where GRUB itself is
the subject: the loader name ("qemu", not "GRUB 2.06..."), no video information
(the console line says vga=assumed; GRUB on BIOS gives EGA text info), the
command line's first word (QEMU puts the kernel's path as given,
build/kernel.elf, run from the top directory, before the parameters; GRUB
passes the parameters only; kernel/cmdline.c skips a first word that is an
image path) and where the loader's data sits (QEMU from 0x9000, GRUB at
0x10000; the kernel copies it either way). The memory map is SeaBIOS's e820 map in both cases
(the same 6 entries at 32M), and the ELF is loaded at its link address in
both. QEMU's loader also starts in 4 MiB, where GRUB needs about 6 MiB. The
command line reaches the kernel with the same tokens either way
(tools/make/mkiso.sh quotes each for GRUB; test_cmdline_run.py checks both).

boot(..., grub=True) boots through a no-menu GRUB ISO (tools/make/mkiso.sh run) as
before: for the tests whose subject is GRUB (its quoting of the command line,
its video information)."""
import os
import shutil
import subprocess
import hashlib
import resource
import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.path.join(ROOT, "build")
KERNEL = os.path.join(BUILD, "kernel.elf")


class Boot:
    def __init__(self, log, rc):
        self.log = log
        self.rc = rc
        self.lines = log.splitlines()

    def records(self, tag):
        """Every '@tag k=v ...' line as a dict."""
        out = []
        for line in self.lines:
            if line.startswith("@" + tag + " "):
                d = {}
                for tok in line.split()[1:]:
                    if "=" in tok:
                        k, v = tok.split("=", 1)
                        d[k] = v
                out.append(d)
        return out

    def record(self, tag):
        r = self.records(tag)
        assert r, f"no @{tag} line in the log"
        return r[-1]

    def zones(self):
        z = {}
        for line in self.lines:
            if line.startswith("zone: name="):
                d = dict(tok.split("=", 1) for tok in line.split()[1:])
                z[d["name"]] = {k: (int(v, 0) if k != "name" else v) for k, v in d.items()}
        return z


# Time-outs of the boots are bounds against a hang, set far above what a boot
# takes on an idle host (TCG boots here take 1-60 s): both cores of a busy
# host (make test beside other work) make them several times slower, and
# no test may depend on the host's speed.
BOOT_TIMEOUT = 900


def die_with_parent(cmd):
    """cmd prefixed so that it gets SIGTERM when the test process dies
    (`timeout` then stops its QEMU): a killed test run leaves no QEMU."""
    return ["setpriv", "--pdeathsig", "TERM", "--", *cmd] if shutil.which("setpriv") else list(cmd)


def boot(mem, cmdline, timeout=BOOT_TIMEOUT, extra=(), grub=False):
    """Boots the kernel with cmdline under -m mem (extra: more QEMU
    arguments); returns a Boot. grub=False: QEMU's -kernel Multiboot loader
    (the kernel gets "build/kernel.elf CMDLINE qemu_exit=0xf4"); grub=True:
    a no-menu GRUB ISO built for cmdline (tools/make/mkiso.sh run), for tests
    whose subject is GRUB. Logs in build/test-iso/."""
    assert os.path.exists(KERNEL), "build the kernel first (make kernel)"
    os.makedirs(os.path.join(BUILD, "test-iso"), exist_ok=True)
    if grub:
        tag = hashlib.sha1(cmdline.encode()).hexdigest()[:10]
        iso = os.path.join(BUILD, "test-iso", f"boot-{tag}.iso")
        subprocess.run([os.path.join(ROOT, "tools", "make", "mkiso.sh"), "run", iso, KERNEL, cmdline], check=True)
        log_path = iso[:-4] + f"-{mem}.log"
        cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", mem, "--iso", iso]
    else:
        tag = hashlib.sha1("\0".join([cmdline, *extra]).encode()).hexdigest()[:10]
        log_path = os.path.join(BUILD, "test-iso", f"kernel-{tag}-{mem}.log")
        # the path as given is the command line's first word: relative, from
        # the top directory, so it does not depend on where the tree is
        cmd = [os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", mem, "--kernel",
               os.path.relpath(KERNEL, ROOT), "--append", cmdline + " qemu_exit=0xf4"]
    cmd += ["--timeout", str(timeout), "--log", log_path]
    if extra:
        cmd += ["--"] + list(extra)
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(log_path, errors="replace") as f:
        log = f.read()
    return Boot(log, p.returncode)


def pytest_configure(config):
    config.addinivalue_line("markers", "long: a long run: in make test-long, not in make test "
                            "(tools/dev/run-tests.sh runs tests/boot with -m 'not long')")


# Boots with the same arguments (memory, command line, QEMU arguments,
# loader, time-out) give the same log: the kernel is deterministic for a
# command line (its seed is on it) and the tests only read what a boot gives.
# booter() boots each once per pytest process and hands the same Boot to
# every test that asks for it again; boot() itself always boots.
_boots = {}
_reused = []


def cached_boot(mem, cmdline, timeout=BOOT_TIMEOUT, extra=(), grub=False):
    """boot() once per distinct argument list in this pytest run (see above)."""
    key = (mem, cmdline, timeout, tuple(extra), bool(grub))
    if key in _boots:
        _reused.append(key)
    else:
        _boots[key] = boot(mem, cmdline, timeout=timeout, extra=extra, grub=grub)
    return _boots[key]


# `make run` with one argument list, run once per pytest process and its
# (status, stdout+stderr) handed to every test that asks again: for tests
# that only read its output (not build/run/, which a later run replaces).
_make_runs = {}


def make_run_once(*args, timeout=1200):
    if args not in _make_runs:
        p = subprocess.run(["make", "--no-print-directory", "run", *args], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=timeout)
        _make_runs[args] = (p.returncode, p.stdout)
    return _make_runs[args]


# PAGECOLOR_CPU_DURATIONS=1: the tests that cost the most CPU time (QEMU's
# and every other child's user+sys, with the setup of the fixtures they ask
# for first), a figure that a loaded host changes less than wall time.
_cpu = {}


def _children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    t0 = _children_cpu()
    yield
    _cpu[item.nodeid] = _children_cpu() - t0


def pytest_terminal_summary(terminalreporter):
    if _boots:
        terminalreporter.write_line(f"boots through booter: {len(_boots)}, and {len(_reused)} "
                                    "more tests read one of them")
    if os.environ.get("PAGECOLOR_CPU_DURATIONS") == "1" and _cpu:
        terminalreporter.write_line(f"CPU time of the children: {sum(_cpu.values()):.1f} s; the most:")
        for nodeid, t in sorted(_cpu.items(), key=lambda kv: -kv[1])[:25]:
            terminalreporter.write_line(f"  {t:7.2f}s  {nodeid}")


@pytest.fixture(scope="session")
def booter():
    return cached_boot
