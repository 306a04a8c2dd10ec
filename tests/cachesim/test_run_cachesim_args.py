# SPDX-License-Identifier: MIT
"""What run-cachesim.sh says and where it writes, before any boot
(--iso-only: the ISO and cmdline.txt, then stop): the header it will put on
the table names the preset once (it read 'CACHE=ds10ds10') and the CMDLINE;
the working sets it announces are the ones the kernel is given, in one unit
(CMDLINE's bench_max= wins: it printed '16K..33554432' under bench_max=4M);
and a CMDLINE that changes the coloring (color_per_slice=off) gets its own
default directory instead of overwriting the per-slice run's."""
import os
import shutil
import subprocess

import pytest

from csboot import BUILD, OUT, ROOT

SCRIPT = os.path.join(ROOT, "tools", "cachesim", "run-cachesim.sh")


def iso_only(*args):
    for f in ("kernel.elf", "cmdline-check", os.path.join("cachesim", "libcachesim.so")):
        if not os.path.exists(os.path.join(BUILD, f)):
            pytest.skip(f"build/{f} missing: make kernel cachesim build/cmdline-check")
    p = subprocess.run([SCRIPT, "--iso-only", "--runs", "1", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    assert p.returncode == 0, p.stderr[-3000:]
    return p.stderr


def made_by(outdir):
    with open(os.path.join(outdir, "cmdline.txt")) as f:
        return [line for line in f.read().splitlines() if line.startswith("make: ")]


def test_header_names_the_preset_once():
    outdir = os.path.join(OUT, "args-ds10")
    iso_only("--cache", "ds10", "--outdir", outdir, "--cmdline", "bench_max=128K")
    assert made_by(outdir) == ['make: make run-cachesim CACHE=ds10 RUNS=1 MEM=256M CMDLINE="bench_max=128K"']


def test_working_sets_as_the_kernel_gets_them():
    err = iso_only("--cache", "skylake", "--outdir", os.path.join(OUT, "args-sky"))
    assert "working sets 16K..16M," in err  # twice the 8 MiB L3, in the kernel's unit
    err = iso_only("--cache", "skylake", "--outdir", os.path.join(OUT, "args-sky"), "--cmdline", "bench_max=4M")
    assert "working sets 16K..4M," in err and "33554432" not in err and "16777216" not in err.split("kernel:")[0]


def test_whole_level_coloring_gets_its_own_directory():
    base = os.path.join(BUILD, "cachesim")
    whole = os.path.join(base, "ds10-color_per_slice-off")
    shutil.rmtree(whole, ignore_errors=True)
    iso_only("--cache", "ds10", "--cmdline", "color_per_slice=off bench_max=128K")
    assert made_by(whole) == ['make: make run-cachesim CACHE=ds10 RUNS=1 MEM=256M '
                              'CMDLINE="color_per_slice=off bench_max=128K"']
    shutil.rmtree(whole, ignore_errors=True)
