# SPDX-License-Identifier: MIT
"""tools/dev/mutate.py's self-test (make mutate itself takes minutes): it tells
a killed mutation from a surviving one and from one that does not build,
runs the build with 8 KiB pages for a mutation marked so (killed there,
surviving the 4 KiB build alone), reads a suite's output that is not UTF-8,
restores the file byte for byte, refuses a text found twice, and every
mutation of its list still applies to the current sources."""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def test_mutate_self_test():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "dev", "mutate.py"), "--self-test"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("self-test: ok"), r.stdout
