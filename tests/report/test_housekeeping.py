# SPDX-License-Identifier: MIT
"""Housekeeping checks (issue "Results people can read, keep and compare",
item 6): one dependency list, no absolute build path in a committed file."""
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_readme_table_ci_and_deps_sh_come_from_deps_txt():
    md = subprocess.run([os.path.join(ROOT, "tools", "deps.sh"), "--markdown"], capture_output=True, text=True,
                        check=True).stdout
    readme = open(os.path.join(ROOT, "README.md")).read()
    assert md in readme, "README's package table differs from tools/deps.sh --markdown"
    pkgs = [l.split()[0] for l in open(os.path.join(ROOT, "tools", "deps.txt"))
            if l.strip() and not l.startswith("#")]
    assert "libglib2.0-dev" not in pkgs  # the plugin uses its own qemu_plugin_api.h
    for p in ("gdb", "clang-format", "python3-matplotlib", "valgrind"):
        assert f"| {p} |" in md
    test = subprocess.run([os.path.join(ROOT, "tools", "deps.sh"), "--list", "test"], capture_output=True,
                          text=True, check=True).stdout.split()
    assert "valgrind" not in test and "nasm" in test and "python3-matplotlib" in test
    assert subprocess.run([os.path.join(ROOT, "tools", "deps.sh"), "--list", "bench-host"], capture_output=True,
                          text=True, check=True).stdout.split() == ["gcc", "valgrind"]
    ci = open(os.path.join(ROOT, ".ci", "run")).read()
    assert "tools/deps.sh --list test" in ci and "apt-get -o DPkg::Lock::Timeout=600 install -y -q $(" in ci


def test_no_absolute_build_path_in_committed_files():
    files = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True, text=True,
                           check=True).stdout.split()
    pat = re.compile(r"(?<![\w.$])/(?:work|home|root|tmp|builds?)/[\w.+-]+/[\w./+-]*build/")
    bad = []
    for f in files:
        path = os.path.join(ROOT, f)
        try:
            text = open(path, errors="replace").read()
        except (IsADirectoryError, FileNotFoundError):
            continue
        if ROOT in text or pat.search(text):
            bad.append(f)
    assert not bad, f"absolute paths of a build machine in: {bad}"


def test_spdx_tool_forms_and_data(tmp_path):
    import importlib.util
    spec = importlib.util.spec_from_file_location("spdx", os.path.join(ROOT, "tools", "dev", "spdx.py"))
    spdx = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(spdx)
    assert spdx.style("mm/page_alloc.c") == "/* {} */" and spdx.style("boot/entry.asm") == "; {}"
    assert spdx.style("tools/cachesim/cachesim.mk") == "# {}" and spdx.style("Makefile") == "# {}"
    assert spdx.style("tools/pagecolor-report") == "# {}"  # a '#!' script without extension
    for data in ("tests/fuzz/corpus/alloc/003d46ecb85209eee8f63dd3850db6523cef6efb", "docs/cachesim/README.md",
                 "tests/report/logs/qemu-tcg-256M-default.log", "README.md", "LICENSE"):
        assert spdx.style(data) is None, data
    assert spdx.fix_text("#!/bin/sh\necho\n", "# {}") == "#!/bin/sh\n# SPDX-License-Identifier: MIT\necho\n"
    assert spdx.fix_text("/* x.c */\n", "/* {} */") == "/* SPDX-License-Identifier: MIT */\n/* x.c */\n"
    assert spdx.has_tag("a\nb\n# SPDX-License-Identifier: MIT\n") and not spdx.has_tag("x\n" * 5 + "SPDX-License-Identifier: MIT")


def test_readme_stays_the_front_door():
    """README is the short front door (what, why, the two commands, where to
    read next); the manual lives in docs/. It had grown to 280 lines with
    the Alpha port's whole story, now docs/alpha.md."""
    n = len(open(os.path.join(ROOT, "README.md")).read().splitlines())
    assert n <= 220, f"README.md has {n} lines: move detail to docs/"
