# SPDX-License-Identifier: MIT
"""tools/dev/check-layers.py: the include floors hold in this tree and no file
cycle runs through headers in mm/, bench/ or arch/; and the checker does
report a file that includes upward, headers that include each other and
modules (x.c with x.h) that include each other (a checker that cannot fail
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


def test_no_circle_of_files_in_mm_bench_or_arch():
    """By the kernel objects' symbol tables (make test builds the kernel
    first): no two files of mm/, bench/ or arch/x86/ reach each other."""
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


def cycle_lines(r):
    return [l for l in r.stdout.splitlines() if "include each other" in l]


def test_a_header_cycle_fails_and_is_named(tmp_path):
    """a.h -> b.h -> a.h in bench/ (include guards would let it build)."""
    root = str(tmp_path)
    write(root, "bench/a.h", '#include "kernel/types.h"\n#include "bench/b.h"\n')
    write(root, "bench/b.h", '#include "bench/a.h"\n')
    write(root, "bench/c.h", '#include "bench/a.h"\n')  # reaches the cycle, is not in it
    r = run(root)
    assert r.returncode == 1, r.stdout
    assert cycle_lines(r) == ["layers: headers include each other: bench/a.h -> bench/b.h -> bench/a.h"], r.stdout
    assert r.stdout.strip().endswith("layers: 1 violation(s)")


def test_modules_that_include_each_other_fail(tmp_path):
    """x.c includes y.h and y.c includes x.h (arch/): no header includes
    another, the cycle goes through the .c files. Also found through a
    header of no module of its own (w_types.h)."""
    root = str(tmp_path)
    write(root, "arch/x86/vga.h", "")
    write(root, "arch/x86/vga.c", '#include "arch/x86/vga.h"\n#include "arch/x86/fbcon.h"\n')
    write(root, "arch/x86/fbcon.h", "")
    write(root, "arch/x86/fbcon.c", '#include "arch/x86/fbcon.h"\n#include "arch/x86/vga.h"\n')
    write(root, "mm/v.h", "")
    write(root, "mm/v.c", '#include "mm/w_types.h"\n')
    write(root, "mm/w_types.h", '#include "mm/w.h"\n')
    write(root, "mm/w.h", "")
    write(root, "mm/w.c", '#include "mm/v.h"\n')
    r = run(root)
    assert r.returncode == 1, r.stdout
    assert sorted(cycle_lines(r)) == [
        "layers: modules include each other (2: arch/x86/fbcon, arch/x86/vga): arch/x86/fbcon -> arch/x86/vga "
        "-> arch/x86/fbcon (arch/x86/fbcon.c includes arch/x86/vga.h; arch/x86/vga.c includes arch/x86/fbcon.h)",
        "layers: modules include each other (2: mm/v, mm/w): mm/v -> mm/w -> mm/v "
        "(mm/v.c includes mm/w_types.h ... mm/w.h; mm/w.c includes mm/v.h)",
    ], r.stdout


def test_a_clean_tree_passes(tmp_path):
    """The shapes this layout uses: a leaf header its implementations
    include, a driver above it, a private header that includes its module's
    public one (mm/internal.h), a module including its own header."""
    root = str(tmp_path)
    write(root, "bench/workload.h", '#include "kernel/types.h"\n')
    write(root, "bench/stride.c", '#include "bench/workload.h"\n#include "bench/registry.h"\n')
    write(root, "bench/registry.h", "")
    write(root, "bench/bench.h", '#include "bench/registry.h"\n#include "bench/workload.h"\n')
    write(root, "bench/bench.c", '#include "bench/bench.h"\n')
    write(root, "mm/page_alloc.h", "")
    write(root, "mm/internal.h", '#include "mm/page_alloc.h"\n')
    write(root, "mm/page_alloc.c", '#include "mm/page_alloc.h"\n#include "mm/internal.h"\n')
    write(root, "arch/x86/console.c", '#include "arch/x86/vga.h"\n')
    write(root, "arch/x86/vga.h", "")
    write(root, "arch/x86/vga.c", '#include "arch/x86/vga.h"\n')
    r = run(root)
    assert r.returncode == 0, r.stdout
    assert r.stdout.strip() == "layers: ok"


def test_an_arch_conditional_in_mm_is_reported(tmp_path):
    """mm/ takes the architecture's facts from <asm/*.h>: an #ifdef on a
    compiler's architecture macro or a #if on the page size is named; the
    same in arch/ and a build-mode #ifdef in mm/ are not."""
    root = str(tmp_path)
    write(root, "mm/a.c", '#include <asm/page.h>\n#ifdef __i386__\nint x;\n#endif\n')
    write(root, "mm/b.h", "#ifndef MM_B_H\n#define MM_B_H\n#if PAGE_SHIFT == 12\n#elif defined(__alpha__)\n#endif\n#endif\n")
    write(root, "mm/c.c", "#ifdef MM_INJECT_BUG\n#endif\n")
    write(root, "arch/x86/d.c", "#ifdef __i386__\n#endif\n")
    r = run(root)
    assert r.returncode == 1, r.stdout
    lines = sorted(l for l in r.stdout.splitlines() if "conditional on the architecture" in l)
    assert lines == [
        "layers: mm/a.c:2: a conditional on the architecture (__i386__): take the fact from <asm/*.h>",
        "layers: mm/b.h:3: a conditional on the architecture (PAGE_SHIFT): take the fact from <asm/*.h>",
        "layers: mm/b.h:4: a conditional on the architecture (__alpha__): take the fact from <asm/*.h>",
    ], r.stdout


def test_a_compiler_arch_macro_in_kernel_bench_or_init_is_reported(tmp_path):
    """kernel/, bench/ and init/ may test an arch's fact from <asm/*.h>
    (#if ARCH_FFT_VECTOR), never a compiler's architecture macro:
    kernel/string.c chose rep stosb by #if defined(__i386__) (now
    <asm/string.h>). init/alpha/, the Alpha kernel's boot sequence, is
    Alpha's by definition."""
    root = str(tmp_path)
    write(root, "kernel/string.c", "#if defined(__i386__)\n#endif\n")
    write(root, "bench/fft.c", "#include <asm/fpu.h>\n#if ARCH_FFT_VECTOR\n#endif\n#ifdef __alpha__\n#endif\n")
    write(root, "init/main.c", "#ifdef __x86_64__\n#endif\n")
    write(root, "init/alpha/main.c", "#ifdef __alpha__\n#endif\n")
    r = run(root)
    assert r.returncode == 1, r.stdout
    lines = sorted(l for l in r.stdout.splitlines() if "conditional on the architecture" in l)
    assert lines == [
        "layers: bench/fft.c:4: a conditional on the architecture (__alpha__): take the fact from <asm/*.h>",
        "layers: init/main.c:1: a conditional on the architecture (__x86_64__): take the fact from <asm/*.h>",
        "layers: kernel/string.c:1: a conditional on the architecture (__i386__): take the fact from <asm/*.h>",
    ], r.stdout
