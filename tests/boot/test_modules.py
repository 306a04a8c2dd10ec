# SPDX-License-Identifier: MIT
"""Every Multiboot module stays reserved, whatever the module list keeps:
40 modules of 64 KiB through QEMU's -kernel loader (-initrd "a,b,..."). The
kernel keeps the first 32 in its module list (MULTIBOOT_MODS_MAX) but all 40
are taken out of the allocator: the pages managed by the zones drop by at
least the 40 modules' 640 pages against a boot without modules. Before the
fix only the 32 kept were reserved (512 pages) and the allocator handed out
the other eight modules' memory; the run still said SUCCESS. Two boots of a
few seconds."""
import os
import subprocess

from conftest import BUILD, KERNEL, Boot

MODS = 40
MOD_BYTES = 64 << 10


def boot_mods(mods, tag):
    assert os.path.exists(KERNEL), "build the kernel first (make kernel)"
    cmd = ["timeout", "120", "qemu-system-i386", "-accel", "tcg", "-m", "64M", "-kernel", KERNEL,
           "-append", "bench=none selftest=off qemu_exit=0xf4", "-display", "none", "-no-reboot",
           "-serial", "stdio", "-monitor", "none", "-device", "isa-debug-exit,iobase=0xf4,iosize=0x04"]
    if mods:
        cmd += ["-initrd", ",".join(mods)]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    log = p.stdout.decode(errors="replace").replace("\r", "")
    with open(os.path.join(BUILD, f"test-modules-{tag}.log"), "w") as f:
        f.write(log)
    return Boot(log, {33: 0, 35: 1, 124: 3}.get(p.returncode, 4))


def managed(b):
    z = b.zones()
    assert z, b.log[-2000:]
    return sum(v["managed"] for v in z.values())


def test_forty_modules_all_stay_reserved(tmp_path):
    mods = []
    for i in range(MODS):
        path = tmp_path / f"mod{i}"
        path.write_bytes(bytes([i]) * MOD_BYTES)
        mods.append(str(path))
    base = boot_mods([], "none")
    b = boot_mods(mods, "40")
    for x in (base, b):
        assert x.rc == 0, x.log[-3000:]
        assert x.record("final")["status"] == "ok"
    assert ("multiboot: 40 modules given, the first 32 are kept in the module list (MULTIBOOT_MODS_MAX); "
            "all 40 stay reserved") in b.log
    assert "multiboot: 2560 KiB placed by the loader (modules, framebuffer) reserved in" in b.log
    dropped = managed(base) - managed(b)
    assert dropped >= MODS * MOD_BYTES // 4096, (managed(base), managed(b))
    # and not much more than the modules (page rounding of the block)
    assert dropped <= MODS * MOD_BYTES // 4096 + 2, (managed(base), managed(b))
