# SPDX-License-Identifier: MIT
"""tools/dev/check-layers.py: the include floors hold in this tree, and the
checker does report a file that includes upward (a checker that cannot fail
would prove nothing)."""
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
TOOL = os.path.join(ROOT, "tools", "dev", "check-layers.py")


def run(root):
    return subprocess.run([sys.executable, TOOL, "--root", root], capture_output=True, text=True)


def test_this_tree_has_no_upward_include():
    r = run(ROOT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("layers: ok")


def test_no_circle_of_files_in_mm_or_bench():
    """By the kernel objects' symbol tables (make test builds the kernel
    first): no two files of mm/ or bench/ reach each other."""
    objdir = os.path.join(ROOT, "build", "k")
    assert os.path.isdir(os.path.join(objdir, "mm")), "build the kernel first (make kernel)"
    r = subprocess.run([sys.executable, TOOL, "--root", ROOT, "--circles"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.strip().endswith("layers: ok")


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as f:
        f.write(text)


def test_upward_includes_are_reported(tmp_path):
    root = str(tmp_path)
    write(root, "kernel/printk.c", '#include "kernel/types.h"\n#include "mm/page_alloc.h"\n')
    write(root, "mm/page_alloc.c", '#include "arch/x86/cpu.h"\n#include <asm/irqflags.h>\n')
    write(root, "arch/x86/paging.c", '#include "mm/page_alloc.h"\n')  # arch above mm: allowed
    write(root, "bench/stride.c", '#include "init/params.h"\n')
    write(root, "init/main.c", '#include "bench/bench.h"\n')  # top floor: allowed
    r = run(root)
    assert r.returncode == 1
    lines = [l for l in r.stdout.splitlines() if l.startswith("layers: ") and "includes" in l]
    assert sorted(lines) == [
        "layers: bench/stride.c: includes init/params.h (init/ is above bench/)",
        "layers: kernel/printk.c: includes mm/page_alloc.h (mm/ is above kernel/)",
        "layers: mm/page_alloc.c: includes arch/x86/cpu.h (arch/ is above mm/)",
    ], r.stdout
    assert r.stdout.strip().endswith("layers: 3 violation(s)")
