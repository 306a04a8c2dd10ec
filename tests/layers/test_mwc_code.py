# SPDX-License-Identifier: MIT
"""The MWC generator's generated code (kernel/mwc.c): the 2.4.17 page
coloring thread (linux-mm, January 2002) was told that the code generating
a random color "cannot rely on 64-bit data types"; kernel/mwc.h promises
that mwc_next() uses none. Its output is the same either way (the host test
compares it with the 64-bit reference), so only the code shows it: the i686
kernel/mwc.o has no widening multiply (a one-operand mul/imul, which gives
a 64-bit product in edx:eax) and calls no helper (nothing undefined: no
libgcc __muldi3), and the kernel links no __muldi3. The check is shown to
fail on a 64-bit rewrite of mwc_next() compiled with the kernel's flags."""
import os
import re
import shlex
import subprocess

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
OBJDUMP = "i686-linux-gnu-objdump"
NM = "i686-linux-gnu-nm"
# a one-operand multiply: "mul %ecx", "mull 0x8(%ebp)", "imul %edx" (the
# two- and three-operand imul keep the low 32 bits only)
WIDENING = re.compile(r"\t(i?mul[bwl]?)\s+[^,\s]+\s*$")


def kcc(*targets):
    """The kernel's compiler and flags (build/k/flags, written by make),
    after making targets."""
    subprocess.run(["make", "-s", "--no-print-directory", "build/k/kernel/mwc.o", *targets], cwd=ROOT, check=True,
                   capture_output=True)
    return shlex.split(open(os.path.join(ROOT, "build", "k", "flags")).read())


def problems(obj):
    """What in obj uses 64-bit arithmetic: widening multiplies, undefined
    symbols (helpers)."""
    dis = subprocess.run([OBJDUMP, "-d", obj], capture_output=True, text=True, check=True).stdout
    found = [line.strip() for line in dis.splitlines() if WIDENING.search(line)]
    und = subprocess.run([NM, "-u", obj], capture_output=True, text=True, check=True).stdout.split()
    return found + [f"undefined {s}" for s in und if s != "U"]


def test_mwc_object_has_no_widening_multiply():
    kcc()
    obj = os.path.join(ROOT, "build", "k", "kernel", "mwc.o")
    assert problems(obj) == []
    # the 16-bit halves are there: four 32-bit multiplies per step
    dis = subprocess.run([OBJDUMP, "-d", obj], capture_output=True, text=True, check=True).stdout
    assert len(re.findall(r"\timul\s", dis)) >= 4


def test_kernel_links_no_muldi3():
    kcc("build/kernel.elf")
    syms = subprocess.run([NM, os.path.join(ROOT, "build", "kernel.elf")], capture_output=True, text=True,
                          check=True).stdout
    assert not re.search(r"\s__muldi3$", syms, re.M)


@pytest.mark.parametrize("rewrite", [
    # the reference's own arithmetic
    "u64 prod = (u64)g->seed * MWC_MULT + g->carry; g->seed = (u32)prod; g->carry = (u32)(prod >> 32); "
    "return g->seed;",
    # a full 64 x 64 product
    "volatile u64 m = MWC_MULT; u64 prod = (u64)g->seed * m + g->carry; g->seed = (u32)prod; "
    "g->carry = (u32)(prod >> 32); return g->seed;",
])
def test_check_catches_a_64_bit_mwc_next(tmp_path, rewrite):
    src = open(os.path.join(ROOT, "kernel", "mwc.c")).read()
    body = re.search(r"u32 mwc_next\(struct mwc \*g\)\n\{\n(.*?)\n\}\n", src, re.S)
    assert body, "mwc_next() not found in kernel/mwc.c"
    mutated = src[:body.start(1)] + "\t" + rewrite + src[body.end(1):]
    mutated = mutated.replace("static void mul_add_32", "__attribute__((unused)) static void mul_add_32")
    c = tmp_path / "mwc64.c"
    c.write_text(mutated)
    obj = tmp_path / "mwc64.o"
    subprocess.run(kcc() + ["-I", ROOT, "-c", str(c), "-o", str(obj)], cwd=ROOT, check=True)
    assert problems(str(obj)), "a 64-bit mwc_next() went unnoticed"
