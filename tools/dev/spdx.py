#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""spdx.py - the SPDX license line in every source file of the tree.

usage: tools/dev/spdx.py --check | --fix [FILE...]

Source files are the git-tracked C, headers, assembly, linker scripts,
Python, shell, make files and scripts with a '#!' line (data such as fuzz
corpora, maps, logs, tables, plots and documents is left alone). Each must
name its license in its first five lines:
    /* SPDX-License-Identifier: MIT */        C, headers, linker scripts
    ; SPDX-License-Identifier: MIT             NASM
    # SPDX-License-Identifier: MIT             Python, shell, make (after a '#!' line)
--check lists the files without it and exits 1 when there are any (make
test runs it); --fix adds the line (first line, or the second after a
'#!' line) and prints the files it changed. Without FILEs: every tracked file.
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TAG = "SPDX-License-Identifier: MIT"
SKIP_PREFIXES = ("tests/fuzz/corpus/", "tests/report/logs/", "tests/zoneinfo/maps/", "docs/")


def style(path):
    """The comment form for a source file, or None for data."""
    if path.startswith(SKIP_PREFIXES):
        return None
    name = os.path.basename(path)
    ext = os.path.splitext(name)[1]
    if ext in (".c", ".h", ".ld"):
        return "/* {} */"
    if ext == ".asm":
        return "; {}"
    if ext in (".py", ".sh", ".mk") or name == "Makefile":
        return "# {}"
    if ext == "":
        try:
            with open(os.path.join(ROOT, path), "rb") as f:
                if f.read(2) == b"#!":
                    return "# {}"
        except OSError:
            return None
    return None


def has_tag(text):
    return any(TAG in line for line in text.splitlines()[:5])


def fix_text(text, form):
    line = form.format(TAG) + "\n"
    if text.startswith("#!"):
        first, _, rest = text.partition("\n")
        return first + "\n" + line + rest
    return line + text


def tracked():
    out = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True, check=True).stdout
    return [p for p in out.split("\n") if p]


def main(argv):
    if not argv or argv[0] not in ("--check", "--fix"):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    files = argv[1:] or tracked()
    missing = []
    for path in files:
        form = style(path)
        full = os.path.join(ROOT, path)
        if form is None or not os.path.isfile(full):
            continue
        with open(full, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        if has_tag(text):
            continue
        missing.append(path)
        if argv[0] == "--fix":
            with open(full, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(fix_text(text, form))
    if argv[0] == "--fix":
        for p in missing:
            print(f"spdx: added to {p}")
        return 0
    if missing:
        print(f"spdx: {len(missing)} files without '{TAG}' (tools/dev/spdx.py --fix adds it):", file=sys.stderr)
        for p in missing:
            print(f"  {p}", file=sys.stderr)
        return 1
    print("spdx: every source file has its license line")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
