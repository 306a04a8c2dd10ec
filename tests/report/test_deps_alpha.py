# SPDX-License-Identifier: MIT
"""tools/deps.txt's alpha job: make ARCH=alpha installs the cross tools and
qemu-system-alpha with its firmware and nothing of x86's; make run (x86)
installs none of them; make test (CI) does, for the Alpha boot test."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ALPHA = {"gcc-alpha-linux-gnu", "binutils-alpha-linux-gnu", "qemu-system-misc", "qemu-system-data"}


def listed(job):
    out = subprocess.run([os.path.join(ROOT, "tools", "deps.sh"), "--list", job], capture_output=True, text=True,
                         check=True).stdout
    return set(out.split())


def test_alpha_job_is_the_alpha_tools_only():
    assert listed("alpha") == ALPHA


def test_x86_run_installs_no_alpha_tool_and_test_installs_them():
    assert not listed("run") & ALPHA
    assert ALPHA <= listed("test")
