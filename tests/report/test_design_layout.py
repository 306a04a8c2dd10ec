# SPDX-License-Identifier: MIT
"""docs/design.md's layout table names every source file of the kernel, so it
cannot drift from the tree: each .c, .h and .asm file under boot/, init/,
kernel/, mm/ (its subfolders included), arch/ and bench/ must be named in a
row of the table ("## Layout").

What names a file (the rule, kept simple on purpose):
- a path in backquotes, `mm/page_alloc.c`; braces list alternatives,
  `mm/placement/{buddy,binhop}.c` names both;
- a bare name in backquotes, `apic.c`, names that file in each folder that the
  row's first cell names (`arch/x86/smp.c`, `apic.c` -> arch/x86/apic.c;
  a first cell `init/` -> init/apic.c);
- a header x.h is named with its module: when x.c of the same folder is named
  (as tools/dev/check-layers.py counts x.h as standing for x.c).
A folder alone (`arch/x86/`) names no file: the table says what each is."""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDERS = ("boot", "init", "kernel", "mm", "arch", "bench")
SUFFIXES = (".c", ".h", ".asm")


def expand(token):
    """`a/{x,y}.c` -> ["a/x.c", "a/y.c"] (nested braces too)."""
    m = re.search(r"\{([^{}]*)\}", token)
    if not m:
        return [token]
    return [name for alt in m.group(1).split(",") for name in expand(token[:m.start()] + alt + token[m.end():])]


def layout_rows(text):
    section = text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("| `")]


def named_files(text):
    named = set()
    for row in layout_rows(text):
        cells = row.split("|")
        folders = set()
        for tok in re.findall(r"`([^`]+)`", cells[1]):
            for path in expand(tok):
                if "/" in path:
                    folders.add(path if path.endswith("/") else os.path.dirname(path) + "/")
        for tok in re.findall(r"`([^`]+)`", row):
            for name in expand(tok):
                if "/" in name:
                    named.add(name)
                else:
                    named.update(folder + name for folder in folders)
    return named


def covered(path, named):
    if path in named:
        return True
    return path.endswith(".h") and path[:-2] + ".c" in named


def source_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", *FOLDERS], capture_output=True, text=True, check=True)
    return [p for p in out.stdout.split() if p.endswith(SUFFIXES) and os.path.exists(os.path.join(ROOT, p))]


def test_rule_on_examples():
    text = ("\n## Layout\n\n| path | what |\n|---|---|\n"
            "| `arch/x86/smp.c`, `apic.c` | CPUs; `kernel/spinlock.h` |\n"
            "| `mm/placement/{buddy,binhop}.c` | policies |\n"
            "| `init/` | `main.c` and `params.c` |\n\n## Next\n\n| `mm/page_alloc.c` | not the table |\n")
    named = named_files(text)
    assert {"arch/x86/smp.c", "arch/x86/apic.c", "kernel/spinlock.h", "mm/placement/buddy.c",
            "mm/placement/binhop.c", "init/main.c", "init/params.c"} <= named
    assert covered("arch/x86/apic.h", named)  # with its module
    assert not covered("mm/page_alloc.c", named)  # outside the table
    assert not covered("init/memory.c", named)  # the folder alone names nothing
    assert not covered("mm/placement/random.c", named)


def test_every_source_file_is_in_design_md_layout_table():
    named = named_files(open(os.path.join(ROOT, "docs", "design.md"), encoding="utf-8").read())
    files = source_files()
    assert len(files) > 100, files
    missing = [p for p in files if not covered(p, named)]
    assert not missing, ("source files docs/design.md's layout table does not name (add them to a row; "
                         "the rule is in this test's docstring): " + ", ".join(missing))


def test_design_md_layout_table_names_no_missing_file():
    """A name in the table that is not in the tree is stale (a file moved or went)."""
    named = named_files(open(os.path.join(ROOT, "docs", "design.md"), encoding="utf-8").read())
    stale = sorted(p for p in named if p.split("/", 1)[0] in FOLDERS and p.endswith(SUFFIXES)
                   and not os.path.exists(os.path.join(ROOT, p)))
    assert not stale, "docs/design.md's layout table names files that do not exist: " + ", ".join(stale)
