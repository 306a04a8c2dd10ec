# SPDX-License-Identifier: MIT
"""make ARCH=alpha run and run-cachesim check CMDLINE on the host before
booting, as x86's targets do, against the Alpha kernel's own table
(build/alpha/cmdline-check: init/params.c with arch/alpha's rows, 8 KiB
pages): an unknown name is refused (make's "Error 2") with the closest name,
and before any QEMU starts; an x86-only name is refused as x86's; Alpha's
own names pass; a value the kernel will reject is announced and the boot's
own status (5) kept. The refusals are seen without a boot: QEMU is replaced
(PAGECOLOR_QEMU_ALPHA, tools/make/run-qemu-alpha.sh) by a script that notes
each start, so "no QEMU started" does not depend on timing. The make
targets need the Alpha tools (skipped, with the reason, without them); the
checks of the host programs themselves need only the host's gcc."""
import os
import re
import stat
import subprocess

import pytest

from alpha_tools import needs_alpha

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

ALPHA_CHECK = os.path.join(ROOT, "build", "alpha", "cmdline-check")
X86_CHECK = os.path.join(ROOT, "build", "cmdline-check")


@pytest.fixture(scope="module")
def checks():
    p = subprocess.run(["make", "--no-print-directory", "build/cmdline-check", "build/alpha/cmdline-check"],
                       cwd=ROOT, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr


@pytest.fixture
def fake_qemu(tmp_path):
    """A stand-in for qemu-system-alpha: notes its arguments in a file, prints
    the kernel's end record and stops. Returns (environment, notes file)."""
    notes = tmp_path / "qemu-started"
    script = tmp_path / "qemu-system-alpha"
    script.write_text("#!/bin/sh\nprintf '%%s\\n' \"$*\" >> '%s'\n"
                      "echo '@final status=ok failures=0 cmdline_errors=0'\necho 'pagecolor: SUCCESS'\n" % notes)
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PAGECOLOR_QEMU_ALPHA=str(script))
    env.pop("MAKEFLAGS", None)
    return env, notes


def make_alpha(env, target, cmdline, *extra):
    """make ARCH=alpha TARGET CMDLINE=...; (make's status, the recipe's
    "Error N" or 0, everything printed)."""
    p = subprocess.run(["make", "--no-print-directory", "ARCH=alpha", target, "CMDLINE=" + cmdline,
                        "TIMEOUT=120", *extra], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=900)
    m = re.search(r"\] Error (\d+)", p.stdout)
    return p.returncode, int(m.group(1)) if p.returncode and m else p.returncode, p.stdout


@needs_alpha
@pytest.mark.parametrize("target", ["run", "run-cachesim"])
def test_alpha_unknown_name_refused_before_booting(fake_qemu, target):
    env, notes = fake_qemu
    rc, status, out = make_alpha(env, target, "page_colour=off")
    assert rc == 2 and status == 2, out[-2000:]
    what = "make ARCH=alpha " + target
    assert what + ": unknown kernel parameter 'page_colour' (did you mean 'page_color'?)" in out, out[-2000:]
    assert what + ": refused before booting: 1 unknown parameter name" in out
    assert "'make ARCH=alpha run CMDLINE=\"help bench=none\"' lists the parameters" in out
    assert not notes.exists(), "QEMU was started: " + notes.read_text()
    assert "@final" not in out


@needs_alpha
@pytest.mark.parametrize("token,name", [("smp=2", "smp"), ("memcpy=auto", "memcpy"),
                                        ("copy_bytes=1M", "copy_bytes")])
def test_alpha_x86_only_name_refused_as_x86s(fake_qemu, token, name):
    env, notes = fake_qemu
    rc, status, out = make_alpha(env, "run", "bench=none " + token)
    assert status == 2, out[-2000:]
    assert ("make ARCH=alpha run: unknown kernel parameter '%s' (x86 only: not a parameter of the Alpha kernel)"
            % name) in out, out[-2000:]
    assert not notes.exists()


@needs_alpha
def test_alpha_own_names_pass_the_check(fake_qemu):
    """fault= with Alpha's choices and rpcc_calibrate= (rows only the Alpha
    kernel has) pass; the boot is started with the line as given."""
    env, notes = fake_qemu
    line = "bench=none fault=none rpcc_calibrate=off pcp_high=64"
    rc, status, out = make_alpha(env, "run", line)
    assert rc == 0 and status == 0, out[-2000:]
    assert "unknown kernel parameter" not in out and "note:" not in out
    started = notes.read_text().splitlines()
    assert len(started) == 1 and "-append " + line in started[0], started


@needs_alpha
def test_alpha_check_off_passes_the_line_unchecked(fake_qemu):
    env, notes = fake_qemu
    rc, status, out = make_alpha(env, "run", "bench=none smp=2", "CMDLINE_CHECK=off")
    assert status == 0 and "unknown kernel parameter" not in out, out[-2000:]
    assert "-append bench=none smp=2" in notes.read_text()


@needs_alpha
def test_alpha_rejected_value_announced_and_status_5_kept():
    """A value out of range passes the check with a note naming it; the
    kernel then rejects it itself and the run's status is 5 (one real boot,
    no benchmark)."""
    env = dict(os.environ)
    env.pop("MAKEFLAGS", None)
    rc, status, out = make_alpha(env, "run", "bench=none bench_runs=0")
    assert status == 5, out[-3000:]
    assert ("make ARCH=alpha run: note: the kernel will reject 1 value and keep the value it had (it says so again "
            "at the end of the run):") in out
    assert ("make ARCH=alpha run:   cmdline: bench_runs=0 rejected: out of range; accepted: a number from 1 to 64; "
            "the kernel keeps the value it had") in out
    # the kernel's own rejection, as the check announced it
    assert "cmdline: rejected at boot: bench_runs=0" in out
    assert "@final status=ok failures=0 cmdline_errors=1" in out
    # bench_min='s default is the table's (<asm/boot_params.h>: 16 KiB on
    # Alpha), the one docs/parameters-alpha.md gives
    assert re.search(r"^@header .* bench_min=16384 ", out, re.M), out[-3000:]


