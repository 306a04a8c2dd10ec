# SPDX-License-Identifier: MIT
"""The run tools refuse wrong input before booting, never leave a QEMU
behind, and say what the log holds when they stop one.

  - CMDLINE is checked on the host with the kernel's own parser
    (tools/make/cmdline-check): an unknown parameter name is refused before
    booting with a "did you mean"; values stay the kernel's to judge (a note
    says which it will reject); CMDLINE_CHECK=off passes the line unchecked.
  - a command line longer than the kernel reads (8191 bytes) is refused
    (its qemu_exit= would be lost and QEMU would run until its time-out);
  - MEM below what boots (6M through GRUB, 4M with -kernel), 0 or not a
    size is refused;
  - a killed `make run` (SIGTERM, SIGINT, SIGKILL) or run-cachesim.sh stops
    its QEMU;
  - a time-out says whether @final was in the log, else its last line.
The waits below are for events (a process appearing or ending), bounded
generously: nothing here depends on the host's speed."""
import os
import signal
import subprocess
import time

import pytest

from conftest import BUILD, KERNEL, ROOT, make_run_once

RUN_QEMU = os.path.join(ROOT, "tools", "make", "run-qemu.sh")
MKISO = os.path.join(ROOT, "tools", "make", "mkiso.sh")
CHECK = os.path.join(BUILD, "cmdline-check")


def make(*args, timeout=600, env=None):
    p = subprocess.run(["make", "--no-print-directory", *args], cwd=ROOT, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=timeout, env=env)
    return p.returncode, p.stdout


