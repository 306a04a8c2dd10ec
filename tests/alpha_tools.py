# SPDX-License-Identifier: MIT
"""What the Alpha kernel's tests share (tests/boot/test_alpha*.py,
tests/cachesim/test_alpha_*.py): the skip when the Alpha tools are missing,
one `make ARCH=alpha run` per argument pair, and the log's records. tests/
is on the import path through tests/conftest.py."""
import os
import re
import shutil
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
TOOLS = ("alpha-linux-gnu-gcc", "qemu-system-alpha")
MISSING = [t for t in TOOLS if shutil.which(t) is None]
if not os.path.exists("/usr/share/qemu/palcode-clipper"):
    MISSING.append("palcode-clipper (qemu-system-data)")
# a test, or a module's pytestmark, that needs the Alpha tools (tools/deps.txt's alpha job)
needs_alpha = pytest.mark.skipif(bool(MISSING), reason="Alpha tools not installed: %s (tools/deps.sh alpha)"
                                 % ", ".join(MISSING))

_runs = {}


def run_alpha(mem, cmdline=""):
    """make ARCH=alpha run MEM=mem CMDLINE=cmdline; (exit status, log): the
    run script's status ("Error N" of make's output) when it failed. One run
    per argument pair, shared by every test that asks for it."""
    key = (mem, cmdline)
    if key not in _runs:
        p = subprocess.run(["make", "--no-print-directory", "ARCH=alpha", "run", "MEM=" + mem,
                            "CMDLINE=" + cmdline, "TIMEOUT=120"], cwd=ROOT, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=600)
        rc = p.returncode
        m = re.search(r"\] Error (\d+)", p.stdout)
        _runs[key] = (int(m.group(1)) if rc and m else rc, p.stdout)
    return _runs[key]


def records(log, tag):
    """Every `tag key=value ...` line of log, as dicts."""
    return [dict(kv.split("=", 1) for kv in m.group(1).split())
            for m in re.finditer(r"^%s (.*)$" % re.escape(tag), log, re.M)]


def record(log, tag):
    """The first `tag` record of log (a test fails when there is none)."""
    r = records(log, tag)
    assert r, "no %s line in the log:\n%s" % (tag, log[-2000:])
    return r[0]