# ---- the host programs themselves (the host's gcc only) ---------------------

def check(prog, line):
    p = subprocess.run([prog, "--", line], capture_output=True, text=True)
    return p.returncode, p.stderr


def test_alpha_check_holds_the_alpha_table(checks):
    """The Alpha kernel's rows pass build/alpha/cmdline-check and are refused
    by x86's as Alpha's; x86's own are refused by the Alpha one as x86's;
    sizes are judged with 8 KiB pages."""
    assert check(ALPHA_CHECK, "fault=vmap rpcc_calibrate=on") == (0, "")
    rc, err = check(X86_CHECK, "rpcc_calibrate=on")
    assert rc == 2 and "make run: unknown kernel parameter 'rpcc_calibrate' (Alpha only: not a parameter of " \
                       "the x86 kernel)" in err, err
    # fault= is both kernels', with each one's exceptions
    rc, err = check(X86_CHECK, "fault=vmap")
    assert rc == 0 and "fault=vmap rejected: not one of the choices; accepted: none|pf|ud|de|null|list|gp" in err
    rc, err = check(ALPHA_CHECK, "fault=pf")
    assert rc == 0 and "fault=pf rejected: not one of the choices; accepted: none|load|opdec|vmap" in err, err
    rc, err = check(ALPHA_CHECK, "selftest=off")
    assert rc == 2 and "'selftest' (x86 only: not a parameter of the Alpha kernel)" in err, err
    # the page size: cache_size=4K is below one 8 KiB page
    assert check(X86_CHECK, "cache_size=4K") == (0, "")
    rc, err = check(ALPHA_CHECK, "cache_size=4K")
    assert rc == 0 and "cache_size=4K rejected: out of range; accepted: N[K|M|G], a power of two between 8K and 1G" \
        in err, err


def test_alpha_check_announces_x86_only_benchmarks(checks):
    """bench=copy: the parser takes the name, the Alpha kernel rejects the
    token at boot (init/alpha/main.c); the check says so beforehand."""
    rc, err = check(ALPHA_CHECK, "bench=copy,stride")
    assert rc == 0
    assert "make ARCH=alpha run: note: the kernel will reject 1 value" in err
    assert "cmdline: bench=stride,copy rejected: copy only in the x86 kernel; the kernel keeps the value it had" in err
    assert check(X86_CHECK, "bench=copy,stride") == (0, "")
    assert check(ALPHA_CHECK, "bench=stride,fft,probe,triad,sparse,reuse,frag,pcp,readahead") == (0, "")


@needs_alpha
def test_alpha_model_geometry_judged_by_alphas_table(fake_qemu):
    """run-cachesim --arch alpha judges the values it builds (cache_size= from
    CACHE_SIZE=) with the Alpha kernel's table: 4K is below Alpha's 8 KiB
    page and refused before booting (x86's table, which it used, let it
    through to a kernel that then rejected it)."""
    env, notes = fake_qemu
    rc, status, out = make_alpha(env, "run-cachesim", "bench=none", "CACHE=", "CACHE_SIZE=4K", "CACHE_WAYS=1")
    assert rc == 2 and status == 2, out[-2000:]
    assert "cache_size=4K rejected: out of range; accepted: N[K|M|G], a power of two between 8K and 1G" in out, \
        out[-2000:]
    assert not notes.exists()


def test_a_misspelt_name_of_the_other_kernel_is_named(checks):
    """A misspelt name that only the other kernel has ("smpp" on Alpha,
    "rpcc_calibrat" on x86) gets that name and whose it is (it got no
    suggestion: only the checked kernel's names were searched)."""
    rc, err = check(ALPHA_CHECK, "smpp=2")
    assert rc == 2 and "unknown kernel parameter 'smpp' (did you mean 'smp'? x86 only: not a parameter of the " \
                       "Alpha kernel)" in err, err
    rc, err = check(X86_CHECK, "rpcc_calibrat=on")
    assert rc == 2 and "(did you mean 'rpcc_calibrate'? Alpha only: not a parameter of the x86 kernel)" in err, err
    # a name close to one of the kernel's own still gets that one
    rc, err = check(ALPHA_CHECK, "page_colour=off")
    assert rc == 2 and "(did you mean 'page_color'?)" in err, err


def test_alpha_reference_lists_the_benchmarks_it_has():
    """docs/parameters-alpha.md's bench= row accepts the Alpha kernel's
    benchmarks only (it listed copy, interfere, smpstress and smptask, which
    the kernel rejects)."""
    row = [l for l in open(os.path.join(ROOT, "docs", "parameters-alpha.md")) if l.startswith("| `bench` ")][0]
    form = row.split(" | ")[1].strip("`").replace("\\|", "|")
    assert form.startswith("comma-separated "), row
    names = set(form[len("comma-separated "):].split("|"))
    assert {"all", "none", "stride", "fft", "frag", "pcp", "readahead"} <= names, names
    assert not names & {"copy", "interfere", "smpstress", "smptask"}, names
