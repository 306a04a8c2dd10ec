# SPDX-License-Identifier: MIT
"""The manual's reference parts against what they describe: docs/parameters.md
is generated from init/params.c's table (build/cmdline-check --reference, `make
docs`), docs/parameters-alpha.md from the Alpha kernel's (build/alpha/cmdline-check
--reference), and each must equal a fresh generation."""
import difflib
import re
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def fresh_reference(check):
    """build/CHECK --reference, after building it."""
    subprocess.run(["make", "--no-print-directory", "-C", ROOT, check], capture_output=True, text=True, check=True)
    gen = subprocess.run([os.path.join(ROOT, check), "--reference"], capture_output=True, text=True)
    assert gen.returncode == 0, gen.stderr
    fresh = gen.stdout
    # the table has every parameter `help` knows: one row each
    count = re.search(r"^(\d+) parameters\.$", fresh, re.M)
    assert count and fresh.count("\n| `") == int(count.group(1)) >= 25, fresh[-600:]
    return fresh


def compare(doc, fresh, source):
    committed = open(os.path.join(ROOT, "docs", doc)).read()
    if committed != fresh:
        diff = "".join(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True),
                                            "docs/%s (committed)" % doc, "%s (fresh)" % source, n=0))
        raise AssertionError("docs/%s differs from %s; regenerate it with `make docs` and commit it:\n" % (doc, source)
                             + diff[:3000])


def test_parameters_md_is_generated_from_the_table():
    compare("parameters.md", fresh_reference("build/cmdline-check"), "init/params.c's parameter table")


def test_parameters_alpha_md_is_generated_from_the_alpha_table():
    """The Alpha kernel's table (init/params.c with arch/alpha's rows, built
    for the host: no Alpha tools needed), with what differs from x86's."""
    fresh = fresh_reference("build/alpha/cmdline-check")
    compare("parameters-alpha.md", fresh, "the Alpha kernel's parameter table")
    assert "| `rpcc_calibrate` |" in fresh and "| `smp` |" not in fresh
    # the Alpha kernel's own default and its 8 KiB pages
    assert "| `bench_min` | `N[K\\|M\\|G], a power of two between 8K and 128M` | `16K` |" in fresh
    assert "- only the Alpha kernel (this table): `rpcc_calibrate`\n" in fresh
    assert "`bench=` names the Alpha kernel does not build (rejected at boot, the default kept): `copy`" in fresh


TARGET = re.compile(r"^[a-z][\w./-]*$")


def help_targets():
    """The targets `make help` lists: each line 'make T [VARS] | T2   what'."""
    out = subprocess.run(["make", "--no-print-directory", "-C", ROOT, "help"], capture_output=True, text=True,
                         check=True).stdout
    targets = set()
    for line in out.splitlines():
        if not line.startswith("make "):
            continue
        usage = re.split(r"\s{2,}", line[len("make "):])[0]
        for part in usage.split(" | "):
            word = part.split()[0]
            if TARGET.match(word):
                targets.add(word)
    return targets


def usage_targets(text):
    """The targets docs/usage.md names: `make T ...` in code spans and in
    indented code lines (the first word after make)."""
    spans = re.findall(r"`make ([^`]*)`", text)
    spans += [l.strip()[len("make "):] for l in text.splitlines() if re.match(r"^ {4,}make ", l)]
    return {s.split()[0] for s in spans if s.split() and TARGET.match(s.split()[0])}


def make_database_targets():
    db = subprocess.run(["make", "--no-print-directory", "-C", ROOT, "-qp", "FORCE"], capture_output=True,
                        text=True).stdout
    return {m.group(1) for m in re.finditer(r"^([^\s#:=%][^\s:=]*):(?!=)", db, re.M)}


def test_make_help_and_usage_md_name_the_same_targets():
    helped = help_targets()
    assert {"run", "test", "test-host", "test-boot", "spdx-check", "test-cachesim", "fuzz-bugs-quick", "fuzz-speed",
            "build/qrencode", "docs", "help"} <= helped, sorted(helped)
    exist = make_database_targets()
    assert not helped - exist, f"make help lists targets the Makefile does not have: {sorted(helped - exist)}"
    documented = usage_targets(open(os.path.join(ROOT, "docs", "usage.md")).read())
    assert not helped - documented, (f"targets in make help but not in docs/usage.md ('Make targets'): "
                                     f"{sorted(helped - documented)}")
    assert not documented - helped, (f"targets docs/usage.md names that make help does not list: "
                                     f"{sorted(documented - helped)}")


def test_make_help_descriptions_line_up():
    """Every `make help` line whose usage part is short enough has its words
    start in one column (the one `make test`'s line sets); a usage too long
    for that column has its words on the next line, in that column. The
    ARCH=alpha, bench-cachesim and tsc-spread lines were two columns off;
    study-presets, run-interfere, cachesim-targets and validate-cachesim had
    their words two spaces after a long usage."""
    out = subprocess.run(["make", "--no-print-directory", "-C", ROOT, "help"], capture_output=True, text=True,
                         check=True).stdout
    col = re.match(r"make test\s+", next(l for l in out.splitlines() if l.startswith("make test "))).end()
    off = []
    for line in out.splitlines():
        m = re.match(r"(make .*?\S)( {2,})\S", line)
        if not m:
            continue
        usage, gap = m.group(1), m.group(2)
        if len(usage) + 2 <= col and len(usage) + len(gap) != col:
            off.append(line)
        if len(usage) + 2 > col:
            off.append(line)
    assert not off, f"make help lines whose words do not start in column {col + 1}: {off}"
