# SPDX-License-Identifier: MIT
"""The cache model's scripts run Python through $PYTHON (default Debian's
/usr/bin/python3, tools/cachesim/README.md "Which Python"), so a user can
name another one; none calls /usr/bin/python3 directly."""
import glob
import os
import re
import stat
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CS = os.path.join(ROOT, "tools", "cachesim")


def test_run_policies_uses_the_python_named(tmp_path):
    # a "Python" that records its call and fails: run-policies.sh asks it
    # for the registry's policies first, before building or booting
    marker = tmp_path / "called"
    fake = tmp_path / "py"
    fake.write_text(f"#!/bin/sh\necho \"$@\" >>{marker}\nexit 3\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PYTHON=str(fake))
    p = subprocess.run([os.path.join(CS, "run-policies.sh"), "--outdir", str(tmp_path / "out")], env=env,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "cannot read the policies" in p.stderr, p.stderr
    assert marker.read_text().split() == [os.path.join(CS, "policies.py"), "--registry"]


def test_no_script_calls_usr_bin_python3_itself():
    direct = []
    for path in sorted(glob.glob(os.path.join(CS, "*.sh")) + [os.path.join(CS, "cachesim.mk")]):
        for n, line in enumerate(open(path), 1):
            code = re.sub(r"\$\{PYTHON:-/usr/bin/python3\}|PYTHON \?= /usr/bin/python3", "", line.split("#")[0])
            if "/usr/bin/python3" in code:
                direct.append(f"{os.path.relpath(path, ROOT)}:{n}: {line.strip()}")
    assert not direct, "call Python as \"${PYTHON:-/usr/bin/python3}\" or $(PYTHON):\n" + "\n".join(direct)
