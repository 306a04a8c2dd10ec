# SPDX-License-Identifier: MIT
"""The manual's reference parts against what they describe: docs/parameters.md
is generated from init/params.c's table (build/cmdline-check --reference, `make
docs`) and must equal a fresh generation."""
import difflib
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_parameters_md_is_generated_from_the_table():
    subprocess.run(["make", "--no-print-directory", "-C", ROOT, "build/cmdline-check"], capture_output=True,
                   text=True, check=True)
    gen = subprocess.run([os.path.join(ROOT, "build", "cmdline-check"), "--reference"], capture_output=True,
                         text=True)
    assert gen.returncode == 0, gen.stderr
    fresh = gen.stdout
    # the table has every parameter `help` knows: one row each
    assert fresh.count("\n| `") == int(fresh.rsplit("\n", 2)[-2].split()[0]) >= 30, fresh[-200:]
    committed = open(os.path.join(ROOT, "docs", "parameters.md")).read()
    if committed != fresh:
        diff = "".join(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True),
                                            "docs/parameters.md (committed)", "init/params.c (fresh)", n=0))
        raise AssertionError("docs/parameters.md differs from init/params.c's parameter table; "
                             "regenerate it with `make docs` and commit it:\n" + diff[:3000])