def check(line, *opts):
    subprocess.run(["make", "--no-print-directory", "build/cmdline-check"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    p = subprocess.run([CHECK, *opts, "--", line], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stderr


# ---- CMDLINE checked on the host -------------------------------------------

def test_make_run_refuses_an_unknown_name_before_booting():
    t0 = time.monotonic()
    rc, out = make("run", "MEM=32M", "CMDLINE=page_colour=off bench=none")
    assert rc == 2, out[-2000:]
    assert "make run: unknown kernel parameter 'page_colour' (did you mean 'page_color'?)" in out
    assert "CMDLINE_CHECK=off" in out
    assert "pagecolor" not in out.split("unknown kernel parameter")[1]  # nothing booted
    assert "@header" not in out


def test_check_suggests_a_choice_for_a_value_typo_and_leaves_the_value_to_the_kernel():
    rc, err = check("bench=nonee")  # the typo: a value
    assert rc == 0, err
    assert "the kernel will reject 1 value and keep the value it had" in err
    assert "cmdline: bench=nonee rejected: 'nonee' is not one of the choices" in err
    assert "did you mean 'none'?" in err
    assert "keeping default" not in err  # the host does not know the machine's defaults


def test_check_counts_cache_levels_as_the_kernel_does(booter):
    """Failing input of the lead's run: the host check said "the kernel will
    reject 1 value" and the kernel rejected 2, cache_levels= being free text
    to the parameter table; the check now runs the kernel's parser of it
    (mm/cache_geom.c), and its count is the kernel's @final cmdline_errors."""
    line = "cache_levels=bogus color_level=9"
    rc, err = check(line)
    assert rc == 0, err
    assert "the kernel will reject 2 values and keep the values it had" in err, err
    assert ("cmdline: cache_levels=bogus rejected: level 1 'bogus' has 1 field, needs at least 5; accepted: "
            "NAME:SIZE:WAYS:LINE:") in err and err.rstrip().endswith("; the kernel keeps the value it had (its default, or make's own earlier on the line)"), err
    b = booter("32M", "bench=none selftest=off " + line)
    assert b.record("final")["cmdline_errors"] == "2", b.log[-2000:]
    # a good spec's level count bounds color_level=, as at boot
    levels = "cache_levels=L1:32K:8:64:lru/L2:1M:16:64:lru"
    rc, err = check(levels + " color_level=3")
    assert rc == 0 and "the kernel will reject 1 value" in err, err
    assert "cmdline: color_level=3 rejected: cache_levels= gives 2 levels; accepted: a number from 1 to 2" in err
    assert check(levels + " color_level=2") == (0, "")


def test_check_values_mode_refuses_what_a_tool_composes():
    rc, err = check("bench_runs=0", "--values", "--what", "run-cachesim.sh: RUNS=0")
    assert rc == 2
    assert "run-cachesim.sh: RUNS=0: refused before booting: cmdline: bench_runs=0 rejected: out of range" in err


def test_check_accepts_known_names_and_the_image_path():
    rc, err = check("build/kernel.elf bench=stride,fft seed=7 \"k8=a b\"=x help", "--what", "t")
    assert rc == 2 and "unknown kernel parameter 'k8'" in err  # a quoted token's name is still a name
    rc, err = check("build/kernel.elf bench=stride,fft seed=7 help page_color=off")
    assert (rc, err) == (0, "")


def test_run_cachesim_runs_0_refused_before_booting():
    check("seed=1")  # builds build/cmdline-check
    subprocess.run(["make", "--no-print-directory", "kernel", "cachesim"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    p = subprocess.run([os.path.join(ROOT, "tools", "cachesim", "run-cachesim.sh"), "--runs", "0", "--outdir",
                        os.path.join(BUILD, "test-iso", "cs-runs0")], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2, p.stderr[-2000:]
    assert "bench_runs=0 rejected: out of range; accepted: a number from 1 to 64" in p.stderr
    assert "RUNS=0" in p.stderr


@pytest.mark.parametrize("args,why", [(["--size", "3M"], "the number of sets, must be a power of two"),
                                      (["--ways", "3"], "size must be a nonzero multiple of ways * line"),
                                      (["--line", "63"], "line size must be a power of two")])
def test_run_cachesim_geometry_refused_before_booting(args, why):
    """Failing input of a new user's trial (through make run, the same rule
    here): QEMU started and the plugin refused the geometry (status 4)."""
    subprocess.run(["make", "--no-print-directory", "kernel", "cachesim"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    p = subprocess.run([os.path.join(ROOT, "tools", "cachesim", "run-cachesim.sh"), *args, "--outdir",
                        os.path.join(BUILD, "test-iso", "cs-geom")], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2 and why in p.stderr, p.stderr[-2000:]


def test_run_policies_workload_typo_refused_before_booting():
    check("seed=1")  # builds build/cmdline-check
    subprocess.run(["make", "--no-print-directory", "kernel", "cachesim"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    p = subprocess.run([os.path.join(ROOT, "tools", "cachesim", "run-policies.sh"), "--bench", "stride,fftt",
                        "--outdir", os.path.join(BUILD, "test-iso", "pol-typo")], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2, p.stderr[-2000:]
    assert "bench=stride,fftt rejected: 'fftt' is not one of the choices" in p.stderr
    assert "did you mean 'fft'?" in p.stderr and "refused before booting" in p.stderr


def test_make_run_cmdline_check_off_passes_the_line_to_the_kernel():
    # one run shared with test_cmdline_run.py's typo test (the same input)
    rc, out = make_run_once("MEM=32M", "CMDLINE_CHECK=off", "CMDLINE=colour=on bench=none")
    assert rc == 2 and "Error 5" in out, out[-2000:]
    assert "cmdline: rejected at boot: colour=on (unknown parameter)" in out


# ---- a command line longer than the kernel reads --------------------------

def padded_line(total):
    """A line of `total` bytes as GRUB passes it with qemu_exit=0xf4: one
    token GRUB puts in double quotes and one it escapes a quote in."""
    line = 'k="a b" q=x\\"y bench=none'
    grub_len = len('"k=a b" q=x\\"y bench=none') + len(" qemu_exit=0xf4")
    i = 0
    while grub_len + len(f" seed={i}") < total:
        line += f" seed={i}"
        grub_len += len(f" seed={i}")
        i += 1
    pad = total - grub_len - 1  # " x...": a token of pad bytes
    assert pad >= 1
    return line + " " + "x" * pad


def test_8191_bytes_boot_and_end(booter):
    # through GRUB: the line is counted as GRUB passes it (the -kernel loader
    # puts the image's path in front, and run-qemu.sh counts that)
    b = booter("32M", padded_line(8191), grub=True)
    assert b.rc == 5, f"run-qemu.sh exit status {b.rc}\n{b.log[-2000:]}"  # k, q and x are unknown
    assert "command line is longer" not in b.log
    assert b.record("final")["status"] == "ok"


@pytest.mark.parametrize("total", [8192, 9000])
def test_longer_line_refused_by_mkiso(total):
    iso = os.path.join(BUILD, "test-iso", "long.iso")
    p = subprocess.run([MKISO, "run", iso, KERNEL, padded_line(total)], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    assert p.returncode == 2
    assert f"the kernel would get {total} bytes" in p.stderr and "reads at most 8191" in p.stderr
    # the accepted form: the budget left for CMDLINE beside qemu_exit=0xf4
    # (padded_line(8191), which boots, is exactly that budget plus it)
    assert "accepted: a CMDLINE of at most 8176 bytes as GRUB passes it" in p.stderr, p.stderr


def test_make_run_long_cmdline_refused_before_booting():
    rc, out = make("run", "MEM=32M", "CMDLINE=" + " ".join(["seed=1"] * 1400))  # 9799 bytes
    assert rc == 2 and "reads at most 8191" in out, out[-2000:]
    assert "accepted: a CMDLINE of at most 8176 bytes" in out, out[-2000:]
    assert "@header" not in out


def test_run_qemu_refuses_a_long_append():
    p = subprocess.run([RUN_QEMU, "--kernel", KERNEL, "--mem", "32M", "--append", "seed=1 " * 1400],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2 and "reads at most 8191" in p.stderr, p.stderr
    budget = 8191 - len(KERNEL) - 1  # the -kernel loader puts the image's path first
    assert f"accepted: --append (make's CMDLINE=) of at most {budget} bytes" in p.stderr, p.stderr


# ---- MEM -------------------------------------------------------------------

@pytest.mark.parametrize("mem,why", [("5M", "at least 6M"), ("5947K", "at least 6M"), ("0", "at least 6M"),
                                     ("abc", "accepted: N, NK, NM or NG"), ("1.5.5G", "accepted: N, NK"),
                                     ("5.9M", "at least 6M")])
def test_make_run_mem_refused_before_booting(mem, why):
    rc, out = make("run", f"MEM={mem}", "CMDLINE=bench=none")
    assert rc == 2, out[-2000:]
    assert f"memory size '{mem}' (MEM=) rejected" in out and why in out, out[-2000:]
    assert "@header" not in out


@pytest.mark.parametrize("mem", ["3.5G", "6.0M", "1.25G", "6144K"])
def test_run_qemu_takes_the_sizes_qemu_takes(mem):
    """Failing input: the boot matrix's '3.5G' cell (QEMU takes a fraction)
    was refused as not a size, and the matrix lost the cell. The size is
    accepted: here QEMU itself then fails on a missing ISO (status 4, not 2)."""
    p = subprocess.run([os.path.join(ROOT, "tools", "make", "run-qemu.sh"), "--mem", mem, "--iso", "/nonexistent.iso",
                        "--timeout", "60"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == 4 and "rejected" not in p.stderr, p.stderr


@pytest.mark.parametrize("mem", ["0", "5M", "x"])
def test_gdb_sh_mem_refused_before_booting(mem):
    p = subprocess.run([os.path.join(ROOT, "tools", "make", "gdb.sh"), "--iso", "x.iso", "--elf", KERNEL, "--mem", mem],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2 and f"memory size '{mem}' (MEM=) rejected" in p.stderr, p.stderr


@pytest.mark.parametrize("script", ["run-cachesim.sh", "run-interfere.sh"])
def test_cachesim_scripts_mem_0_refused_before_booting(script):
    subprocess.run(["make", "--no-print-directory", "kernel", "cachesim"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    p = subprocess.run([os.path.join(ROOT, "tools", "cachesim", script), "--mem", "0", "--outdir",
                        os.path.join(BUILD, "test-iso", "cs-mem0")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, timeout=120)
    assert p.returncode == 2, p.stderr[-2000:]
    assert "memory size '0' (MEM=) rejected" in p.stderr and "refused before booting" in p.stderr
    assert "the boot failed" not in p.stderr  # nor an old log's tail


def test_run_qemu_kernel_below_4m_refused():
    p = subprocess.run([RUN_QEMU, "--kernel", KERNEL, "--mem", "3M", "--append", "bench=none"],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 2 and "at least 4M boots with --kernel" in p.stderr, p.stderr


def test_6m_boots_through_grub_and_4m_through_kernel(booter):
    b = booter("6M", "bench=none seed=1")  # the smallest MEM accepted through GRUB
    assert b.rc == 0, f"run-qemu.sh exit status {b.rc}\n{b.log[-2000:]}"
    log = os.path.join(BUILD, "test-iso", "kernel-4M-min.log")
    p = subprocess.run([RUN_QEMU, "--kernel", KERNEL, "--mem", "4M", "--append", "bench=none qemu_exit=0xf4",
                        "--log", log], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=600)
    assert p.returncode == 0, p.stderr


# ---- no QEMU left behind ---------------------------------------------------

def descendants(pid):
    """Every process below pid (from /proc)."""
    kids = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            kids.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        for k in kids.get(todo.pop(), []):
            out.append(k)
            todo.append(k)
    return out


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return None


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_for(cond, limit=300):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        v = cond()
        if v:
            return v
        time.sleep(0.2)
    return None


def default_sigint():
    """In the child before exec: SIGINT as a terminal's Ctrl-C finds it. A
    test run started in the background (`make test &`, nohup, a CI runner)
    has SIGINT ignored, the child would inherit that, and a shell cannot trap
    a signal ignored when it started: make run would never see the Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_and_stop(cmd, how):
    """Starts cmd in a session of its own, waits until its QEMU runs, stops
    it `how` and returns the QEMU pid and whether it is still alive 30 s
    later (it is stopped within a second or two; 30 s: a loaded host)."""
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True, preexec_fn=default_sigint)
    try:
        qemu = wait_for(lambda: [k for k in descendants(p.pid) if (comm(k) or "").startswith("qemu-system")])
        assert qemu, "QEMU never started"
        if how == "SIGINT to the group":  # Ctrl-C in a terminal
            os.killpg(p.pid, signal.SIGINT)
        else:
            p.send_signal(how)
        gone = wait_for(lambda: not alive(qemu[0]), limit=30)
        return qemu[0], not gone
    finally:
        p.kill()
        p.wait()
        for k in descendants(p.pid):
            os.kill(k, signal.SIGKILL)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL, "SIGINT to the group"])
def test_killed_make_run_stops_its_qemu(how):
    subprocess.run(["make", "--no-print-directory", "kernel"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    qemu, left = start_and_stop(["make", "--no-print-directory", "run", "MEM=32M", "TIMEOUT=600",
                                 "CMDLINE=bench=all bench_runs=9 seed=1"], how)
    if left:
        os.kill(qemu, signal.SIGKILL)
    assert not left, f"QEMU {qemu} still runs after make got {how}"


def test_killed_run_cachesim_stops_its_qemu():
    subprocess.run(["make", "--no-print-directory", "kernel", "cachesim", "build/cmdline-check"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    out = os.path.join(BUILD, "test-iso", "cs-kill")
    qemu, left = start_and_stop([os.path.join(ROOT, "tools", "cachesim", "run-cachesim.sh"), "--runs", "9",
                                 "--outdir", out], signal.SIGKILL)
    if left:
        os.kill(qemu, signal.SIGKILL)
    assert not left, f"QEMU {qemu} still runs after run-cachesim.sh was killed"


# ---- what a time-out says --------------------------------------------------

def fake_qemu(tmp_path, text):
    """A stand-in for QEMU that prints text and then waits to be stopped."""
    f = tmp_path / "qemu"
    f.write_text("#!/bin/sh\nprintf '%s' \"$FAKE_TEXT\"\nexec sleep 600\n")
    f.chmod(0o755)
    env = dict(os.environ, PAGECOLOR_QEMU=str(f), FAKE_TEXT=text)
    return env


@pytest.mark.parametrize("text,said", [
    ("boot\n@final status=ok failures=0 cmdline_errors=0\npagecolor: SUCCESS\n",
     "the log holds '@final status=ok failures=0 cmdline_errors=0': the kernel ended, but QEMU was not told"),
    ("boot\n@result bench=stride ws=4096 median=1.5\r\nbench: stride ws=8K \x1b[2J\n",
     "no @final in the log; its last line: 'bench: stride ws=8K ?[2J'"),
    ("", "the log is empty: nothing was printed"),
])
def test_time_out_says_what_the_log_holds(tmp_path, text, said):
    p = subprocess.run([RUN_QEMU, "--kernel", KERNEL, "--mem", "32M", "--timeout", "1"], env=fake_qemu(tmp_path, text),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    assert p.returncode == 3, p.stderr
    assert said in p.stderr, p.stderr
    assert ("A long run needs more" in p.stderr) == ("@final" not in text)


def test_interrupted_model_run_names_the_signal(tmp_path):
    """Failing input of an outside trial: Ctrl-C of make run (under the
    model) ended with 'run-qemu.sh: stopped by SIGTERM' only, since the
    model's script relays a TERM; the run's last line names what it got."""
    subprocess.run(["make", "--no-print-directory", "kernel", "cachesim", "build/cmdline-check"], cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    err = tmp_path / "err.txt"
    with open(err, "w") as e:
        p = subprocess.Popen(["make", "--no-print-directory", "run", "MEM=32M", "TIMEOUT=600",
                              "CMDLINE=bench=all bench_runs=9 seed=1"], cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=e, start_new_session=True, preexec_fn=default_sigint)
        try:
            qemu = wait_for(lambda: [k for k in descendants(p.pid) if (comm(k) or "").startswith("qemu-system")])
            assert qemu, "QEMU never started"
            os.killpg(p.pid, signal.SIGINT)  # Ctrl-C in a terminal
            p.wait(timeout=60)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
    text = err.read_text()
    assert "run: stopped by SIGINT (the model's summary is not made); QEMU stopped with it" in text, text
    assert not alive(qemu[0])
