# SPDX-License-Identifier: MIT
"""Shared fixtures for the QEMU boot tests: build a no-menu GRUB ISO with a
given kernel command line and boot it in qemu-system-i386 (TCG), returning the
serial log and the exit status of tools/run-qemu.sh."""
import os
import shutil
import subprocess
import hashlib
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


def boot(mem, cmdline, timeout=BOOT_TIMEOUT, extra=()):
    """Boots the kernel with cmdline under -m mem; returns a Boot."""
    assert os.path.exists(KERNEL), "build the kernel first (make kernel)"
    tag = hashlib.sha1(cmdline.encode()).hexdigest()[:10]
    iso = os.path.join(BUILD, "test-iso", f"boot-{tag}.iso")
    os.makedirs(os.path.dirname(iso), exist_ok=True)
    subprocess.run([os.path.join(ROOT, "tools", "mkiso.sh"), "run", iso, KERNEL, cmdline], check=True)
    log_path = iso[:-4] + f"-{mem}.log"
    cmd = [os.path.join(ROOT, "tools", "run-qemu.sh"), "--mem", mem, "--iso", iso,
           "--timeout", str(timeout), "--log", log_path]
    if extra:
        cmd += ["--"] + list(extra)
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    with open(log_path, errors="replace") as f:
        log = f.read()
    return Boot(log, p.returncode)


@pytest.fixture(scope="session")
def booter():
    return boot
