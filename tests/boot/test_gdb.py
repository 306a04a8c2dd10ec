# SPDX-License-Identifier: MIT
"""`make gdb` without a person at the keyboard (issue 8, item 10): gdb -batch
through tools/make/gdb.sh stops in kmain; afterwards QEMU is gone and the port is
free; a taken port, a missing gdb and a bad GDBPORT exit non-zero with a
message."""
import os
import socket
import subprocess

import pytest

from conftest import BUILD, ROOT

GDB_SH = os.path.join(ROOT, "tools", "make", "gdb.sh")
ISO = os.path.join(BUILD, "test-iso", "gdb.iso")
ELF = os.path.join(BUILD, "kernel.elf")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def qemu_on_port(port):
    """PIDs of processes whose command line holds our gdb server address."""
    want = f"tcp:127.0.0.1:{port}".encode()
    pids = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/cmdline", "rb") as f:
                    if want in f.read():
                        pids.append(int(d))
            except OSError:
                pass
    return pids


def port_listening(port):
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.fixture(scope="module")
def iso():
    subprocess.run([os.path.join(ROOT, "tools", "make", "mkiso.sh"), "run", ISO, ELF, "bench=none"], check=True)
    return ISO


def gdb_sh(iso, port, *gdb_args, env=None, timeout=600):
    e = dict(os.environ, **(env or {}))
    return subprocess.run([GDB_SH, "--iso", iso, "--elf", ELF, "--mem", "32M", "--port", str(port), "--",
                           *gdb_args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, env=e, timeout=timeout)


def test_gdb_stops_in_kmain_and_qemu_ends_with_gdb(iso):
    port = free_port()
    p = gdb_sh(iso, port, "-batch", "-ex", "info symbol $pc", "-ex", "print magic == 0x2BADB002")
    assert p.returncode == 0, p.stdout[-3000:]
    assert "Breakpoint 1, kmain (" in p.stdout
    assert "kmain in section .text" in p.stdout       # $pc is in kmain, not at 0xfff0
    assert "$1 = 1" in p.stdout                       # entered by a Multiboot loader
    assert qemu_on_port(port) == []
    assert not port_listening(port)


def test_taken_port_fails_with_a_message(iso):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(1)
        port = s.getsockname()[1]
        p = gdb_sh(iso, port, "-batch")
    assert p.returncode == 1, p.stdout
    assert f"TCP port {port} is already in use" in p.stdout and "GDBPORT=" in p.stdout
    assert qemu_on_port(port) == []


def test_missing_gdb_fails_with_a_message(iso):
    port = free_port()
    p = gdb_sh(iso, port, "-batch", env={"GDB": "/nonexistent/gdb"})
    assert p.returncode == 1
    assert "'/nonexistent/gdb' not found: install gdb" in p.stdout
    assert qemu_on_port(port) == []


@pytest.mark.parametrize("bad", ["80", "70000", "abc"])
def test_bad_port_is_refused(iso, bad):
    p = gdb_sh(iso, bad, "-batch")
    assert p.returncode == 2
    assert f"GDBPORT={bad} rejected" in p.stdout


def test_default_port_from_the_user_id(iso):
    # Without --port and GDBPORT, the port is 25000 + uid mod 5000 (xv6's
    # rule): hold it, and the message must name it.
    port = 25000 + os.getuid() % 5000
    env = {k: v for k, v in os.environ.items() if k != "GDBPORT"}
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            pytest.skip(f"port {port} is used by something else here")
        s.listen(1)
        p = subprocess.run([GDB_SH, "--iso", iso, "--elf", ELF, "--", "-batch"], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, timeout=300)
    assert p.returncode == 1
    assert f"TCP port {port} is already in use" in p.stdout


def test_make_gdb_target():
    # The Makefile's own target; gdb reads its commands from stdin, which is
    # empty: it stops in kmain, then quits at end of input, and QEMU with it.
    port = free_port()
    p = subprocess.run(["make", "--no-print-directory", "gdb", f"GDBPORT={port}", "MEM=32M",
                        "CMDLINE=bench=none"], cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=900)
    assert p.returncode == 0, p.stdout[-3000:]
    assert f"gdb server on 127.0.0.1:{port}" in p.stdout
    assert "Breakpoint 1, kmain (" in p.stdout
    assert qemu_on_port(port) == []
    assert not port_listening(port)
